/**
 * The backup file: a data-only export of every table of the application's schema ("public",
 * the migrations table `_prisma_migrations` included; pg-boss's schema "pgboss" is not ours),
 * taken with `COPY … TO STDOUT` inside ONE `REPEATABLE READ, READ ONLY` transaction, so every
 * table shows the same moment. Why not pg_dump: the embedded PostgreSQL package (server 18)
 * ships no pg_dump and Debian's client (15) refuses to dump a newer server; COPY works on
 * every version through the `pg` driver the API already has (`pg-copy-streams`).
 *
 * Layout (gzip'd UTF-8 text; gzip's own CRC and length catch a damaged or cut-off file):
 *
 *   TSBN-BACKUP 1
 *   {header JSON: createdAt, server version, migration level, tables and their columns, sequences}
 *   @table <name>
 *   <COPY text rows, one per line; the text format escapes newlines and backslashes>
 *   \.
 *   @end {"table":…, "rows":…, "sha256":…}
 *   … (every table)
 *   @complete {"tables":[{table, rows, sha256}…]}
 *
 * Rows are written in primary-key order, so the checksum of a table is the same in the source
 * and in a database restored from it (verifyRestore compares them). A file without its
 * `@complete` line, with a wrong count or checksum, or cut off anywhere is refused whole.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { PassThrough, Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

export const BACKUP_MAGIC = 'TSBN-BACKUP 1';
export const MIGRATIONS_TABLE = '_prisma_migrations';

/** Session settings that make COPY's text the same on every server and restore it the same. */
const SESSION_SETTINGS = [`SET TIME ZONE 'UTC'`, `SET datestyle = 'ISO, YMD'`, `SET intervalstyle = 'postgres'`, `SET extra_float_digits = 3`, `SET client_encoding = 'UTF8'`];

export interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: string | null;
  rolled_back_at: string | null;
}

export interface TableInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
}

export interface SequenceInfo {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface BackupHeader {
  createdAt: string;
  serverVersion: string;
  /** The rows of `_prisma_migrations` that finished and were not rolled back, oldest first: the migration level. */
  migrations: MigrationRow[];
  tables: TableInfo[];
  sequences: SequenceInfo[];
}

export interface TableSummary {
  table: string;
  rows: number;
  sha256: string;
}

export interface BackupSummary {
  header: BackupHeader;
  tables: TableSummary[];
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function applySessionSettings(client: pg.ClientBase): Promise<void> {
  for (const statement of SESSION_SETTINGS) await client.query(statement);
}

/** The application's tables (schema public), their columns in order and primary keys. */
export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{ table_name: string; columns: string[]; pk: string[] | null }>(`
    SELECT c.relname AS table_name,
           array_agg(a.attname::text ORDER BY a.attnum) AS columns,
           (SELECT array_agg(pa.attname::text ORDER BY array_position(con.conkey, pa.attnum))
              FROM pg_constraint con JOIN pg_attribute pa ON pa.attrelid = con.conrelid AND pa.attnum = ANY (con.conkey)
             WHERE con.conrelid = c.oid AND con.contype = 'p') AS pk
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
     GROUP BY c.oid, c.relname
     ORDER BY c.relname`);
  return rows.map((r) => ({ name: r.table_name, columns: r.columns, primaryKey: r.pk ?? [] }));
}

/** Foreign keys between the tables (child → parents), for an order in which COPY FROM never misses a parent. */
async function foreignKeys(client: pg.ClientBase): Promise<Map<string, Set<string>>> {
  const { rows } = await client.query<{ child: string; parent: string }>(`
    SELECT cc.relname AS child, pc.relname AS parent
      FROM pg_constraint con
      JOIN pg_class cc ON cc.oid = con.conrelid JOIN pg_namespace cn ON cn.oid = cc.relnamespace
      JOIN pg_class pc ON pc.oid = con.confrelid
     WHERE con.contype = 'f' AND cn.nspname = 'public'`);
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of rows) {
    if (child === parent) continue; // a self-reference is checked at the end of its COPY statement
    parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  return parents;
}

/** Parents before children; throws on a cycle between tables (the schema has none). */
export function loadOrder(tables: readonly string[], parents: Map<string, Set<string>>): string[] {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string, path: string[]) => {
    if (state.get(table) === 'done') return;
    if (state.get(table) === 'visiting') throw new Error(`Kringverwijzing tussen tabellen: ${[...path, table].join(' → ')}`);
    state.set(table, 'visiting');
    for (const parent of [...(parents.get(table) ?? [])].sort()) if (tables.includes(parent)) visit(parent, [...path, table]);
    state.set(table, 'done');
    order.push(table);
  };
  for (const table of [...tables].sort()) visit(table, []);
  return order;
}

