// This checkout's embedded PostgreSQL (issue 45): which of its databases the commands use
// (EMBEDDED_PG_DATABASE, default tsbn), and whether a server that answers on a port is really
// this checkout's cluster and not another one that happens to listen there.
// No import.meta here: the API tests load this file as CommonJS.
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const DEFAULT_DATABASE = 'tsbn';
const NAME = /^[A-Za-z0-9_-]{1,63}$/;
/** The embedded cluster's own superuser (database.mjs creates it so). */
const USER = 'tsbn';
const PASSWORD = 'tsbn';

/**
 * The database `npm start`, `npm run backup` and `npm run restore` use in the embedded cluster:
 * EMBEDDED_PG_DATABASE (e.g. a restored `tsbn_herstel_…`), else tsbn.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function embeddedDatabaseName(env = process.env) {
  const name = env.EMBEDDED_PG_DATABASE?.trim() || DEFAULT_DATABASE;
  if (!NAME.test(name)) throw new Error(`EMBEDDED_PG_DATABASE="${name}" kan geen databasenaam zijn: alleen letters, cijfers, - en _ (hoogstens 63 tekens).`);
  return name;
}

/**
 * Makes sure the database exists: the default one is created on a first start; one chosen with
 * EMBEDDED_PG_DATABASE must exist already (a typo must not start an empty database, which
 * `npm start` would then fill with the demo season).
 * @param {pg.Client} admin a connection to the cluster's `postgres` database
 * @param {string} name
 */
export async function openEmbeddedDatabase(admin, name) {
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rowCount) return;
  if (name !== DEFAULT_DATABASE) {
    const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE NOT datistemplate AND datname <> 'postgres' ORDER BY datname`);
    throw new Error(
      `Database "${name}" (EMBEDDED_PG_DATABASE in .env) bestaat niet in de ingebouwde PostgreSQL. ` +
        `Wel aanwezig: ${rows.map((r) => r.datname).join(', ') || 'geen'}. Verbeter de naam, of haal de regel weg om ${DEFAULT_DATABASE} te gebruiken.`,
    );
  }
  await admin.query(`CREATE DATABASE "${name}"`);
}

/**
 * The port of the server that runs on a data folder, from its postmaster.pid (line 4); null when
 * no server runs on it (no file, or not readable).
 * @param {string} dataDir
 */
export function postmasterPort(dataDir) {
  try {
    const port = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    return Number.isInteger(port) && port > 0 ? port : null;
  } catch {
    return null;
  }
}

const real = (dir) => {
  try {
    return realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
};

/**
 * The URL of `database` on the server running on `dataDir`, or null when none runs there. The
 * port comes from the folder's postmaster.pid, and the server answering on it counts only when it
 * says (SHOW data_directory) that its data is this very folder: another PostgreSQL on the default
 * port, another checkout's, or a stale pid file is never taken for ours.
 * @param {string} dataDir
 * @param {string} database
 * @param {{ host?: string, port?: number }} [options] port: ask this port instead of the pid file's (tests)
 */
export async function runningClusterUrl(dataDir, database, { host = '127.0.0.1', port = postmasterPort(dataDir) ?? undefined } = {}) {
  if (!port) return null;
  const client = new pg.Client({ host, port, user: USER, password: PASSWORD, database: 'postgres', connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query('SHOW data_directory');
    if (real(rows[0].data_directory) !== real(dataDir)) return null;
    return `postgresql://${USER}:${PASSWORD}@${host}:${port}/${encodeURIComponent(database)}`;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}
