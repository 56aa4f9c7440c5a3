/**
 * RULES.md "Finality and authority at the match" through the API: who played cannot be
 * rewritten by a club once a set started; what the supervisor recorded only the supervisor
 * (or the federation) withdraws; the supervisor's undo of a Regel 38 removal; one member, one
 * match per date; a signed set changed by the supervisor is publicly a correction.
 */
import { todayIso } from '../src/common/dto';
import { type Agent, createListedMember, createMatchDay, createTeam, expectError, lineupBody, loginAs, type MatchDay, openMatchNight, startAppWithOfficials, TestContext } from './helpers';

describe('match authority API: who played, undo, one match per day, corrections', () => {
  let ctx: TestContext;
  let supervisor: Agent;
  let home: Agent;
  let away: Agent;
  let day: MatchDay;
  let url: string;
  let code: Record<number, string>;

  beforeAll(async () => {
    // The tests that need the federation log in an administrator of their own.
    ({ ctx, supervisor } = await startAppWithOfficials());
    day = await createMatchDay(ctx.prisma, { date: todayIso(), round: 1 });
    url = `/api/matches/${day.match.id}`;
    ({ codes: code, home, away } = await openMatchNight(ctx, day));
  });

  afterAll(() => ctx.close());

  const table = (n: number) => `/api/table/${code[n]}`;
  const enterAndSign = async (setNumber: number, tableNumber: number, totals = { home: 6, away: 2 }) => {
    await ctx.http().put(`${table(tableNumber)}/sets/${setNumber}`).send({ enteredBy: 'HOME', totals }).expect(200);
    await ctx.http().post(`${table(tableNumber)}/sets/${setNumber}/sign`).send({ side: 'AWAY' }).expect(200);
  };

  it('a club cannot re-save a line-up that seats a reserve in a started set (422 SET_STARTED), nor change the reserves (422 RESERVES_FIXED); the supervisor changes them, with a reason', async () => {
    await enterAndSign(1, 1);
    const swapped = lineupBody(day.awayPlayers);
    swapped.pairs[1].memberIds = [day.awayPlayers[12], day.awayPlayers[3]];
    swapped.reserves = [day.awayPlayers[2], day.awayPlayers[13]];
    const res = await away.put(`${url}/lineups/${day.away.id}`).send(swapped).expect(422);
    expectError(res.body, 422, 'SET_STARTED');
    // Refused: nothing stored (the line-up's rows are written in the same transaction).
    const lineup = (await away.get(`${url}/lineups/${day.away.id}`).expect(200)).body;
    expect(lineup.pairs[1].players.map((p: { memberId: string }) => p.memberId).sort()).toEqual([day.awayPlayers[2], day.awayPlayers[3]].sort());
    // RULES.md (revised 2026-12-06): the reserves are fixed when set 1 starts.
    expectError((await away.put(`${url}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers, { reserves: 1 })).expect(422)).body, 422, 'RESERVES_FIXED');
    const supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
    expectError((await supervisor.put(`${url}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers, { reserves: 1 })).expect(400)).body, 400, 'VALIDATION_FAILED');
    const added = await supervisor.put(`${url}/lineups/${day.away.id}`).send({ ...lineupBody(day.awayPlayers, { reserves: 1 }), reason: 'Reserve meldde zich bij de wedstrijdleider' }).expect(200);
    expect(added.body.reserves).toHaveLength(1);
    // The supervisor changes no pairs (the club's line-up).
    expectError((await supervisor.put(`${url}/lineups/${day.away.id}`).send({ ...swapped, reason: 'Probeer' }).expect(422)).body, 422, 'CLUB_ONLY');
  });

  it('a substitution the supervisor recorded is not the club’s to remove (422 SUPERVISOR_ONLY); the supervisor withdraws it with a reason', async () => {
    const sub = await supervisor
      .post(`${url}/substitutions`)
      .query({ reason: 'Speler onwel geworden' })
      .send({ teamId: day.home.id, setNumber: 4, pairNumber: 1, outMemberId: day.homePlayers[0], inMemberId: day.homePlayers[12] })
      .expect(201);
    expectError((await home.delete(`${url}/substitutions/${sub.body.id}`).expect(422)).body, 422, 'SUPERVISOR_ONLY');
    expect(await ctx.prisma.substitution.count({ where: { id: sub.body.id } })).toBe(1);
    await supervisor.delete(`${url}/substitutions/${sub.body.id}`).query({ reason: 'Verkeerd koppel gekozen' }).expect(204);
    expect(await ctx.prisma.substitution.count({ where: { id: sub.body.id } })).toBe(0);
  });

  it('a signed set changed by the supervisor is a correction: publicly "Gecorrigeerd" with the reason', async () => {
    const reason = 'Kap aan tafel 1 niet meegeteld';
    await supervisor.post(`${url}/sets/1/tables/1/decision`).send({ totals: { home: 8, away: 0 }, reason }).expect(200);
    const publicMatch = (await ctx.http().get(url).expect(200)).body;
    expect(publicMatch.resultState).toBe('ENTERED');
    expect(publicMatch.correction).toEqual({ reason, correctedAt: expect.any(String), by: 'SUPERVISOR' });
  });

  it('RULES.md "Undo": the supervisor withdraws their own Regel 38 removal with a reason; the removal seat returns to what the table entered', async () => {
    const games = [
      { winner: 'HOME', kind: 'WON' },
      { winner: 'HOME', kind: 'WON' },
      { winner: 'AWAY', kind: 'WON' },
      { winner: 'HOME', kind: 'WON' },
    ];
    await ctx.http().put(`${table(2)}/sets/2`).send({ enteredBy: 'HOME', games }).expect(200);
    await ctx.http().post(`${table(2)}/sets/2/sign`).send({ side: 'AWAY' }).expect(200);
    const seat = async () => (await ctx.http().get(url).expect(200)).body.sets.find((s: { setNumber: number; tableNumber: number }) => s.setNumber === 2 && s.tableNumber === 2);
    const entered = await seat();
    const { version } = (await ctx.http().get(url).expect(200)).body;
    // Set 2, table 2: home pair 2 (tablePlan); its first player removed from game 3 on.
    const removed = await supervisor
      .post(`${url}/supervisor-actions`)
      .send({ version, kind: 'REMOVE_PLAYER', setNumber: 2, tableNumber: 2, memberId: day.homePlayers[2], gameNumber: 3, reason: 'Drie waarschuwingen' })
      .expect(201);
    const actionId = (await supervisor.get(`${url}/supervisor-actions`).expect(200)).body[0].id;
    expect(removed.body.sets.filter((s: { source: string }) => s.source === 'PLAYER_REMOVED').length).toBeGreaterThan(0);
    expect((await seat()).homePoints).not.toBe(entered.homePoints);

    const other = (await loginAs(ctx, 'SUPERVISOR')).agent;
    const v = (await ctx.http().get(url).expect(200)).body.version;
    expectError((await home.post(`${url}/supervisor-actions/${actionId}/withdraw`).send({ version: v, reason: 'Niet eens' }).expect(403)).body, 403, 'WRONG_ROLE');
    expectError((await supervisor.post(`${url}/supervisor-actions/${actionId}/withdraw`).send({ version: v }).expect(400)).body, 400);
    expectError((await other.post(`${url}/supervisor-actions/${actionId}/withdraw`).send({ version: v, reason: 'Vergissing' }).expect(422)).body, 422, 'NOT_OWN_ACTION');
    const undone = await supervisor.post(`${url}/supervisor-actions/${actionId}/withdraw`).send({ version: v, reason: 'Verkeerde speler aangewezen' }).expect(200);
    expect(undone.body.sets.filter((s: { source: string }) => s.source === 'PLAYER_REMOVED')).toEqual([]);
    expect(await seat()).toMatchObject({ homePoints: entered.homePoints, awayPoints: entered.awayPoints, source: 'GAMES' });
    expect((await supervisor.get(`${url}/supervisor-actions`).expect(200)).body).toEqual([]);
    const log = await ctx.prisma.matchCommandRecord.findMany({ where: { matchId: day.match.id, kind: 'WITHDRAW_ACTION' } });
    expect(log).toHaveLength(1);
  });

  it('a match played at the tables: a club’s paper form is refused (422 TABLE_ONLY); the federation’s needs a reason and is then a correction', async () => {
    const detail = (await home.get(url).expect(200)).body;
    expect(detail.resultEntry.atTables).toBe(true);
    const body = { version: detail.version, tables: [{ tableNumber: 1, homePoints: 4, awayPoints: 4 }] };
    expectError((await home.put(`${url}/sets/6`).send(body).expect(422)).body, 422, 'TABLE_ONLY');
    const admin = (await loginAs(ctx, 'ADMIN')).agent;
    const without = await admin.put(`${url}/sets/6`).send(body).expect(400);
    expect(without.body.error.details).toContainEqual(expect.objectContaining({ field: 'reason' }));
    const reason = 'Tafel 1 speelde set 6 op papier: de telefoon was leeg';
    const entered = await admin.put(`${url}/sets/6`).send({ ...body, reason }).expect(200);
    expect(entered.body.sets.find((s: { setNumber: number; tableNumber: number }) => s.setNumber === 6 && s.tableNumber === 1)).toMatchObject({ homePoints: 4, awayPoints: 4 });
  });

  it('one member, one match per date: a second line-up that day is refused, naming the other match (422 MEMBER_PLAYS_ELSEWHERE)', async () => {
    const second = await ctx.prisma.match.create({
      data: { divisionId: day.division.id, round: 2, date: day.match.date, homeTeamId: day.away.id, awayTeamId: day.home.id },
    });
    const res = await away.put(`/api/matches/${second.id}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers)).expect(422);
    expectError(res.body, 422, 'MEMBER_PLAYS_ELSEWHERE');
    expect(res.body.error.message).toContain(`${day.home.name} – ${day.away.name}`);
    // The form says so before the save: the candidates already on that line-up name the other match.
    const form = await away.get(`/api/matches/${second.id}/lineups/${day.away.id}`).expect(200);
    const candidates = form.body.candidates as { memberId: string; playsElsewhere: string | null }[];
    const onFirst = new Set((await ctx.prisma.lineupPlayer.findMany({ where: { lineup: { matchId: day.match.id, teamId: day.away.id } }, select: { memberId: true } })).map((p) => p.memberId));
    expect(onFirst.size).toBeGreaterThanOrEqual(12);
    const named = candidates.filter((c) => c.playsElsewhere !== null);
    expect(named.map((c) => c.memberId).sort()).toEqual(candidates.filter((c) => onFirst.has(c.memberId)).map((c) => c.memberId).sort());
    expect(new Set(named.map((c) => c.playsElsewhere))).toEqual(new Set([`${day.home.name} – ${day.away.name}`]));
  });

  it("one member, one match per date: another club's line-up is not told to a secretary (no refusal naming it); the federation is refused", async () => {
    // The home club's secretary puts the away club's players, lined up by their own club today, on a line-up of the home club.
    const team5 = await createTeam(ctx.prisma, day.division.id, day.homeClub.id);
    const team6 = await createTeam(ctx.prisma, day.division.id, day.otherClub.id);
    const fourth = await ctx.prisma.match.create({ data: { divisionId: day.division.id, round: 4, date: day.match.date, homeTeamId: team5.id, awayTeamId: team6.id } });
    const saved = await home.put(`/api/matches/${fourth.id}/lineups/${team5.id}`).send(lineupBody(day.awayPlayers)).expect(200);
    // Not on this club's moederlijst: ineligible here, whatever the other club did.
    const players = [...saved.body.pairs.flatMap((p: { players: unknown[] }) => p.players), ...saved.body.reserves] as { eligible: boolean }[];
    expect(players.length).toBeGreaterThanOrEqual(12);
    expect(players.every((p) => !p.eligible)).toBe(true);
    // The federation sees every line-up of the day: refused, naming the other match.
    const admin = (await loginAs(ctx, 'ADMIN')).agent;
    const refused = await admin.put(`/api/matches/${fourth.id}/lineups/${team5.id}`).send(lineupBody(day.awayPlayers)).expect(422);
    expectError(refused.body, 422, 'MEMBER_PLAYS_ELSEWHERE');
    expect(refused.body.error.message).toContain(`${day.home.name} – ${day.away.name}`);
  });

  it('one member, one match per date: a substitute too (422 MEMBER_PLAYS_ELSEWHERE)', async () => {
    // A second team of the home club plays another match that date, with players of its own.
    const team3 = await createTeam(ctx.prisma, day.division.id, day.homeClub.id);
    const team4 = await createTeam(ctx.prisma, day.division.id, day.otherClub.id);
    const third = await ctx.prisma.match.create({ data: { divisionId: day.division.id, round: 3, date: day.match.date, homeTeamId: team3.id, awayTeamId: team4.id } });
    const own: string[] = [];
    for (let i = 0; i < 12; i++) own.push((await createListedMember(ctx.prisma, { seasonId: day.division.seasonId, clubId: day.homeClub.id })).member.id);
    await home.put(`/api/matches/${third.id}/lineups/${team3.id}`).send(lineupBody(own, { reserves: 0 })).expect(200);
    const res = await supervisor
      .post(`/api/matches/${third.id}/substitutions`)
      .query({ reason: 'Invaller' })
      .send({ teamId: team3.id, setNumber: 3, pairNumber: 1, outMemberId: own[0], inMemberId: day.homePlayers[12] })
      .expect(422);
    expectError(res.body, 422, 'MEMBER_PLAYS_ELSEWHERE');
    expect(res.body.error.message).toContain(`${day.home.name} – ${day.away.name}`);
  });
});
