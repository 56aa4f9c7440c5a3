/**
 * Match day through the API: line-ups, entry set by set, confirmation, a supervisor's
 * correction with its audit trail, concurrent edits, substitutions, Regel 4, missing and
 * late pairs, and matches not played (Regel 6–9); and the safeguards around the form:
 * both teams sign (Regel 15) — one club cannot sign for both sides, a change after the home
 * team signed needs its signature again — whether a line-up was composed before the match
 * (Regel 5D/5E) is decided by the server, and a supervisor and a player from outside the
 * club's list see family names only.
 */
import { todayIso } from '../src/common/dto';
import { FineProposalsService } from '../src/fines/fine-proposals.service';
import {
  type Agent,
  createClub,
  createMatchDay,
  createMatchRow,
  createTeam,
  expectError,
  fullResultSets,
  lineupBody,
  loginAs,
  resetDatabase,
  startApp,
  TestContext,
} from './helpers';

type Day = Awaited<ReturnType<typeof createMatchDay>>;
type Seat = ReturnType<typeof fullResultSets>[number];

/** Far enough ahead that a line-up saved now is always composed before the match. */
const FUTURE = '2099-10-03';
/** createMatchDay's default date, long gone: a line-up saved now comes after the start. */
const PAST = '2026-10-03';

const KIND_POINTS: Record<string, number> = { WON: 2, KAP: 5, KAP_TAPPED: 2, BAUNIE: 15, FAILED_BAUNIE: 5 };

function totals(seats: readonly Seat[]) {
  return seats
    .flatMap((s) => s.games)
    .reduce(
      (t, g) => {
        const points = g.kind === 'PENALTY' ? g.points! : KIND_POINTS[g.kind];
        return g.winner === 'HOME' ? { home: t.home + points, away: t.away } : { home: t.home, away: t.away + points };
      },
      { home: 0, away: 0 },
    );
}

