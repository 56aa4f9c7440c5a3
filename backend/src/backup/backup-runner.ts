/**
 * Making one backup, the way the nightly job and `npm run backup` both do it:
 *
 * 1. Only one at a time across every API process and the command line: a PostgreSQL advisory
 *    lock (session level, on a connection of its own) is taken first; whoever does not get it
 *    stops ("busy") without touching anything.
 * 2. The run is recorded in `backup_runs` (RUNNING → SUCCEEDED / FAILED), so the Beheer page,
 *    the to-do list and /api/metrics show it.
 * 3. The file is written under a temporary name (`.<name>.partial`), flushed to disk, read back
 *    whole and checked (every table's count and checksum), and only then renamed to its final
 *    name. A killed or failed backup leaves at most a `.partial` file, which never looks like a
 *    backup and is removed by the next run.
 * 4. Retention: what backupsToKeep does not keep is deleted. Each backup's kind (nightly, by
 *    hand, before an upgrade, before a restore) is in its file name, so retention keeps each kind
 *    by itself (retention.ts).
 *
 * The folder is made (or narrowed to) mode 700 and every file is written with mode 600: only the
 * service's user reads backups. A write error (a full disk) ends the run at once: the run is
 * recorded FAILED with the reason in Dutch, the partial file removed, the lock released.
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import parser from 'cron-parser';
import pg from 'pg';
import type { Writable } from 'node:stream';
import { readBackupFile, writeBackupFile, type BackupSummary } from './backup-file';
import { checkOffsite, copyOffsite, forgetOffsite, offsiteConfig, type OffsiteConfig, type OffsiteCopy } from './offsite';
import { weekday, type IsoDate } from '../domain/dates';
import { BACKUP_KIND_WORDS, backupKindOfWord, backupsToKeep, type BackupKind, type RetentionSettings } from './retention';

/** The advisory lock's key (any fixed number; "25" for the issue, "04:25"). */
export const BACKUP_LOCK_KEY = 250_425;
/** `tsbn-backup-<UTC moment>-<kind>.gz`; a name without its kind (made before issue 45) counts as a nightly one. */
export const BACKUP_FILE_PATTERN = /^tsbn-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:-(gepland|handmatig|voor-upgrade|voor-herstel|na-speelavond))?\.gz$/;
export const DEFAULT_BACKUP_SCHEDULE = '0 4 * * *';
export const DEFAULT_BACKUP_TIME_ZONE = 'Europe/Amsterdam';