async function listSequences(client: pg.ClientBase): Promise<SequenceInfo[]> {
  const { rows } = await client.query<{ name: string }>(`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`);
  const sequences: SequenceInfo[] = [];
  for (const { name } of rows) {
    const { rows: values } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${quoteIdent(name)}`);
    sequences.push({ name, lastValue: values[0].last_value, isCalled: values[0].is_called });
  }
  return sequences;
}

async function readMigrations(client: pg.ClientBase): Promise<MigrationRow[]> {
  const exists = await client.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = $1`, [MIGRATIONS_TABLE]);
  if (!exists.rowCount) return [];
  const { rows } = await client.query<MigrationRow>(`
    SELECT migration_name, checksum, finished_at::text, rolled_back_at::text FROM ${quoteIdent(MIGRATIONS_TABLE)}
     WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`);
  return rows;
}

/** `SELECT <columns> FROM t ORDER BY <primary key>` (or every column when it has none). */
function orderedSelect(table: TableInfo): string {
  const columns = table.columns.map(quoteIdent).join(', ');
  const order = table.primaryKey.length ? table.primaryKey.map(quoteIdent).join(', ') : `${quoteIdent(table.name)}::text`;
  return `SELECT ${columns} FROM ${quoteIdent(table.name)} ORDER BY ${order}`;
}

/** Counts the rows and hashes the bytes that pass. */
class Tally extends Transform {
  rows = 0;
  private readonly hash = createHash('sha256');
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.hash.update(chunk);
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.rows += 1;
    this.push(chunk);
    callback();
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** Copies one table's rows (in key order) into `sink` without ending it; returns its count and checksum. */
async function copyTableOut(client: pg.ClientBase, table: TableInfo, sink: Writable | null): Promise<TableSummary> {
  const source = client.query(copyTo(`COPY (${orderedSelect(table)}) TO STDOUT`));
  const tally = new Tally();
  const forward = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!sink || sink.write(chunk)) callback();
      else sink.once('drain', () => callback());
    },
  });
  await pipeline(source, tally, forward);
  return { table: table.name, rows: tally.rows, sha256: tally.digest() };
}

function writeText(sink: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (sink.write(text)) resolve();
    else sink.once('drain', resolve).once('error', reject);
  });
}

/** Opens the consistent snapshot: REPEATABLE READ, READ ONLY, with the session settings. */
async function beginSnapshot(client: pg.ClientBase): Promise<void> {
  await applySessionSettings(client);
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
}

/**
 * Writes the whole backup to `file` (no checks of its own; createBackup verifies and renames).
 * `onTable` is called after each table (the tests use it to kill a backup half-way).
 */
