/**
 * Restoring a backup into a NEW database: the file is read whole and checked first, the database
 * is created, migrated to the backup's level (the same migration files, checked by their
 * checksums), the rows loaded in one transaction, every table compared with the file (count and
 * checksum), and then today's remaining migrations applied (`prisma migrate deploy`): a backup of
 * an older version comes back upgraded. Replacing an existing database needs `replace: true`
 * (scripts/restore.mjs asks for it and for a confirmation).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadBackupData, quoteIdent, readBackupFile, tableSummaries, type BackupSummary } from './backup-file';
import { applyMigrations, codeMigrations, migrateDeploy, migrationsForLevel } from './migrations';

export interface RestoreOptions {
  file: string;
  /** Any URL of the server; the database in it is used only to connect for CREATE DATABASE. */
  serverUrl: string;
  database: string;
  replace?: boolean;
}

export interface RestoreResult {
  url: string;
  database: string;
  summary: BackupSummary;
  /** Migrations applied after the data (the backup was older than the code). */
  upgradedBy: string[];
  counts: { seasons: number; matches: number; members: number; clubs: number; fines: number };
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(options.database)) throw new Error('Databasenaam: alleen letters, cijfers, - en _ (hoogstens 63 tekens).');
  const summary = await readBackupFile(options.file); // refuse a damaged file before touching anything
  const code = codeMigrations();
  const level = migrationsForLevel(summary.header.migrations, code);
  const admin = new pg.Client({ connectionString: databaseUrl(options.serverUrl, 'postgres'), application_name: 'tsbn-restore' });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
    if (exists.rowCount) {
      if (!options.replace) throw new Error(`Database ${options.database} bestaat al; kies een nieuwe naam (of vervang hem bewust met --vervang).`);
      await admin.query(`DROP DATABASE ${quoteIdent(options.database)} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${quoteIdent(options.database)}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(options.serverUrl, options.database);
  await applyMigrations(url, level);
  await loadBackupData(url, options.file);
  const restored = await tableSummaries(url, new Map(summary.header.tables.map((t) => [t.name, t.columns])));
  const differences = summary.tables.filter((t) => {
    const r = restored.find((x) => x.table === t.table);
    return !r || r.rows !== t.rows || r.sha256 !== t.sha256;
  });
  if (differences.length) throw new Error(`Herstel niet gelijk aan de back-up voor: ${differences.map((d) => d.table).join(', ')}.`);
  await markOwnRunSucceeded(url, options.file, summary);
  const upgradedBy = code.filter((c) => !level.includes(c)).map((c) => c.name);
  if (upgradedBy.length) await migrateDeploy(url);
  return { url, database: options.database, summary, upgradedBy, counts: await counts(url) };
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
