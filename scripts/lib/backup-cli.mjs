// Runs backend/src/backup/cli.ts (through tsx) against DATABASE_URL, the embedded database of a
// running `npm start`, or the embedded database started for the command.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_PORTS } from './clusters.mjs';
import { ensureDatabase } from './database.mjs';
import { loadEnv, root } from './env.mjs';

async function runningEmbedded() {
  const url = `postgresql://tsbn:tsbn@127.0.0.1:${Number(process.env.EMBEDDED_PG_PORT || DEFAULT_PORTS.dev)}/tsbn`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

export async function runBackupCli(args) {
  loadEnv();
  const running = process.env.DATABASE_URL ? null : await runningEmbedded();
  const db = running ? { url: running, stop: async () => {} } : await ensureDatabase('dev');
  try {
    // tsx as a loader in this one child (its CLI would start yet another process).
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'backend', 'src', 'backup', 'cli.ts'), ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: db.url },
    });
    return result.status ?? 1;
  } finally {
    await db.stop();
  }
}
