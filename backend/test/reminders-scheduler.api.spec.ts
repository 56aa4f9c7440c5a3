/**
 * Issue 17: the schedule lives in PostgreSQL (pg-boss, schema "pgboss"), not in timers: it
 * survives a restart, a scan is queued at start to catch up, and two API processes with the
 * scheduler never send a reminder twice. The other API tests never start pg-boss (it runs only
 * with SCHEDULED_JOBS=on, which npm start sets).
 */
import { localInstant } from '../src/matches/match-row';
import { MailService } from '../src/mail/mail.service';
import { Clock } from '../src/reminders/clock';
import { DIGEST_CRON, DIGEST_QUEUE, jobsEnabled, ReminderScheduler, SCAN_CRON, SCAN_QUEUE } from '../src/reminders/reminder-scheduler';
import { createClub, createSeason, createUser, dropScheduledJobs, resetDatabase, startApp, type TestContext, until } from './helpers';
import { startInbox, useInbox, type Inbox } from './mail-inbox';

const NOW = localInstant('2026-08-12', '09:00');

describe('The reminder schedule in PostgreSQL (pg-boss)', () => {
  let inbox: Inbox;
  let secretaryEmail: string;
  const apps: TestContext[] = [];

  async function startWithJobs(): Promise<TestContext> {
    const ctx = await startApp();
    apps.push(ctx);
    ctx.app.get(Clock).set(NOW);
    await ctx.app.get(ReminderScheduler).start({ pollingIntervalSeconds: 0.5 });
    return ctx;
  }
  async function stop(ctx: TestContext) {
    await ctx.app.get(MailService).idle();
    await ctx.close();
    apps.splice(apps.indexOf(ctx), 1);
  }
  const completedScans = async (ctx: TestContext) =>
    Number((await ctx.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${SCAN_QUEUE} AND state = 'completed'`)[0].n);

  beforeAll(async () => {
    inbox = await startInbox();
    useInbox(inbox);
    const ctx = await startApp();
    await resetDatabase(ctx.prisma);
    await dropScheduledJobs(ctx.prisma);
    await createSeason(ctx.prisma, { name: '2026/2027', startsOn: '2026-09-01', competitionStartsOn: '2026-09-19', endsOn: '2027-05-31' });
    const club = await createClub(ctx.prisma, 'Kaiman');
    secretaryEmail = (await createUser(ctx.prisma, 'SECRETARY', club.id)).email;
    await ctx.close();
  });

  afterAll(async () => {
    for (const ctx of [...apps]) await stop(ctx);
    await inbox.close();
  });

  it('is off unless SCHEDULED_JOBS says on: the test suite starts no pg-boss', async () => {
    expect(jobsEnabled({})).toBe(false);
    expect(jobsEnabled({ SCHEDULED_JOBS: 'on' })).toBe(true);
    expect(jobsEnabled({ SCHEDULED_JOBS: 'off' })).toBe(false);
    const ctx = await startApp();
    try {
      expect(ctx.app.get(ReminderScheduler).running).toBe(false);
    } finally {
      await ctx.close();
    }
  });

  it('creates its schema, schedules the scan every 15 minutes and the summary on Monday 08:00 in the Netherlands, and scans at start', async () => {
    const ctx = await startWithJobs();
    expect(await ctx.app.get(ReminderScheduler).schedules()).toEqual(
      expect.arrayContaining([
        { name: SCAN_QUEUE, cron: SCAN_CRON, timezone: 'Europe/Amsterdam' },
        { name: DIGEST_QUEUE, cron: DIGEST_CRON, timezone: 'Europe/Amsterdam' },
      ]),
    );
    // The scan queued at start ran in a pg-boss worker: the reminder is stored and mailed.
    await until('the start-up scan', async () => (await completedScans(ctx)) >= 1);
    expect(await ctx.prisma.notification.count()).toBe(1);
    await inbox.waitFor(secretaryEmail, /Moederlijst 2026\/2027 uiterlijk 17-08-2026 inleveren/);
    await stop(ctx);
  });

  it('after a restart the schedule is still in the database, and two API processes scanning together send nothing twice', async () => {
    const probe = await startApp();
    apps.push(probe);
    const stored = await probe.prisma.$queryRaw<{ name: string; cron: string }[]>`SELECT name, cron FROM pgboss.schedule ORDER BY name`;
    expect(stored).toEqual(
      expect.arrayContaining([
        { name: DIGEST_QUEUE, cron: DIGEST_CRON },
        { name: SCAN_QUEUE, cron: SCAN_CRON },
      ]),
    );
    // Exactly one schedule per reminder queue (other jobs, e.g. the finalisation and the backup, have their own).
    expect(stored.filter((s) => s.name === SCAN_QUEUE || s.name === DIGEST_QUEUE)).toHaveLength(2);
    await stop(probe);

    const first = await startWithJobs();
    const second = await startWithJobs();
    await Promise.all([first.app.get(ReminderScheduler).runScanNow(), second.app.get(ReminderScheduler).runScanNow()]);
    await until('the scans after the restart', async () => (await completedScans(first)) >= 2 && !(await first.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${SCAN_QUEUE} AND state IN ('created', 'active', 'retry')`)[0].n);
    await new Promise((r) => setTimeout(r, 500));
    await Promise.all([first.app.get(MailService).idle(), second.app.get(MailService).idle()]);
    expect(await first.prisma.notification.count()).toBe(1);
    expect(inbox.to(secretaryEmail)).toHaveLength(1);
    expect(await first.prisma.outgoingMail.count({ where: { to: secretaryEmail } })).toBe(1);
  });
});
