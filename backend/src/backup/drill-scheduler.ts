import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { retryOnDeadlock, retryStart, type RetryingStart } from '../jobs/retry-start';
import { jobsEnabled, JOBS_SCHEMA, pollingSecondsFromEnv } from '../reminders/reminder-scheduler';
import { drillScheduleFromEnv } from './restore-drill';
import { RestoreDrillService } from './restore-drill.service';

export const DRILL_QUEUE = 'restore-drill-weekly';
/** A week missed while the API was down is made up after a start, but not in the busy first minutes (the backup's own catch-up goes first). */
const STARTUP_DELAY_SECONDS = 10 * 60;
/** A drill that could not even be recorded (the database gone for a while) is tried again twice, half an hour apart; a drill that ran and failed is recorded and waits for the next week. */
const RETRY_LIMIT = 2;
const RETRY_DELAY_SECONDS = 30 * 60;

/**
 * The weekly restore drill (issue 45 item 5), scheduled by pg-boss beside the nightly backup
 * (schema "pgboss", backup-scheduler.ts): RESTORE_DRILL_SCHEDULE (cron, default Sunday 05:00) in
 * BACKUP_TIME_ZONE. The queue is "stately", the drill takes a lock of its own and runs only when
 * none was started since the current slot, so it runs once per week across restarts and API
 * processes. At start a check is queued with a delay: a Sunday missed while the API was down is
 * made up.
 */
@Injectable()
export class DrillScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Hersteltestplanner');
  private boss: PgBoss | null = null;
  private starting: RetryingStart | null = null;

  constructor(private readonly drills: RestoreDrillService) {}

  onApplicationBootstrap(): void {
    if (!jobsEnabled()) return;
    const starting = retryStart(
      () => this.start(),
      (error, next) => this.logger.error(`Hersteltestplanner start niet (${error instanceof Error ? error.message : error}); nieuwe poging over ${Math.round(next / 1000)} s.`),
    );
    this.starting = starting;
    void starting.done.finally(() => {
      if (this.starting === starting) this.starting = null;
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const starting = this.starting;
    starting?.stop();
    await starting?.done;
    await this.stop();
  }

  get running(): boolean {
    return this.boss !== null;
  }

  /** `startupDelaySeconds`: when the check queued at start may run (tests: 0). */
  async start(options: { pollingIntervalSeconds?: number; startupDelaySeconds?: number } = {}): Promise<void> {
    if (this.boss) return;
    const schedule = drillScheduleFromEnv();
    const boss = new PgBoss({
      connectionString: process.env.DATABASE_URL,
      schema: JOBS_SCHEMA,
      max: 1,
      application_name: 'tsbn-drill-jobs',
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? pollingSecondsFromEnv(),
    });
    boss.on('error', (error) => this.logger.error(`Hersteltestplanner: ${error instanceof Error ? error.message : error}`));
    await boss.start();
    try {
      await retryOnDeadlock(async () => {
        await boss.createQueue(DRILL_QUEUE, { name: DRILL_QUEUE, policy: 'stately', retryLimit: RETRY_LIMIT, retryDelay: RETRY_DELAY_SECONDS, expireInMinutes: 120 });
        await boss.schedule(DRILL_QUEUE, schedule.cron, {}, { tz: schedule.timeZone });
      });
      await boss.work(DRILL_QUEUE, async () => {
        await this.drills.runIfDue();
      });
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw error;
    }
    this.boss = boss;
    await boss.send(DRILL_QUEUE, {}, { startAfter: options.startupDelaySeconds ?? STARTUP_DELAY_SECONDS });
    this.logger.log(`Hersteltests: ${schedule.cron} (${schedule.timeZone}).`);
  }

  async schedules(): Promise<{ name: string; cron: string; timezone: string | null }[]> {
    if (!this.boss) return [];
    return (await this.boss.getSchedules()).filter((s) => s.name === DRILL_QUEUE).map((s) => ({ name: s.name, cron: s.cron, timezone: s.options?.tz ?? null }));
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
  }
}
