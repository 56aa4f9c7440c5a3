/**
 * Issue 45, items 1 and 2: backups and restores on a bad day, as an operator meets them.
 * - retention by kind: a second `npm run backup` the same day keeps the first; `--soort
 *   voor-upgrade` names its kind; the line upgrade.mjs reads stays as it was;
 * - a restore over an existing database from a file that passes every check but breaks a primary
 *   key half-way leaves the target exactly as it was and removes what it made; a good one swaps
 *   only after checking and keeps the replaced database;
 * - a full disk fails the backup within seconds (recorded, partial file gone, lock released, the
 *   to-do and /api/metrics say so);
 * - an unanswered or declined confirmation exits non-zero;
 * - the way back (EMBEDDED_PG_DATABASE) and this installation's cluster (never another server);
 * - no usable secret in a backup; the folder 700, the files 600.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, write } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { DEFAULT_DATABASE, embeddedDatabaseName, openEmbeddedDatabase, postmasterPort, runningClusterUrl } from '../../scripts/lib/embedded-database.mjs';
import { readBackupFile } from '../src/backup/backup-file';
import { BACKUP_FILE_PATTERN, BACKUP_LOCK_KEY, runBackup, type RunOptions } from '../src/backup/backup-runner';
import { BackupService } from '../src/backup/backup.service';
import { databaseUrl, restoreBackup, sideName } from '../src/backup/restore';
import { MailService } from '../src/mail/mail.service';
import { databasesStartingWith, dropDatabase, onServer, ROOT, runNode, tableFingerprints, type ChildResult } from './backup-fixtures';
import { createMatchDay, expectError, loginAs, resetDatabase, startApp, syntheticSeasonDocument, type TestContext } from './helpers';

// Child processes that compile the backend with tsx, restores and a second API: more than the
// other files' 30 s hang guard on a busy two-core machine.
jest.setTimeout(180_000);

const SOURCE_URL = process.env.DATABASE_URL!;
const CURRENT = decodeURIComponent(new URL(SOURCE_URL).pathname.slice(1));
/** Every database this file makes starts with this, so leftovers are easy to see. */
const PREFIX = `${CURRENT}_slecht_`;
const TARGET = `${PREFIX}doel`;
const url = (database: string) => databaseUrl(SOURCE_URL, database);
const backupFiles = async (dir: string) => (await readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort();

/** A child's exit code, with its output in the message when it is not the one expected. */
function expectExit(run: ChildResult, code: number): void {
  if (run.code !== code) throw new Error(`exit ${run.code}, verwacht ${code}:\n${run.output}`);
}

/** The file's text with the first row of `table` written twice, counts and checksums made to match: it passes every file check. */
async function withDuplicatedRow(good: string, table: string, out: string): Promise<void> {
  const lines = gunzipSync(await readFile(good)).toString('utf8').split('\n');
  const start = lines.indexOf(`@table ${table}`);
  const end = lines.indexOf('\\.', start);
  const rows = lines.slice(start + 1, end);
  expect(rows.length).toBeGreaterThan(1);
  const doubled = [...rows, rows[0]];
  const hash = createHash('sha256');
  for (const row of doubled) hash.update(`${row}\n`);
  const summary = { table, rows: doubled.length, sha256: hash.digest('hex') };
  lines.splice(start + 1, rows.length, ...doubled);
  const endLine = start + 1 + doubled.length + 1;
  expect(lines[endLine]).toMatch(/^@end /);
  lines[endLine] = `@end ${JSON.stringify(summary)}`;
  const completeLine = lines.findIndex((line) => line.startsWith('@complete '));
  const complete = JSON.parse(lines[completeLine].slice('@complete '.length)) as { tables: { table: string }[] };
  complete.tables = complete.tables.map((t) => (t.table === table ? summary : t));
  lines[completeLine] = `@complete ${JSON.stringify(complete)}`;
  await writeFile(out, gzipSync(lines.join('\n')));
}

/**
 * A backup's output that fills up like a disk: the first `bytes` reach the real partial file,
 * every later write goes to /dev/full, where the kernel answers ENOSPC as a full disk does.
 */
function fillsUpAfter(file: string, bytes: number): Writable {
  const partial = openSync(file, 'wx', 0o600);
  const full = openSync('/dev/full', 'w');
  let written = 0;
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const fd = written + chunk.length <= bytes ? partial : full;
      written += chunk.length;
      write(fd, chunk, (error) => callback(error));
    },
    destroy(error, callback) {
      closeSync(partial);
      closeSync(full);
      callback(error);
    },
  });
}

