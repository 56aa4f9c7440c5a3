/**
 * Restore drills (issue 45 item 5): a backup is only as good as the restore nobody tried. A drill
 * restores a backup file into a scratch database on the same server (`<db>_hersteltest_<moment>`),
 * with exactly the restore of `npm run restore` (restore.ts: the file checked whole, migrated to
 * its level, loaded, every table compared with the file by count and checksum, newer migrations
 * applied), and drops that database again whatever happened. Nothing else is touched: not the
 * running database, not the backup folder.
 *
 * Used by the weekly job (restore-drill.service.ts, which records the outcome in restore_drills)
 * and by `npm run restore -- --check [<file>]` (checkCommand, which records nothing).
 *
 * One drill at a time per database: a PostgreSQL advisory lock of its own (a backup may run
 * beside it). Holding it, a drill first drops the scratch databases a killed drill left behind.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { quoteIdent } from './backup-file';
import { backupDirectory, backupMoment, currentSlot, DEFAULT_BACKUP_TIME_ZONE, type BackupSchedule } from './backup-runner';
import { repositoryRoot } from './migrations';
import { databaseUrl, restoreBackup, sideName } from './restore';

/** The drill's advisory lock (any fixed number, apart from the backup's 250425). */
export const DRILL_LOCK_KEY = 450_505;
/** The word in a scratch database's name. */
export const SCRATCH_WORD = 'hersteltest';

/** Sunday 05:00: an hour after the nightly backup, on the quietest morning of the week. */
export const DEFAULT_DRILL_SCHEDULE = '0 5 * * 0';

/** RESTORE_DRILL_SCHEDULE (cron, default weekly Sunday 05:00), in BACKUP_TIME_ZONE (default Europe/Amsterdam) like the backups. */
export function drillScheduleFromEnv(env: NodeJS.ProcessEnv = process.env): BackupSchedule {
  return { cron: env.RESTORE_DRILL_SCHEDULE?.trim() || DEFAULT_DRILL_SCHEDULE, timeZone: env.BACKUP_TIME_ZONE?.trim() || DEFAULT_BACKUP_TIME_ZONE };
}

/** Due when no drill was started since the current slot of the schedule (a minute's grace, as backups). */
export function drillDue(lastStartedAt: Date | null, schedule: BackupSchedule, now: Date): boolean {
  return !lastStartedAt || lastStartedAt.getTime() < currentSlot(schedule, now).getTime() - 60_000;
}

/** The database a connection string names. */
export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** `<current>_hersteltest_<YYYYMMDD_HHMMSS>` (UTC), shortened to PostgreSQL's 63 characters as restore.ts does. */
export function scratchDatabaseName(current: string, moment: Date): string {
  return sideName(current, SCRATCH_WORD, moment);
}

/** Whether `name` is a scratch database of a drill of `current` (what a killed drill may leave behind). */
export function isScratchDatabaseOf(current: string, name: string): boolean {
  const prefix = scratchDatabaseName(current, new Date(0)).slice(0, -'YYYYMMDD_HHMMSS'.length);
  return name.startsWith(prefix) && /^\d{8}_\d{6}$/.test(name.slice(prefix.length));
}

