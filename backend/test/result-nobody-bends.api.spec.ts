/**
 * Issue 46: nine holes an auditor found through the API, with the roles the rules name, each
 * closed as RULES.md "Finality and authority at the match" (revised 2026-12-06) says: reserves
 * fixed when set 1 starts; nothing a club does stops the clock; a table-played match is signed
 * at the tables; every change to a signed seat is a correction; an undo restores exactly what
 * was there; a final match has a score for every seat; a move checks one member, one match.
 */
import { todayIso } from '../src/common/dto';
import { type Agent, createClub, createDivision, createMatchDay, createMatchRow, createTeam, expectError, fullResultSets, lineupBody, loginAs, resetDatabase, startApp, TestContext } from './helpers';

jest.setTimeout(120_000);

interface SeatView {
  setNumber: number;
  tableNumber: number;
  homePoints: number | null;
  awayPoints: number | null;
  source: string | null;
  signedAt: string | null;
  decidedAt: string | null;
}

/** A match date long past (the paper path's set 1 has started; entry is open). */
const PAST = '2026-10-03';

describe('a result nobody can bend, second round (issue 46)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let supervisor: Agent;
  let round = 0;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
  });
  afterAll(() => ctx.close());

  /** A match with both line-ups (2 reserves each); with `night`, the night opened and its table codes. */
  async function match(options: { date?: string; night?: boolean } = {}) {
    const day = await createMatchDay(ctx.prisma, { date: options.date ?? todayIso(), round: ++round, playersPerClub: 16 });
    const url = `/api/matches/${day.match.id}`;
    const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
    const away = (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent;
    await home.put(`${url}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers)).expect(200);
    await away.put(`${url}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers)).expect(200);
    const code: Record<number, string> = {};
    if (options.night !== false) {
      const night = await home.post(`${url}/night`).expect(200);
      for (const t of night.body.tables) code[t.tableNumber] = t.code;
    }
    return { day, url, home, away, code };
  }
  type Match = Awaited<ReturnType<typeof match>>;

  const enter = (m: Match, setNumber: number, tableNumber: number, totals = { home: 6, away: 2 }) =>
    ctx.http().put(`/api/table/${m.code[tableNumber]}/sets/${setNumber}`).send({ enteredBy: 'HOME', totals }).expect(200);
  const sign = (m: Match, setNumber: number, tableNumber: number) => ctx.http().post(`/api/table/${m.code[tableNumber]}/sets/${setNumber}/sign`).send({ side: 'AWAY' }).expect(200);
  const enterAndSign = async (m: Match, setNumber: number, tableNumber: number, totals = { home: 6, away: 2 }) => {
    await enter(m, setNumber, tableNumber, totals);
    await sign(m, setNumber, tableNumber);
  };
  const detail = async (m: Match) => (await admin.get(m.url).expect(200)).body;
  const seat = (body: { sets: SeatView[] }, s: number, t: number) => body.sets.find((x) => x.setNumber === s && x.tableNumber === t)!;
  const version = async (m: Match) => (await detail(m)).version as number;
  const wholeNight = async (m: Match) => {
    for (let s = 1; s <= 6; s++) for (let t = 1; t <= 6; t++) await enterAndSign(m, s, t);
  };

  it('1. a late pair the supervisor recorded is not erased by the club’s re-save of the line-up (also with the night opened and nothing entered yet)', async () => {
    const m = await match();
    await supervisor.post(`${m.url}/late-pairs`).send({ teamId: m.day.home.id, pairNumber: 6, fromSet: 2, reason: 'Koppel 6 kwam na set 1' }).expect(200);
    expect(seat(await detail(m), 1, 6)).toMatchObject({ homePoints: 0, awayPoints: 8, source: 'MISSING_PAIR' });
    const res = await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers)).expect(422);
    expectError(res.body, 422, 'SUPERVISOR_ONLY');
    expect(seat(await detail(m), 1, 6)).toMatchObject({ homePoints: 0, awayPoints: 8, source: 'MISSING_PAIR' });
    // Set 1 under way at another table: the same.
    await enterAndSign(m, 1, 1);
    expectError((await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers)).expect(422)).body, 422, 'SUPERVISOR_ONLY');
    // The club may still re-save the line-up as it stands (the late mark kept).
    await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers, { late: { 6: 2 } })).expect(200);
    expect(seat(await detail(m), 1, 6)).toMatchObject({ source: 'MISSING_PAIR' });
    // Only the supervisor (or the federation) changes it again, with a reason.
    await supervisor.post(`${m.url}/late-pairs`).send({ teamId: m.day.home.id, pairNumber: 6, fromSet: 1, reason: 'Toch op tijd' }).expect(200);
    expect(seat(await detail(m), 1, 6).source).toBeNull();
  });

  it('2. withdrawing a Regel 38 removal gives every seat it changed back, later signed sets included', async () => {
    const m = await match();
    await enterAndSign(m, 1, 1, { home: 6, away: 2 });
    await enterAndSign(m, 2, 1, { home: 8, away: 0 });
    const removed = await supervisor
      .post(`${m.url}/supervisor-actions`)
      .send({ version: await version(m), kind: 'REMOVE_PLAYER', setNumber: 1, tableNumber: 1, memberId: m.day.homePlayers[0], gameNumber: 1, reason: 'Drie keer gewaarschuwd' })
      .expect(201);
    expect([1, 2].map((s) => seat(removed.body, s, 1).source)).toEqual(['PLAYER_REMOVED', 'PLAYER_REMOVED']);
    const before = await detail(m);
    const actionId = (await supervisor.get(`${m.url}/supervisor-actions`).expect(200)).body[0].id;
    await supervisor.post(`${m.url}/supervisor-actions/${actionId}/withdraw`).send({ version: before.version, reason: 'Verkeerde speler aangewezen' }).expect(200);
    const after = await detail(m);
    expect(seat(after, 1, 1)).toMatchObject({ homePoints: 6, awayPoints: 2, source: 'TOTALS', signedAt: expect.any(String) });
    expect(seat(after, 2, 1)).toMatchObject({ homePoints: 8, awayPoints: 0, source: 'TOTALS', signedAt: expect.any(String) });
    expect(after.sets.filter((s: SeatView) => s.source === 'PLAYER_REMOVED')).toEqual([]);
  });

  it('3. the away club cannot stop the 48-hour clock: after the home signature its line-up and its substitutions are refused, three times over, and the moment stays', async () => {
    const m = await match({ date: PAST, night: false });
    const entered = await m.home.put(`${m.url}/result`).send({ version: await version(m), sets: fullResultSets() }).expect(200);
    const signed = await m.home.post(`${m.url}/sign`).send({ version: entered.body.version }).expect(200);
    const due = signed.body.finalDueAt;
    expect(due).toEqual(expect.any(String));
    expect(signed.body.finality).toMatch(/^ondertekend door de thuisploeg, wordt definitief /);
    for (let i = 0; i < 3; i++) {
      const lineup = await m.away.put(`${m.url}/lineups/${m.day.away.id}`).send(lineupBody(m.day.awayPlayers, { reserves: 3 }));
      expect(lineup.status).toBeGreaterThanOrEqual(409);
      expect(['RESERVES_FIXED', 'CLOCK_RUNS']).toContain(lineup.body.error.code);
      const sub = await m.away.post(`${m.url}/substitutions`).send({ teamId: m.day.away.id, setNumber: 3, pairNumber: 1, outMemberId: m.day.awayPlayers[0], inMemberId: m.day.awayPlayers[12] });
      expectError(sub.body, 409, 'CLOCK_RUNS');
    }
    const now = await detail(m);
    expect({ finalDueAt: now.finalDueAt, signed: now.signatures.homeSignedAt !== null, state: now.resultState }).toEqual({ finalDueAt: due, signed: true, state: 'ENTERED' });
  });

  it('4. reserves are fixed when set 1 starts: a club adds none in the middle of a match (so none substitutes in set 3); the supervisor does, with a reason', async () => {
    const m = await match();
    for (let s = 1; s <= 2; s++) for (let t = 1; t <= 6; t++) await enterAndSign(m, s, t);
    expectError((await m.away.put(`${m.url}/lineups/${m.day.away.id}`).send(lineupBody(m.day.awayPlayers, { reserves: 3 })).expect(422)).body, 422, 'RESERVES_FIXED');
    const lineup = (await m.away.get(`${m.url}/lineups/${m.day.away.id}`).expect(200)).body;
    expect(lineup.reserves).toHaveLength(2);
    const added = await supervisor.put(`${m.url}/lineups/${m.day.away.id}`).send({ ...lineupBody(m.day.awayPlayers, { reserves: 3 }), reason: 'Reserve meldde zich bij de wedstrijdleider' }).expect(200);
    expect(added.body.reserves).toHaveLength(3);
  });

  it('5. a table-played match is signed at the tables: the secretaries’ paper signature and confirmation are refused until every seat is signed, then they confirm the night', async () => {
    const m = await match();
    for (let s = 1; s <= 6; s++) for (let t = 1; t <= 6; t++) await enter(m, s, t);
    const home = await m.home.post(`${m.url}/sign`).send({ version: await version(m) });
    expectError(home.body, 422, 'NIGHT_NOT_COMPLETE');
    const away = await m.away.post(`${m.url}/confirm`).send({ version: await version(m) });
    expectError(away.body, 422, 'NIGHT_NOT_COMPLETE');
    expect((await detail(m)).resultState).toBe('ENTERED');
    for (let s = 1; s <= 6; s++) for (let t = 1; t <= 6; t++) await sign(m, s, t);
    await m.home.post(`${m.url}/sign`).send({ version: await version(m) }).expect(200);
    const final = await m.away.post(`${m.url}/confirm`).send({ version: await version(m) }).expect(200);
    expect(final.body).toMatchObject({ resultState: 'CONFIRMED', finalBy: 'BOTH_CONFIRMED', finality: 'bevestigd door beide teams' });
  });

  it('6. a void, a removal or a substitution that changes a signed seat is a correction: a reason, publicly marked "Gecorrigeerd"', async () => {
    const m = await match();
    await enterAndSign(m, 1, 2);
    await supervisor.post(`${m.url}/supervisor-actions`).send({ version: await version(m), kind: 'VOID_WRONG_TABLE', setNumber: 1, tableNumber: 2, gameNumbers: [1], reason: 'Verkeerde tafel' }).expect(201);
    expect((await ctx.http().get(m.url).expect(200)).body.correction).toMatchObject({ reason: 'Verkeerde tafel' });

    const n = await match();
    await enterAndSign(n, 1, 3);
    await supervisor
      .post(`${n.url}/supervisor-actions`)
      .send({ version: await version(n), kind: 'REMOVE_PLAYER', setNumber: 1, tableNumber: 3, memberId: n.day.homePlayers[4], gameNumber: 1, reason: 'Speler verwijderd' })
      .expect(201);
    expect((await ctx.http().get(n.url).expect(200)).body.correction).toMatchObject({ reason: 'Speler verwijderd' });

    // A substitution in set 3 that breaks Regel 14 (two substitutes together) credits the pair's seats from that set on,
    // its signed set 4 included: a correction.
    const o = await match();
    await enterAndSign(o, 4, 1);
    await supervisor.post(`${o.url}/substitutions`).query({ reason: 'Eerste wissel' }).send({ teamId: o.day.home.id, setNumber: 3, pairNumber: 1, outMemberId: o.day.homePlayers[0], inMemberId: o.day.homePlayers[12] }).expect(201);
    expect((await ctx.http().get(o.url).expect(200)).body.correction).toBeNull();
    await supervisor.post(`${o.url}/substitutions`).query({ reason: 'Tweede wissel' }).send({ teamId: o.day.home.id, setNumber: 3, pairNumber: 1, outMemberId: o.day.homePlayers[1], inMemberId: o.day.homePlayers[13] }).expect(201);
    const after = (await ctx.http().get(o.url).expect(200)).body;
    expect([seat(after, 3, 1).source, seat(after, 4, 1).source]).toEqual(['SUBSTITUTION_VIOLATION', 'SUBSTITUTION_VIOLATION']);
    expect(after.correction).toMatchObject({ reason: 'Tweede wissel' });
  });

  it('7. recording a final played match as not played is a correction, and reopening it gives back every signed seat', async () => {
    const m = await match();
    await wholeNight(m);
    await m.home.post(`${m.url}/confirm-night`).send({}).expect(200);
    await m.away.post(`${m.url}/confirm-night`).send({}).expect(200);
    const final = await detail(m);
    await admin.post(`${m.url}/not-played`).send({ kind: 'CANCELLED', reason: 'Zaal bleek niet gekeurd', version: final.version }).expect(200);
    const recorded = (await ctx.http().get(m.url).expect(200)).body;
    expect(recorded.correction).toMatchObject({ reason: 'Zaal bleek niet gekeurd' });
    await admin.post(`${m.url}/reopen`).send({ reason: 'Toch gespeeld, vergissing', version: (await detail(m)).version }).expect(200);
    const reopened = await detail(m);
    expect(reopened.resultState).toBe('CONFIRMED');
    expect(reopened.sets.filter((s: SeatView) => s.source === 'TOTALS' && s.signedAt !== null)).toHaveLength(36);
    expect([reopened.homePoints, reopened.awayPoints]).toEqual([final.homePoints, final.awayPoints]);
  });

  it('8. a move checks one member, one match per date: refused, naming the members and the other match, until a club changes its line-up', async () => {
    const m = await match({ night: false });
    // The home club's second team, in another division, on another date, with the same members on its line-up.
    const division = await createDivision(ctx.prisma, m.day.season.id);
    const second = await createTeam(ctx.prisma, division.id, m.day.homeClub.id);
    const opponent = await createTeam(ctx.prisma, division.id, (await createClub(ctx.prisma)).id);
    const other = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: second.id, awayTeamId: opponent.id, date: '2026-12-19', round: 1, status: 'SCHEDULED' });
    const otherUrl = `/api/matches/${other.id}`;
    await m.home.put(`${otherUrl}/lineups/${second.id}`).send(lineupBody(m.day.homePlayers)).expect(200);
    const res = await admin.post(`${otherUrl}/move`).send({ date: m.day.match.date.toISOString().slice(0, 10), reason: 'Zaal bezet' }).expect(422);
    expectError(res.body, 422, 'MEMBER_PLAYS_ELSEWHERE');
    expect(res.body.error.message).toContain(`${m.day.home.name} – ${m.day.away.name}`);
    expect(res.body.error.details).toHaveLength(14);
    expect((await admin.get(otherUrl).expect(200)).body.date).toBe('2026-12-19');
  });

  it('9. a final match keeps a score for every seat: a removal as a correction, then its withdrawal, leaves all 36 seats scored; a void of a final seat is refused', async () => {
    const m = await match();
    await wholeNight(m);
    await m.home.post(`${m.url}/confirm-night`).send({}).expect(200);
    await m.away.post(`${m.url}/confirm-night`).send({}).expect(200);
    const final = await detail(m);
    const voided = await admin.post(`${m.url}/supervisor-actions`).send({ version: final.version, kind: 'VOID_WRONG_TABLE', setNumber: 2, tableNumber: 2, gameNumbers: [1], reason: 'Achteraf gemeld' });
    expectError(voided.body, 409, 'FINAL_SEAT_EMPTY');
    await admin
      .post(`${m.url}/supervisor-actions`)
      .send({ version: final.version, kind: 'REMOVE_PLAYER', setNumber: 4, tableNumber: 2, memberId: m.day.homePlayers[2], gameNumber: 1, reason: 'Achteraf gemeld' })
      .expect(201);
    const actionId = (await admin.get(`${m.url}/supervisor-actions`).expect(200)).body[0].id;
    await admin.post(`${m.url}/supervisor-actions/${actionId}/withdraw`).send({ version: await version(m), reason: 'Toch niet' }).expect(200);
    const after = await detail(m);
    expect(after.resultState).toBe('CONFIRMED');
    expect(after.sets.filter((s: SeatView) => s.homePoints !== null)).toHaveLength(36);
    expect([after.homePoints, after.awayPoints]).toEqual([final.homePoints, final.awayPoints]);
    expect(after.sets.map((s: SeatView) => [s.homePoints, s.awayPoints, s.signedAt])).toEqual(final.sets.map((s: SeatView) => [s.homePoints, s.awayPoints, s.signedAt]));
  });
});
