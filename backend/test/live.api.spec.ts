/**
 * The public live pages' API (issue 15, part 5): a match's and a match night's live picture
 * (signed sets only, family names only), the season setting that hides running scores, the
 * provisional standings, and the Server-Sent Events that tell a page to read again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LiveEvents } from '../src/live/live-events';
import { LiveStreams } from '../src/live/live-streams';
import { todayIso } from '../src/common/dto';
import { type Agent, createListedMember, createMatchDay, expectError, loginAs, resetDatabase, startApp, TestContext } from './helpers';

type Day = Awaited<ReturnType<typeof createMatchDay>>;

/** An event stream read as text, chunk by chunk, until closed. */
function openStream(base: string, path: string) {
  let text = '';
  const waiters: (() => void)[] = [];
  let response: http.IncomingMessage | undefined;
  const request = http.get(`${base}${path}`, { headers: { accept: 'text/event-stream' } });
  const ready = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on('response', (res) => {
      response = res;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        waiters.splice(0).forEach((w) => w());
      });
      res.on('end', () => waiters.splice(0).forEach((w) => w()));
      resolve(res);
    });
    request.on('error', reject);
  });
  return {
    ready,
    get text() {
      return text;
    },
    /** Waits until the text matches, or fails after `ms` (a guard against a hang, generous for a busy machine). */
    async until(pattern: RegExp, ms = 15_000): Promise<string> {
      const deadline = Date.now() + ms;
      while (!pattern.test(text)) {
        if (Date.now() > deadline) throw new Error(`no ${pattern} in ${JSON.stringify(text)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return text;
    },
    close() {
      request.destroy();
      response?.destroy();
    },
  };
}

describe('live API: public live pictures, live scores setting, provisional standings, event streams', () => {
  let ctx: TestContext;
  let admin: Agent;
  let day: Day;
  let base: string;
  let events: LiveEvents;

  /** Pair n of a side: players 2n−1 and 2n of the club's list (createMatchDay's members). */
  async function lineup(matchId: string, teamId: string, players: string[]) {
    await ctx.prisma.lineup.create({
      data: {
        matchId,
        teamId,
        players: { create: players.slice(0, 14).map((memberId, i) => ({ memberId, pairNumber: i < 12 ? Math.floor(i / 2) + 1 : null, ineligibilityReasons: [] })) },
      },
    });
  }

  async function seat(matchId: string, setNumber: number, tableNumber: number, fields: Record<string, unknown>) {
    const awayPairNumber = ((tableNumber - setNumber + 6) % 6) + 1; // not checked by the live view; the table plan decides
    await ctx.prisma.matchSet.upsert({
      where: { matchId_setNumber_tableNumber: { matchId, setNumber, tableNumber } },
      create: { matchId, setNumber, tableNumber, homePairNumber: tableNumber, awayPairNumber, homePoints: 0, awayPoints: 0, ...fields },
      update: fields,
    });
  }

  const live = async (id: string) => (await ctx.http().get(`/api/public/matches/${id}/live`).expect(200)).body;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    day = await createMatchDay(ctx.prisma, { round: 3 });
    await lineup(day.match.id, day.home.id, day.homePlayers);
    await lineup(day.match.id, day.away.id, day.awayPlayers);
    await ctx.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(ctx.app.getHttpServer().address() as AddressInfo).port}`;
    events = ctx.app.get(LiveEvents);
  });

  afterAll(() => ctx.close());

  it('answers 404 for an unknown match and 400 for a malformed id or round query', async () => {
    expectError((await ctx.http().get('/api/public/matches/7a0d4f5e-9a55-4c38-9f3b-6a4c1d2e3f40/live').expect(404)).body, 404);
    expectError((await ctx.http().get('/api/public/matches/niet-een-id/live').expect(400)).body, 400);
    expectError((await ctx.http().get(`/api/public/rounds/live?divisionId=${day.division.id}&round=0`).expect(400)).body, 400);
    expectError((await ctx.http().get(`/api/public/rounds/live?divisionId=${day.division.id}&round=1&extra=1`).expect(400)).body, 400);
    expectError((await ctx.http().get('/api/public/rounds/live?divisionId=7a0d4f5e-9a55-4c38-9f3b-6a4c1d2e3f40&round=1').expect(404)).body, 404);
  });

  it('shows a match not started: the table plan with family names, no scores', async () => {
    const body = await live(day.match.id);
    expect(body).toMatchObject({ id: day.match.id, round: 3, state: 'NOT_STARTED', scoresHidden: false, notice: null, homePoints: null, awayPoints: null, publicSeats: 0, totalSeats: 36 });
    expect(body.sets).toHaveLength(6);
    const homePair1 = await ctx.prisma.member.findMany({ where: { id: { in: day.homePlayers.slice(0, 2) } } });
    expect(body.sets[0].tables[0]).toMatchObject({ tableNumber: 1, homePairNumber: 1, awayPairNumber: 1, state: 'OPEN', homePoints: null });
    expect([...body.sets[0].tables[0].homeNames].sort()).toEqual(homePair1.map((m) => m.familyName).sort());
    // Set 2, table 1: the away pairs walked on one table (Regel 22): away pair 6 sits at table 1.
    const awayPair = await ctx.prisma.member.findMany({ where: { id: { in: day.awayPlayers.slice(2 * body.sets[1].tables[0].awayPairNumber - 2, 2 * body.sets[1].tables[0].awayPairNumber) } } });
    expect([...body.sets[1].tables[0].awayNames].sort()).toEqual(awayPair.map((m) => m.familyName).sort());
  });

  it('never shows given names, member numbers or ids of persons', async () => {
    const members = await ctx.prisma.member.findMany({ where: { id: { in: [...day.homePlayers, ...day.awayPlayers] } } });
    const text = JSON.stringify(await live(day.match.id)) + JSON.stringify((await ctx.http().get(`/api/public/rounds/live?divisionId=${day.division.id}&round=3`).expect(200)).body);
    for (const m of members) {
      expect(text).not.toContain(m.givenNames);
      expect(text).not.toContain(m.memberNumber);
      expect(text).not.toContain(m.id);
    }
  });

  it('names a player whose club chose "niet publiceren" as "speler van <club>", in the match and in its round, from the moment the club chose it (RULES.md, privacy)', async () => {
    const secretary = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
    const publication = (memberId: string, doNotPublish: boolean) => secretary.put(`/api/members/${memberId}/publication`).send({ doNotPublish }).expect(200);
    const told: { matchId: string; kind: string }[] = [];
    const off = events.subscribe((event) => told.push(event));
    // Both answers read (and cached) before the club's choice.
    await live(day.match.id);
    await ctx.http().get(`/api/public/rounds/live?divisionId=${day.division.id}&round=3`).expect(200);
    const hidden = await ctx.prisma.member.findUniqueOrThrow({ where: { id: day.homePlayers[0] } });
    try {
      await publication(hidden.id, true);
      // Not a match-writer change: the choice tells the bus itself, for the member's match being played …
      expect(told).toEqual([expect.objectContaining({ matchId: day.match.id, kind: 'PUBLICATION' })]);
      // … and a member on no line-up, or a choice that changes nothing, tells it nothing.
      const benched = await createListedMember(ctx.prisma, { seasonId: day.season.id, clubId: day.homeClub.id });
      await publication(benched.member.id, true);
      await publication(hidden.id, true);
      expect(told).toHaveLength(1);
      const match = await live(day.match.id);
      const round = (await ctx.http().get(`/api/public/rounds/live?divisionId=${day.division.id}&round=3`).expect(200)).body;
      for (const answer of [match, round.matches.find((m: { id: string }) => m.id === day.match.id)]) {
        expect(answer.sets[0].tables[0].homeNames).toContain(`speler van ${day.homeClub.name}`);
        expect(JSON.stringify(answer)).not.toContain(hidden.familyName);
      }
      // The other players keep their family names.
      const partner = await ctx.prisma.member.findUniqueOrThrow({ where: { id: day.homePlayers[1] } });
      expect(match.sets[0].tables[0].homeNames).toContain(partner.familyName);
    } finally {
      await publication(hidden.id, false);
      off();
    }
  });

  it('keeps an entry that is not signed out of sight, and shows signed, decided and credited sets with running totals', async () => {
    await seat(day.match.id, 1, 1, { homePoints: 6, awayPoints: 2, source: 'GAMES', enteredBySide: 'HOME', enteredAt: new Date() });
    let body = await ctx.http().get(`/api/public/matches/${day.match.id}/live`).expect(200).then((r) => r.body);
    // The answer may be shared for a few seconds; an event about the match ends that at once.
    events.emit({ matchId: day.match.id, divisionId: day.division.id, round: 3, kind: 'SET_ENTERED', at: new Date() });
    body = await live(day.match.id);
    expect(body).toMatchObject({ state: 'NOT_STARTED', publicSeats: 0, homePoints: null });
    expect(body.sets[0].tables[0]).toMatchObject({ state: 'OPEN', homePoints: null, awayPoints: null });

    await seat(day.match.id, 1, 1, { signedBySide: 'AWAY', signedAt: new Date() });
    await seat(day.match.id, 1, 2, { homePoints: 1, awayPoints: 7, source: 'GAMES', enteredBySide: 'AWAY', refusedBySide: 'HOME', decidedAt: new Date(), decisionReason: 'Score klopt' });
    await seat(day.match.id, 1, 3, { homePoints: 0, awayPoints: 8, source: 'MISSING_PAIR' });
    await seat(day.match.id, 1, 4, { homePoints: 8, awayPoints: 0, source: 'GAMES', enteredBySide: 'HOME' });
    events.emit({ matchId: day.match.id, divisionId: day.division.id, round: 3, kind: 'SET_SIGNED', at: new Date() });
    body = await live(day.match.id);
    expect(body).toMatchObject({ state: 'IN_PROGRESS', publicSeats: 3, homePoints: 7, awayPoints: 17 });
    expect(body.sets[0]).toMatchObject({ setNumber: 1, homePoints: 7, awayPoints: 17, complete: false });
    expect(body.sets[0].tables.map((t: { state: string; homePoints: number | null }) => [t.state, t.homePoints])).toEqual([
      ['SIGNED', 6],
      ['DECIDED', 1],
      ['CREDITED', 0],
      ['OPEN', null],
      ['OPEN', null],
      ['OPEN', null],
    ]);
    expect(JSON.stringify(body)).not.toContain('Score klopt');
  });

  it('lists every match of the round on the match night', async () => {
    const body = (await ctx.http().get(`/api/public/rounds/live?divisionId=${day.division.id}&round=3`).expect(200)).body;
    expect(body).toMatchObject({ divisionId: day.division.id, round: 3, scoresHidden: false, notice: null });
    expect(body.matches.map((m: { id: string; homePoints: number }) => [m.id, m.homePoints])).toEqual([[day.match.id, 7]]);
    const empty = (await ctx.http().get(`/api/public/rounds/live?divisionId=${day.division.id}&round=4`).expect(200)).body;
    expect(empty.matches).toEqual([]);
  });

  it('counts the match in progress in the provisional standings only, marked per row', async () => {
    const official = (await ctx.http().get(`/api/divisions/${day.division.id}/standings`).expect(200)).body;
    expect(official).toMatchObject({ provisional: false, provisionalMatches: 0 });
    expect(official.rows.every((r: { played: number; provisional: boolean }) => r.played === 0 && !r.provisional)).toBe(true);
    const provisional = (await ctx.http().get(`/api/divisions/${day.division.id}/standings?provisional=true`).expect(200)).body;
    expect(provisional).toMatchObject({ provisional: true, provisionalMatches: 1, final: false });
    expect(provisional.rows[0]).toMatchObject({ teamId: day.away.id, played: 1, won: 1, pointsFor: 17, pointsAgainst: 7, provisional: true });
    expect(provisional.rows[1]).toMatchObject({ teamId: day.home.id, played: 1, lost: 1, provisional: true });
    expectError((await ctx.http().get(`/api/divisions/${day.division.id}/standings?provisional=ja`).expect(400)).body, 400);
  });

  describe('the season setting liveScores', () => {
    afterAll(async () => {
      await admin.patch(`/api/seasons/${day.season.id}`).send({ settings: { liveScores: true } }).expect(200);
    });

    it('is on by default, validated, and only the administrator changes it', async () => {
      expect((await admin.get(`/api/seasons/${day.season.id}`).expect(200)).body.settings.liveScores).toBe(true);
      expectError((await admin.patch(`/api/seasons/${day.season.id}`).send({ settings: { liveScores: 'nee' } }).expect(400)).body, 400);
      const secretary = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
      await secretary.patch(`/api/seasons/${day.season.id}`).send({ settings: { liveScores: false } }).expect(403);
    });

    it('off: no running scores anywhere while the match is not locked, with a notice in Dutch', async () => {
      await admin.patch(`/api/seasons/${day.season.id}`).send({ settings: { liveScores: false } }).expect(200);
      events.emit({ matchId: day.match.id, divisionId: day.division.id, round: 3, kind: 'SETTINGS', at: new Date() });
      const body = await live(day.match.id);
      expect(body).toMatchObject({ state: 'IN_PROGRESS', scoresHidden: true, homePoints: null, awayPoints: null, notice: expect.stringMatching(/geen tussenstanden/) });
      const scores = body.sets.flatMap((s: { homePoints: number | null; awayPoints: number | null; tables: { homePoints: number | null; awayPoints: number | null }[] }) => [
        s.homePoints,
        s.awayPoints,
        ...s.tables.flatMap((t) => [t.homePoints, t.awayPoints]),
      ]);
      expect(scores.every((p: number | null) => p === null)).toBe(true);
      const round = (await ctx.http().get(`/api/public/rounds/live?divisionId=${day.division.id}&round=3`).expect(200)).body;
      expect(round).toMatchObject({ scoresHidden: true, notice: expect.stringMatching(/geen tussenstanden/) });
      expect(round.matches[0]).toMatchObject({ homePoints: null, awayPoints: null });
      const provisional = (await ctx.http().get(`/api/divisions/${day.division.id}/standings?provisional=true`).expect(200)).body;
      expect(provisional).toMatchObject({ provisional: true, provisionalMatches: 0 });
      expect(provisional.rows.every((r: { played: number }) => r.played === 0)).toBe(true);
    });

    it('off: a locked (CONFIRMED) match shows its result', async () => {
      const other = await createMatchDay(ctx.prisma, { round: 5 });
      await ctx.prisma.seasonSettings.update({ where: { seasonId: other.season.id }, data: { liveScores: false } });
      await ctx.prisma.match.update({ where: { id: other.match.id }, data: { status: 'PLAYED', resultState: 'CONFIRMED', homePoints: 100, awayPoints: 92 } });
      await seat(other.match.id, 1, 1, { homePoints: 5, awayPoints: 3, source: 'TOTALS' });
      const body = await live(other.match.id);
      expect(body).toMatchObject({ state: 'CONFIRMED', scoresHidden: false, notice: null, homePoints: 100, awayPoints: 92 });
      expect(body.sets[0].tables[0]).toMatchObject({ state: 'SIGNED', homePoints: 5, awayPoints: 3 });
    });
  });

  describe('event streams', () => {
    it('opens with the right headers, says ready, and answers 404 for an unknown match before streaming', async () => {
      const stream = openStream(base, `/api/public/matches/${day.match.id}/events`);
      const res = await stream.ready;
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(res.headers['cache-control']).toContain('no-transform');
      expect(res.headers['x-accel-buffering']).toBe('no');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      await stream.until(/event: ready/);
      expect(stream.text).toMatch(/^retry: \d+/);
      stream.close();

      const missing = await ctx.http().get('/api/public/matches/7a0d4f5e-9a55-4c38-9f3b-6a4c1d2e3f40/events').expect(404);
      expectError(missing.body, 404);
      expectError((await ctx.http().get('/api/public/rounds/events?divisionId=7a0d4f5e-9a55-4c38-9f3b-6a4c1d2e3f40&round=1').expect(404)).body, 404);
    });

    it('delivers one change message for a burst of writes, to the match and to its round, and nothing for another match', async () => {
      const streams = ctx.app.get(LiveStreams);
      const match = openStream(base, `/api/public/matches/${day.match.id}/events`);
      const round = openStream(base, `/api/public/rounds/events?divisionId=${day.division.id}&round=3`);
      const elsewhere = openStream(base, `/api/public/rounds/events?divisionId=${day.division.id}&round=4`);
      await Promise.all([match.until(/event: ready/), round.until(/event: ready/), elsewhere.until(/event: ready/)]);
      // The streams of earlier tests are gone once their sockets' close has been seen.
      for (const deadline = Date.now() + 10_000; streams.openStreams !== 3 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
      expect(streams.openStreams).toBe(3);

      // An entry waiting for its signature changes nothing public: no message.
      events.emit({ matchId: day.match.id, divisionId: day.division.id, round: 3, kind: 'SET_ENTERED', at: new Date() });
      await new Promise((r) => setTimeout(r, 400));
      expect(match.text).not.toMatch(/event: change/);

      // A write: a set signed at table 4 (as the match writer does after its commit).
      await seat(day.match.id, 1, 4, { signedBySide: 'AWAY', signedAt: new Date() });
      for (const kind of ['SET_SIGNED', 'SET_SIGNED', 'SET_DECIDED']) events.emit({ matchId: day.match.id, divisionId: day.division.id, round: 3, kind, at: new Date() });
      const text = await match.until(/event: change\ndata: .*\n\n/);
      const data = JSON.parse(/event: change\ndata: (.*)\n/.exec(text)![1]);
      expect(data).toMatchObject({ matchIds: [day.match.id], kinds: ['SET_SIGNED', 'SET_DECIDED'] });
      await round.until(/event: change/);
      await new Promise((r) => setTimeout(r, 400));
      expect(match.text.match(/event: change/g)).toHaveLength(1);
      expect(elsewhere.text).not.toMatch(/event: change/);
      // What the page reads next shows the newly signed set.
      await admin.patch(`/api/seasons/${day.season.id}`).send({ settings: { liveScores: true } }).expect(200);
      expect((await live(day.match.id)).sets[0].tables[3]).toMatchObject({ state: 'SIGNED', homePoints: 8 });

      for (const s of [match, round, elsewhere]) s.close();
      const deadline = Date.now() + 10_000;
      while (streams.openStreams > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(streams.openStreams).toBe(0);
    });

    it('delivers the match writer’s events: a set entered at the table sends nothing, its signature a change, and the live picture shows it', async () => {
      const tonight = await createMatchDay(ctx.prisma, { date: todayIso(), round: 7 });
      await lineup(tonight.match.id, tonight.home.id, tonight.homePlayers);
      await lineup(tonight.match.id, tonight.away.id, tonight.awayPlayers);
      const night = (await admin.post(`/api/matches/${tonight.match.id}/night`).send({}).expect((r) => expect([200, 201]).toContain(r.status))).body;
      const code = night.tables.find((t: { tableNumber: number }) => t.tableNumber === 1).code;
      const stream = openStream(base, `/api/public/rounds/events?divisionId=${tonight.division.id}&round=7`);
      await stream.until(/event: ready/);

      await ctx.http().put(`/api/table/${code}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
      await new Promise((r) => setTimeout(r, 400));
      expect(stream.text).not.toMatch(/event: change/);
      expect((await live(tonight.match.id)).sets[0].tables[0]).toMatchObject({ state: 'OPEN', homePoints: null });

      await ctx.http().post(`/api/table/${code}/sets/1/sign`).send({ side: 'AWAY' }).expect((r) => expect([200, 201]).toContain(r.status));
      const text = await stream.until(/event: change\ndata: .*\n\n/);
      expect(JSON.parse(/event: change\ndata: (.*)\n/.exec(text)![1])).toMatchObject({ matchIds: [tonight.match.id], kinds: expect.arrayContaining(['SET_SIGNED']) });
      expect(await live(tonight.match.id)).toMatchObject({ state: 'IN_PROGRESS', homePoints: 6, awayPoints: 2, publicSeats: 1 });
      stream.close();
    });

    it.each([
      // The message says it is this network's own cap, not that the whole match is full.
      { cap: 'per client address', limits: { total: 100, perClient: 1 }, message: 'Vanaf dit netwerk staan al 1 live-verbindingen open' },
      { cap: 'on all streams together', limits: { total: 1, perClient: 100 }, message: 'Er kijken nu te veel mensen live mee' },
    ])('caps the streams $cap (429 LIVE_STREAMS_FULL with Retry-After), and says which cap', async ({ limits: capped, message }) => {
      const streams = ctx.app.get(LiveStreams);
      const limits = streams.limits;
      // The streams of the tests before are gone (each closed stream's row is removed soon after).
      const open = async () => (await ctx.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM live_streams`)[0].n;
      for (const end = Date.now() + 10_000; (await open()) > 0 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
      expect(await open()).toBe(0);
      streams.limits = capped;
      try {
        const first = openStream(base, `/api/public/matches/${day.match.id}/events`);
        await first.until(/event: ready/);
        const refused = await ctx.http().get(`/api/public/matches/${day.match.id}/events`).expect(429);
        expectError(refused.body, 429, 'LIVE_STREAMS_FULL');
        expect(refused.headers['retry-after']).toBe('60');
        expect(refused.body.error.message).toContain(message);
        first.close();
      } finally {
        streams.limits = limits;
      }
    });
  });
});
