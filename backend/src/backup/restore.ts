/**
 * Restoring a backup. The file is read whole and checked first; then a database is created,
 * migrated to the backup's level (the same migration files, checked by their checksums), the rows
 * loaded in one transaction, every table compared with the file (count and checksum), and
 * today's remaining migrations applied (`prisma migrate deploy`): a backup of an older version
 * comes back upgraded.
 *
 * - Into a NEW name (the default): that database is built; if anything fails, it is dropped
 *   again, so no half-made database stays behind.
 * - Over an EXISTING database (`replace: true`; scripts/restore.mjs asks for it and for a typed
 *   confirmation): nothing is touched until a complete, checked copy stands beside it under a
 *   temporary name (`<name>_nieuw_<moment>`). Only then (after `beforeSwap`, where the CLI makes a
 *   backup of the database about to be replaced) are the names swapped in one transaction: the
 *   replaced database is KEPT as `<name>_vervangen_<moment>` (dropped only when it held no tables
 *   at all: nothing to keep). A failure before or during the swap leaves the target exactly as it
 *   was and drops the temporary database.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadBackupData, quoteIdent, readBackupFile, tableSummaries, type BackupSummary } from './backup-file';
import { applyMigrations, codeMigrations, migrateDeploy, migrationsForLevel, type CodeMigration } from './migrations';

export interface RestoreOptions {
  file: string;
  /** Any URL of the server; the database in it is used only to connect for CREATE DATABASE. */
  serverUrl: string;
  database: string;
  replace?: boolean;
  /** Replacing: called once the new database is built and checked, just before the swap (the CLI backs up the database about to be replaced). */
  beforeSwap?: (targetUrl: string) => Promise<void>;
  /** The moment in the temporary and kept names (default now). */
  now?: () => Date;
}

export interface RestoreResult {
  url: string;
  database: string;
  summary: BackupSummary;
  /** Migrations applied after the data (the backup was older than the code). */
  upgradedBy: string[];
  counts: { seasons: number; matches: number; members: number; clubs: number; fines: number };
  /** Replacing: the name the replaced database is kept under (null: nothing replaced, or it held no tables and was dropped). */
  keptAs: string | null;
}

export const DATABASE_NAME_PATTERN = /^[A-Za-z0-9_-]{1,63}$/;

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** `<name>_<word>_<YYYYMMDD_HHMMSS>` (UTC), the name shortened so the whole fits PostgreSQL's 63 characters. */
export function sideName(database: string, word: string, moment: Date): string {
  const suffix = `_${word}_${moment.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '_')}`;
  return `${database.slice(0, 63 - suffix.length)}${suffix}`;
}

export class RestoreError extends Error {}

/** A PostgreSQL error of the load in Dutch (a raw "duplicate key value violates…" helps nobody). */
export function describeRestoreError(error: unknown): string {
  const e = error as Partial<pg.DatabaseError> & Error;
  const table = e.table ? ` in tabel ${e.table}` : '';
  const detail = e.detail ? ` (${e.detail})` : '';
  switch (e.code) {
    case '23505':
      return `De back-up bevat een dubbele sleutel${table}${detail}.`;
    case '23503':
      return `De back-up verwijst naar een rij die er niet is${table}${detail}.`;
    case '23502':
    case '23514':
    case '22P02':
    case '22007':
    case '22008':
      return `De back-up bevat een waarde die de database weigert${table}${detail}: ${e.message}.`;
    default:
      return e.message ?? String(error);
  }
}

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  return Boolean((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount);
}

async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}

