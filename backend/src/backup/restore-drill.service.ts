import path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { Clock } from '../reminders/clock';
import { backupDirectory, type BackupSchedule } from './backup-runner';
import { repositoryRoot } from './migrations';
import { drillDue, drillScheduleFromEnv, newestBackup, restoreDrill, withDrillLock } from './restore-drill';

export interface RestoreDrillView {
  status: 'SUCCEEDED' | 'FAILED';
  startedAt: Date;
  finishedAt: Date | null;
  file: string | null;
  directory: string | null;
  tablesChecked: number | null;
  rowsChecked: number | null;
  error: string | null;
}

export interface DrillRunResult {
  /** no-backup: there is nothing to try (no backup file, and none was ever made). */
  outcome: 'succeeded' | 'failed' | 'not-due' | 'busy' | 'no-backup';
  drillId?: string;
  error?: string;
}

/**
 * The API's side of restore drills: the weekly job (drill-scheduler.ts) runs one on the newest
 * backup when one is due for the current slot (a retry, a restart or a second API process never
 * makes a second one), records it in restore_drills (RUNNING → SUCCEEDED / FAILED) and logs one
 * line; Beheer, the to-do list and /api/metrics read the last finished one.
 */
@Injectable()
export class RestoreDrillService {
  private readonly logger = new Logger('Hersteltest');

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
  ) {}

  /** The scheduled job. `schedule: null` runs one whatever the last one was (tests). */
  async runIfDue(options: { schedule?: BackupSchedule | null; directory?: string } = {}): Promise<DrillRunResult> {
    const schedule = options.schedule === undefined ? drillScheduleFromEnv() : options.schedule;
    const directory = options.directory ?? backupDirectory(repositoryRoot());
    const connectionString = process.env.DATABASE_URL!;
    const result = await withDrillLock(connectionString, async (): Promise<DrillRunResult> => {
      const last = await this.prisma.restoreDrill.findFirst({ where: { status: { not: 'RUNNING' } }, orderBy: { startedAt: 'desc' } });
      if (schedule && !drillDue(last?.startedAt ?? null, schedule, this.clock.now())) return { outcome: 'not-due' };
      // A RUNNING row left by a process that died mid-drill: we hold the lock, so it is not running.
      await this.prisma.restoreDrill.updateMany({
        where: { status: 'RUNNING' },
        data: { status: 'FAILED', finishedAt: this.clock.now(), error: 'Afgebroken (het proces stopte tijdens de hersteltest).' },
      });
      const file = await newestBackup(directory);
      if (!file && !(await this.prisma.backupRun.count({ where: { status: 'SUCCEEDED' } }))) return { outcome: 'no-backup' };
      const startedAt = this.clock.now();
      const drill = await this.prisma.restoreDrill.create({ data: { startedAt, directory, file: file && path.basename(file) } });
      const outcome = file
        ? await restoreDrill({ file, connectionString, now: startedAt })
        : { outcome: 'failed' as const, error: new Error(`Geen back-upbestand gevonden in ${directory}, terwijl er wel back-ups gemaakt zijn. Staat BACKUP_DIR goed, of zijn de bestanden weggehaald?`) };
      const error = outcome.error?.message.slice(0, 2000) ?? null;
      await this.prisma.restoreDrill.update({
        where: { id: drill.id },
        data: {
          status: outcome.outcome === 'succeeded' ? 'SUCCEEDED' : 'FAILED',
          finishedAt: this.clock.now(),
          tablesChecked: 'tablesChecked' in outcome ? outcome.tablesChecked : null,
          rowsChecked: 'rowsChecked' in outcome ? outcome.rowsChecked : null,
          error,
        },
      });
      return { outcome: outcome.outcome, drillId: drill.id, error: error ?? undefined };
    });
    if (result === 'busy') {
      this.logger.log('Hersteltest overgeslagen: er loopt er al een.');
      return { outcome: 'busy' };
    }
    if (result.outcome === 'succeeded') this.logger.log(`Hersteltest geslaagd (de nieuwste back-up in ${directory}).`);
    else if (result.outcome === 'failed') this.logger.error(`Hersteltest mislukt: ${result.error}. Zie Beheer.`);
    else if (result.outcome === 'no-backup') this.logger.log(`Hersteltest overgeslagen: nog geen back-up in ${directory}.`);
    return result;
  }

  /** The last finished drill (a running one is not shown). */
  async lastDrill(): Promise<RestoreDrillView | null> {
    const row = await this.prisma.restoreDrill.findFirst({ where: { status: { not: 'RUNNING' } }, orderBy: { startedAt: 'desc' } });
    return row && toView(row);
  }
}

/** The last finished drill, and when the last good one finished: for the to-do list and /api/metrics (read like the backups' facts). */
export async function drillFacts(prisma: PrismaService): Promise<{ last: RestoreDrillView | null; lastSuccessAt: Date | null }> {
  const [last, success] = await Promise.all([
    prisma.restoreDrill.findFirst({ where: { status: { not: 'RUNNING' } }, orderBy: { startedAt: 'desc' } }),
    prisma.restoreDrill.findFirst({ where: { status: 'SUCCEEDED' }, orderBy: { startedAt: 'desc' }, select: { finishedAt: true, startedAt: true } }),
  ]);
  return { last: last && toView(last), lastSuccessAt: success ? (success.finishedAt ?? success.startedAt) : null };
}

function toView(row: Omit<RestoreDrillView, 'status'> & { status: string }): RestoreDrillView {
  return {
    status: row.status === 'SUCCEEDED' ? 'SUCCEEDED' : 'FAILED',
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    file: row.file,
    directory: row.directory,
    tablesChecked: row.tablesChecked,
    rowsChecked: row.rowsChecked,
    error: row.error,
  };
}
