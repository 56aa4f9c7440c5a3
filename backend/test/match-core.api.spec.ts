/**
 * The match-day core through the writer against the real database (issue 15):
 * MatchWriterService.apply locks, loads once, applies the pure command, stores only the
 * difference, logs the command (idempotency key), audits, and tells the live pages.
 */
import { todayIso } from '../src/common/dto';
import { AppError } from '../src/common/errors';
import type { MatchCommand } from '../src/domain/match/match-command';
import { tablePlan } from '../src/domain/match';
import { LiveEvent, LiveEvents } from '../src/live/live-events';
import { MatchDataService } from '../src/matches/match-data.service';
import { MatchWriterService } from '../src/matches/match-writer.service';
import { createMatchDay, createUser, lineupBody, loginAs, resetDatabase, startApp, TestContext } from './helpers';

describe('match-day core through MatchWriterService.apply', () => {
  let ctx: TestContext;
  let writer: MatchWriterService;
  let data: MatchDataService;
  const events: LiveEvent[] = [];
  let day: Awaited<ReturnType<typeof createMatchDay>>;
  let other: Awaited<ReturnType<typeof createMatchDay>>;
  let homeUser: { id: string };
  let awayUser: { id: string };

  const table = (n: number) => ({ actor: `table:${n}`, action: 'match.table' });
  const refusal = async (promise: Promise<unknown>): Promise<AppError> => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    throw new Error('expected a refusal');
  };

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    writer = ctx.app.get(MatchWriterService);
    data = ctx.app.get(MatchDataService);
    ctx.app.get(LiveEvents).subscribe((e) => events.push(e));
    day = await createMatchDay(ctx.prisma, { date: todayIso(), round: 3 });
    other = await createMatchDay(ctx.prisma, { date: todayIso(), round: 4 });
    const home = await loginAs(ctx, 'SECRETARY', day.homeClub.id);
    const away = await loginAs(ctx, 'SECRETARY', day.awayClub.id);
    homeUser = await createUser(ctx.prisma, 'SECRETARY', day.homeClub.id);
    awayUser = await createUser(ctx.prisma, 'SECRETARY', day.awayClub.id);
    const url = `/api/matches/${day.match.id}`;
    await home.agent.put(`${url}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers)).expect(200);
    await away.agent.put(`${url}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers)).expect(200);
  });

  afterAll(() => ctx.close());

  it('records the line-ups as commands of the core (SET_LINEUP), with the settled match', async () => {
    const records = await ctx.prisma.matchCommandRecord.findMany({ where: { matchId: day.match.id }, orderBy: { createdAt: 'asc' } });
    expect(records.map((r) => r.kind)).toEqual(['SET_LINEUP', 'SET_LINEUP']);
    // The log names no players (the line-up's rows do, by member id).
    expect(records.map((r) => r.payload)).toEqual([
      { kind: 'SET_LINEUP', by: { userId: expect.any(String), role: 'SECRETARY' }, side: 'HOME', reason: null },
      { kind: 'SET_LINEUP', by: { userId: expect.any(String), role: 'SECRETARY' }, side: 'AWAY', reason: null },
    ]);
  });

  it('enters a set at the table, answers the match as stored, and logs the command', async () => {
    const command: MatchCommand = { kind: 'TABLE_ENTER', setNumber: 1, tableNumber: 1, enteredBy: 'HOME', totals: { home: 6, away: 2 } };
    const answer = await writer.apply(day.match.id, command, { ...table(1), idempotencyKey: 'key-enter-1-1' });
    expect(answer).toMatchObject({ status: 'PLAYED', resultState: 'ENTERED', homePoints: 6, awayPoints: 2, version: 1 });
    expect(answer.sets[0]).toMatchObject({ setNumber: 1, tableNumber: 1, homePoints: 6, awayPoints: 2, enteredBySide: 'HOME', signedAt: null });
    // The answer is mapped from the state, not read again: it equals a fresh read.
    expect(answer).toEqual(await data.detail(day.match.id));
    const row = await ctx.prisma.matchSet.findFirstOrThrow({ where: { matchId: day.match.id, setNumber: 1, tableNumber: 1 } });
    expect(row).toMatchObject({ enteredBySide: 'HOME', source: 'TOTALS', homePoints: 6 });
    const record = await ctx.prisma.matchCommandRecord.findUniqueOrThrow({ where: { idempotencyKey: 'key-enter-1-1' } });
    expect(record).toMatchObject({ matchId: day.match.id, kind: 'TABLE_ENTER', actor: 'table:1' });
    expect(events).toContainEqual(expect.objectContaining({ matchId: day.match.id, kind: 'SET_ENTERED', round: 3, divisionId: day.division.id }));
    const audit = await ctx.prisma.auditLog.findFirstOrThrow({ where: { entityId: day.match.id, action: 'match.table' } });
    expect(audit.userId).toBeNull();
  });

  it('answers a retry with the same key from the log, without applying it again', async () => {
    const before = await ctx.prisma.match.findUniqueOrThrow({ where: { id: day.match.id } });
    const command: MatchCommand = { kind: 'TABLE_ENTER', setNumber: 1, tableNumber: 1, enteredBy: 'HOME', totals: { home: 6, away: 2 } };
    const replay = await writer.apply(day.match.id, command, { ...table(1), idempotencyKey: 'key-enter-1-1' });
    expect(replay).toMatchObject({ homePoints: 6, version: 1 });
    expect(await ctx.prisma.matchCommandRecord.count({ where: { matchId: day.match.id, kind: 'TABLE_ENTER' } })).toBe(1);
    expect((await ctx.prisma.match.findUniqueOrThrow({ where: { id: day.match.id } })).version).toBe(before.version);
    const reused = await refusal(writer.apply(other.match.id, command, { ...table(1), idempotencyKey: 'key-enter-1-1' }));
    expect(reused).toMatchObject({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('Regel 15: refuses a signature by the pair that entered (422 SIGN_OWN_ENTRY) and changes nothing', async () => {
    const error = await refusal(writer.apply(day.match.id, { kind: 'TABLE_SIGN', setNumber: 1, tableNumber: 1, side: 'HOME' }, table(1)));
    expect(error).toMatchObject({ status: 422, code: 'SIGN_OWN_ENTRY' });
    expect(error.message).toMatch(/thuiskoppel/);
    expect(await ctx.prisma.matchCommandRecord.count({ where: { matchId: day.match.id, kind: { startsWith: 'TABLE_' } } })).toBe(1);
  });

  it('Regel 15: a signed set is irrevocable (409 SET_ALREADY_SIGNED)', async () => {
    await writer.apply(day.match.id, { kind: 'TABLE_SIGN', setNumber: 1, tableNumber: 1, side: 'AWAY' }, table(1));
    const error = await refusal(writer.apply(day.match.id, { kind: 'TABLE_ENTER', setNumber: 1, tableNumber: 1, enteredBy: 'AWAY', totals: { home: 2, away: 6 } }, table(1)));
    expect(error).toMatchObject({ status: 409, code: 'SET_ALREADY_SIGNED' });
    expect(events.map((e) => e.kind)).toContain('SET_SIGNED');
  });

  it('refuses a write on an older version (409 STALE_VERSION)', async () => {
    const error = await refusal(writer.apply(day.match.id, { kind: 'TABLE_ENTER', setNumber: 1, tableNumber: 2, enteredBy: 'HOME', totals: { home: 6, away: 2 } }, { ...table(2), version: 0 }));
    expect(error).toMatchObject({ status: 409, code: 'STALE_VERSION' });
  });

  it('Regel 35B: a refusal is a dispute; the supervisor decides with a reason; the refusal comment is not public', async () => {
    await writer.apply(day.match.id, { kind: 'TABLE_ENTER', setNumber: 1, tableNumber: 2, enteredBy: 'HOME', totals: { home: 6, away: 2 } }, table(2));
    const disputed = await writer.apply(day.match.id, { kind: 'TABLE_REFUSE', setNumber: 1, tableNumber: 2, side: 'AWAY', comment: 'Laatste partij was van ons' }, table(2));
    expect(disputed.sets[1]).toMatchObject({ refusedBySide: 'AWAY', refusalComment: 'Laatste partij was van ons' });
    const publicView = (await ctx.http().get(`/api/matches/${day.match.id}`).expect(200)).body;
    expect(publicView.sets[1]).toMatchObject({ refusedBySide: 'AWAY', refusalComment: null });
    const supervisor = await createUser(ctx.prisma, 'SUPERVISOR');
    const decided = await writer.apply(
      day.match.id,
      { kind: 'DECIDE_SET', setNumber: 1, tableNumber: 2, totals: { home: 4, away: 4 }, reason: 'Beide koppels gehoord', by: 'SUPERVISOR' },
      { actor: supervisor.id, action: 'match.decision', reason: 'Beide koppels gehoord' },
    );
    expect(decided.sets[1]).toMatchObject({ homePoints: 4, awayPoints: 4, refusedAt: null, decisionReason: 'Beide koppels gehoord' });
    expect(decided.sets[1].decidedAt).toEqual(expect.any(String));
  });

  it('Regel 15: the night is confirmed only when complete, then by both clubs; the result locks', async () => {
    const early = await refusal(writer.apply(day.match.id, { kind: 'CONFIRM_NIGHT', side: 'HOME', userId: homeUser.id }, { actor: homeUser.id, action: 'match.night.confirm' }));
    expect(early).toMatchObject({ status: 422, code: 'NIGHT_NOT_COMPLETE' });
    for (const seat of tablePlan(6)) {
      if (seat.setNumber === 1 && seat.tableNumber <= 2) continue;
      const t = table(seat.tableNumber);
      await writer.apply(day.match.id, { kind: 'TABLE_ENTER', ...seat, enteredBy: 'AWAY', games: [{ winner: 'HOME', kind: 'WON' }, { winner: 'AWAY', kind: 'KAP' }, { winner: 'HOME', kind: 'WON' }, { winner: 'HOME', kind: 'WON' }] }, t);
      await writer.apply(day.match.id, { kind: 'TABLE_SIGN', ...seat, side: 'HOME' }, t);
    }
    const home = await writer.apply(day.match.id, { kind: 'CONFIRM_NIGHT', side: 'HOME', userId: homeUser.id }, { actor: homeUser.id, action: 'match.night.confirm' });
    expect(home).toMatchObject({ resultState: 'ENTERED' });
    expect(home.signatures.homeSignedAt).toEqual(expect.any(String));
    const locked = await writer.apply(day.match.id, { kind: 'CONFIRM_NIGHT', side: 'AWAY', userId: awayUser.id }, { actor: awayUser.id, action: 'match.night.confirm' });
    expect(locked).toMatchObject({ resultState: 'CONFIRMED', resultPhase: 'CONFIRMED', homePoints: 6 + 4 + 34 * 6, awayPoints: 2 + 4 + 34 * 5, winner: 'HOME' });
    expect(locked).toEqual(await data.detail(day.match.id));
    expect(events.filter((e) => e.matchId === day.match.id).map((e) => e.kind)).toContain('MATCH_CONFIRMED');
    const stored = await ctx.prisma.match.findUniqueOrThrow({ where: { id: day.match.id } });
    expect(stored).toMatchObject({ homeSignedById: homeUser.id, awaySignedById: awayUser.id, homeIneligible: false, awayIneligible: false });
    const after = await refusal(writer.apply(day.match.id, { kind: 'TABLE_ENTER', setNumber: 6, tableNumber: 6, enteredBy: 'HOME', totals: { home: 6, away: 2 } }, table(6)));
    expect(after).toMatchObject({ status: 409, code: 'RESULT_LOCKED' });
  });
});
