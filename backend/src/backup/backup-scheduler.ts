import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { retryOnDeadlock, retryStart, type RetryingStart } from '../jobs/retry-start';
import { jobsEnabled, JOBS_SCHEMA, pollingSecondsFromEnv } from '../reminders/reminder-scheduler';
import { scheduleFromEnv } from './backup-runner';
import { BackupService } from './backup.service';

export const BACKUP_QUEUE = 'backup-nightly';
/** The backup when a match night's last match became final: at most one per half hour (debounced). */
export const NIGHT_BACKUP_QUEUE = 'backup-after-night';
export const NIGHT_BACKUP_EVERY_SECONDS = 30 * 60;
/** A night backup that found another backup running tries again after this (within the 35 minutes; the tests: 1 s). */
const nightRetrySeconds = () => Number(process.env.NIGHT_BACKUP_RETRY_SECONDS || 60);
/** A failed backup is tried again every half hour, up to six times (then the next night). */
const RETRY_LIMIT = 6;
const RETRY_DELAY_SECONDS = 30 * 60;

/**
 * The nightly backup, scheduled by pg-boss (schema "pgboss", beside the reminders): BACKUP_SCHEDULE
 * (cron, default 04:00) in BACKUP_TIME_ZONE (default Europe/Amsterdam). The schedule and its jobs
 * live in PostgreSQL, so they survive restarts and several API processes share them; the queue
 * is "stately" (one job waiting, one running) and the backup itself takes an advisory lock and
 * checks whether the current slot already has a good backup, so it is made once per slot,
 * never twice at once. At start one check is queued: a night missed while the API was down is
 * made up at once.
 */
@Injectable()
export class BackupScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Back-upplanner');
  private boss: PgBoss | null = null;
  private starting: RetryingStart | null = null;

  constructor(private readonly backups: BackupService) {}

  onApplicationBootstrap(): void {
    if (!jobsEnabled()) return;
    // Tried again while it fails (database not reachable yet, a deadlock with another process's start).
    const starting = retryStart(
      () => this.start(),
      (error, next) => this.logger.error(`Back-upplanner start niet (${error instanceof Error ? error.message : error}); nieuwe poging over ${Math.round(next / 1000)} s.`),
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

  async start(options: { pollingIntervalSeconds?: number } = {}): Promise<void> {
    if (this.boss) return;
    const schedule = scheduleFromEnv();
    const boss = new PgBoss({
      connectionString: process.env.DATABASE_URL,
      schema: JOBS_SCHEMA,
      max: 1,
      application_name: 'tsbn-backup-jobs',
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? pollingSecondsFromEnv(),
    });
    boss.on('error', (error) => this.logger.error(`Back-upplanner: ${error instanceof Error ? error.message : error}`));
    await boss.start();
    try {
      // Two processes starting at the same moment can deadlock in pg-boss's own tables: tried again.
      await retryOnDeadlock(async () => {
        await boss.createQueue(BACKUP_QUEUE, { name: BACKUP_QUEUE, policy: 'stately', retryLimit: RETRY_LIMIT, retryDelay: RETRY_DELAY_SECONDS, expireInMinutes: 120 });
        await boss.schedule(BACKUP_QUEUE, schedule.cron, {}, { tz: schedule.timeZone });
      });
      await retryOnDeadlock(() => boss.createQueue(NIGHT_BACKUP_QUEUE, { name: NIGHT_BACKUP_QUEUE, policy: 'standard', retryLimit: 12, retryDelay: nightRetrySeconds(), expireInMinutes: 120 }));
      await boss.work(BACKUP_QUEUE, async () => {
        await this.backups.runIfDue();
      });
      await boss.work(NIGHT_BACKUP_QUEUE, async () => {
        await this.backups.runAfterNight();
      });
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw error;
    }
    this.boss = boss;
    await boss.send(BACKUP_QUEUE, {});
    this.logger.log(`Back-ups: ${schedule.cron} (${schedule.timeZone}).`);
  }

  /**
   * A match night's last match became final: a backup (and its copy off the server) now, or, when
   * one was queued in the last half hour, one at the start of the next half hour (pg-boss's
   * debounce, by one key in PostgreSQL: every API process may ask, one job is made). So every final
   * result is off the server within about 35 minutes. Null when the planner does not run here.
   */
  async requestAfterNight(): Promise<string | null> {
    return this.boss ? this.boss.sendDebounced(NIGHT_BACKUP_QUEUE, {}, {}, NIGHT_BACKUP_EVERY_SECONDS, 'night') : null;
  }

  /** Queues a check now (at start, and the tests). */
  async checkNow(): Promise<string | null> {
    return this.boss ? this.boss.send(BACKUP_QUEUE, {}) : null;
  }

  async schedules(): Promise<{ name: string; cron: string; timezone: string | null }[]> {
    if (!this.boss) return [];
    return (await this.boss.getSchedules()).filter((s) => s.name === BACKUP_QUEUE).map((s) => ({ name: s.name, cron: s.cron, timezone: s.options?.tz ?? null }));
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
  }
}
