/**
 * What the backup tests share: fingerprints of a database computed by SQL (not by the backup
 * code), dropping and listing databases, and running the command-line scripts as a child with
 * their output and exit code.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { databaseUrl } from '../src/backup/restore';

export const ROOT = path.resolve(__dirname, '..', '..');

/** Row count and an md5 over every row (as JSON, by column name), per table of schema public: independent of the backup code. */
export async function tableFingerprints(url: string, except: string[] = []): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET TIME ZONE 'UTC'`);
    const { rows: tables } = await client.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
    const result: Record<string, string> = {};
    for (const { tablename } of tables) {
      if (except.includes(tablename)) continue;
      const { rows } = await client.query<{ n: string; md5: string | null }>(
        // to_jsonb: every column by name, so two databases whose columns stand in another order
        // (migrations of one timestamp applied in another order) compare by their rows.
        `SELECT count(*)::text AS n, md5(string_agg(to_jsonb(t)::text, E'\\n' ORDER BY to_jsonb(t)::text)) AS md5 FROM "${tablename}" t`,
      );
      result[tablename] = `${rows[0].n}:${rows[0].md5 ?? '-'}`;
    }
    return result;
  } finally {
    await client.end();
  }
}

/** Runs one statement on the server's `postgres` database. */
export async function onServer<T extends pg.QueryResultRow = pg.QueryResultRow>(serverUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** The databases whose name starts with `prefix`, sorted. */
export async function databasesStartingWith(serverUrl: string, prefix: string): Promise<string[]> {
  const rows = await onServer<{ datname: string }>(serverUrl, `SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname`, [prefix]);
  return rows.map((r) => r.datname);
}

export interface ChildResult {
  code: number | null;
  output: string;
}

/**
 * `node <args>` in the repository, as an operator would run it; stdin `null` is no stdin at all
 * (/dev/null: nobody to answer), a string is typed and then closed.
 */
export function runNode(args: string[], env: NodeJS.ProcessEnv, stdin: string | null = null, timeoutMs = 120_000): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: [stdin === null ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    if (stdin !== null) child.stdin!.end(stdin);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`node ${args.join(' ')} hing langer dan ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
