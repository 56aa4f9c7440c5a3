import { Injectable, Logger } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { Clock } from '../reminders/clock';
import { FEDERATION_ZONE } from '../reminders/zone';
import { backupDirectory, runBackup, scheduleFromEnv, type BackupRunResult, type RunOptions } from './backup-runner';
import { repositoryRoot } from './migrations';
import { retentionFromEnv } from './retention';

export interface BackupRunView {
  startedAt: Date;
  finishedAt: Date | null;
  file: string | null;
  directory: string | null;
  sizeBytes: number | null;
  error: string | null;
  trigger: string;
  /** The copy off the server: when, or why it failed; both null when none is configured. */
  offsiteAt: Date | null;
  offsiteError: string | null;
}

/** The API's side of backups: the nightly job's run (through backup-runner) and what the Beheer page shows. */
@Injectable()
export class BackupService {
  private readonly logger = new Logger('Back-up');

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
  ) {}

  options(trigger: RunOptions['trigger'], extra: Partial<RunOptions> = {}): RunOptions {
    return {
      connectionString: process.env.DATABASE_URL!,
      directory: backupDirectory(repositoryRoot()),
      now: () => this.clock.now(),
      trigger,
      retention: retentionFromEnv(),
      dayOf: (moment) => FEDERATION_ZONE.today(moment),
      ...extra,
    };
  }

  /**
   * The scheduled job: a backup when one is due for the current slot of the schedule (so a
   * restart, a second API process or a retry never makes a second one), logged in one line.
   * A failure is logged once (not again while it keeps failing) and thrown, so pg-boss retries.
   */
  async runIfDue(extra: Partial<RunOptions> = {}): Promise<BackupRunResult> {
    const result = await runBackup(this.options('schedule', { schedule: scheduleFromEnv(), ...extra }));
    this.report(result);
    if (result.outcome === 'failed') throw result.error;
    return result;
  }

  /** The backup after a match night's last match became final (the pg-boss job the night queues). */
  async runAfterNight(): Promise<BackupRunResult> {
    const result = await runBackup(this.options('after-night'));
    this.report(result);
    if (result.outcome === 'failed') throw result.error;
    // Another backup holds the lock: it may have started before the night's last result, so this
    // one is tried again (pg-boss's retry) instead of being dropped.
    if (result.outcome === 'busy') throw new Error('Er loopt al een back-up; de back-up na de speelavond wordt zo opnieuw geprobeerd.');
    return result;
  }

  private report(result: BackupRunResult): void {
    if (result.outcome === 'made') {
      this.logger.log(`Back-up gemaakt: ${result.file} (${result.sizeBytes} bytes)${result.deleted?.length ? `; ${result.deleted.length} oude verwijderd` : ''}.`);
      if (result.failedBefore) this.logger.log('Back-ups lukken weer.');
    } else if (result.outcome === 'failed' && !result.failedBefore) {
      this.logger.error(`Back-up mislukt: ${result.error?.message}. Wordt opnieuw geprobeerd; zie Beheer.`);
    }
  }

  /** The last good backup, and the last failed attempt after it (shown until a backup succeeds again). */
  async status(): Promise<{ lastSuccess: BackupRunView | null; lastFailure: BackupRunView | null; running: boolean }> {
    const lastSuccess = await this.prisma.backupRun.findFirst({ where: { status: 'SUCCEEDED' }, orderBy: { startedAt: 'desc' } });
    const lastFailure = await this.prisma.backupRun.findFirst({
      where: { status: 'FAILED', ...(lastSuccess ? { startedAt: { gt: lastSuccess.startedAt } } : {}) },
      orderBy: { startedAt: 'desc' },
    });
    const running = (await this.prisma.backupRun.count({ where: { status: 'RUNNING' } })) > 0;
    const view = (run: typeof lastSuccess): BackupRunView | null =>
      run && {
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        file: run.file,
        directory: run.directory,
        sizeBytes: run.sizeBytes === null ? null : Number(run.sizeBytes),
        error: run.error,
        trigger: run.trigger,
        offsiteAt: run.offsiteAt,
        offsiteError: run.offsiteError,
      };
    return { lastSuccess: view(lastSuccess), lastFailure: view(lastFailure), running };
  }
}