/** Whether a database has any table in schema public (an empty one is not worth keeping). */
async function hasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, application_name: 'tsbn-restore' });
  await client.connect();
  try {
    return Boolean((await client.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public' LIMIT 1`)).rowCount);
  } finally {
    await client.end();
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  if (!DATABASE_NAME_PATTERN.test(options.database)) throw new RestoreError('Databasenaam: alleen letters, cijfers, - en _ (hoogstens 63 tekens).');
  const summary = await readBackupFile(options.file); // refuse a damaged file before touching anything
  const code = codeMigrations();
  const level = migrationsForLevel(summary.header.migrations, code);
  const moment = (options.now ?? (() => new Date()))();
  const admin = new pg.Client({ connectionString: databaseUrl(options.serverUrl, 'postgres'), application_name: 'tsbn-restore' });
  await admin.connect();
  try {
    const exists = await databaseExists(admin, options.database);
    if (exists && !options.replace) throw new RestoreError(`Database ${options.database} bestaat al; kies een nieuwe naam (of vervang hem bewust met --vervang).`);
    const build = exists ? sideName(options.database, 'nieuw', moment) : options.database;
    if (await databaseExists(admin, build)) throw new RestoreError(`Database ${build} bestaat al; probeer het over een minuut opnieuw.`);
    await admin.query(`CREATE DATABASE ${quoteIdent(build)}`);
    const buildUrl = databaseUrl(options.serverUrl, build);
    let filled: Omit<RestoreResult, 'url' | 'database' | 'keptAs'>;
    try {
      filled = await fill(buildUrl, options.file, summary, level, code);
    } catch (error) {
      await dropDatabase(admin, build).catch(() => undefined);
      const untouched = exists ? ` Database "${options.database}" is niet veranderd.` : '';
      throw new RestoreError(`Herstel mislukt: ${describeRestoreError(error)}${untouched} De half gemaakte database "${build}" is weer verwijderd.`, { cause: error });
    }
    if (!exists) return { ...filled, url: buildUrl, database: options.database, keptAs: null };

    const targetUrl = databaseUrl(options.serverUrl, options.database);
    const kept = sideName(options.database, 'vervangen', moment);
    let empty: boolean;
    try {
      empty = await hasTables(targetUrl).then(
        (tables) => !tables,
        () => false, // not even readable: kept, never dropped
      );
      if (!empty) await options.beforeSwap?.(targetUrl);
      await swapNames(admin, options.database, build, kept);
    } catch (error) {
      await dropDatabase(admin, build).catch(() => undefined);
      throw new RestoreError(
        `Vervangen mislukt: ${describeRestoreError(error)} Database "${options.database}" is niet veranderd; de nieuwe database "${build}" is weer verwijderd.`,
        { cause: error },
      );
    }
    if (empty) await dropDatabase(admin, kept);
    return { ...filled, url: targetUrl, database: options.database, keptAs: empty ? null : kept };
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** Builds the restored database in `url` (created, empty) and checks it against the file. */
async function fill(url: string, file: string, summary: BackupSummary, level: CodeMigration[], code: CodeMigration[]): Promise<Omit<RestoreResult, 'url' | 'database' | 'keptAs'>> {
  await applyMigrations(url, level);
  await loadBackupData(url, file);
  const restored = await tableSummaries(url, new Map(summary.header.tables.map((t) => [t.name, t.columns])));
  const differences = summary.tables.filter((t) => {
    const r = restored.find((x) => x.table === t.table);
    return !r || r.rows !== t.rows || r.sha256 !== t.sha256;
  });
  if (differences.length) throw new RestoreError(`Herstel niet gelijk aan de back-up voor: ${differences.map((d) => d.table).join(', ')}.`);
  await markOwnRunSucceeded(url, file, summary);
  const upgradedBy = code.filter((c) => !level.includes(c)).map((c) => c.name);
  if (upgradedBy.length) await migrateDeploy(url);
  return { summary, upgradedBy, counts: await counts(url) };
}

/**
 * `target` → `kept`, `fresh` → `target`, in one transaction (both or neither). A database in use
 * cannot be renamed: its sessions (an API still running) are ended first, and the swap is tried
 * up to three times when one came back in between.
 */
async function swapNames(admin: pg.Client, target: string, fresh: string, kept: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [target]);
    try {
      await admin.query('BEGIN');
      await admin.query(`ALTER DATABASE ${quoteIdent(target)} RENAME TO ${quoteIdent(kept)}`);
      await admin.query(`ALTER DATABASE ${quoteIdent(fresh)} RENAME TO ${quoteIdent(target)}`);
      await admin.query('COMMIT');
      return;
    } catch (error) {
      await admin.query('ROLLBACK').catch(() => undefined);
      if ((error as { code?: string }).code !== '55006' || attempt >= 3) throw error; // 55006: still in use
    }
  }
}

async function counts(url: string): Promise<RestoreResult['counts']> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM seasons) AS seasons, (SELECT count(*) FROM matches) AS matches, (SELECT count(*) FROM members) AS members,
              (SELECT count(*) FROM clubs) AS clubs, (SELECT count(*) FROM fines) AS fines`,
    );
    return { seasons: Number(rows[0].seasons), matches: Number(rows[0].matches), members: Number(rows[0].members), clubs: Number(rows[0].clubs), fines: Number(rows[0].fines) };
  } finally {
    await client.end();
  }
}

/**
 * The snapshot holds the run of the backup itself as RUNNING (it was taken while running; the
 * advisory lock lets only one run at a time). It did succeed (we restored it), so after the
 * comparison it is recorded as such: Beheer then shows it, not an "interrupted" backup.
 */
async function markOwnRunSucceeded(url: string, file: string, summary: BackupSummary): Promise<void> {
  if (!summary.header.tables.some((t) => t.name === 'backup_runs')) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `UPDATE backup_runs SET status = 'SUCCEEDED', "finishedAt" = $1, file = $2, directory = $3, "sizeBytes" = $4 WHERE status = 'RUNNING'`,
      [new Date(summary.header.createdAt), path.basename(file), path.dirname(path.resolve(file)), (await stat(file)).size],
    );
  } finally {
    await client.end();
  }
}
