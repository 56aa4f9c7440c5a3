import { Injectable } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import { PgBossPlanner } from '../jobs/pg-boss-planner';
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
export class BackupScheduler extends PgBossPlanner {
  constructor(private readonly backups: BackupService) {
    super('Back-upplanner', 'tsbn-backup-jobs');
  }

  protected async declare(boss: PgBoss): Promise<void> {
    const schedule = scheduleFromEnv();
    await boss.createQueue(BACKUP_QUEUE, { name: BACKUP_QUEUE, policy: 'stately', retryLimit: RETRY_LIMIT, retryDelay: RETRY_DELAY_SECONDS, expireInMinutes: 120 });
    await boss.schedule(BACKUP_QUEUE, schedule.cron, {}, { tz: schedule.timeZone });
    await boss.createQueue(NIGHT_BACKUP_QUEUE, { name: NIGHT_BACKUP_QUEUE, policy: 'standard', retryLimit: 12, retryDelay: nightRetrySeconds(), expireInMinutes: 120 });
  }

  protected async setUp(boss: PgBoss): Promise<void> {
    await boss.work(BACKUP_QUEUE, async () => {
      await this.backups.runIfDue();
    });
    await boss.work(NIGHT_BACKUP_QUEUE, async () => {
      await this.backups.runAfterNight();
    });
  }

  /** At start one check: a night missed while the API was down is made up at once. */
  protected async started(boss: PgBoss): Promise<void> {
    await boss.send(BACKUP_QUEUE, {});
    const schedule = scheduleFromEnv();
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
    return this.schedulesOf([BACKUP_QUEUE]);
  }
}
