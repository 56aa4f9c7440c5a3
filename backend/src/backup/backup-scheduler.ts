import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { jobsEnabled, JOBS_SCHEMA } from '../reminders/reminder-scheduler';
import { scheduleFromEnv } from './backup-runner';
import { BackupService } from './backup.service';

export const BACKUP_QUEUE = 'backup-nightly';
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
  private starting: Promise<void> | null = null;

  constructor(private readonly backups: BackupService) {}

  onApplicationBootstrap(): void {
    if (!jobsEnabled()) return;
    this.starting = this.start()
      .catch((error) => this.logger.error(`Back-upplanner start niet; er worden geen back-ups gemaakt: ${error instanceof Error ? error.message : error}`))
      .finally(() => (this.starting = null));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.starting;
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
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30,
    });
    boss.on('error', (error) => this.logger.error(`Back-upplanner: ${error instanceof Error ? error.message : error}`));
    await boss.start();
    try {
      // Two processes starting at the same moment can deadlock in pg-boss's own tables: try again.
      for (let attempt = 1; ; attempt++) {
        try {
          await boss.createQueue(BACKUP_QUEUE, { name: BACKUP_QUEUE, policy: 'stately', retryLimit: RETRY_LIMIT, retryDelay: RETRY_DELAY_SECONDS, expireInMinutes: 120 });
          await boss.schedule(BACKUP_QUEUE, schedule.cron, {}, { tz: schedule.timeZone });
          break;
        } catch (error) {
          if (attempt >= 3 || (error as { code?: string }).code !== '40P01') throw error;
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
      await boss.work(BACKUP_QUEUE, async () => {
        await this.backups.runIfDue();
      });
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw error;
    }
    this.boss = boss;
    await boss.send(BACKUP_QUEUE, {});
    this.logger.log(`Back-ups: ${schedule.cron} (${schedule.timeZone}).`);
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
