import { Injectable } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import { PgBossPlanner } from '../jobs/pg-boss-planner';
import { MatchFinaliserService } from '../matches/match-finaliser.service';
import { RemindersService } from './reminders.service';

export const SCAN_QUEUE = 'reminders-scan';
export const DIGEST_QUEUE = 'reminders-weekly-digest';
/** Every 15 minutes; the weekly summary on Monday 08:00 in the Netherlands. */
export const SCAN_CRON = '*/15 * * * *';
export const DIGEST_CRON = '0 8 * * 1';
/** Matches whose correction window (or paper form's hours) ran out become final: every minute, and at start. */
export const FINALISE_QUEUE = 'matches-finalise';
export const FINALISE_CRON = '* * * * *';
/**
 * A match's own moment (issue 47: "om 05:06" became final at 05:07:56): each minute's run plans a
 * job at the moment of every match due within FINALISE_PLAN_AHEAD_MS (pg-boss startAfter), one
 * per match and moment however many processes plan it (policy "short": one queued job per
 * singletonKey), asked for every FINALISE_AT_POLLING_SECONDS: final within seconds of its moment.
 */
export const FINALISE_AT_QUEUE = 'matches-finalise-at';
export const FINALISE_PLAN_AHEAD_MS = 5 * 60_000;
export const FINALISE_AT_POLLING_SECONDS = 2;
export const JOBS_TIME_ZONE = 'Europe/Amsterdam';
export { JOBS_SCHEMA, jobsEnabled, pollingSecondsFromEnv } from '../jobs/pg-boss-planner';

/**
 * The reminder schedule, kept in PostgreSQL by pg-boss (schema "pgboss"): the cron schedules
 * and the jobs survive a restart, and several API processes share them (pg-boss hands each
 * job to one worker). At start one scan is queued, so what became due while the API was down
 * goes out at once. Started only when jobs are enabled; the API tests start it themselves.
 */
@Injectable()
export class ReminderScheduler extends PgBossPlanner {
  constructor(
    private readonly reminders: RemindersService,
    private readonly finaliser: MatchFinaliserService,
  ) {
    super('Taakplanner', 'tsbn-jobs', 2);
  }

  /** At start: catch up what became due while the API was down. */
  protected async started(): Promise<void> {
    await this.runScanNow();
    this.logger.log(`Herinneringen: elke 15 minuten, weekoverzicht maandag 08:00 (${JOBS_TIME_ZONE}).`);
  }

  /** The queues and their schedules (stored once, whichever process comes first). */
  protected async declare(boss: PgBoss): Promise<void> {
    // stately: at most one scan waiting and one running, however many API processes there are.
    await boss.createQueue(SCAN_QUEUE, { name: SCAN_QUEUE, policy: 'stately', retryLimit: 2, expireInMinutes: 10 });
    await boss.createQueue(DIGEST_QUEUE, { name: DIGEST_QUEUE, policy: 'stately', retryLimit: 5, retryDelay: 300, expireInMinutes: 30 });
    await boss.createQueue(FINALISE_QUEUE, { name: FINALISE_QUEUE, policy: 'stately', retryLimit: 2, expireInMinutes: 5 });
    await boss.createQueue(FINALISE_AT_QUEUE, { name: FINALISE_AT_QUEUE, policy: 'short', retryLimit: 2, expireInMinutes: 5 });
    await boss.schedule(SCAN_QUEUE, SCAN_CRON, {}, { tz: JOBS_TIME_ZONE });
    await boss.schedule(DIGEST_QUEUE, DIGEST_CRON, {}, { tz: JOBS_TIME_ZONE });
    await boss.schedule(FINALISE_QUEUE, FINALISE_CRON, {}, { tz: JOBS_TIME_ZONE });
  }

  /** This process's workers. */
  protected async setUp(boss: PgBoss): Promise<void> {
    await boss.work(SCAN_QUEUE, async () => {
      await this.reminders.scan();
    });
    await boss.work(DIGEST_QUEUE, async () => {
      await this.reminders.sendDigests();
    });
    await boss.work(FINALISE_QUEUE, async () => {
      await this.finaliser.finaliseDue();
      await this.planFinalMoments();
    });
    await boss.work(FINALISE_AT_QUEUE, { pollingIntervalSeconds: FINALISE_AT_POLLING_SECONDS }, async () => {
      await this.finaliser.finaliseDue();
    });
  }

  /** A job at the moment of each match that becomes final soon (FINALISE_AT_QUEUE); one per match and moment. */
  async planFinalMoments(now: Date = new Date()): Promise<number> {
    const boss = this.boss;
    if (!boss) return 0;
    let planned = 0;
    for (const { id, finalDueAt } of await this.finaliser.comingSoon(FINALISE_PLAN_AHEAD_MS, now)) {
      if (await boss.send(FINALISE_AT_QUEUE, { matchId: id }, { startAfter: finalDueAt, singletonKey: `${id}@${finalDueAt.toISOString()}` })) planned++;
    }
    return planned;
  }

  /** Queues a scan now (at start: catch up what became due while the API was down). */
  async runScanNow(): Promise<string | null> {
    // The finalisation first: what became due is final, what is due soon is planned at its moment.
    if (this.boss) await this.boss.send(FINALISE_QUEUE, {});
    return this.boss ? this.boss.send(SCAN_QUEUE, {}) : null;
  }

  schedules(): Promise<{ name: string; cron: string; timezone: string | null }[]> {
    return this.schedulesOf();
  }
}