describe('Backups and restores on a bad day (issue 45)', () => {
  let ctx: TestContext;
  let dir: string;
  let good: string;
  let admin: Awaited<ReturnType<typeof loginAs>>['agent'];
  const saved = { smtpHost: process.env.SMTP_HOST, smtpPort: process.env.SMTP_PORT };

  const options = (extra: Partial<RunOptions> = {}): RunOptions => ({ ...ctx.app.get(BackupService).options('manual'), directory: dir, ...extra });
  /** The environment of a command run by an operator of this installation (its DATABASE_URL, this file's folder). */
  const operatorEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...process.env, DATABASE_URL: SOURCE_URL, BACKUP_DIR: dir, ...extra });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tsbn-backup-slecht-'));
    // As `npm start` without a mail server: the local catcher keeps every mail as it arrived, links included.
    delete process.env.SMTP_HOST;
    delete process.env.SMTP_PORT;
    process.env.MAIL_CATCHER = 'on';
    process.env.MAIL_CATCHER_PORT = '0';
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    for (const name of await databasesStartingWith(SOURCE_URL, PREFIX)) await dropDatabase(SOURCE_URL, name);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    await admin.post('/api/seasons/import').send(syntheticSeasonDocument({ teams: 6, name: 'Seizoen 2031/2032' })).expect(201);
    const made = await runBackup(options({ now: () => new Date() }));
    expect(made.outcome).toBe('made');
    good = made.file!;
    await restoreBackup({ file: good, serverUrl: SOURCE_URL, database: TARGET });
  });

  afterAll(async () => {
    await ctx.close();
    delete process.env.MAIL_CATCHER;
    delete process.env.MAIL_CATCHER_PORT;
    if (saved.smtpHost !== undefined) process.env.SMTP_HOST = saved.smtpHost;
    if (saved.smtpPort !== undefined) process.env.SMTP_PORT = saved.smtpPort;
    for (const name of await databasesStartingWith(SOURCE_URL, PREFIX)) await dropDatabase(SOURCE_URL, name);
    await rm(dir, { recursive: true, force: true });
  });

  test('retention by kind: a second `npm run backup` the same day keeps the first; --soort voor-upgrade is kept apart; upgrade.mjs finds its line', async () => {
    const own = await mkdtemp(path.join(os.tmpdir(), 'tsbn-backup-soort-'));
    // The strictest settings: one day, nothing else. Before issue 45 the second run deleted the first.
    const env = operatorEnv({ BACKUP_DIR: own, BACKUP_KEEP_DAILY: '1', BACKUP_KEEP_WEEKLY: '0', BACKUP_KEEP_MONTHLY: '0', BACKUP_KEEP_LAST: '0' });
    try {
      const made: string[] = [];
      for (const args of [[], [], ['--soort', 'voor-upgrade']]) {
        const run = await runNode(['scripts/backup.mjs', ...args], env);
        expectExit(run, 0);
        // upgrade.mjs (scripts/lib/server) reads exactly this: /Back-up gemaakt: (\S+)/
        const file = run.output.match(/Back-up gemaakt: (\S+)/)?.[1];
        expect(file).toBeDefined();
        expect(run.output).toContain(`Back-up gemaakt: ${file}\n`);
        made.push(file!);
      }
      expect(made.map((f) => path.dirname(f))).toEqual([own, own, own]);
      expect(made.map((f) => path.basename(f).replace(/^tsbn-backup-.*Z-/, ''))).toEqual(['handmatig.gz', 'handmatig.gz', 'voor-upgrade.gz']);
      expect(await backupFiles(own)).toEqual(made.map((f) => path.basename(f)).sort());
      const runs = await ctx.prisma.backupRun.findMany({ where: { directory: own }, orderBy: { startedAt: 'asc' } });
      expect(runs.map((r) => [r.trigger, r.status])).toEqual([
        ['manual', 'SUCCEEDED'],
        ['manual', 'SUCCEEDED'],
        ['before-upgrade', 'SUCCEEDED'],
      ]);

      const wrong = await runNode(['scripts/backup.mjs', '--soort', 'upgrade'], env);
      expectExit(wrong, 2);
      expect(wrong.output).toContain('Onbekende soort back-up "upgrade"; kies uit: handmatig, voor-upgrade, voor-herstel.');
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  test('a file that passes every check but breaks a primary key half-way: the target stays exactly as it was, nothing made is left; into a new name nothing is left either', async () => {
    const broken = path.join(dir, 'dubbele-sleutel.gz');
    await withDuplicatedRow(good, 'matches', broken);
    await expect(readBackupFile(broken)).resolves.toMatchObject({ tables: expect.arrayContaining([expect.objectContaining({ table: 'matches', rows: 31 })]) });
    const before = await tableFingerprints(url(TARGET));
    const databases = await databasesStartingWith(SOURCE_URL, PREFIX);
    expect(databases).toEqual([TARGET]);
    const beforeSwap = jest.fn();

    const replacing = await restoreBackup({ file: broken, serverUrl: SOURCE_URL, database: TARGET, replace: true, beforeSwap }).catch((error: Error) => error);
    expect(replacing).toBeInstanceOf(Error);
    expect((replacing as Error).message).toMatch(/^Herstel mislukt: De back-up bevat een dubbele sleutel in tabel matches \(Key \(id\)=\([0-9a-f-]+\) already exists\.\)\./);
    expect((replacing as Error).message).toContain(`Database "${TARGET}" is niet veranderd.`);
    expect(beforeSwap).not.toHaveBeenCalled();
    expect(await tableFingerprints(url(TARGET))).toEqual(before);
    expect(await databasesStartingWith(SOURCE_URL, PREFIX)).toEqual(databases);

    const fresh = `${PREFIX}half`;
    const intoNew = await restoreBackup({ file: broken, serverUrl: SOURCE_URL, database: fresh }).catch((error: Error) => error);
    expect((intoNew as Error).message).toContain(`De half gemaakte database "${fresh}" is weer verwijderd.`);
    expect(await databasesStartingWith(SOURCE_URL, PREFIX)).toEqual(databases);
  });

  test('over an existing database: built and checked beside it, then swapped; the replaced one is kept and its sessions ended', async () => {
    // The target drifts from the backup (a season renamed), and someone is connected to it.
    const drift = new pg.Client({ connectionString: url(TARGET) });
    await drift.connect();
    await drift.query(`UPDATE seasons SET name = 'Na de back-up hernoemd'`).finally(() => drift.end());
    const old = await tableFingerprints(url(TARGET));
    const session = new pg.Client({ connectionString: url(TARGET) });
    session.on('error', () => undefined);
    await session.connect();
    const moment = new Date('2026-12-06T09:15:00Z');
    const seenBeforeSwap: Record<string, string>[] = [];

    const result = await restoreBackup({
      file: good,
      serverUrl: SOURCE_URL,
      database: TARGET,
      replace: true,
      now: () => moment,
      // at this moment the new database is complete and the target still untouched
      beforeSwap: async (targetUrl) => {
        seenBeforeSwap.push(await tableFingerprints(targetUrl));
        expect(await databasesStartingWith(SOURCE_URL, PREFIX)).toEqual([TARGET, sideName(TARGET, 'nieuw', moment)].sort());
      },
    });
    expect(seenBeforeSwap).toEqual([old]);
    expect(result.keptAs).toBe(sideName(TARGET, 'vervangen', moment));
    expect(result.keptAs).toBe(`${TARGET}_vervangen_20261206_091500`);
    expect(await tableFingerprints(url(result.keptAs!))).toEqual(old);
    const restored = await tableFingerprints(url(TARGET));
    expect(restored.seasons).not.toEqual(old.seasons);
    expect(restored.matches).toEqual(old.matches);
    expect(result.counts).toMatchObject({ seasons: 1, matches: 30 });
    await expect(session.query('SELECT 1')).rejects.toThrow();
    expect(await databasesStartingWith(SOURCE_URL, PREFIX)).toEqual([TARGET, result.keptAs!].sort());
    await dropDatabase(SOURCE_URL, result.keptAs!);
  });

  test('`npm run restore -- --vervang` as an operator: a backup of the replaced database first (kind voor-herstel), then the swap', async () => {
    const run = await runNode(['scripts/restore.mjs', good, '--database', TARGET, '--vervang', '--bevestig', TARGET], operatorEnv());
    expectExit(run, 0);
    const before = run.output.match(/Back-up van de database vóór het vervangen: (\S+)/)?.[1];
    expect(before).toBeDefined();
    expect(path.basename(before!)).toMatch(/^tsbn-backup-.*Z-voor-herstel\.gz$/);
    expect((await readBackupFile(before!)).tables.length).toBeGreaterThan(20);
    const kept = run.output.match(/De vervangen database is bewaard als "([^"]+)"/)?.[1];
    expect(kept).toMatch(new RegExp(`^${TARGET}_vervangen_\\d{8}_\\d{6}$`));
    expect(await databasesStartingWith(SOURCE_URL, PREFIX)).toEqual([TARGET, kept!].sort());
    await dropDatabase(SOURCE_URL, kept!);
  });

  test.each([
    ['nobody to answer (no stdin)', null, 'Geen bevestiging (niemand om te antwoorden); er is niets veranderd.'],
    ['an empty answer', '\n', 'Niet bevestigd; er is niets veranderd.'],
    ['another name', `${CURRENT}\n`, 'Niet bevestigd; er is niets veranderd.'],
  ])('restore --vervang not confirmed: %s → exit 1, nothing changed', async (_what, typed, message) => {
    const before = await tableFingerprints(url(TARGET));
    const run = await runNode(['scripts/restore.mjs', good, '--database', TARGET, '--vervang'], operatorEnv(), typed);
    expectExit(run, 1);
    expect(run.output).toContain(message);
    expect(await tableFingerprints(url(TARGET))).toEqual(before);
    expect(await databasesStartingWith(SOURCE_URL, PREFIX)).toEqual([TARGET]);
  });

  test('a full disk fails the backup within seconds: recorded, the partial file removed, the lock released; the to-do and /api/metrics say so', async () => {
    // Text that compresses badly (~3 MB), so the disk fills while a table is being copied.
    const filler = Array.from({ length: 60 }, (_, i) => ({ to: 'vulsel@example.nl', subject: `Vulsel ${i}`, text: randomBytes(48_000).toString('base64'), kind: 'test', status: 'SENT' as const }));
    await ctx.prisma.outgoingMail.createMany({ data: filler });
    const full = await mkdtemp(path.join(os.tmpdir(), 'tsbn-backup-vol-'));
    try {
      const written: string[] = [];
      const started = Date.now();
      const result = await runBackup(
        options({ directory: full, now: () => new Date(), onTable: (table) => void written.push(table), openOutput: (file) => fillsUpAfter(file, 64 * 1024) }),
      );
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(result.outcome).toBe('failed');
      expect(result.error!.message).toMatch(/^De schijf is vol \(ENOSPC\) bij het schrijven van .*\.partial\. Maak ruimte vrij of kies met BACKUP_DIR een map op een andere schijf\.$/);
      // it stopped in the middle of the mail log (the tables go in alphabetical order)
      expect(written).toContain('matches');
      expect(written).not.toContain('outgoing_mails');
      expect(await readdir(full)).toEqual([]);
      const locks = await onServer<{ n: string }>(SOURCE_URL, `SELECT count(*)::text AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1`, [BACKUP_LOCK_KEY]);
      expect(locks[0].n).toBe('0');
      expect(await ctx.prisma.backupRun.findUniqueOrThrow({ where: { id: result.runId } })).toMatchObject({ status: 'FAILED', file: null, error: result.error!.message, finishedAt: expect.any(Date) });

      const todo = (await admin.get('/api/todo').expect(200)).body.items as { kind: string; title: string; detail: string }[];
      expect(todo.filter((i) => i.kind.startsWith('BACKUP_'))).toEqual([expect.objectContaining({ kind: 'BACKUP_FAILED', detail: expect.stringContaining('De schijf is vol (ENOSPC)') })]);
      const metrics = (await ctx.http().get('/api/metrics').expect(200)).text;
      expect(metrics).toMatch(/^tsbn_backup_last_attempt_failed 1$/m);
      expect(metrics).toMatch(/^tsbn_backup_running_seconds 0$/m);

      // not "busy": the next backup runs, and then all is well again
      const next = await runBackup(options({ directory: full, now: () => new Date() }));
      expect(next.outcome).toBe('made');
      expect(((await admin.get('/api/todo').expect(200)).body.items as { kind: string }[]).map((i) => i.kind)).not.toContain('BACKUP_FAILED');
      expect((await ctx.http().get('/api/metrics').expect(200)).text).toMatch(/^tsbn_backup_last_attempt_failed 0$/m);
    } finally {
      await ctx.prisma.outgoingMail.deleteMany({ where: { to: 'vulsel@example.nl' } });
      await rm(full, { recursive: true, force: true });
    }
  });

  test('no usable secret in a backup: live table codes left out, pending links expired and blanked; the folder 700, the files 600', async () => {
    // An invitation as `npm start` sends it: the local catcher keeps the mail with its link.
    const email = 'uitgenodigd@club.nl';
    await admin.post('/api/users').send({ email, name: 'Nieuwe Wedstrijdleider', role: 'SUPERVISOR' }).expect(201);
    await ctx.app.get(MailService).idle();
    const end = Date.now() + 15_000;
    while (!(await ctx.prisma.caughtMail.count({ where: { to: email } })) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    const caught = await ctx.prisma.caughtMail.findFirstOrThrow({ where: { to: email } });
    const token = /token=([A-Za-z0-9_-]{40,})/.exec(caught.text)?.[1];
    expect(token).toBeDefined();
    // A night still running (a live code, and one revoked) and one long over.
    const day = await createMatchDay(ctx.prisma);
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
    await ctx.prisma.tableCode.createMany({
      data: [
        { matchId: day.match.id, tableNumber: 1, code: 'LEVEND7Q', expiresAt: hours(6) },
        { matchId: day.match.id, tableNumber: 2, code: 'INGETR7Q', expiresAt: hours(6), revokedAt: hours(-1) },
        { matchId: day.match.id, tableNumber: 3, code: 'VERLOP7Q', expiresAt: hours(-30) },
      ],
    });
    // A folder someone made readable for everyone: narrowed to the service's user.
    const folder = path.join(dir, 'geheim');
    await mkdir(folder, { mode: 0o755 });
    await chmod(folder, 0o755);
    const moment = new Date();
    const made = await runBackup(options({ directory: folder, now: () => moment }));
    expect(made.outcome).toBe('made');
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(made.file!)).mode & 0o777).toBe(0o600);

    const text = gunzipSync(await readFile(made.file!)).toString('utf8');
    expect(text).not.toContain(token);
    expect(text).toContain('token=verwijderd');
    expect(text).not.toContain('LEVEND7Q');
    expect(text).toContain('INGETR7Q');
    expect(text).toContain('VERLOP7Q');
    // the running system is not changed by its backup: the link and the code still work there
    await ctx.http().post('/api/accounts/token').send({ token }).expect(200);
    expect(await ctx.prisma.tableCode.count({ where: { code: 'LEVEND7Q' } })).toBe(1);

    // restored, the old link opens nothing
    const copy = `${PREFIX}geheim`;
    const restored = await restoreBackup({ file: made.file!, serverUrl: SOURCE_URL, database: copy });
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = restored.url;
    const other = await startApp().finally(() => (process.env.DATABASE_URL = saved));
    try {
      const refused = await other.http().post('/api/accounts/invitation/accept').send({ token, password: 'uit-de-back-up-1' }).expect(400);
      expectError(refused.body, 400, 'TOKEN_EXPIRED');
      const tokens = await other.prisma.accountToken.findMany();
      expect(tokens).toHaveLength(1);
      expect(tokens[0].expiresAt.getTime()).toBeLessThanOrEqual(moment.getTime());
      expect((await other.prisma.tableCode.findMany({ orderBy: { code: 'asc' } })).map((c) => c.code)).toEqual(['INGETR7Q', 'VERLOP7Q']);
      expect((await other.prisma.caughtMail.findFirstOrThrow({ where: { to: email } })).text).toContain('token=verwijderd');
    } finally {
      await other.close();
      await dropDatabase(SOURCE_URL, copy);
    }
  });

  test('the way back: the restore names EMBEDDED_PG_DATABASE, and that setting opens exactly the restored database; no masked password', async () => {
    const restoredName = `${PREFIX}terug`;
    // as scripts/restore.mjs runs it on the embedded cluster (it says so in TSBN_DATABASE_SOURCE)
    const run = await runNode(['--import', 'tsx', 'backend/src/backup/cli.ts', 'restore', good, '--database', restoredName], { ...operatorEnv(), TSBN_DATABASE_SOURCE: 'embedded' });
    expectExit(run, 0);
    expect(run.output).not.toContain('***');
    const line = run.output.match(/zet in \.env de regel (EMBEDDED_PG_DATABASE=\S+) en start npm start opnieuw\./)?.[1];
    expect(line).toBe(`EMBEDDED_PG_DATABASE=${restoredName}`);
    // what `npm start` then does with that line (scripts/lib/database.mjs): that database, which exists
    const env = Object.fromEntries([line!.split('=') as [string, string]]);
    const name = embeddedDatabaseName(env);
    expect(name).toBe(restoredName);
    const server = new pg.Client({ connectionString: url('postgres') });
    await server.connect();
    try {
      await expect(openEmbeddedDatabase(server, name)).resolves.toBeUndefined();
      // a typo never starts an empty database (npm start would fill it with the demo season)
      await expect(openEmbeddedDatabase(server, `${PREFIX}tikfout`)).rejects.toThrow(/^Database "[^"]+_tikfout" \(EMBEDDED_PG_DATABASE in \.env\) bestaat niet in de ingebouwde PostgreSQL\. Wel aanwezig: .*_terug/);
      expect(await databasesStartingWith(SOURCE_URL, `${PREFIX}tikfout`)).toEqual([]);
    } finally {
      await server.end();
    }
    expect(await tableFingerprints(url(name), ['backup_runs'])).toEqual(await tableFingerprints(url(TARGET), ['backup_runs']));
    expect(embeddedDatabaseName({})).toBe(DEFAULT_DATABASE);
    expect(() => embeddedDatabaseName({ EMBEDDED_PG_DATABASE: 'tsbn; DROP' })).toThrow(/kan geen databasenaam zijn/);

    // with DATABASE_URL: only the database name changes, said without showing or masking the password
    const other = `${PREFIX}terug_url`;
    const viaUrl = await runNode(['scripts/restore.mjs', good, '--database', other], operatorEnv());
    expectExit(viaUrl, 0);
    expect(viaUrl.output).toContain(`verander in DATABASE_URL (in .env) alleen de databasenaam, het deel na de laatste "/", in ${other}`);
    expect(viaUrl.output).not.toContain('***');
    expect(viaUrl.output).not.toContain(`:${new URL(SOURCE_URL).password}@`);
  });

  test("this installation's cluster: the server on a data folder's port counts only when its data directory is that folder", async () => {
    const testCluster = path.join(ROOT, '.data', 'pg-test');
    const port = Number(new URL(SOURCE_URL).port);
    if (postmasterPort(testCluster) === port) {
      // scripts/test.mjs's own embedded cluster: found by its pid file, confirmed by its data directory
      expect(await runningClusterUrl(testCluster, 'tsbn')).toBe(`postgresql://tsbn:tsbn@127.0.0.1:${port}/tsbn`);
    }
    // another checkout's folder whose pid file names the port where this server answers: not ours
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'tsbn-ander-cluster-'));
    try {
      expect(await runningClusterUrl(elsewhere, 'tsbn')).toBeNull(); // nothing runs on it
      await writeFile(path.join(elsewhere, 'postmaster.pid'), [String(process.pid), elsewhere, '0', String(port), '/tmp', '127.0.0.1', '0', 'ready', ''].join('\n'));
      expect(postmasterPort(elsewhere)).toBe(port);
      expect(await runningClusterUrl(elsewhere, 'tsbn')).toBeNull();
      expect(await runningClusterUrl(elsewhere, 'tsbn', { port: 1 })).toBeNull(); // nobody answers
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
