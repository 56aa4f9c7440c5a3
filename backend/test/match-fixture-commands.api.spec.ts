/**
 * Issue 21: every change to a match is one command of the match core, with its actor, its
 * moment and its authority — also moving a match, turning home and away round, recording it as
 * not played, reopening it and a whole team late. Each lands in the command log with who did
 * it, answers a retry with the same idempotency key without doing it twice, and tells the
 * live pages. Fixed dates: nothing here depends on today.
 */
import type { LiveEvent } from '../src/live/live-events';
import { LiveEvents } from '../src/live/live-events';
import { createMatchDay, createUser, expectError, lineupBody, loginAs, resetDatabase, startApp, TestContext } from './helpers';

jest.setTimeout(60_000);

describe('the fixture and the not-played record as commands of the match core', () => {
  let ctx: TestContext;
  const heard: LiveEvent[] = [];

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    ctx.app.get(LiveEvents).subscribe((e) => heard.push(e));
  });
  afterAll(() => ctx.close());

  const log = (matchId: string) => ctx.prisma.matchCommandRecord.findMany({ where: { matchId }, orderBy: { createdAt: 'asc' }, select: { kind: true, actor: true, idempotencyKey: true, createdAt: true } });
  const eventsOf = async (matchId: string, kind: string) => {
    // The bus delivers after the commit; give it a moment (a hang guard, not a timing assertion).
    for (let i = 0; i < 50 && !heard.some((e) => e.matchId === matchId && e.kind === kind); i++) await new Promise((r) => setTimeout(r, 20));
    return heard.filter((e) => e.matchId === matchId && e.kind === kind);
  };

  it('moves a match once per idempotency key: one command, one history row, one mail per club, one live event', async () => {
    const day = await createMatchDay(ctx.prisma, { date: '2026-10-03', round: 1 });
    await createUser(ctx.prisma, 'SECRETARY', day.homeClub.id);
    const { agent: admin, user } = await loginAs(ctx, 'ADMIN');
    const body = { date: '2026-10-10', startTime: '19:30', reason: 'Zaal bezet', idempotencyKey: 'move-key-0001' };
    const first = await admin.post(`/api/matches/${day.match.id}/move`).send(body).expect(200);
    const again = await admin.post(`/api/matches/${day.match.id}/move`).send(body).expect(200);
    expect(again.body).toEqual(first.body);
    expect(first.body).toMatchObject({ date: '2026-10-10', startTime: '19:30' });
    expect(await log(day.match.id)).toEqual([expect.objectContaining({ kind: 'MOVE', actor: user.id, idempotencyKey: 'move-key-0001', createdAt: expect.any(Date) })]);
    expect(await ctx.prisma.matchMove.count({ where: { matchId: day.match.id } })).toBe(1);
    expect(await ctx.prisma.outgoingMail.count({ where: { kind: 'match.moved', subject: { contains: day.home.name } } })).toBe(1);
    expect(await eventsOf(day.match.id, 'MATCH_MOVED')).toHaveLength(1);
    // A reason is required by the core too; the same moment again is refused.
    expectError((await admin.post(`/api/matches/${day.match.id}/move`).send({ date: '2026-10-10', startTime: '19:30', reason: 'Nog eens' }).expect(409)).body, 409, 'SAME_MOMENT');
  });

  it('refuses to move or swap a match with a result, and anyone but an administrator', async () => {
    const day = await createMatchDay(ctx.prisma, { date: '2026-10-17', round: 2 });
    const { agent: admin } = await loginAs(ctx, 'ADMIN');
    for (const role of ['SUPERVISOR', 'SECRETARY'] as const) {
      const { agent } = await loginAs(ctx, role, role === 'SECRETARY' ? day.homeClub.id : null);
      expectError((await agent.post(`/api/matches/${day.match.id}/move`).send({ date: '2026-10-24', reason: 'Eigen idee' }).expect(403)).body, 403);
      expectError((await agent.post(`/api/matches/${day.match.id}/swap`).send({ reason: 'Eigen idee' }).expect(403)).body, 403);
    }
    const { version } = (await admin.get(`/api/matches/${day.match.id}`).expect(200)).body;
    await admin.post(`/api/matches/${day.match.id}/not-played`).send({ kind: 'CANCELLED', reason: 'Afgelast wegens storm', version }).expect(200);
    expectError((await admin.post(`/api/matches/${day.match.id}/move`).send({ date: '2026-10-24', reason: 'Inhalen' }).expect(409)).body, 409, 'MATCH_HAS_RESULT');
    expectError((await admin.post(`/api/matches/${day.match.id}/swap`).send({ reason: 'Omdraaien' }).expect(409)).body, 409, 'MATCH_HAS_RESULT');
    expect((await log(day.match.id)).map((r) => r.kind)).toEqual(['RECORD_NOT_PLAYED']);
  });

  it('swaps home and away as a command: each team keeps its line-up, the credits follow the new sides', async () => {
    const day = await createMatchDay(ctx.prisma, { date: '2026-10-31', round: 3 });
    const { agent: admin, user } = await loginAs(ctx, 'ADMIN');
    // The home team has five pairs: pair 6's seats are credited to the away side (Regel 5B).
    await admin.put(`/api/matches/${day.match.id}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers, { skipPairs: [6] })).expect(200);
    const before = await ctx.prisma.matchSet.findMany({ where: { matchId: day.match.id } });
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => s.source === 'MISSING_PAIR' && s.awayPoints > s.homePoints)).toBe(true);
    const swapped = await admin.post(`/api/matches/${day.match.id}/swap`).send({ reason: 'Zaal van de uitploeg', idempotencyKey: 'swap-key-0001' }).expect(200);
    expect(swapped.body.homeTeam.id).toBe(day.away.id);
    const after = await ctx.prisma.matchSet.findMany({ where: { matchId: day.match.id } });
    expect(after).toHaveLength(before.length);
    // The incomplete team now plays away: the credits go to the (new) home side.
    expect(after.every((s) => s.source === 'MISSING_PAIR' && s.homePoints > s.awayPoints)).toBe(true);
    await admin.post(`/api/matches/${day.match.id}/swap`).send({ reason: 'Zaal van de uitploeg', idempotencyKey: 'swap-key-0001' }).expect(200);
    expect((await ctx.prisma.match.findUniqueOrThrow({ where: { id: day.match.id } })).homeTeamId).toBe(day.away.id);
    expect((await log(day.match.id)).filter((r) => r.kind === 'SWAP_SIDES')).toEqual([expect.objectContaining({ actor: user.id })]);
    expect(await eventsOf(day.match.id, 'SIDES_SWAPPED')).toHaveLength(1);
  });

  it('records a forfeit and reopens it as commands: logged, told to the live pages, a retry applies once', async () => {
    const day = await createMatchDay(ctx.prisma, { date: '2026-11-14', round: 4 });
    const { agent: admin, user } = await loginAs(ctx, 'ADMIN');
    const url = `/api/matches/${day.match.id}`;
    const { version } = (await admin.get(url).expect(200)).body;
    const body = { kind: 'FORFEIT', offendingTeamId: day.away.id, reason: 'Uitploeg kwam niet', version, idempotencyKey: 'forfeit-key-01' };
    const first = await admin.post(`${url}/not-played`).send(body).expect(200);
    expect(first.body).toMatchObject({ status: 'FORFEIT', resultState: 'CONFIRMED' });
    // The retry (same key, same version): the stored answer, not a 409 for the old version, nothing twice.
    const again = await admin.post(`${url}/not-played`).send(body).expect(200);
    expect(again.body).toEqual(first.body);
    expect(await ctx.prisma.fine.count({ where: { matchId: day.match.id } })).toBe(1);
    expect(await eventsOf(day.match.id, 'RECORDED_NOT_PLAYED')).toHaveLength(1);

    const reopened = await admin.post(`${url}/reopen`).send({ reason: 'Verkeerde wedstrijd', version: first.body.version, idempotencyKey: 'reopen-key-01' }).expect(200);
    expect(reopened.body).toMatchObject({ status: 'SCHEDULED', resultState: 'NONE', homePoints: null, awayPoints: null });
    expect(await ctx.prisma.matchSet.count({ where: { matchId: day.match.id } })).toBe(0);
    expect(await eventsOf(day.match.id, 'MATCH_REOPENED')).toHaveLength(1);
    expect((await log(day.match.id)).map((r) => [r.kind, r.actor])).toEqual([
      ['RECORD_NOT_PLAYED', user.id],
      ['REOPEN', user.id],
    ]);
    // A match that is not recorded as not played cannot be reopened.
    expectError((await admin.post(`${url}/reopen`).send({ reason: 'Nog eens', version: reopened.body.version }).expect(409)).body, 409, 'NOT_RECORDED_AS_NOT_PLAYED');
  });

  it('records and withdraws a whole team late as commands of the supervisor, one occurrence per retry', async () => {
    const day = await createMatchDay(ctx.prisma, { date: '2026-11-21', round: 5 });
    const { agent: supervisor, user } = await loginAs(ctx, 'SUPERVISOR');
    const url = `/api/matches/${day.match.id}/regel11/late-teams`;
    const body = { teamId: day.home.id, reason: 'Team kwam om 20:40', idempotencyKey: 'late-team-key-1' };
    await supervisor.post(url).send(body).expect(200);
    const again = await supervisor.post(url).send(body).expect(200);
    expect(again.body.appearances).toHaveLength(1);
    expect(await eventsOf(day.match.id, 'TEAM_LATE_CHANGED')).toHaveLength(1);
    await supervisor.post(`${url}/${day.home.id}/withdraw`).send({ reason: 'Het team was op tijd' }).expect(200);
    expect((await log(day.match.id)).map((r) => [r.kind, r.actor])).toEqual([
      ['RECORD_TEAM_LATE', user.id],
      ['WITHDRAW_TEAM_LATE', user.id],
    ]);
    // A team of another match is refused before anything is written.
    expectError((await supervisor.post(url).send({ teamId: day.otherClub.id, reason: 'Verkeerd team' }).expect(400)).body, 400);
  });
});
