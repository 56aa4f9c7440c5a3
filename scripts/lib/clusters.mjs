// The embedded PostgreSQL clusters the scripts run, by kind: where their data lives, their
// default port and the server settings. Pure data (no import.meta): Jest loads it as CommonJS.
import path from 'node:path';

export const DEFAULT_PORTS = { dev: 54329, test: 54339, e2e: 54349, bench: 54359, outage: 54369 };
export const DATA_DIRS = { dev: 'pg', test: 'pg-test', e2e: 'pg-e2e', bench: 'pg-bench', outage: 'pg-outage' };

/**
 * The data folder of a cluster: .data/<DATA_DIRS[kind]> of the checkout; for `npm start`'s
 * (dev) EMBEDDED_PG_DIR when set, relative to the checkout.
 * @param {string} root the checkout
 * @param {keyof typeof DATA_DIRS} kind
 * @param {NodeJS.ProcessEnv} [env]
 */
export function clusterDir(root, kind, env = process.env) {
  if (kind === 'dev' && env.EMBEDDED_PG_DIR) return path.resolve(root, env.EMBEDDED_PG_DIR);
  return path.join(root, '.data', DATA_DIRS[kind]);
}

/** Clusters whose data may be lost in a power cut: the tests', the browser tests', the bench's. */
const THROWAWAY = new Set(['test', 'e2e', 'bench', 'outage']);

/**
 * The `postgres` command-line settings of a cluster. fsync=off makes the throw-away clusters
 * faster; the development data of `npm start` (.data/pg) keeps PostgreSQL's default (on), so
 * a crash or power cut cannot corrupt it.
 * @param {keyof typeof DATA_DIRS} kind
 */
export function postgresFlags(kind) {
  // The bench's cluster also counts what each statement costs (pg_stat_statements): the
  // match-night bench reports the statements that took the database's time.
  const statements = kind === 'bench' ? ['-c', 'shared_preload_libraries=pg_stat_statements'] : [];
  return [...(THROWAWAY.has(kind) ? ['-c', 'fsync=off'] : []), '-c', 'max_connections=200', ...statements];
}
