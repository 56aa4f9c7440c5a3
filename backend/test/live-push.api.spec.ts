/**
 * One live computation per change (issue 22 item 2), in one API process: the event streams
 * push the topic's live answer and its version (`ready` on opening, `change` after a change),
 * equal to what GET …/live answers and its ETag; If-None-Match with the current version
 * gives 304; and however many spectators follow a match, a change costs one computation.
 * Two real processes, each delivering the answer: multi-process.api.spec.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { GZIP_FROM_BYTES } from '../src/live/live-encoding';
import { LiveEvents } from '../src/live/live-events';
import { LiveService } from '../src/live/live.service';
import { LiveStreams } from '../src/live/live-streams';
import { createClub, createMatchDay, createMatchRow, createTeam, resetDatabase, startApp, type TestContext } from './helpers';

type Day = Awaited<ReturnType<typeof createMatchDay>>;

interface Message {
  event: string;
  data: any;
}

/** An event stream, parsed into its messages as they come (comment lines skipped). */
function openStream(base: string, path: string) {
  let text = '';
  const request = http.get(`${base}${path}`, { headers: { accept: 'text/event-stream' } });
  request.on('response', (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
  });
  const messages = (): Message[] =>
    text
      .split('\n\n')
      .slice(0, -1)
      .map((block) => {
        const lines = block.split('\n');
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
        const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
        return event ? { event, data: JSON.parse(data.join('\n')) } : null;
      })
      .filter((m): m is Message => m !== null);
  return {
    messages,
    /** Waits for the n-th message of this kind (1-based); a hang guard, not a timing assertion. */
    async nth(event: string, n = 1): Promise<Message> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = messages().filter((m) => m.event === event);
        if (found.length >= n) return found[n - 1];
        if (Date.now() > deadline) throw new Error(`no ${n}× ${event} in ${JSON.stringify(text.slice(0, 500))}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => request.destroy(),
  };
}

describe('live answers pushed with their version: one computation per change', () => {
  let ctx: TestContext;
  let day: Day;
  let base: string;
  let events: LiveEvents;
  let live: LiveService;
  const matchPath = () => `/api/public/matches/${day.match.id}`;
  const roundQuery = () => `divisionId=${day.division.id}&round=5`;

  /** A set signed at a table, as the match writer stores it and then tells the bus. */
  async function sign(setNumber: number, tableNumber: number, homePoints: number) {
    await ctx.prisma.matchSet.create({
      data: { matchId: day.match.id, setNumber, tableNumber, homePairNumber: tableNumber, awayPairNumber: tableNumber, homePoints, awayPoints: 8 - homePoints, source: 'GAMES', enteredBySide: 'HOME', enteredAt: new Date(), signedBySide: 'AWAY', signedAt: new Date() },
    });
    events.emit({ matchId: day.match.id, divisionId: day.division.id, round: 5, kind: 'SET_SIGNED', at: new Date() });
  }

  const get = (path: string, headers: Record<string, string> = {}) => ctx.http().get(path).set(headers);
  const paths = { match: () => `${matchPath()}/live`, round: () => `/api/public/rounds/live?${roundQuery()}` };

  /** Runs `test` with Date.now held still: the cache's few seconds do not pass, whatever the machine's speed. */
  async function withClockStill(test: () => Promise<void>): Promise<void> {
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      await test();
    } finally {
      clock.mockRestore();
    }
  }

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    day = await createMatchDay(ctx.prisma, { round: 5 });
    await ctx.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(ctx.app.getHttpServer().address() as AddressInfo).port}`;
    events = ctx.app.get(LiveEvents);
    live = ctx.app.get(LiveService);
  });

  afterAll(() => ctx.close());

  /** GET as a raw request: the bytes as they went over the wire (supertest would unpack them). */
  function rawGet(path: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  }

  it('sends the live answers gzipped to a reader that accepts it: the same JSON, the same version, a fraction of the bytes', async () => {
    for (const path of [paths.match(), paths.round()]) {
      const plain = await rawGet(path, {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      const text = plain.body.toString('utf8');
      expect(text.length).toBeGreaterThan(GZIP_FROM_BYTES);
      const zipped = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.headers.etag).toBe(plain.headers.etag);
      expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
      expect(gunzipSync(zipped.body).toString('utf8')).toBe(text);
      expect(zipped.body.length).toBeLessThan(text.length / 2);
      // Refused by the reader: plain JSON.
      for (const refusal of ['identity', 'gzip;q=0, br']) expect((await rawGet(path, { 'accept-encoding': refusal })).headers['content-encoding']).toBeUndefined();
      // 304 stays without a body, gzip accepted or not.
      const again = await rawGet(path, { 'accept-encoding': 'gzip', 'if-none-match': String(plain.headers.etag) });
      expect(again.body.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
    }
  });

  it('answers GET …/live with the version as ETag and in the body, and 304 to If-None-Match with it', async () => {
    for (const path of [`${matchPath()}/live`, `/api/public/rounds/live?${roundQuery()}`]) {
      const res = await get(path).expect(200);
      expect(res.body.version).toMatch(/^[\w-]{16}$/);
      expect(res.headers.etag).toBe(`"${res.body.version}"`);
      const again = await get(path, { 'if-none-match': res.headers.etag }).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(res.headers.etag);
      await get(path, { 'if-none-match': `"older", W/${res.headers.etag}` }).expect(304);
      expect((await get(path, { 'if-none-match': '"older"' }).expect(200)).body).toEqual(res.body);
    }
    // A round's matches carry the version of their own answer.
    const round = (await get(`/api/public/rounds/live?${roundQuery()}`).expect(200)).body;
    expect(round.matches.map((m: { version: string }) => m.version)).toEqual([(await get(`${matchPath()}/live`).expect(200)).body.version]);
  });

  it('says ready with the current version and answer, and after a change pushes the new ones, equal to a GET and its ETag', async () => {
    const match = openStream(base, `${matchPath()}/events?answer=1`);
    const round = openStream(base, `/api/public/rounds/events?${roundQuery()}&answer=1`);
    const before = await get(`${matchPath()}/live`).expect(200);
    const ready = await match.nth('ready');
    expect(ready.data).toEqual({ version: before.body.version, live: before.body });
    expect((await round.nth('ready')).data.live.matches[0]).toEqual(before.body);

    await sign(1, 1, 6);
    const change = await match.nth('change');
    const after = await get(`${matchPath()}/live`).expect(200);
    expect(change.data).toEqual({ matchIds: [day.match.id], kinds: ['SET_SIGNED'], at: expect.any(String), version: after.body.version, live: after.body });
    expect(after.headers.etag).toBe(`"${change.data.version}"`);
    expect(change.data.version).not.toBe(before.body.version);
    expect(change.data.live.sets[0].tables[0]).toMatchObject({ state: 'SIGNED', homePoints: 6, awayPoints: 2 });
    // The page that shows this version asks with it: nothing to send.
    await get(`${matchPath()}/live`, { 'if-none-match': `"${change.data.version}"` }).expect(304);

    const roundChange = await round.nth('change');
    const roundNow = await get(`/api/public/rounds/live?${roundQuery()}`).expect(200);
    expect(roundChange.data).toMatchObject({ matchIds: [day.match.id], version: roundNow.body.version, live: roundNow.body });
    expect(roundNow.headers.etag).toBe(`"${roundChange.data.version}"`);

    // Who connects now is up to date without a read.
    const late = openStream(base, `${matchPath()}/events?answer=1`);
    expect((await late.nth('ready')).data).toEqual({ version: after.body.version, live: after.body });
    for (const s of [match, round, late]) s.close();
  });

  it('computes nothing again for an entry waiting for its signature (SET_ENTERED: the seat stays open on the live picture)', async () => {
    await withClockStill(async () => {
      // Cached from here on (computed now if what was cached is older than the cache's seconds).
      const first = await get(`${matchPath()}/live`).expect(200);
      const counted = { ...live.computations };
      events.emit({ matchId: day.match.id, divisionId: day.division.id, round: 5, kind: 'SET_ENTERED', at: new Date() });
      const again = await get(`${matchPath()}/live`).expect(200);
      expect(again.body.version).toBe(first.body.version);
      expect(live.computations).toEqual(counted);
    });
  });

  it('answers a page that reads the version its message named without computing, even after a newer change; the current answer once', async () => {
    await withClockStill(async () => {
      const withVersion = (path: string, version: string) => `${path}${path.includes('?') ? '&' : '?'}version=${version}`;
      const first = { match: (await get(paths.match()).expect(200)).body, round: (await get(paths.round()).expect(200)).body };
      const counted = { ...live.computations };
      // A change: the pages that got the previous message are still reading the version it named.
      await sign(1, 3, 7);
      for (const kind of ['match', 'round'] as const) {
        const named = await get(withVersion(paths[kind](), first[kind].version)).expect(200);
        expect(named.body).toEqual(first[kind]);
        expect(named.headers.etag).toBe(`"${first[kind].version}"`);
      }
      expect(live.computations).toEqual(counted);
      // Without a version (or naming another): the current answer, computed once for everybody.
      const now = { match: (await get(paths.match()).expect(200)).body, round: (await get(withVersion(paths.round(), 'someOtherVersion')).expect(200)).body };
      expect(now.match.version).not.toBe(first.match.version);
      expect(now.match.sets[0].tables[2]).toMatchObject({ state: 'SIGNED', homePoints: 7 });
      expect(now.round.matches[0]).toEqual(now.match);
      expect(live.computations).toEqual({ match: counted.match + 1, round: counted.round + 1 });
      // The version before, named by a page told of it just before the new one was computed: still that one.
      expect((await get(withVersion(paths.match(), first.match.version)).expect(200)).body).toEqual(first.match);
      expect((await get(withVersion(paths.round(), now.round.version)).expect(200)).body).toEqual(now.round);
      // Three changes more, each read once: a slow page still gets the version its message named, without a computation.
      for (const [tableNumber, points] of [[1, 2], [2, 5], [3, 6]]) {
        await sign(3, tableNumber, points);
        await get(paths.match()).expect(200);
      }
      const read = { ...live.computations };
      expect((await get(withVersion(paths.match(), now.match.version)).expect(200)).body).toEqual(now.match);
      expect((await get(withVersion(paths.match(), first.match.version)).expect(200)).body).toEqual(first.match);
      expect(live.computations).toEqual(read);
      // A version this process does not hold (another's, or long gone): the current answer.
      const current = (await get(paths.match()).expect(200)).body;
      expect((await get(withVersion(paths.match(), 'neverAnnounced')).expect(200)).body).toEqual(current);
      expect(live.computations).toEqual(read);
      expect((await get(withVersion(paths.match(), 'no%20version')).expect(400)).body.error.code).toBe('VALIDATION_FAILED');
    });
  });

  it('builds a round from its matches’ own answers: a match that did not change is not read again, one that did is read once for both', async () => {
    await withClockStill(async () => {
      const match = (await get(paths.match()).expect(200)).body;
      // The round follows a change of its match (its cached answer was computed before the tests' changes, or not at all).
      await sign(2, 1, 4);
      const fresh = (await get(paths.match()).expect(200)).body;
      expect(fresh.version).not.toBe(match.version);
      const counted = { ...live.computations };
      const round = (await get(paths.round()).expect(200)).body;
      // The round's match is the match's own answer, from the cache: only the round was computed.
      expect(round.matches).toEqual([fresh]);
      expect(live.computations).toEqual({ match: counted.match, round: counted.round + 1 });
      // A change: the round reads its match once, and the match's spectators get that same answer.
      await sign(2, 2, 3);
      const next = (await get(paths.round()).expect(200)).body;
      expect(next.matches[0].sets[1].tables[1]).toMatchObject({ state: 'SIGNED', homePoints: 3 });
      expect((await get(paths.match()).expect(200)).body).toEqual(next.matches[0]);
      expect(live.computations).toEqual({ match: counted.match + 1, round: counted.round + 2 });
    });
  });

  it('costs one computation of the match for a change, whatever the number of open streams (20), and none of a round nobody follows', async () => {
    // Half of them apps (the whole answer), half pages (its version): still one computation.
    const streams = Array.from({ length: 20 }, (_, i) => openStream(base, `${matchPath()}/events${i % 2 ? '' : '?answer=1'}`));
    await Promise.all(streams.map((s) => s.nth('ready')));
    // Only these 20 are open (the earlier tests' streams are gone): nobody follows the round.
    const opened = ctx.app.get(LiveStreams);
    for (const deadline = Date.now() + 10_000; opened.openStreams !== 20 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
    expect(opened.openStreams).toBe(20);
    const scrape = async () => {
      const text = (await get('/api/metrics').expect(200)).text;
      const read = (kind: string) => Number(new RegExp(`^tsbn_live_computations_total\\{kind="${kind}"\\} (\\d+)`, 'm').exec(text)?.[1]);
      const sent = (kind: string) => Number(new RegExp(`^tsbn_live_messages_total\\{kind="${kind}"\\} (\\d+)`, 'm').exec(text)?.[1]);
      // The process that answered: several API processes behind one address are told apart by it.
      expect(text).toContain(`tsbn_process_info{pid="${process.pid}"} 1`);
      return { match: read('match'), round: read('round'), matchMessages: sent('match'), roundMessages: sent('round') };
    };
    const counted = { ...live.computations };
    const scraped = await scrape();
    expect(scraped).toEqual({ ...counted, matchMessages: opened.messages.match, roundMessages: opened.messages.round });

    await sign(1, 2, 5);
    const changes = await Promise.all(streams.map((s) => s.nth('change')));
    expect(new Set(changes.map((c) => c.data.version)).size).toBe(1);
    expect(changes[0].data.live.sets[0].tables[1]).toMatchObject({ state: 'SIGNED', homePoints: 5 });
    // A page's stream carries the version only (it re-reads itself when the version is new).
    expect(Object.keys(changes[1].data).sort()).toEqual(['at', 'kinds', 'matchIds', 'version']);
    expect(live.computations).toEqual({ match: counted.match + 1, round: counted.round });
    // One message to the 20 streams, one computation for it; nobody follows the round: no message.
    expect(await scrape()).toEqual({ match: scraped.match + 1, round: scraped.round, matchMessages: scraped.matchMessages + 1, roundMessages: scraped.roundMessages });
    for (const s of streams) s.close();
  });

  it('computes a match that changed once per window of events, for its own message and its round’s alike, however the changes of two matches interleave', async () => {
    const other = await createMatchRow(ctx.prisma, {
      divisionId: day.division.id,
      homeTeamId: (await createTeam(ctx.prisma, day.division.id, day.otherClub.id)).id,
      awayTeamId: (await createTeam(ctx.prisma, day.division.id, (await createClub(ctx.prisma)).id)).id,
      round: 5,
      status: 'SCHEDULED',
    });
    const streams = { match: openStream(base, `${matchPath()}/events`), other: openStream(base, `/api/public/matches/${other.id}/events`), round: openStream(base, `/api/public/rounds/events?${roundQuery()}`) };
    await Promise.all(Object.values(streams).map((s) => s.nth('ready')));
    const opened = ctx.app.get(LiveStreams);
    await withClockStill(async () => {
      const counted = { computations: { ...live.computations }, messages: { ...opened.messages } };
      // Four changes 100 ms apart, alternating between the two matches: the windows of events take them as they fall.
      const start = Date.now();
      const changes = [day.match.id, other.id, day.match.id, other.id].map((matchId, i) => ({ matchId, at: new Date(start + i) }));
      for (const change of changes) {
        events.emit({ matchId: change.matchId, divisionId: day.division.id, round: 5, kind: 'SET_SIGNED', at: change.at });
        await new Promise((r) => setTimeout(r, 100));
      }
      // Until every stream got the message of its last change (a hang guard, not a timing assertion).
      const last = { match: changes[2].at, other: changes[3].at, round: changes[3].at };
      for (const [name, stream] of Object.entries(streams) as [keyof typeof streams, (typeof streams)['match']][]) {
        for (const deadline = performance.now() + 10_000; !stream.messages().some((m) => m.event === 'change' && m.data.at === last[name].toISOString()); ) {
          if (performance.now() > deadline) throw new Error(`no message of ${name}'s last change`);
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      const sent = { match: opened.messages.match - counted.messages.match, round: opened.messages.round - counted.messages.round };
      expect(sent.match).toBeGreaterThanOrEqual(2);
      expect(sent.round).toBeGreaterThanOrEqual(1);
      expect({ match: live.computations.match - counted.computations.match, round: live.computations.round - counted.computations.round }).toEqual(sent);
    });
    for (const stream of Object.values(streams)) stream.close();
  });

  it('an unknown stream option is refused (400), and a page’s stream says ready with the version only', async () => {
    expect((await get(`${matchPath()}/events?answer=2`).expect(400)).body.error.code).toBe('VALIDATION_FAILED');
    const page = openStream(base, `${matchPath()}/events`);
    expect((await page.nth('ready')).data).toEqual({ version: (await get(`${matchPath()}/live`).expect(200)).body.version });
    page.close();
  });

  it('leaves the answer out of the message when it cannot be read (the match archived): the page reads and gets 404', async () => {
    const stream = openStream(base, `${matchPath()}/events?answer=1`);
    await stream.nth('ready');
    await ctx.prisma.match.update({ where: { id: day.match.id }, data: { archivedAt: new Date() } });
    events.emit({ matchId: day.match.id, divisionId: day.division.id, round: 5, kind: 'MATCH_ARCHIVED', at: new Date() });
    const change = await stream.nth('change');
    expect(change.data).toEqual({ matchIds: [day.match.id], kinds: ['MATCH_ARCHIVED'], at: expect.any(String) });
    await get(`${matchPath()}/live`).expect(404);
    stream.close();
  });
});