/** The newest backup in `directory` by the moment in its name (any kind); null when there is none. */
export async function newestBackup(directory: string): Promise<string | null> {
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const newest = names
    .map((name) => ({ name, at: backupMoment(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.name.localeCompare(a.name))[0];
  return newest ? path.join(directory, newest.name) : null;
}

/**
 * Runs `work` holding the drill lock (on a connection to the database itself: advisory locks
 * belong to one database); 'busy' when another drill holds it.
 */
export async function withDrillLock<T>(connectionString: string, work: () => Promise<T>): Promise<T | 'busy'> {
  const lock = new pg.Client({ connectionString, application_name: 'tsbn-restore-drill-lock' });
  await lock.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [DRILL_LOCK_KEY]);
    if (!rows[0].locked) return 'busy';
    try {
      return await work();
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [DRILL_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await lock.end().catch(() => undefined);
  }
}

async function onServer<T extends pg.QueryResultRow>(connectionString: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const admin = new pg.Client({ connectionString: databaseUrl(connectionString, 'postgres'), application_name: 'tsbn-restore-drill' });
  await admin.connect();
  try {
    return (await admin.query<T>(sql, params)).rows;
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** The scratch databases of this database that exist now (sorted). */
export async function scratchDatabases(connectionString: string): Promise<string[]> {
  const current = databaseOf(connectionString);
  const rows = await onServer<{ datname: string }>(connectionString, 'SELECT datname FROM pg_database ORDER BY datname');
  return rows.map((r) => r.datname).filter((name) => isScratchDatabaseOf(current, name));
}

async function dropDatabase(connectionString: string, name: string): Promise<void> {
  await onServer(connectionString, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}

export interface DrillOutcome {
  outcome: 'succeeded' | 'failed';
  file: string;
  /** The scratch database it used (gone again). */
  database: string;
  /** Tables and rows found equal to the file (succeeded only). */
  tablesChecked?: number;
  rowsChecked?: number;
  /** When the backup was made (from its header; succeeded only). */
  backupCreatedAt?: string;
  /** Migrations applied after the data: the backup was older than the code. */
  upgradedBy?: string[];
  error?: Error;
  /** Scratch databases of killed drills that were dropped first. */
  leftoversDropped: string[];
}

/**
 * One drill on `file`; call it holding the drill lock (withDrillLock). Never throws for a drill
 * that fails: outcome 'failed' with the reason in Dutch. The scratch database is dropped in every
 * case; when even that fails, the drill failed.
 */
export async function restoreDrill(options: { file: string; connectionString: string; now: Date }): Promise<DrillOutcome> {
  const { file, connectionString } = options;
  const database = scratchDatabaseName(databaseOf(connectionString), options.now);
  const leftoversDropped: string[] = [];
  let result: DrillOutcome;
  try {
    for (const name of await scratchDatabases(connectionString)) {
      await dropDatabase(connectionString, name);
      leftoversDropped.push(name);
    }
    const found = await stat(file).catch(() => null);
    if (!found?.isFile()) throw new Error(`Back-upbestand ${file} bestaat niet (of is geen bestand).`);
    const restored = await restoreBackup({ file, serverUrl: connectionString, database, now: () => options.now });
    result = {
      outcome: 'succeeded',
      file,
      database,
      tablesChecked: restored.summary.tables.length,
      rowsChecked: restored.summary.tables.reduce((sum, t) => sum + t.rows, 0),
      backupCreatedAt: restored.summary.header.createdAt,
      upgradedBy: restored.upgradedBy,
      leftoversDropped,
    };
  } catch (caught) {
    result = { outcome: 'failed', file, database, error: caught instanceof Error ? caught : new Error(String(caught)), leftoversDropped };
  }
  try {
    await dropDatabase(connectionString, database);
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    const before = result.error ? `${result.error.message} ` : '';
    result = { ...result, outcome: 'failed', error: new Error(`${before}De tijdelijke database "${database}" kon niet worden verwijderd: ${reason}`) };
  }
  return result;
}

const count = (n: number) => n.toLocaleString('nl-NL');

/** The Dutch verdict of a drill, as the command prints it (the first line says which). */
export function drillVerdict(result: DrillOutcome): string[] {
  const lines: string[] = [];
  if (result.leftoversDropped.length) lines.push(`Eerst opgeruimd: tijdelijke database(s) van een afgebroken hersteltest: ${result.leftoversDropped.join(', ')}.`);
  if (result.outcome === 'succeeded') {
    lines.push(`Hersteltest geslaagd: ${result.file}`);
    lines.push(`  Teruggezet in de tijdelijke database "${result.database}" en vergeleken: alle ${result.tablesChecked} tabellen (${count(result.rowsChecked!)} rijen) zijn gelijk aan de back-up (aantallen en controlesommen).`);
    lines.push(`  Back-up van ${result.backupCreatedAt}.${result.upgradedBy?.length ? ` Daarna bijgewerkt met de nieuwere migraties: ${result.upgradedBy.join(', ')}.` : ''}`);
  } else {
    lines.push(`Hersteltest MISLUKT: ${result.file}`);
    lines.push(`  ${result.error?.message ?? 'Onbekende fout.'}`);
  }
  lines.push(`  De tijdelijke database "${result.database}" is weer verwijderd; verder is er niets veranderd.`);
  return lines;
}

/** Exit code when another drill runs (EX_TEMPFAIL, as `npm run backup` when busy). */
export const DRILL_BUSY_EXIT_CODE = 75;

/**
 * `npm run restore -- --check [<file>]` (cli.ts): a drill on the file, or on the newest backup in
 * BACKUP_DIR; prints the verdict; exit 0 when the restore matched the file, 1 when not (or no
 * backup was found), 75 when another drill runs, 2 for a wrong use. Records nothing.
 */
export async function checkCommand(url: string, file: string | undefined, flags: { database?: string; replace?: boolean }): Promise<number> {
  if (flags.database !== undefined || flags.replace) {
    console.error('--check zet niets terug en vervangt niets: gebruik het zonder --database en --vervang.');
    return 2;
  }
  const directory = backupDirectory(repositoryRoot());
  const chosen = file ?? (await newestBackup(directory));
  if (!chosen) {
    console.error(`Geen back-up gevonden in ${directory}. Maak er een met npm run backup, of noem het bestand: npm run restore -- --check <back-upbestand>.`);
    return 1;
  }
  console.log(`Hersteltest van ${chosen}: terugzetten in een tijdelijke database, vergelijken met het bestand, weer verwijderen …`);
  const result = await withDrillLock(url, () => restoreDrill({ file: chosen, connectionString: url, now: new Date() }));
  if (result === 'busy') {
    console.error('Er loopt al een hersteltest (van de wekelijkse taak of een ander commando). Probeer het over een paar minuten opnieuw.');
    return DRILL_BUSY_EXIT_CODE;
  }
  for (const line of drillVerdict(result)) (result.outcome === 'succeeded' ? console.log : console.error)(line);
  return result.outcome === 'succeeded' ? 0 : 1;
}