/** The calendar day of a moment in a time zone (default the federation's), as YYYY-MM-DD. */
export function dayIn(moment: Date, timeZone = DEFAULT_BACKUP_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

/** The file name of a backup made at `moment` (UTC, sortable), with its kind. */
export function backupFileName(moment: Date, kind: BackupKind): string {
  return `tsbn-backup-${moment.toISOString().replace(/:/g, '-').replace('.', '-')}-${BACKUP_KIND_WORDS[kind]}.gz`;
}

/** The kind in a backup's file name (without one: nightly); null for a file that is not a backup. */
export function backupKind(name: string): BackupKind | null {
  const m = BACKUP_FILE_PATTERN.exec(name);
  return m ? (m[6] ? backupKindOfWord(m[6]) : 'schedule') : null;
}

/** The moment in a backup's file name; null for a file that is not a backup. */
export function backupMoment(name: string): Date | null {
  const m = BACKUP_FILE_PATTERN.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}

/** BACKUP_DIR, else `.data/backups` under the repository. */
export function backupDirectory(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.BACKUP_DIR?.trim();
  return dir ? path.resolve(root, dir) : path.join(root, '.data', 'backups');
}

export interface BackupSchedule {
  cron: string;
  timeZone: string;
}

export function scheduleFromEnv(env: NodeJS.ProcessEnv = process.env): BackupSchedule {
  return { cron: env.BACKUP_SCHEDULE?.trim() || DEFAULT_BACKUP_SCHEDULE, timeZone: env.BACKUP_TIME_ZONE?.trim() || DEFAULT_BACKUP_TIME_ZONE };
}

/**
 * The scheduled moment a backup is due for at `now`: the latest slot of the schedule at or before
 * now (a minute's grace either side, for a job that starts a little early or late).
 */
export function currentSlot(schedule: BackupSchedule, now: Date): Date {
  const expression = parser.parseExpression(schedule.cron, { currentDate: new Date(now.getTime() + 60_000), tz: schedule.timeZone });
  return expression.prev().toDate();
}

/** Due when no good backup was started since the current slot (a minute's grace). */
export function backupDue(lastSuccessStartedAt: Date | null, schedule: BackupSchedule, now: Date): boolean {
  if (!lastSuccessStartedAt) return true;
  return lastSuccessStartedAt.getTime() < currentSlot(schedule, now).getTime() - 60_000;
}

export interface RunOptions {
  connectionString: string;
  directory: string;
  now: () => Date;
  /** The kind of backup: in its file name and backup_runs.trigger. */
  trigger: BackupKind;
  retention: RetentionSettings;
  /** The calendar day of a moment in the federation's time zone (for retention). */
  dayOf: (moment: Date) => string;
  /** With a schedule: make one only when it is due (the nightly job); without: always (`npm run backup`). */
  schedule?: BackupSchedule;
  /** Tests: called after each table is written (to kill a backup half-way). */
  onTable?: (table: string) => void | Promise<void>;
  /** Tests: where the file's bytes go instead of the partial file (one that fills up like a full disk). */
  openOutput?: (file: string) => Writable;
  /** The copy off the server: default the environment's (RESTIC_REPOSITORY); null: none. */
  offsite?: OffsiteConfig | null;
}

export interface BackupRunResult {
  outcome: 'made' | 'not-due' | 'busy' | 'failed';
  runId?: string;
  file?: string;
  sizeBytes?: number;
  summary?: BackupSummary;
  deleted?: string[];
  error?: Error;
  /** Whether the run before this one failed too (the caller logs a failure once). */
  failedBefore?: boolean;
  /** The copy off the server, when one is configured: made, or why not (the backup itself is good). */
  offsite?: { copy?: OffsiteCopy; error?: string };
}

/**
 * After a good backup: its copy off the server (restic), recorded on the run. A failure is recorded
 * and reported, never undoes the backup. After the nightly backup, the repository's retention; on
 * Sundays also `restic check`.
 */
async function copyOffsiteRecorded(db: pg.Client, runId: string, file: string, options: RunOptions): Promise<BackupRunResult['offsite']> {
  let config: OffsiteConfig | null;
  try {
    config = options.offsite === undefined ? offsiteConfig() : options.offsite;
  } catch (error) {
    config = null;
    await db.query(`UPDATE backup_runs SET "offsiteError" = $2 WHERE id = $1`, [runId, (error as Error).message]);
    return { error: (error as Error).message };
  }
  if (!config) return undefined;
  try {
    const copy = await copyOffsite(config, file);
    await db.query(`UPDATE backup_runs SET "offsiteAt" = $2, "offsiteSnapshot" = $3, "offsiteBytes" = $4 WHERE id = $1`, [runId, options.now(), copy.snapshotId, copy.addedBytes]);
    if (options.trigger === 'schedule') {
      await forgetOffsite(config, options.retention);
      if (weekday(options.dayOf(options.now()) as IsoDate) === 0) await checkOffsite(config); // Sunday
    }
    return { copy };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.query(`UPDATE backup_runs SET "offsiteError" = $2 WHERE id = $1`, [runId, message.slice(0, 2000)]).catch(() => undefined);
    return { error: message };
  }
}

async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a backup (see the file's comment). Never throws for a failed backup: outcome 'failed'. */
export async function runBackup(options: RunOptions): Promise<BackupRunResult> {
  const lock = new pg.Client({ connectionString: options.connectionString, application_name: 'tsbn-backup-lock' });
  await lock.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [BACKUP_LOCK_KEY]);
    if (!rows[0].locked) return { outcome: 'busy' };
    let result: BackupRunResult;
    try {
      result = await runLocked(lock, options);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]).catch(() => undefined);
    }
    // The copy off the server after the lock: restic may take minutes (a slow line, its retention,
    // the Sunday check) and the next backup need not wait for it; restic locks its repository itself.
    if (result.outcome === 'made') result.offsite = await copyOffsiteRecorded(lock, result.runId!, result.file!, options);
    return result;
  } finally {
    await lock.end().catch(() => undefined);
  }
}

