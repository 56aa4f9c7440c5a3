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
 * What still opens something (live table codes, pending account links) is left out or written as
 * expired (secrets.ts), so the file holds no working credential.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { secretRules, type TableRule } from './secrets';

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

/**
 * `SELECT <columns> FROM t ORDER BY <primary key>` (or every column when it has none); with a
 * rule (secrets.ts), some rows left out and some columns written as an expression.
 */
function orderedSelect(table: TableInfo, rule?: TableRule): string {
  const columns = table.columns.map((c) => (rule?.columns?.[c] ? `${rule.columns[c]} AS ${quoteIdent(c)}` : quoteIdent(c))).join(', ');
  const order = table.primaryKey.length ? table.primaryKey.map(quoteIdent).join(', ') : `${quoteIdent(table.name)}::text`;
  const where = rule?.where ? ` WHERE ${rule.where}` : '';
  return `SELECT ${columns} FROM ${quoteIdent(table.name)}${where} ORDER BY ${order}`;
}

/** Counts the rows (newlines) and hashes the bytes of one table's COPY text. */
class Tally {
  rows = 0;
  private readonly hash = createHash('sha256');
  add(chunk: Buffer): void {
    this.hash.update(chunk);
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.rows += 1;
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** One table's COPY text (in key order), chunk by chunk, counted and hashed into `tally`. */
async function* copyTableOut(client: pg.ClientBase, table: TableInfo, tally: Tally, rule?: TableRule): AsyncGenerator<Buffer> {
  const source = client.query(copyTo(`COPY (${orderedSelect(table, rule)}) TO STDOUT`));
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      tally.add(chunk);
      yield chunk;
    }
  } finally {
    // Stopped half-way (the file could not be written): the connection is closed by the caller.
    if (!source.readableEnded) source.destroy();
  }
}

/** Opens the consistent snapshot: REPEATABLE READ, READ ONLY, with the session settings. */
async function beginSnapshot(client: pg.ClientBase): Promise<void> {
  await applySessionSettings(client);
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
}

/** Ends a connection that may be in the middle of a COPY: its socket is closed, never waited on for long. */
async function closeClient(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([client.end().catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)))]);
  clearTimeout(timer);
}

/** A backup file's error in Dutch, with what the operator can do (a full disk above all). */
export function writeErrorMessage(error: NodeJS.ErrnoException, file: string): string {
  const where = `bij het schrijven van ${file}`;
  switch (error.code) {
    case 'ENOSPC':
      return `De schijf is vol (${error.code}) ${where}. Maak ruimte vrij of kies met BACKUP_DIR een map op een andere schijf.`;
    case 'EDQUOT':
      return `Het schijfquotum is op (${error.code}) ${where}. Maak ruimte vrij of kies met BACKUP_DIR een andere map.`;
    case 'EACCES':
    case 'EPERM':
      return `Geen toestemming (${error.code}) ${where}. De back-upmap moet van de gebruiker van de dienst zijn.`;
    case 'EROFS':
      return `De schijf is alleen-lezen (${error.code}) ${where}.`;
    case 'EIO':
      return `Schrijffout van de schijf (${error.code}) ${where}. Kijk of de schijf in orde is.`;
    default:
      return `${error.message} (${where})`;
  }
}

export interface WriteOptions {
  now: Date;
  /** Called after each table is written (the tests use it to kill a backup half-way). */
  onTable?: (table: string) => void | Promise<void>;
  /** Where the gzip'd bytes go; default a new file `file` (mode 600). Tests give one that fills up like a full disk. */
  openOutput?: (file: string) => Writable;
}

/**
 * Writes the whole backup to `file` (no checks of its own; createBackup verifies and renames).
 * One pipeline from the snapshot through gzip to the file: a write error (a full disk) ends it at
 * once, the snapshot's COPY included, and is thrown in Dutch; nothing waits for a drain that
 * never comes.
 */
export async function writeBackupFile(connectionString: string, file: string, options: WriteOptions): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString, application_name: 'tsbn-backup' });
  await client.connect();
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
    const rules = secretRules(options.now);
    const summaries: TableSummary[] = [];
    async function* content(): AsyncGenerator<Buffer | string> {
      yield `${BACKUP_MAGIC}\n${JSON.stringify(header)}\n`;
      for (const table of tables) {
        yield `@table ${table.name}\n`;
        const tally = new Tally();
        yield* copyTableOut(client, table, tally, rules[table.name]);
        const summary = { table: table.name, rows: tally.rows, sha256: tally.digest() };
        yield `\\.\n@end ${JSON.stringify(summary)}\n`;
        summaries.push(summary);
        await options.onTable?.(table.name);
      }
      await client.query('COMMIT');
      yield `@complete ${JSON.stringify({ tables: summaries })}\n`;
    }
    let output: Writable;
    try {
      output = options.openOutput ? options.openOutput(file) : createWriteStream(file, { flags: 'wx', mode: 0o600 });
    } catch (error) {
      throw new Error(writeErrorMessage(error as NodeJS.ErrnoException, file));
    }
    let writeError: NodeJS.ErrnoException | null = null;
    output.on('error', (error) => (writeError ??= error));
    try {
      await pipeline(content, createGzip({ level: 6 }), output);
    } catch (error) {
      if (writeError) throw new Error(writeErrorMessage(writeError, file), { cause: writeError });
      throw error;
    }
    return { header, tables: summaries };
  } finally {
    await closeClient(client);
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
      const tally = new Tally();
      for await (const chunk of copyTableOut(client, ordered, tally)) void chunk;
      summaries.push({ table: table.name, rows: tally.rows, sha256: tally.digest() });
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
