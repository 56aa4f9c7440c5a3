// Runs backend/src/backup/cli.ts (through tsx) against THIS installation's database (issue 45):
// DATABASE_URL (the shell's or the env file's), else this checkout's embedded cluster
// (.data/pg, or EMBEDDED_PG_DIR): the one a running `npm start` has up (found by its postmaster.pid and checked by
// its data directory, never whatever answers on the default port), or started for the command.
// Its database: EMBEDDED_PG_DATABASE, else tsbn.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { clusterDir } from './clusters.mjs';
import { ensureDatabase } from './database.mjs';
import { embeddedDatabaseName, runningClusterUrl } from './embedded-database.mjs';
import { loadEnv, root } from './env.mjs';

/** @returns {Promise<{ url: string, source: 'env' | 'embedded', stop: () => Promise<void> }>} */
async function installationDatabase() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: 'env', stop: async () => {} };
  const name = embeddedDatabaseName();
  const running = await runningClusterUrl(clusterDir(root, 'dev'), name);
  if (running) return { url: running, source: 'embedded', stop: async () => {} };
  const db = await ensureDatabase('dev');
  return { url: db.url, source: 'embedded', stop: db.stop };
}

export async function runBackupCli(args) {
  loadEnv();
  let db;
  try {
    db = await installationDatabase();
  } catch (error) {
    console.error(`[tsbn] ${error instanceof Error ? error.message : error}`);
    return 1;
  }
  try {
    // tsx as a loader in this one child (its CLI would start yet another process).
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'backend', 'src', 'backup', 'cli.ts'), ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: db.url, TSBN_DATABASE_SOURCE: db.source },
    });
    return result.status ?? 1;
  } finally {
    await db.stop();
  }
}
