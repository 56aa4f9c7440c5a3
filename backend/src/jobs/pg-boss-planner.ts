import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { retryOnDeadlock, retryStart, type RetryingStart } from './retry-start';

/** pg-boss keeps its tables in a schema of its own, next to ours (every planner shares it). */
export const JOBS_SCHEMA = 'pgboss';
/** How often a worker asks for jobs: the jobs run every minute, 15 minutes or weekly, so half a minute late is fine. */
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

export interface PlannerStartOptions {
  pollingIntervalSeconds?: number;
  /** When the catch-up job queued at start may run (the restore drill waits; tests: 0). */
  startupDelaySeconds?: number;
}

/**
 * One pg-boss planner (the reminders, the backups, the restore drill): started in the background
 * when the API boots and tried again while it fails (the database not reachable yet, a deadlock in
 * pg-boss's tables with another process starting at the same moment), so the API listens at once;
 * stopped after the job in hand when the API shuts down. A subclass says which queues and
 * schedules it keeps (`declare`, stored once whichever process comes first), which of them this
 * process works (`setUp`) and what it queues at start to catch up (`started`).
 */
export abstract class PgBossPlanner implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger: Logger;
  protected boss: PgBoss | null = null;
  private starting: RetryingStart | null = null;

  /**
   * @param name the planner's name in the log ("Back-upplanner")
   * @param applicationName its connections' application_name (pg_stat_activity)
   * @param connections its pool (pg-boss's `max`)
   */
  protected constructor(
    private readonly name: string,
    private readonly applicationName: string,
    private readonly connections = 1,
  ) {
    this.logger = new Logger(name);
  }

  protected abstract declare(boss: PgBoss): Promise<void>;
  protected abstract setUp(boss: PgBoss): Promise<void>;
  protected abstract started(boss: PgBoss, options: PlannerStartOptions): Promise<void>;

  onApplicationBootstrap(): void {
    if (!jobsEnabled()) return;
    const starting = retryStart(
      () => this.start(),
      (error, next) => this.logger.error(`${this.name} start niet (${error instanceof Error ? error.message : error}); nieuwe poging over ${Math.round(next / 1000)} s.`),
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

  async start(options: PlannerStartOptions = {}): Promise<void> {
    if (this.boss) return;
    const boss = new PgBoss({
      connectionString: process.env.DATABASE_URL,
      schema: JOBS_SCHEMA,
      max: this.connections,
      application_name: this.applicationName,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? pollingSecondsFromEnv(),
    });
    boss.on('error', (error) => this.logger.error(`${this.name}: ${error instanceof Error ? error.message : error}`));
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
    await this.started(boss, options);
  }

  /** The stored schedules of these queues (all of them without a list). */
  protected async schedulesOf(queues?: readonly string[]): Promise<{ name: string; cron: string; timezone: string | null }[]> {
    if (!this.boss) return [];
    return (await this.boss.getSchedules()).filter((s) => !queues || queues.includes(s.name)).map((s) => ({ name: s.name, cron: s.cron, timezone: s.options?.tz ?? null }));
  }

  /** Waits for the job in hand to finish, then lets go of the database. */
  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
  }
}