export async function writeBackupFile(connectionString: string, file: string, options: { now: Date; onTable?: (table: string) => void | Promise<void> }): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString, application_name: 'tsbn-backup' });
  await client.connect();
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  const written = pipeline(gzip, out);
  written.catch(() => undefined);
  try {
    await beginSnapshot(client);
    const tables = await listTables(client);
    const header: BackupHeader = {
      createdAt: options.now.toISOString(),
      serverVersion: (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version,
      migrations: await readMigrations(client),
      tables,
      sequences: await listSequences(client),
    };
    await writeText(gzip, `${BACKUP_MAGIC}\n${JSON.stringify(header)}\n`);
    const summaries: TableSummary[] = [];
    for (const table of tables) {
      await writeText(gzip, `@table ${table.name}\n`);
      const summary = await copyTableOut(client, table, gzip);
      await writeText(gzip, `\\.\n@end ${JSON.stringify(summary)}\n`);
      summaries.push(summary);
      await options.onTable?.(table.name);
    }
    await client.query('COMMIT');
    await writeText(gzip, `@complete ${JSON.stringify({ tables: summaries })}\n`);
    gzip.end();
    await written;
    return { header, tables: summaries };
  } catch (error) {
    gzip.destroy();
    out.destroy();
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export class BackupFileError extends Error {}

/**
 * Reads a backup file whole and checks it: the magic line, every table's count and checksum,
 * the closing summary, gzip's CRC. With `onTable`, each table's rows are handed over as a stream
 * (restore uses it); the promise from `onTable` must consume the stream.
 */
export async function readBackupFile(file: string, onTable?: (table: TableInfo, rows: Readable) => Promise<void>, onHeader?: (header: BackupHeader) => Promise<void>): Promise<BackupSummary> {
  const gunzip = createGunzip();
  const input = createReadStream(file).pipe(gunzip);
  let failure: Error | null = null;
  createReadStream(file).on('error', () => undefined);
  gunzip.on('error', (error) => (failure = new BackupFileError(`Back-upbestand is beschadigd of onvolledig: ${error.message}`)));
  const lines = createInterface({ input, crlfDelay: Infinity });
  let header: BackupHeader | null = null;
  const summaries: TableSummary[] = [];
  let current: { table: TableInfo; rows: PassThrough; hash: ReturnType<typeof createHash>; count: number; consumer: Promise<void> } | null = null;
  let complete: { tables: TableSummary[] } | null = null;
  let expectEnd: { table: string; rows: number; sha256: string } | null = null;
  let lineNumber = 0;
  const fail = (message: string) => {
    throw new BackupFileError(`Back-upbestand ongeldig (regel ${lineNumber}): ${message}`);
  };
  try {
    for await (const line of lines) {
      lineNumber += 1;
      if (complete) fail('tekst na het einde');
      if (lineNumber === 1) {
        if (line !== BACKUP_MAGIC) fail('dit is geen back-up van de competitieadministratie');
        continue;
      }
      if (lineNumber === 2) {
        header = JSON.parse(line) as BackupHeader;
        await onHeader?.(header);
        continue;
      }
      if (current) {
        if (line === '\\.') {
          current.rows.end();
          await current.consumer;
          expectEnd = { table: current.table.name, rows: current.count, sha256: current.hash.digest('hex') };
          current = null;
          continue;
        }
        const bytes = Buffer.from(`${line}\n`, 'utf8');
        current.hash.update(bytes);
        current.count += 1;
        if (!current.rows.write(bytes)) await Promise.race([new Promise((resolve) => current!.rows.once('drain', resolve)), current.consumer]);
        continue;
      }
      if (expectEnd) {
        if (!line.startsWith('@end ')) fail('telling van de tabel ontbreekt');
        const stated = JSON.parse(line.slice(5)) as TableSummary;
        if (stated.table !== expectEnd.table || stated.rows !== expectEnd.rows || stated.sha256 !== expectEnd.sha256) {
          fail(`tabel ${expectEnd.table}: ${expectEnd.rows} rijen gelezen, ${stated.rows} verwacht, of de controlesom klopt niet`);
        }
        summaries.push(stated);
        expectEnd = null;
        continue;
      }
      if (line.startsWith('@table ')) {
        const name = line.slice(7);
        const table = header?.tables.find((t) => t.name === name);
        if (!table) fail(`onbekende tabel ${name}`);
        const rows = new PassThrough();
        const consumer = onTable ? onTable(table!, rows) : (rows.resume(), new Promise<void>((resolve) => rows.once('end', resolve)));
        consumer.catch(() => undefined);
        current = { table: table!, rows, hash: createHash('sha256'), count: 0, consumer };
        continue;
      }
      if (line.startsWith('@complete ')) {
        complete = JSON.parse(line.slice(10)) as { tables: TableSummary[] };
        continue;
      }
      fail('onverwachte regel');
    }
  } catch (error) {
    current?.rows.destroy();
    if (failure) throw failure;
    throw error instanceof SyntaxError ? new BackupFileError(`Back-upbestand ongeldig: ${error.message}`) : error;
  }
  if (failure) throw failure;
  if (!header) throw new BackupFileError('Back-upbestand is leeg of onvolledig.');
  if (!complete) throw new BackupFileError('Back-upbestand is onvolledig: het einde ontbreekt (afgebroken back-up?).');
  const listed = JSON.stringify(complete.tables);
  if (listed !== JSON.stringify(summaries) || summaries.length !== header.tables.length) {
    throw new BackupFileError('Back-upbestand is onvolledig: de tabellen kloppen niet met de samenvatting.');
  }
  return { header, tables: summaries };
}

/** Counts and checksums of every table as the backup would write them (to compare a restore with its file). */
export async function tableSummaries(connectionString: string, columnsOf?: ReadonlyMap<string, readonly string[]>): Promise<TableSummary[]> {
  const client = new pg.Client({ connectionString, application_name: 'tsbn-backup-verify' });
  await client.connect();
  try {
    await beginSnapshot(client);
    const summaries: TableSummary[] = [];
    // `columnsOf`: read each table in the backup's column order. A database whose columns were
    // added by migrations applied in another order (two of one timestamp) holds the same rows with
    // its columns in another physical order; the rows, not that order, must be equal.
    for (const table of await listTables(client)) {
      const columns = columnsOf?.get(table.name);
      const ordered = columns && columns.length === table.columns.length && columns.every((c) => table.columns.includes(c)) ? { ...table, columns: [...columns] } : table;
      summaries.push(await copyTableOut(client, ordered, null));
    }
    await client.query('COMMIT');
    return summaries;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Loads the rows of a verified backup into `connectionString`, whose schema must already be at
 * the backup's migration level and empty (restore.ts does that): one transaction, parents
 * before children, sequences set to their saved values.
 */
export async function loadBackupData(connectionString: string, file: string): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString, application_name: 'tsbn-restore' });
  await client.connect();
  try {
    await applySessionSettings(client);
    await client.query('BEGIN');
    const present = new Map((await listTables(client)).map((t) => [t.name, t]));
    const parents = await foreignKeys(client);
    // COPY needs parents first, but the file has its own (alphabetical) order: stage each table's
    // rows in a temporary table as they come, then insert in dependency order.
    const staged: TableInfo[] = [];
    const summary = await readBackupFile(
      file,
      async (table, rows) => {
        const target = present.get(table.name);
        if (!target) throw new BackupFileError(`Tabel ${table.name} bestaat niet in de nieuwe database.`);
        const missing = table.columns.filter((c) => !target.columns.includes(c));
        if (missing.length) throw new BackupFileError(`Tabel ${table.name} mist kolommen ${missing.join(', ')}.`);
        const temp = quoteIdent(`restore_${table.name}`);
        await client.query(`CREATE TEMP TABLE ${temp} ON COMMIT DROP AS SELECT ${table.columns.map(quoteIdent).join(', ')} FROM ${quoteIdent(table.name)} WITH NO DATA`);
        await pipeline(rows, client.query(copyFrom(`COPY ${temp} (${table.columns.map(quoteIdent).join(', ')}) FROM STDIN`)));
        staged.push(table);
      },
      async (header) => {
        const level = await readMigrations(client);
        const names = (rows: MigrationRow[]) => rows.map((m) => m.migration_name).join(',');
        if (names(level) !== names(header.migrations)) throw new BackupFileError('De nieuwe database staat niet op het migratieniveau van de back-up.');
      },
    );
    const byName = new Map(staged.map((t) => [t.name, t]));
    for (const name of loadOrder([...byName.keys()], parents)) {
      const table = byName.get(name)!;
      const columns = table.columns.map(quoteIdent).join(', ');
      if (name === MIGRATIONS_TABLE) await client.query(`DELETE FROM ${quoteIdent(name)}`); // the saved rows replace the ones just written
      await client.query(`INSERT INTO ${quoteIdent(name)} (${columns}) SELECT ${columns} FROM ${quoteIdent(`restore_${name}`)}`);
    }
    for (const sequence of summary.header.sequences) {
      await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [quoteIdent(sequence.name), sequence.lastValue, sequence.isCalled]);
    }
    await client.query('COMMIT');
    return summary;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** For tests and the bench: a readable of a backup's raw text (unzipped). */
export function openBackupText(file: string): Readable {
  return createReadStream(file).pipe(createGunzip());
}
