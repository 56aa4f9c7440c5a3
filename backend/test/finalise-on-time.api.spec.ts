/**
 * Issue 47 item 9: a match promised "wordt definitief om 05:06" became final at 05:07:56, at the
 * next run of the minute job. The minute run now plans a pg-boss job at the moment of each
 * match due within five minutes (FINALISE_AT_QUEUE, startAfter = finalDueAt), one per match
 * and moment however many API processes plan it; the match becomes final within seconds of
 * its moment. The minute run stays, for what the API was down for.
 */
import { todayIso } from '../src/common/dto';
import { FINALISE_AT_QUEUE, ReminderScheduler } from '../src/reminders/reminder-scheduler';
import { createMatchDay, dropScheduledJobs, type MatchDay, openMatchNight, resetDatabase, startApp, type TestContext, until } from './helpers';

type TableSet = { setNumber: number; state: string };

describe('a match becomes final at its promised moment, not at the next minute', () => {
  let ctx: TestContext;
  let first: MatchDay;
  let second: MatchDay;

  /** Every seat entered and signed at the tables: the match is complete, its correction window runs. */
  async function complete(day: MatchDay): Promise<void> {
    const { codes } = await openMatchNight(ctx, day);
    for (let tableNumber = 1; tableNumber <= 6; tableNumber++) {
      const table = `/api/table/${codes[tableNumber]}`;
      for (const s of (await ctx.http().get(table).expect(200)).body.sets as TableSet[]) {
        if (s.state !== 'WAITING') continue;
        await ctx.http().put(`${table}/sets/${s.setNumber}`).send({ enteredBy: 'HOME', signedBy: 'AWAY', totals: { home: 6, away: 2 } }).expect(200);
      }
    }
  }

  const jobs = (singletonKey: string) =>
    ctx.prisma.$queryRaw<{ state: string; startAfter: Date }[]>`SELECT state::text AS state, start_after AS "startAfter" FROM pgboss.job WHERE name = ${FINALISE_AT_QUEUE} AND singleton_key = ${singletonKey}`;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    await dropScheduledJobs(ctx.prisma);
    first = await createMatchDay(ctx.prisma, { date: todayIso(), round: 1 });
    second = await createMatchDay(ctx.prisma, { date: todayIso(), round: 1 });
    await complete(first);
    await complete(second);
  });

  afterAll(() => ctx.close());

  it('is planned at its moment by the run at start and final within seconds of it', async () => {
    // Its correction window ends in 6 seconds (the test moves the stored moment instead of waiting 30 minutes).
    const due = new Date(Date.now() + 6_000);
    await ctx.prisma.match.update({ where: { id: first.match.id }, data: { finalDueAt: due } });
    await ctx.app.get(ReminderScheduler).start({ pollingIntervalSeconds: 0.5 });
    const key = `${first.match.id}@${due.toISOString()}`;
    const job = await until('the job at the moment', async () => (await jobs(key))[0]);
    expect(job.startAfter.getTime()).toBe(due.getTime());
    const match = await until('final', async () => {
      const row = await ctx.prisma.match.findUniqueOrThrow({ where: { id: first.match.id }, select: { resultState: true, finalAt: true, finalBy: true } });
      return row.resultState === 'CONFIRMED' && row;
    });
    expect(match.finalBy).toBe('CORRECTION_WINDOW');
    expect(match.finalAt!.getTime()).toBeGreaterThanOrEqual(due.getTime());
    // Within the minute it was promised for, a few seconds after its moment (the job is asked for every 2 seconds).
    expect(match.finalAt!.getTime() - due.getTime()).toBeLessThan(4_000);
    expect((await until('the job done', async () => (await jobs(key)).find((j) => j.state === 'completed'))).state).toBe('completed');
  });

  it('planned by two processes (or two runs) it is one job; a match due later than five minutes is left for a later run', async () => {
    const scheduler = ctx.app.get(ReminderScheduler);
    const due = new Date(Date.now() + 120_000);
    await ctx.prisma.match.update({ where: { id: second.match.id }, data: { finalDueAt: due } });
    const plannedNow = await Promise.all([scheduler.planFinalMoments(), scheduler.planFinalMoments()]);
    expect(plannedNow.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await jobs(`${second.match.id}@${due.toISOString()}`)).toHaveLength(1);

    const later = new Date(Date.now() + 10 * 60_000);
    await ctx.prisma.match.update({ where: { id: second.match.id }, data: { finalDueAt: later } });
    expect(await scheduler.planFinalMoments()).toBe(0);
  });
});