describe('match day API', () => {
  let ctx: TestContext;
  let admin: Agent;
  let supervisor: Agent;
  let fines: FineProposalsService;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
    fines = ctx.app.get(FineProposalsService);
  });

  afterAll(() => ctx.close());
  afterEach(() => jest.restoreAllMocks());

  /** A fresh match with both secretaries logged in. */
  async function matchDay(options: Parameters<typeof createMatchDay>[1] = {}) {
    const day = await createMatchDay(ctx.prisma, options);
    const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
    const away = (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent;
    return { day, home, away, url: `/api/matches/${day.match.id}` };
  }

  async function lineups(m: { day: Day; home: Agent; away: Agent; url: string }, homeOptions = {}, awayOptions = {}) {
    await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers, homeOptions)).expect(200);
    await m.away.put(`${m.url}/lineups/${m.day.away.id}`).send(lineupBody(m.day.awayPlayers, awayOptions)).expect(200);
  }

  async function version(url: string): Promise<number> {
    return (await ctx.http().get(url).expect(200)).body.version;
  }

  /** The home secretary signs the complete result after checking its summary (Regel 15). */
  async function sign(agent: Agent, url: string, at?: number) {
    return agent.post(`${url}/sign`).send({ version: at ?? (await version(url)) }).expect(200);
  }

  /** The match day arrives: result entry opens on it (line-ups saved earlier stay composed before the match). */
  async function matchDayArrives(matchId: string) {
    await ctx.prisma.match.update({ where: { id: matchId }, data: { date: new Date(`${todayIso()}T00:00:00.000Z`) } });
  }

  describe('a whole match: line-up, entry set by set, confirmation, correction', () => {
    let m: Awaited<ReturnType<typeof matchDay>>;
    const seats = fullResultSets();
    const expected = totals(seats);

    beforeAll(async () => {
      // A match still to come, so a line-up saved now is composed before it (Regel 5D/5E).
      m = await matchDay({ date: '2099-10-03' });
    });

    it('offers the club’s member list with eligibility when composing the line-up', async () => {
      const res = await m.home.get(`${m.url}/lineups/${m.day.home.id}`).expect(200);
      expect(res.body).toMatchObject({ recorded: false, side: 'HOME', teamId: m.day.home.id, locked: false });
      expect(res.body.candidates).toHaveLength(14);
      expect(res.body.candidates.every((c: { eligible: boolean }) => c.eligible)).toBe(true);
    });

    it('records both line-ups, every player checked for eligibility', async () => {
      const res = await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers)).expect(200);
      expect(res.body.recorded).toBe(true);
      expect(res.body.pairs).toHaveLength(6);
      expect(res.body.reserves).toHaveLength(2);
      expect(res.body.pairs.flatMap((p: { players: { eligible: boolean }[] }) => p.players).every((p: { eligible: boolean }) => p.eligible)).toBe(true);
      // The away team's paper form shows its line-up was composed too late: the federation records that.
      const reason = 'Overgenomen van het papieren formulier: spelerslijst pas na aanvang samengesteld';
      await admin.put(`${m.url}/lineups/${m.day.away.id}`).send({ ...lineupBody(m.day.awayPlayers, { composedBeforeMatch: false }), reason }).expect(200);
    });

    it('refuses an impossible set score, naming set and table', async () => {
      await matchDayArrives(m.day.match.id);
      const res = await m.home
        .put(`${m.url}/sets/2`)
        .send({ version: await version(m.url), tables: [{ tableNumber: 3, homePoints: 7, awayPoints: 0 }] })
        .expect(400);
      expectError(res.body, 400, 'INVALID_SCORE');
      expect(res.body.error.message).toContain('Set 2, tafel 3: 7–0 is geen mogelijke setstand');
    });

    it('stores the result set by set; the home team signs it explicitly once it is complete', async () => {
      let current = await version(m.url);
      const listed = async () => {
        const res = await ctx.http().get(`/api/teams/${m.day.away.id}/matches`).expect(200);
        return res.body.find((row: { id: string }) => row.id === m.day.match.id);
      };
      for (let setNumber = 1; setNumber <= 6; setNumber++) {
        const tables = seats.filter((s) => s.setNumber === setNumber).map(({ setNumber: _s, ...table }) => table);
        const res = await m.home.put(`${m.url}/sets/${setNumber}`).send({ version: current, tables }).expect(200);
        expect(res.body.version).toBe(current + 1);
        expect(res.body).toMatchObject({ status: 'PLAYED', resultState: 'ENTERED', complete: setNumber === 6 });
        expect(res.body.signatures.homeSignedAt).toBeNull();
        expect(res.body.resultPhase).toBe('IN_PROGRESS');
        current = res.body.version;
      }
      // Saving set 6 does not sign: the away team has nothing to confirm until the home team signs.
      expect((await listed()).resultComplete).toBe(false);
      const signed = await sign(m.home, m.url, current);
      expect(signed.body).toMatchObject({ resultPhase: 'SIGNED_BY_HOME', signatures: { homeSignedAt: expect.any(String) } });
      // The team's match list tells the away secretary when there is something to confirm.
      expect((await listed()).resultComplete).toBe(true);
      const detail = await ctx.http().get(m.url).expect(200);
      expect(detail.body).toMatchObject({ homePoints: expected.home, awayPoints: expected.away, winner: null });
      expect(detail.body.sets[0].games).toHaveLength(4);
    });

    it('lets only the away team (or an administrator) confirm', async () => {
      const res = await m.home.post(`${m.url}/confirm`).send({ version: await version(m.url) }).expect(403);
      expectError(res.body, 403, 'NOT_AWAY_TEAM');
    });

    it('is confirmed by the away secretary, which locks it and runs the fine hooks', async () => {
      const lineupMissing = jest.spyOn(fines, 'lineupMissing');
      const incomplete = jest.spyOn(fines, 'incompleteOrLate');
      const res = await m.away.post(`${m.url}/confirm`).send({ version: await version(m.url) }).expect(200);
      expect(res.body).toMatchObject({ resultState: 'CONFIRMED', winner: 'HOME', homeIneligible: false, awayIneligible: false });
      expect(res.body.signatures.awaySignedAt).not.toBeNull();
      expect(lineupMissing).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ matchId: m.day.match.id, teamId: m.day.away.id }));
      expect(lineupMissing).toHaveBeenCalledTimes(1);
      expect(incomplete).not.toHaveBeenCalled();

      const locked = await m.home.put(`${m.url}/result`).send({ version: res.body.version, sets: seats }).expect(409);
      expectError(locked.body, 409, 'RESULT_LOCKED');
      const lineupLocked = await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers)).expect(409);
      expectError(lineupLocked.body, 409, 'RESULT_LOCKED');
    });

    it('shows the public match page with family names only (Regel 15)', async () => {
      const res = await ctx.http().get(m.url).expect(200);
      const member = await ctx.prisma.member.findUniqueOrThrow({ where: { id: m.day.homePlayers[0] } });
      expect(res.body.homeLineup.pairs[0].names).toContain(member.familyName);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(member.givenNames);
      expect(text).not.toContain(member.memberNumber);
      expect(text).not.toContain(m.day.homePlayers[0]);
      expect(res.body.sets).toHaveLength(36);
      expect(res.body.sets.find((s: { setNumber: number; tableNumber: number }) => s.setNumber === 2 && s.tableNumber === 1)).toMatchObject({ homePairNumber: 1, awayPairNumber: 6 });
    });

    it('refuses a correction by a secretary, and one without reason', async () => {
      const res = await m.home.post(`${m.url}/corrections`).send({ version: await version(m.url), reason: 'Fout', sets: seats }).expect(403);
      expectError(res.body, 403, 'WRONG_ROLE');
      const noReason = await supervisor.post(`${m.url}/corrections`).send({ version: await version(m.url), sets: seats }).expect(400);
      expect(noReason.body.error.details).toContainEqual(expect.objectContaining({ field: 'reason' }));
    });

    it('is corrected by the federation with a reason (RULES.md: the supervisor changes nothing once final); the audit log keeps before and after', async () => {
      const corrected = seats.map((s) => (s.setNumber === 1 && s.tableNumber === 1 ? { setNumber: 1, tableNumber: 1, homePoints: 0, awayPoints: 15 } : s));
      const first = totals([seats[0]]);
      const reason = 'Verkeerd overgenomen van het formulier: tafel 1 van set 1 was een baunie voor de uitploeg.';
      expectError((await supervisor.post(`${m.url}/corrections`).send({ version: await version(m.url), reason, sets: corrected }).expect(409)).body, 409, 'RESULT_LOCKED');
      const res = await admin.post(`${m.url}/corrections`).send({ version: await version(m.url), reason, sets: corrected }).expect(200);
      expect(res.body).toMatchObject({ resultState: 'CONFIRMED', homePoints: expected.home - first.home, awayPoints: expected.away - first.away + 15 });
      expect(res.body.sets[0]).toMatchObject({ homePoints: 0, awayPoints: 15, source: 'TOTALS', games: [] });

      const audit = await ctx.prisma.auditLog.findMany({ where: { entityType: 'Match', entityId: m.day.match.id }, orderBy: { createdAt: 'asc' } });
      expect(audit.map((a) => a.action)).toEqual([
        'match.lineup',
        'match.lineup',
        'match.set',
        'match.set',
        'match.set',
        'match.set',
        'match.set',
        'match.set',
        'match.sign',
        'match.confirm',
        'match.correct',
      ]);
      const correction = audit[audit.length - 1];
      expect(correction.reason).toBe(reason);
      const before = correction.before as { resultState: string; homePoints: number; version: number; sets: { set: number; table: number; score: string; games?: string[] }[] };
      const after = correction.after as typeof before;
      // The audit keeps what the correction changed: the totals, the version and the one set, not the unchanged rest.
      expect(before).toMatchObject({ homePoints: expected.home, version: after.version - 1 });
      expect(after).toMatchObject({ homePoints: expected.home - first.home });
      expect(before).not.toHaveProperty('resultState');
      expect([before.sets.length, after.sets.length]).toEqual([1, 1]);
      expect(before.sets[0]).toMatchObject({ set: 1, table: 1, score: `${first.home}-${first.away}`, games: expect.any(Array) });
      expect(after.sets[0]).toEqual({ set: 1, table: 1, score: '0-15', source: 'TOTALS' });

      const history = await supervisor.get(`${m.url}/history`).expect(200);
      expect(history.body[history.body.length - 1]).toMatchObject({ action: 'match.correct', reason, userName: expect.any(String) });
    });

    it('refuses a correction that leaves the result incomplete', async () => {
      const res = await admin
        .post(`${m.url}/corrections`)
        .send({ version: await version(m.url), reason: 'Tafel vergeten', sets: fullResultSets(['6/6']) })
        .expect(422);
      expectError(res.body, 422, 'INCOMPLETE_RESULT');
      expect(res.body.error.message).toContain('Set 6, tafel 6');
    });
  });

  describe('two people editing the same result', () => {
    it('never loses an update: the stale save gets 409 with the current match, and saves again on top of it', async () => {
      const m = await matchDay({ round: 2 });
      await lineups(m);
      const v = await version(m.url);
      const set = (n: number) => fullResultSets().filter((s) => s.setNumber === n).map(({ setNumber: _s, ...t }) => t);
      const [a, b] = await Promise.all([
        m.home.put(`${m.url}/sets/1`).send({ version: v, tables: set(1) }),
        admin.put(`${m.url}/sets/2`).send({ version: v, tables: set(2) }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const [won, lost] = a.status === 200 ? [a, b] : [b, a];
      expectError(lost.body, 409, 'STALE_VERSION');
      const current = lost.body.error.details[0].current;
      expect(current.version).toBe(won.body.version);
      expect(current.sets.filter((s: { homePoints: number | null }) => s.homePoints !== null)).toHaveLength(6);

      const retrySet = a.status === 200 ? 2 : 1;
      const retryAgent = a.status === 200 ? admin : m.home;
      await retryAgent.put(`${m.url}/sets/${retrySet}`).send({ version: current.version, tables: set(retrySet) }).expect(200);
      // Read by the home club: the public sees no score of a form the home team has not signed (Regel 15).
      const final = await m.home.get(m.url).expect(200);
      expect(final.body.sets.filter((s: { setNumber: number; homePoints: number | null }) => s.setNumber <= 2 && s.homePoints !== null)).toHaveLength(12);
      expect(final.body.version).toBe(v + 2);
    });

    it('lets exactly one of many simultaneous saves of the same version win', async () => {
      const m = await matchDay({ round: 3 });
      await lineups(m);
      const v = await version(m.url);
      const responses = await Promise.all(
        [1, 2, 3, 4, 5].map((table) => m.home.put(`${m.url}/sets/1`).send({ version: v, tables: [{ tableNumber: table, homePoints: 8, awayPoints: 0 }] })),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.status === 409 && r.body.error.code === 'STALE_VERSION')).toHaveLength(4);
      const final = await m.home.get(m.url).expect(200);
      expect(final.body.version).toBe(v + 1);
      expect(final.body.sets.filter((s: { homePoints: number | null }) => s.homePoints !== null)).toHaveLength(1);
    });
  });

  describe('missing and late pairs (Regel 5B, 5C, 12A)', () => {
    it('credits 8–0 for every set a pair missed, refuses entry there, and reports the team incomplete at confirmation', async () => {
      const m = await matchDay({ round: 4 });
      // Home: pair 6 arrives after set 1 (Regel 5C); away: pair 6 absent (only 5 pairs).
      await lineups(m, { late: { 6: 2 } }, { skipPairs: [6] });
      const detail = await ctx.http().get(m.url).expect(200);
      const credited = detail.body.sets.filter((s: { credited: boolean }) => s.credited);
      // home pair 6 misses set 1 at table 6 (where away pair 6 would sit, also absent: 8–8); away pair 6 misses every set.
      expect(credited).toHaveLength(6);
      expect(credited.find((s: { setNumber: number }) => s.setNumber === 1)).toMatchObject({ tableNumber: 6, homePoints: 8, awayPoints: 8, source: 'MISSING_PAIR' });
      expect(credited.find((s: { setNumber: number }) => s.setNumber === 2)).toMatchObject({ tableNumber: 1, homePoints: 8, awayPoints: 0 });

      const refused = await m.home.put(`${m.url}/result`).send({ version: detail.body.version, sets: fullResultSets() }).expect(400);
      expectError(refused.body, 400, 'INVALID_SCORE');
      expect(refused.body.error.details.map((d: { message: string }) => d.message)).toContain('Set 1, tafel 6 is al bepaald: 8–8 (koppel niet aanwezig, Regel 12A); voer hier geen uitslag in.');

      const playedSeats = fullResultSets(credited.map((s: { setNumber: number; tableNumber: number }) => `${s.setNumber}/${s.tableNumber}`));
      const entered = await m.home.put(`${m.url}/result`).send({ version: detail.body.version, sets: playedSeats }).expect(200);
      expect(entered.body.complete).toBe(true);
      const played = totals(playedSeats);
      expect(entered.body).toMatchObject({ homePoints: played.home + 8 + 5 * 8, awayPoints: played.away + 8 });

      const signed = await sign(m.home, m.url, entered.body.version);
      const incomplete = jest.spyOn(fines, 'incompleteOrLate');
      await m.away.post(`${m.url}/confirm`).send({ version: signed.body.version }).expect(200);
      expect(incomplete.mock.calls.map(([, fact]) => fact.teamId).sort()).toEqual([m.day.home.id, m.day.away.id].sort());
    });

    it('refuses a line-up with fewer than 5 pairs at the start (Regel 7) or a latecomer in a set that does not exist', async () => {
      const m = await matchDay({ round: 5 });
      const four = await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers, { pairs: 4 })).expect(400);
      expectError(four.body, 400, 'INVALID_LINEUP');
      expect(four.body.error.message).toContain('minstens 5 nodig om te beginnen (Regel 7)');
      const late = await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers, { late: { 6: 7 } })).expect(400);
      expect(late.body.error.message).toBe('Koppel 6: instappen in set 7 kan niet, een wedstrijd heeft 6 sets.');
    });
  });

  describe('substitutions (Regel 13, 14)', () => {
    it('records a legal substitution, flags an illegal one with 8–0 from that set on, and undoes it when deleted', async () => {
      const m = await matchDay({ round: 6 });
      await lineups(m);
      const [p1a, , p2a] = m.day.homePlayers;
      const [reserve1] = m.day.homePlayers.slice(12);
      const legal = await m.home
        .post(`${m.url}/substitutions`)
        .send({ teamId: m.day.home.id, setNumber: 3, pairNumber: 1, outMemberId: p1a, inMemberId: reserve1 })
        .expect(201);
      expect(legal.body.violation).toBeNull();

      // A player of pair 3 cannot also play in pair 2 (Regel 14: 8–0). A player not on the line-up is Regel 4: see match-penalties.api.spec.ts.
      const pair3Player = m.day.homePlayers[4];
      const illegal = await m.home
        .post(`${m.url}/substitutions`)
        .send({ teamId: m.day.home.id, setNumber: 4, pairNumber: 2, outMemberId: p2a, inMemberId: pair3Player })
        .expect(201);
      expect(illegal.body.violation).toContain('speelt al in koppel 3');
      let detail = await ctx.http().get(m.url).expect(200);
      expect(detail.body.sets.filter((s: { credited: boolean }) => s.credited).map((s: { setNumber: number; tableNumber: number; awayPoints: number; source: string }) => [s.setNumber, s.tableNumber, s.awayPoints, s.source])).toEqual([
        [4, 2, 8, 'SUBSTITUTION_VIOLATION'],
        [5, 2, 8, 'SUBSTITUTION_VIOLATION'],
        [6, 2, 8, 'SUBSTITUTION_VIOLATION'],
      ]);
      expect(detail.body.substitutions).toHaveLength(2);

      const lineup = await m.home.get(`${m.url}/lineups/${m.day.home.id}`).expect(200);
      expect(lineup.body.substitutions.map((s: { violation: string | null }) => s.violation === null)).toEqual([true, false]);

      await m.home.delete(`${m.url}/substitutions/${illegal.body.id}`).expect(204);
      detail = await ctx.http().get(m.url).expect(200);
      expect(detail.body.sets.filter((s: { credited: boolean }) => s.credited)).toEqual([]);
    });

    it('needs the line-up first', async () => {
      const m = await matchDay({ round: 7 });
      const res = await m.home
        .post(`${m.url}/substitutions`)
        .send({ teamId: m.day.home.id, setNumber: 3, pairNumber: 1, outMemberId: m.day.homePlayers[0], inMemberId: m.day.homePlayers[12] })
        .expect(422);
      expectError(res.body, 422, 'LINEUP_MISSING');
    });
  });

  describe('an ineligible player (Regel 3B, 4)', () => {
    it('is recorded with the reason, and on confirmation the team loses with a 3-point deduction', async () => {
      const m = await matchDay({ round: 8 });
      const suspended = m.day.awayPlayers[0];
      await ctx.prisma.memberSanction.create({
        data: { memberId: suspended, kind: 'SUSPENSION', startsOn: new Date('2026-09-01T00:00:00Z'), endsOn: new Date('2026-12-31T00:00:00Z'), reason: 'Wangedrag' },
      });
      await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers)).expect(200);
      const away = await m.away.put(`${m.url}/lineups/${m.day.away.id}`).send(lineupBody(m.day.awayPlayers)).expect(200);
      const flagged = away.body.pairs[0].players.find((p: { memberId: string }) => p.memberId === suspended);
      expect(flagged).toMatchObject({ eligible: false, reasons: ['Geschorst van 01-09-2026 tot en met 31-12-2026 (Regel 4)'] });

      // The away team scores less here, but Regel 4 would make it lose anyway; make it win on points to see the override.
      const sets = fullResultSets().map((s) => ({ ...s, games: s.games.map((g) => ({ ...g, winner: g.winner === 'HOME' ? ('AWAY' as const) : ('HOME' as const) })) }));
      const entered = await admin.put(`${m.url}/result`).send({ version: await version(m.url), sets }).expect(200);
      expect(entered.body.awayPoints).toBeGreaterThan(entered.body.homePoints);
      const confirmed = await admin.post(`${m.url}/confirm`).send({ version: entered.body.version }).expect(200);
      expect(confirmed.body).toMatchObject({ resultState: 'CONFIRMED', awayIneligible: true, homeIneligible: false, winner: 'HOME' });
      expect(confirmed.body.deductions).toEqual([{ teamId: m.day.away.id, points: 3, rule: '4', reason: expect.stringContaining('Regel 4') }]);
      const rows = await ctx.prisma.pointDeduction.findMany({ where: { matchId: m.day.match.id } });
      expect(rows).toEqual([expect.objectContaining({ teamId: m.day.away.id, points: 3, rule: '4', seasonId: m.day.season.id })]);

      // The form was wrong: a reserve played, not the suspended player. Only an administrator, with a reason.
      const corrected = lineupBody([m.day.awayPlayers[13], ...m.day.awayPlayers.slice(1, 13)]);
      const locked = await m.away.put(`${m.url}/lineups/${m.day.away.id}`).send(corrected).expect(409);
      expectError(locked.body, 409, 'RESULT_LOCKED');
      const noReason = await admin.put(`${m.url}/lineups/${m.day.away.id}`).send(corrected).expect(400);
      expect(noReason.body.error.details).toContainEqual(expect.objectContaining({ field: 'reason' }));
      await admin.put(`${m.url}/lineups/${m.day.away.id}`).send({ ...corrected, reason: 'Spelerslijst verkeerd overgenomen; de reserve speelde' }).expect(200);
      const after = await ctx.http().get(m.url).expect(200);
      expect(after.body).toMatchObject({ awayIneligible: false, winner: 'AWAY', deductions: [] });
      expect(await ctx.prisma.pointDeduction.count({ where: { matchId: m.day.match.id } })).toBe(0);
    });

    it('flags a player of another club', async () => {
      const m = await matchDay({ round: 9 });
      const players = [m.day.awayPlayers[0], ...m.day.homePlayers.slice(1)];
      const res = await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(players)).expect(200);
      expect(res.body.pairs[0].players.find((p: { memberId: string }) => p.memberId === m.day.awayPlayers[0]).reasons[0]).toContain(`Staat op de moederlijst van ${m.day.awayClub.name}`);
    });
  });

  describe('matches not played (Regel 6–9)', () => {
    it('Regel 6, no table screen: 0–0, not counted, 3 points off both teams, fines proposed', async () => {
      const m = await matchDay({ round: 10 });
      const hook = jest.spyOn(fines, 'noTableScreen');
      const res = await admin.post(`${m.url}/not-played`).send({ version: await version(m.url), kind: 'NO_TABLE_SCREEN', reason: 'Geen tafelscherm aanwezig' }).expect(200);
      expect(res.body).toMatchObject({ status: 'NOT_PLAYED', resultState: 'CONFIRMED', homePoints: 0, awayPoints: 0, winner: null, statusReason: 'Geen tafelscherm aanwezig' });
      expect(res.body.deductions.map((d: { teamId: string; points: number; rule: string }) => [d.teamId, d.points, d.rule]).sort()).toEqual(
        [[m.day.home.id, 3, '6'], [m.day.away.id, 3, '6']].sort(),
      );
      expect(hook).toHaveBeenCalledTimes(1);
      const lineup = await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers)).expect(409);
      expectError(lineup.body, 409, 'MATCH_NOT_PLAYED');

      const reopened = await admin.post(`${m.url}/reopen`).send({ version: res.body.version, reason: 'Verkeerde wedstrijd gekozen' }).expect(200);
      expect(reopened.body).toMatchObject({ status: 'SCHEDULED', resultState: 'NONE', homePoints: null, deductions: [] });
    });

    it('Regel 7, forfeit: the other team wins 8–0 in every set (288–0), the fine goes to the affected club', async () => {
      const m = await matchDay({ round: 11 });
      const hook = jest.spyOn(fines, 'forfeit');
      const missing = await admin.post(`${m.url}/not-played`).send({ version: await version(m.url), kind: 'FORFEIT', reason: 'x y z' }).expect(400);
      expect(missing.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['offendingTeamId']);
      const res = await admin
        .post(`${m.url}/not-played`)
        .send({ version: await version(m.url), kind: 'FORFEIT', offendingTeamId: m.day.away.id, pairsPresent: 4, reason: 'Slechts 4 koppels aanwezig' })
        .expect(200);
      expect(res.body).toMatchObject({ status: 'FORFEIT', resultState: 'CONFIRMED', homePoints: 288, awayPoints: 0, winner: 'HOME', forfeitingTeamId: m.day.away.id, forfeitCause: 'TOO_FEW_PAIRS' });
      expect(res.body.sets.every((s: { source: string; homePoints: number }) => s.source === 'FORFEIT' && s.homePoints === 8)).toBe(true);
      expect(hook).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ matchId: m.day.match.id, forfeitingTeamId: m.day.away.id }));
    });

    it('Regel 8, cancelled: each team’s average over its earlier confirmed matches, rounded half up', async () => {
      const m = await matchDay({ date: '2026-11-14', round: 12 });
      const club = await createClub(ctx.prisma);
      const other = await createTeam(ctx.prisma, m.day.division.id, club.id);
      const earlier = async (home: string, away: string, homePoints: number, awayPoints: number, date: string, round: number) => {
        const row = await createMatchRow(ctx.prisma, { divisionId: m.day.division.id, homeTeamId: home, awayTeamId: away, date, round, status: 'PLAYED' });
        await ctx.prisma.match.update({ where: { id: row.id }, data: { resultState: 'CONFIRMED', homePoints, awayPoints } });
      };
      await earlier(m.day.home.id, other.id, 150, 140, '2026-10-03', 20);
      await earlier(other.id, m.day.home.id, 130, 141, '2026-10-17', 21); // home team: 150, 141 → 145.5 → 146
      await earlier(m.day.away.id, other.id, 120, 100, '2026-10-31', 22); // away team: 120 → 120
      await earlier(m.day.away.id, other.id, 999, 0, '2026-11-20', 23); // after the date: not counted
      const res = await admin.post(`${m.url}/not-played`).send({ version: await version(m.url), kind: 'CANCELLED', reason: 'Zaal onbeschikbaar; afgelast door de bond' }).expect(200);
      // The averaged score decides it, as the standings count it (RULES.md Regel 8: one winner everywhere).
      expect(res.body).toMatchObject({ status: 'CANCELLED', resultState: 'CONFIRMED', homePoints: 146, awayPoints: 120, winner: 'HOME', deductions: [] });
    });
  });

  const detail = async (url: string) => (await ctx.http().get(url).expect(200)).body;
  const storedLineup = (matchId: string, teamId: string) => ctx.prisma.lineup.findUniqueOrThrow({ where: { matchId_teamId: { matchId, teamId } } });

  describe('one club with both teams (Regel 15)', () => {
    it('may enter the result but not confirm it: both teams must sign, so the federation confirms', async () => {
      const day = await createMatchDay(ctx.prisma, { playersPerClub: 28 });
      const second = await createTeam(ctx.prisma, day.division.id, day.homeClub.id);
      const match = await createMatchRow(ctx.prisma, { divisionId: day.division.id, homeTeamId: day.home.id, awayTeamId: second.id, date: PAST, status: 'SCHEDULED' });
      const url = `/api/matches/${match.id}`;
      const secretary = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
      await secretary.put(`${url}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers.slice(0, 14))).expect(200);
      await secretary.put(`${url}/lineups/${second.id}`).send(lineupBody(day.homePlayers.slice(14))).expect(200);
      await secretary.put(`${url}/result`).send({ version: (await detail(url)).version, sets: fullResultSets() }).expect(200);
      const entered = await sign(secretary, url);
      expect(entered.body.signatures.homeSignedAt).not.toBeNull();

      const refused = await secretary.post(`${url}/confirm`).send({ version: entered.body.version }).expect(403);
      expectError(refused.body, 403, 'SAME_CLUB');
      expect(refused.body.error.message).toContain('Regel 15');
      expect(await detail(url)).toMatchObject({ resultState: 'ENTERED', signatures: { awaySignedAt: null } });

      const confirmed = await admin.post(`${url}/confirm`).send({ version: entered.body.version }).expect(200);
      expect(confirmed.body.resultState).toBe('CONFIRMED');
    });
  });

  describe('a change after the home team signed (Regel 15)', () => {
    async function signedMatch() {
      const m = await matchDay({ date: FUTURE });
      await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers)).expect(200);
      await m.away.put(`${m.url}/lineups/${m.day.away.id}`).send(lineupBody(m.day.awayPlayers)).expect(200);
      await matchDayArrives(m.day.match.id);
      await m.home.put(`${m.url}/result`).send({ version: (await detail(m.url)).version, sets: fullResultSets() }).expect(200);
      const entered = await sign(m.home, m.url);
      expect(entered.body.signatures.homeSignedAt).not.toBeNull();
      return { ...m, signedVersion: entered.body.version as number };
    }

    it('an away line-up change (the federation’s, with a reason, once the sets are entered) lapses the home signature and bumps the version; the away team cannot confirm until the home team signs again', async () => {
      const m = await signedMatch();
      // A pair-1 player swapped for the first reserve after the home team signed: the sets are entered (started), so not the club's any more (RULES.md).
      const swapped = [m.day.awayPlayers[12], ...m.day.awayPlayers.slice(1, 12), m.day.awayPlayers[0], m.day.awayPlayers[13]];
      expectError((await m.away.put(`${m.url}/lineups/${m.day.away.id}`).send(lineupBody(swapped)).expect(422)).body, 422, 'SET_STARTED');
      await admin.put(`${m.url}/lineups/${m.day.away.id}`).send({ ...lineupBody(swapped), reason: 'Formulier: de reserve speelde vanaf set 1' }).expect(200);
      const after = await detail(m.url);
      expect(after.signatures.homeSignedAt).toBeNull();
      expect(after.version).toBeGreaterThan(m.signedVersion);

      const stale = await m.away.post(`${m.url}/confirm`).send({ version: m.signedVersion }).expect(409);
      expectError(stale.body, 409, 'STALE_VERSION');
      const unsigned = await m.away.post(`${m.url}/confirm`).send({ version: after.version }).expect(422);
      expectError(unsigned.body, 422, 'HOME_NOT_SIGNED');
      expect((await detail(m.url)).resultState).toBe('ENTERED');

      // The home team signs again; now the away team confirms.
      const resigned = await sign(m.home, m.url, after.version);
      expect(resigned.body.signatures.homeSignedAt).not.toBeNull();
      const confirmed = await m.away.post(`${m.url}/confirm`).send({ version: resigned.body.version }).expect(200);
      expect(confirmed.body.resultState).toBe('CONFIRMED');
    });

    it('after the home signature a club records no substitution (409 CLOCK_RUNS: RULES.md, revised 2026-12-06); the supervisor’s, with a reason, or its removal, lapses the signature', async () => {
      const m = await signedMatch();
      const body = { teamId: m.day.away.id, setNumber: 3, pairNumber: 1, outMemberId: m.day.awayPlayers[0], inMemberId: m.day.awayPlayers[12] };
      expectError((await m.away.post(`${m.url}/substitutions`).send(body).expect(409)).body, 409, 'CLOCK_RUNS');
      expect((await detail(m.url)).signatures.homeSignedAt).not.toBeNull();
      const sub = await supervisor.post(`${m.url}/substitutions`).query({ reason: 'Wissel aan tafel gemeld' }).send(body).expect(201);
      let after = await detail(m.url);
      expect(after.signatures.homeSignedAt).toBeNull();
      expect(after.version).toBeGreaterThan(m.signedVersion);
      expectError((await m.away.post(`${m.url}/confirm`).send({ version: after.version }).expect(422)).body, 422, 'HOME_NOT_SIGNED');

      const resaved = await m.home.put(`${m.url}/result`).send({ version: after.version, sets: fullResultSets() }).expect(200);
      expect(resaved.body.signatures.homeSignedAt).toBeNull();
      const resigned = await sign(m.home, m.url, resaved.body.version);
      expect(resigned.body.signatures.homeSignedAt).not.toBeNull();
      // The supervisor recorded it: only the supervisor (or the federation) withdraws it, with a reason.
      expectError((await m.away.delete(`${m.url}/substitutions/${sub.body.id}`).expect(422)).body, 422, 'SUPERVISOR_ONLY');
      await supervisor.delete(`${m.url}/substitutions/${sub.body.id}`).query({ reason: 'Wissel stond er verkeerd in' }).expect(204);
      after = await detail(m.url);
      expect(after.signatures.homeSignedAt).toBeNull();
      expect(after.version).toBeGreaterThan(resigned.body.version);
    });

    it('saving the same line-up again changes nothing and keeps the signature', async () => {
      const m = await signedMatch();
      await m.away.put(`${m.url}/lineups/${m.day.away.id}`).send(lineupBody(m.day.awayPlayers)).expect(200);
      const after = await detail(m.url);
      expect(after.signatures.homeSignedAt).not.toBeNull();
      expect(after.version).toBe(m.signedVersion);
      await m.away.post(`${m.url}/confirm`).send({ version: after.version }).expect(200);
    });
  });

  describe('line-up composed before the match (Regel 5D/5E)', () => {
    it('is decided by the server from the first save; a secretary cannot send it', async () => {
      const late = await matchDay({ date: PAST });
      for (const composedBeforeMatch of [true, false]) {
        const refused = await late.home.put(`${late.url}/lineups/${late.day.home.id}`).send(lineupBody(late.day.homePlayers, { composedBeforeMatch })).expect(403);
        expectError(refused.body, 403, 'ADMIN_ONLY_FIELD');
      }
      const saved = await late.home.put(`${late.url}/lineups/${late.day.home.id}`).send(lineupBody(late.day.homePlayers)).expect(200);
      expect(saved.body.composedBeforeMatch).toBe(false);

      const onTime = await matchDay({ date: FUTURE });
      const early = await onTime.home.put(`${onTime.url}/lineups/${onTime.day.home.id}`).send(lineupBody(onTime.day.homePlayers)).expect(200);
      expect(early.body.composedBeforeMatch).toBe(true);
    });

    it('proposes the fine for line-ups first saved after the start, whatever the client says', async () => {
      const m = await matchDay({ date: PAST });
      await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers)).expect(200);
      await m.away.put(`${m.url}/lineups/${m.day.away.id}`).send(lineupBody(m.day.awayPlayers)).expect(200);
      await m.home.put(`${m.url}/result`).send({ version: (await detail(m.url)).version, sets: fullResultSets() }).expect(200);
      const entered = await sign(m.home, m.url);
      const lineupMissing = jest.spyOn(fines, 'lineupMissing');
      await m.away.post(`${m.url}/confirm`).send({ version: entered.body.version }).expect(200);
      expect(lineupMissing.mock.calls.map(([, fact]) => fact.teamId).sort()).toEqual([m.day.home.id, m.day.away.id].sort());
    });

    it('may be set by an administrator with a reason, audited, and kept when the secretary saves again', async () => {
      const m = await matchDay({ date: PAST });
      await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers)).expect(200);
      const noReason = await admin.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers, { composedBeforeMatch: true })).expect(400);
      expect(noReason.body.error.details).toContainEqual(expect.objectContaining({ field: 'reason' }));

      const reason = 'Papieren spelerslijst was vóór aanvang ingevuld; later overgetypt';
      const set = await admin.put(`${m.url}/lineups/${m.day.home.id}`).send({ ...lineupBody(m.day.homePlayers, { composedBeforeMatch: true }), reason }).expect(200);
      expect(set.body.composedBeforeMatch).toBe(true);
      const audit = await ctx.prisma.auditLog.findFirstOrThrow({ where: { entityId: m.day.match.id, action: 'match.lineup' }, orderBy: { createdAt: 'desc' } });
      expect(audit.reason).toBe(reason);
      const composed = (snapshot: unknown) => (snapshot as { lineups: { teamId: string; composedBeforeMatch: boolean }[] }).lineups.find((l) => l.teamId === m.day.home.id)!.composedBeforeMatch;
      expect([composed(audit.before), composed(audit.after)]).toEqual([false, true]);

      await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers)).expect(200);
      expect((await storedLineup(m.day.match.id, m.day.home.id)).composedBeforeMatch).toBe(true);
    });

    it('follows the match when it is moved: first saved before the new start counts as composed before it', async () => {
      const m = await matchDay({ date: PAST });
      await ctx.prisma.season.update({ where: { id: m.day.season.id }, data: { endsOn: new Date('2099-12-31T00:00:00Z') } });
      await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers)).expect(200);
      expect((await storedLineup(m.day.match.id, m.day.home.id)).composedBeforeMatch).toBe(false);
      await admin.post(`${m.url}/move`).send({ date: FUTURE, reason: 'Uitgesteld: zaal onder water' }).expect(200);
      expect((await storedLineup(m.day.match.id, m.day.home.id)).composedBeforeMatch).toBe(true);
    });
  });

  describe('who sees which names in a line-up (Regel 15)', () => {
    type Player = { memberId: string; memberNumber: string | null; name: string; familyName: string };
    const players = (body: { pairs: { players: Player[] }[] }) => body.pairs.flatMap((p) => p.players);
    let m: Awaited<ReturnType<typeof matchDay>>;
    let stranger: string;

    beforeAll(async () => {
      m = await matchDay({ date: FUTURE });
      stranger = m.day.awayPlayers[0];
      await ctx.prisma.member.update({ where: { id: stranger }, data: { givenNames: 'Quirijn Onbekend' } });
      await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody([stranger, ...m.day.homePlayers.slice(1)])).expect(200);
    });

    it('gives a supervisor family names only and not the club’s member list', async () => {
      const members = await ctx.prisma.member.findMany({ where: { id: { in: [...m.day.homePlayers, stranger] } } });
      const byId = new Map(members.map((x) => [x.id, x]));
      const seen = await supervisor.get(`${m.url}/lineups/${m.day.home.id}`).expect(200);
      expect(seen.body.candidates).toBeUndefined();
      expect(players(seen.body)).toHaveLength(12);
      for (const p of players(seen.body)) expect(p).toMatchObject({ memberNumber: null, name: byId.get(p.memberId)!.familyName, familyName: byId.get(p.memberId)!.familyName });
      const text = JSON.stringify(seen.body);
      for (const member of members) {
        expect(text).not.toContain(member.givenNames);
        expect(text).not.toContain(member.memberNumber);
      }
    });

    it('shows the own secretary a player who is not on the club’s list by family name only', async () => {
      const [listedMember, strangerMember] = await Promise.all([
        ctx.prisma.member.findUniqueOrThrow({ where: { id: m.day.homePlayers[1] } }),
        ctx.prisma.member.findUniqueOrThrow({ where: { id: stranger } }),
      ]);
      const own = await m.home.get(`${m.url}/lineups/${m.day.home.id}`).expect(200);
      expect(own.body.candidates).toHaveLength(14);
      expect(players(own.body).find((p) => p.memberId === listedMember.id)).toMatchObject({
        memberNumber: listedMember.memberNumber,
        name: `${listedMember.givenNames} ${listedMember.familyName}`,
      });
      expect(players(own.body).find((p) => p.memberId === stranger)).toMatchObject({ memberNumber: null, name: strangerMember.familyName });
      const text = JSON.stringify(own.body);
      expect(text).not.toContain(strangerMember.givenNames);
      expect(text).not.toContain(strangerMember.memberNumber);
    });
  });
});
