import { Injectable } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import { PgBossPlanner, type PlannerStartOptions } from '../jobs/pg-boss-planner';
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
export class DrillScheduler extends PgBossPlanner {
  constructor(private readonly drills: RestoreDrillService) {
    super('Hersteltestplanner', 'tsbn-drill-jobs');
  }

  protected async declare(boss: PgBoss): Promise<void> {
    const schedule = drillScheduleFromEnv();
    await boss.createQueue(DRILL_QUEUE, { name: DRILL_QUEUE, policy: 'stately', retryLimit: RETRY_LIMIT, retryDelay: RETRY_DELAY_SECONDS, expireInMinutes: 120 });
    await boss.schedule(DRILL_QUEUE, schedule.cron, {}, { tz: schedule.timeZone });
  }

  protected async setUp(boss: PgBoss): Promise<void> {
    await boss.work(DRILL_QUEUE, async () => {
      await this.drills.runIfDue();
    });
  }

  /** At start a check, after `startupDelaySeconds` (default 10 minutes; tests: 0). */
  protected async started(boss: PgBoss, options: PlannerStartOptions): Promise<void> {
    await boss.send(DRILL_QUEUE, {}, { startAfter: options.startupDelaySeconds ?? STARTUP_DELAY_SECONDS });
    const schedule = drillScheduleFromEnv();
    this.logger.log(`Hersteltests: ${schedule.cron} (${schedule.timeZone}).`);
  }

  async schedules(): Promise<{ name: string; cron: string; timezone: string | null }[]> {
    return this.schedulesOf([DRILL_QUEUE]);
  }
}
