/**
 * The migration level of a database against the migrations this code carries
 * (prisma/migrations): apply the first N of them the way `prisma migrate deploy` does (restore
 * needs the backup's level, not today's), run `prisma migrate deploy` for the rest, and find
 * migrations a database has that the code does not know (a newer database than the code).
 */
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_TABLE, quoteIdent, type MigrationRow } from './backup-file';

/** The repository's root: the folder above backend/ that holds prisma/migrations. */
export function repositoryRoot(start = __dirname): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'prisma', 'migrations'))) return dir;
    if (path.dirname(dir) === dir) throw new Error('Map prisma/migrations niet gevonden.');
  }
}

export interface CodeMigration {
  name: string;
  checksum: string;
  file: string;
}

/** The code's migrations, oldest first, with Prisma's checksum (SHA-256 of migration.sql). */
export function codeMigrations(dir = path.join(repositoryRoot(), 'prisma', 'migrations')): CodeMigration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const file = path.join(dir, name, 'migration.sql');
      return { name, file, checksum: createHash('sha256').update(readFileSync(file)).digest('hex') };
    });
}

/** Prisma's own table, as `migrate deploy` creates it. */
const MIGRATIONS_TABLE_DDL = `CREATE TABLE IF NOT EXISTS ${quoteIdent(MIGRATIONS_TABLE)} (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Applies these migrations (each once, in order) and records them as Prisma does. */
export async function applyMigrations(connectionString: string, migrations: readonly CodeMigration[]): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'tsbn-migrate' });
  await client.connect();
  try {
    await client.query(MIGRATIONS_TABLE_DDL);
    for (const migration of migrations) {
      const started = new Date();
      await client.query(readFileSync(migration.file, 'utf8'));
      await client.query(
        `INSERT INTO ${quoteIdent(MIGRATIONS_TABLE)} (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ($1, $2, now(), $3, $4, 1)`,
        [randomUUID(), migration.checksum, migration.name, started],
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * The code's migrations that make up a database's (or backup's) level; throws in Dutch when the
 * level has a migration this code does not have or whose text differs.
 */
export function migrationsForLevel(level: readonly Pick<MigrationRow, 'migration_name' | 'checksum'>[], code = codeMigrations()): CodeMigration[] {
  const unknown = level.filter((m) => !code.some((c) => c.name === m.migration_name));
  if (unknown.length) {
    throw new Error(`De back-up komt van een nieuwere versie van het programma (onbekende migraties: ${unknown.map((m) => m.migration_name).join(', ')}). Werk het programma eerst bij.`);
  }
  const changed = level.filter((m) => code.find((c) => c.name === m.migration_name)!.checksum !== m.checksum);
  if (changed.length) throw new Error(`Migraties in de back-up wijken af van die van het programma: ${changed.map((m) => m.migration_name).join(', ')}.`);
  const names = new Set(level.map((m) => m.migration_name));
  return code.filter((c) => names.has(c.name));
}

/** `prisma migrate deploy` on this database (offline schema engine, as scripts/lib/prisma.mjs). */
export function migrateDeploy(connectionString: string): Promise<void> {
  const root = repositoryRoot();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'prisma', 'build', 'index.js'), 'migrate', 'deploy'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: connectionString,
        PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? path.join(root, 'scripts', 'prisma-schema-engine.mjs'),
        PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING: '1',
        CHECKPOINT_DISABLE: '1',
        PRISMA_HIDE_UPDATE_MESSAGE: '1',
        PRISMA_DISABLE_WARNINGS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Migraties toepassen mislukt (prisma migrate deploy):\n${output}`))));
  });
}

/** Migrations the database has (finished, not rolled back) that this code does not know. */
export async function unknownMigrations(connectionString: string, code = codeMigrations()): Promise<string[]> {
  const client = new pg.Client({ connectionString, application_name: 'tsbn-migration-check' });
  await client.connect();
  try {
    const exists = await client.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = $1`, [MIGRATIONS_TABLE]);
    if (!exists.rowCount) return [];
    const { rows } = await client.query<{ migration_name: string }>(
      `SELECT migration_name FROM ${quoteIdent(MIGRATIONS_TABLE)} WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
    );
    const known = new Set(code.map((c) => c.name));
    return rows.map((r) => r.migration_name).filter((name) => !known.has(name));
  } finally {
    await client.end();
  }
}

/** The Dutch refusal when the database is newer than the code (exit code 78, EX_CONFIG: restarting does not help). */
export const NEWER_DATABASE_EXIT_CODE = 78;
export function newerDatabaseMessage(unknown: readonly string[]): string {
  return [
    'De API start niet: de database is bijgewerkt door een nieuwere versie van het programma dan deze.',
    `Onbekende migraties in de database: ${unknown.join(', ')}.`,
    'Installeer de nieuwste versie van het programma (git pull, npm install) of zet een back-up terug die bij deze versie past (npm run restore).',
  ].join('\n');
}
