import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { retryOnDeadlock, retryStart, type RetryingStart } from '../jobs/retry-start';
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
export const JOBS_TIME_ZONE = 'Europe/Amsterdam';
/** pg-boss keeps its tables in a schema of its own, next to ours. */
export const JOBS_SCHEMA = 'pgboss';
/** How often a worker asks for jobs: the jobs run every 15 minutes or weekly, so half a minute late is fine. */
const POLLING_INTERVAL_SECONDS = 30;

/**
 * How often a planner asks for jobs, in seconds: JOBS_POLLING_SECONDS (1–300), else 30. The
 * tests that start API processes set it low, so a queued job does not wait half a minute.
 */
export function pollingSecondsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.JOBS_POLLING_SECONDS);
  return Number.isInteger(value) && value >= 1 && value <= 300 ? value : POLLING_INTERVAL_SECONDS;
}

/** Whether this process runs the scheduled jobs: SCHEDULED_JOBS=on (npm start sets it). */
export function jobsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return ['1', 'true', 'on', 'yes'].includes((env.SCHEDULED_JOBS ?? '').trim().toLowerCase());
}

/**
 * The reminder schedule, kept in PostgreSQL by pg-boss (schema "pgboss"): the cron schedules
 * and the jobs survive a restart, and several API processes share them (pg-boss hands each
 * job to one worker). At start one scan is queued, so what became due while the API was down
 * goes out at once. Started only when jobs are enabled; the API tests start it themselves.
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Planner');
  private boss: PgBoss | null = null;
  /** The start under way, tried again while it fails (a shutdown ends it, then stops the planner). */
  private starting: RetryingStart | null = null;

  constructor(
    private readonly reminders: RemindersService,
    private readonly finaliser: MatchFinaliserService,
  ) {}

  /**
   * Starts in the background: the API listens at once. A planner that cannot start (the
   * database is not reachable yet, or another process starting at the same moment deadlocked
   * it in pg-boss's tables) is logged and tried again, without taking the API down.
   */
  onApplicationBootstrap(): void {
    if (!jobsEnabled()) return;
    const starting = retryStart(
      () => this.start(),
      (error, next) => this.logger.error(`Taakplanner start niet (${error instanceof Error ? error.message : error}); nieuwe poging over ${Math.round(next / 1000)} s.`),
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
    const boss = new PgBoss({
      connectionString: process.env.DATABASE_URL,
      schema: JOBS_SCHEMA,
      max: 2,
      application_name: 'tsbn-jobs',
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? pollingSecondsFromEnv(),
    });
    boss.on('error', (error) => this.logger.error(`Taakplanner: ${error instanceof Error ? error.message : error}`));
    await boss.start();
    try {
      // Two processes starting at the same moment can deadlock in pg-boss's own tables: tried again.
      await retryOnDeadlock(() => this.declare(boss));
      await this.setUp(boss);
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw error;
    }
    this.boss = boss;
    await this.runScanNow();
    this.logger.log(`Herinneringen: elke 15 minuten, weekoverzicht maandag 08:00 (${JOBS_TIME_ZONE}).`);
  }

  /** The queues and their schedules (stored once, whichever process comes first). */
  private async declare(boss: PgBoss): Promise<void> {
    // stately: at most one scan waiting and one running, however many API processes there are.
    await boss.createQueue(SCAN_QUEUE, { name: SCAN_QUEUE, policy: 'stately', retryLimit: 2, expireInMinutes: 10 });
    await boss.createQueue(DIGEST_QUEUE, { name: DIGEST_QUEUE, policy: 'stately', retryLimit: 5, retryDelay: 300, expireInMinutes: 30 });
    await boss.createQueue(FINALISE_QUEUE, { name: FINALISE_QUEUE, policy: 'stately', retryLimit: 2, expireInMinutes: 5 });
    await boss.schedule(SCAN_QUEUE, SCAN_CRON, {}, { tz: JOBS_TIME_ZONE });
    await boss.schedule(DIGEST_QUEUE, DIGEST_CRON, {}, { tz: JOBS_TIME_ZONE });
    await boss.schedule(FINALISE_QUEUE, FINALISE_CRON, {}, { tz: JOBS_TIME_ZONE });
  }

  /** This process's workers. */
  private async setUp(boss: PgBoss): Promise<void> {
    await boss.work(SCAN_QUEUE, async () => {
      await this.reminders.scan();
    });
    await boss.work(DIGEST_QUEUE, async () => {
      await this.reminders.sendDigests();
    });
    await boss.work(FINALISE_QUEUE, async () => {
      await this.finaliser.finaliseDue();
    });
  }

  /** Queues a scan now (at start: catch up what became due while the API was down). */
  async runScanNow(): Promise<string | null> {
    if (this.boss) await this.boss.send(FINALISE_QUEUE, {});
    return this.boss ? this.boss.send(SCAN_QUEUE, {}) : null;
  }

  async schedules(): Promise<{ name: string; cron: string; timezone: string | null }[]> {
    if (!this.boss) return [];
    return (await this.boss.getSchedules()).map((s) => ({ name: s.name, cron: s.cron, timezone: s.options?.tz ?? null }));
  }

  /** Waits for the job in hand to finish, then lets go of the database. */
  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
  }
}