async function runLocked(db: pg.Client, options: RunOptions): Promise<BackupRunResult> {
  const { rows: previous } = await db.query<{ status: string; startedAt: Date }>(
    `SELECT status, "startedAt" FROM backup_runs WHERE status <> 'RUNNING' ORDER BY "startedAt" DESC LIMIT 1`,
  );
  const failedBefore = previous[0]?.status === 'FAILED';
  if (options.schedule) {
    const { rows } = await db.query<{ startedAt: Date }>(`SELECT "startedAt" FROM backup_runs WHERE status = 'SUCCEEDED' ORDER BY "startedAt" DESC LIMIT 1`);
    if (!backupDue(rows[0]?.startedAt ?? null, options.schedule, options.now())) return { outcome: 'not-due' };
  }
  // A RUNNING row left by a process that died mid-backup: we hold the lock, so it is not running.
  await db.query(`UPDATE backup_runs SET status = 'FAILED', "finishedAt" = $1, error = 'Afgebroken (het proces stopte tijdens de back-up).' WHERE status = 'RUNNING'`, [options.now()]);
  const runId = randomUUID();
  const startedAt = options.now();
  const name = backupFileName(startedAt, options.trigger);
  const temporary = path.join(options.directory, `.${name}.partial`);
  const final = path.join(options.directory, name);
  await db.query(`INSERT INTO backup_runs (id, status, trigger, "startedAt", directory) VALUES ($1, 'RUNNING', $2, $3, $4)`, [runId, options.trigger, startedAt, options.directory]);
  try {
    await privateDirectory(options.directory);
    await removePartials(options.directory);
    const written = await writeBackupFile(options.connectionString, temporary, { now: startedAt, onTable: options.onTable, openOutput: options.openOutput });
    await fsyncPath(temporary);
    const read = await readBackupFile(temporary);
    if (JSON.stringify(read.tables) !== JSON.stringify(written.tables)) throw new Error('Teruglezen van de back-up gaf andere tellingen dan het schrijven.');
    await rename(temporary, final);
    await fsyncPath(options.directory);
    const sizeBytes = (await stat(final)).size;
    const details = {
      migrations: written.header.migrations.map((m) => m.migration_name),
      tables: Object.fromEntries(written.tables.map((t) => [t.table, t.rows])),
    };
    await db.query(`UPDATE backup_runs SET status = 'SUCCEEDED', "finishedAt" = $2, file = $3, "sizeBytes" = $4, details = $5 WHERE id = $1`, [
      runId,
      options.now(),
      name,
      sizeBytes,
      JSON.stringify(details),
    ]);
    const deleted = await prune({ ...options, now: options.now() });
    return { outcome: 'made', runId, file: final, sizeBytes, summary: written, deleted, failedBefore };
  } catch (caught) {
    const error = caught instanceof Error ? caught : new Error(String(caught));
    await rm(temporary, { force: true }).catch(() => undefined);
    await db
      .query(`UPDATE backup_runs SET status = 'FAILED', "finishedAt" = $2, error = $3 WHERE id = $1`, [runId, options.now(), error.message.slice(0, 2000)])
      .catch(() => undefined);
    return { outcome: 'failed', runId, error, failedBefore };
  }
}

/**
 * The backup folder, made if needed, readable by the service's user only (700). A folder of
 * someone else's (a mounted share) is left as it is: the files themselves are 600.
 */
async function privateDirectory(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const { mode, uid } = await stat(directory);
  if ((mode & 0o077) !== 0 && (process.getuid === undefined || uid === process.getuid())) await chmod(directory, 0o700);
}

/** Leftovers of killed backups (only called while holding the lock). */
async function removePartials(directory: string): Promise<void> {
  for (const entry of await readdir(directory)) {
    if (entry.startsWith('.tsbn-backup-') && entry.endsWith('.partial')) await rm(path.join(directory, entry), { force: true });
  }
}

/** Deletes the backups the retention settings do not keep (each kind by itself, none younger than 24 h); returns their names. */
export async function prune(options: Pick<RunOptions, 'directory' | 'retention' | 'dayOf'> & { now: Date }): Promise<string[]> {
  const entries = (await readdir(options.directory))
    .map((name) => ({ name, createdAt: backupMoment(name), kind: backupKind(name) }))
    .filter((e): e is { name: string; createdAt: Date; kind: BackupKind } => e.createdAt !== null && e.kind !== null)
    .map((e) => ({ ...e, day: options.dayOf(e.createdAt) }));
  const keep = backupsToKeep(entries, options.retention, options.now);
  const deleted: string[] = [];
  for (const entry of entries) {
    if (keep.has(entry.name)) continue;
    await rm(path.join(options.directory, entry.name), { force: true });
    deleted.push(entry.name);
  }
  return deleted.sort();
}
