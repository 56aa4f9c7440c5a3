/**
 * Issue 45 item 5: restore drills by themselves.
 * - the drill restores the newest backup into a scratch database, compares it with the file and
 *   drops it: on a good backup it succeeds, on a damaged one it fails; either way it is recorded,
 *   no scratch database is left and the running database is untouched;
 * - a failure shows on Beheer's status, on the administrators' to-do and in /api/metrics, until a
 *   drill succeeds again;
 * - `npm run restore -- --check [<file>]` does the same as a command: exit 0 / 1, records nothing;
 * - the weekly job (pg-boss, RESTORE_DRILL_SCHEDULE) runs one per slot;
 * - the status is for administrators only.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { readBackupFile } from '../src/backup/backup-file';
import { backupFileName, runBackup } from '../src/backup/backup-runner';
import { BackupService } from '../src/backup/backup.service';
import { DRILL_QUEUE, DrillScheduler } from '../src/backup/drill-scheduler';
import { DRILL_LOCK_KEY, scratchDatabaseName, scratchDatabases } from '../src/backup/restore-drill';
import { RestoreDrillService } from '../src/backup/restore-drill.service';
import { Clock } from '../src/reminders/clock';
import { dropDatabase, onServer, runNode, tableFingerprints, type ChildResult } from './backup-fixtures';
import { loginAs, resetDatabase, startApp, syntheticSeasonDocument, type Agent, type TestContext } from './helpers';

// Restores into scratch databases and `npm run restore` as children that compile the backend with
// tsx: more than the other files' 30 s hang guard on a busy two-core machine.
jest.setTimeout(180_000);

const SOURCE_URL = process.env.DATABASE_URL!;
const CURRENT = decodeURIComponent(new URL(SOURCE_URL).pathname.slice(1));

function expectExit(run: ChildResult, code: number): void {
  if (run.code !== code) throw new Error(`exit ${run.code}, verwacht ${code}:\n${run.output}`);
}

/** The scratch databases seen while `work` runs (polled), and those left after it. */
async function watchScratch<T>(work: () => Promise<T>): Promise<{ result: T; seen: string[]; left: string[] }> {
  const seen = new Set<string>();
  let running = true;
  const polling = (async () => {
    while (running) {
      for (const name of await scratchDatabases(SOURCE_URL)) seen.add(name);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    const result = await work();
    return { result, seen: [...seen], left: await scratchDatabases(SOURCE_URL) };
  } finally {
    running = false;
    await polling;
  }
}

/** The file with the first row of `table` written twice and its counts and checksums made to match: it passes every file check and breaks a primary key while loading. */
async function withDuplicatedRow(good: string, table: string, out: string): Promise<void> {
  const lines = gunzipSync(await readFile(good)).toString('utf8').split('\n');
  const start = lines.indexOf(`@table ${table}`);
  const end = lines.indexOf('\\.', start);
  const rows = lines.slice(start + 1, end);
  const doubled = [...rows, rows[0]];
  const hash = createHash('sha256');
  for (const row of doubled) hash.update(`${row}\n`);
  const summary = { table, rows: doubled.length, sha256: hash.digest('hex') };
  lines.splice(start + 1, rows.length, ...doubled);
  lines[start + doubled.length + 2] = `@end ${JSON.stringify(summary)}`;
  const completeLine = lines.findIndex((line) => line.startsWith('@complete '));
  const complete = JSON.parse(lines[completeLine].slice('@complete '.length)) as { tables: { table: string }[] };
  complete.tables = complete.tables.map((t) => (t.table === table ? summary : t));
  lines[completeLine] = `@complete ${JSON.stringify(complete)}`;
  await writeFile(out, gzipSync(lines.join('\n')));
}

const duplicatedKey = (good: string, out: string) => withDuplicatedRow(good, 'matches', out);

/** The first half of the file's bytes: a backup cut off by a full disk or a broken copy. */
async function cutOff(good: string, out: string): Promise<void> {
  const bytes = await readFile(good);
  await writeFile(out, bytes.subarray(0, Math.floor(bytes.length / 2)));
}

describe('Restore drills (issue 45 item 5)', () => {
  let ctx: TestContext;
  let dir: string;
  let good: string;
  let goodTables: number;
  let goodRows: number;
  let admin: Agent;
  const savedDir = process.env.BACKUP_DIR;
  const drills = () => ctx.app.get(RestoreDrillService);
  const operatorEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...process.env, DATABASE_URL: SOURCE_URL, BACKUP_DIR: dir, ...extra });
  const todoKinds = async (agent: Agent) => ((await agent.get('/api/todo').expect(200)).body.items as { kind: string }[]).map((i) => i.kind);
  const metrics = async () => (await ctx.http().get('/api/metrics').expect(200)).text;
  /** A damaged backup, named as the newest one in the folder. */
  const newestDamaged = async (damage: (good: string, out: string) => Promise<void>, minutesAhead: number) => {
    const file = path.join(dir, backupFileName(new Date(Date.now() + minutesAhead * 60_000), 'manual'));
    await damage(good, file);
    return file;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tsbn-hersteltest-'));
    process.env.BACKUP_DIR = dir;
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    await ctx.prisma.$executeRawUnsafe('DROP SCHEMA IF EXISTS pgboss CASCADE'); // no job of an earlier run waits in the queue
    for (const name of await scratchDatabases(SOURCE_URL)) await dropDatabase(SOURCE_URL, name);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    await admin.post('/api/seasons/import').send(syntheticSeasonDocument({ teams: 6, name: 'Seizoen 2032/2033' })).expect(201);
    const made = await runBackup({ ...ctx.app.get(BackupService).options('manual'), directory: dir, now: () => new Date() });
    expect(made.outcome).toBe('made');
    good = made.file!;
    const summary = await readBackupFile(good);
    goodTables = summary.tables.length;
    goodRows = summary.tables.reduce((sum, t) => sum + t.rows, 0);
  });

  afterAll(async () => {
    await ctx.app.get(DrillScheduler).stop();
    await ctx.close();
    for (const name of await scratchDatabases(SOURCE_URL)) await dropDatabase(SOURCE_URL, name);
    await rm(dir, { recursive: true, force: true });
    if (savedDir === undefined) delete process.env.BACKUP_DIR;
    else process.env.BACKUP_DIR = savedDir;
  });

  test('before any drill: Beheer says none yet, nothing on the to-do, the metrics say 0', async () => {
    expect((await admin.get('/api/backups/status').expect(200)).body.lastDrill).toBeNull();
    expect(await todoKinds(admin)).not.toContain('RESTORE_DRILL_FAILED');
    const text = await metrics();
    expect(text).toMatch(/^tsbn_restore_drill_last_success_timestamp_seconds 0$/m);
    expect(text).toMatch(/^tsbn_restore_drill_last_failed 0$/m);
  });

  test('the drill on a good backup: restored into a scratch database, every table equal, recorded; the scratch database is gone and nothing else changed', async () => {
    const before = await tableFingerprints(SOURCE_URL, ['restore_drills', 'sessions']);
    const { result, seen, left } = await watchScratch(() => drills().runIfDue({ schedule: null }));
    expect(result.outcome).toBe('succeeded');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(new RegExp(`^${CURRENT}_hersteltest_\\d{8}_\\d{6}$`));
    expect(left).toEqual([]);
    expect(await tableFingerprints(SOURCE_URL, ['restore_drills', 'sessions'])).toEqual(before);

    const row = await ctx.prisma.restoreDrill.findUniqueOrThrow({ where: { id: result.drillId } });
    expect(row).toMatchObject({ status: 'SUCCEEDED', file: path.basename(good), directory: dir, tablesChecked: goodTables, rowsChecked: goodRows, error: null, finishedAt: expect.any(Date) });
    expect(goodTables).toBeGreaterThan(20);

    const status = (await admin.get('/api/backups/status').expect(200)).body;
    expect(status.lastDrill).toEqual({
      status: 'SUCCEEDED',
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt!.toISOString(),
      file: path.basename(good),
      tablesChecked: goodTables,
      rowsChecked: goodRows,
      error: null,
    });
    expect(await todoKinds(admin)).not.toContain('RESTORE_DRILL_FAILED');
    const text = await metrics();
    expect(text).toMatch(/^tsbn_restore_drill_last_failed 0$/m);
    expect(Number(/^tsbn_restore_drill_last_success_timestamp_seconds (\S+)$/m.exec(text)![1])).toBe(row.finishedAt!.getTime() / 1000);
  });

  test.each([
    ['a duplicated key (passes every file check, breaks while loading)', duplicatedKey, 1, /^Herstel mislukt: De back-up bevat een dubbele sleutel in tabel matches/, 1],
    ['cut off half-way (refused before anything is made)', cutOff, 2, /^Back-upbestand is beschadigd of onvolledig|^Back-upbestand is onvolledig/, 0],
  ])('a damaged newest backup, %s: the drill fails, is recorded with its reason, shows on Beheer, the to-do and the metrics; no scratch database is left', async (_what, damage, minutesAhead, reason, scratchMade) => {
    const damaged = await newestDamaged(damage, minutesAhead);
    const before = await tableFingerprints(SOURCE_URL, ['restore_drills', 'sessions']);
    const lastSuccess = await ctx.prisma.restoreDrill.findFirstOrThrow({ where: { status: 'SUCCEEDED' }, orderBy: { startedAt: 'desc' } });

    const { result, seen, left } = await watchScratch(() => drills().runIfDue({ schedule: null }));
    expect(result.outcome).toBe('failed');
    expect(seen.length).toBeLessThanOrEqual(scratchMade); // the poll may miss a database that lived only milliseconds
    expect(left).toEqual([]);
    expect(await tableFingerprints(SOURCE_URL, ['restore_drills', 'sessions'])).toEqual(before);

    const row = await ctx.prisma.restoreDrill.findUniqueOrThrow({ where: { id: result.drillId } });
    expect(row).toMatchObject({ status: 'FAILED', file: path.basename(damaged), tablesChecked: null, rowsChecked: null, finishedAt: expect.any(Date) });
    expect(row.error).toMatch(reason);

    const status = (await admin.get('/api/backups/status').expect(200)).body;
    expect(status.lastDrill).toMatchObject({ status: 'FAILED', file: path.basename(damaged), error: row.error, tablesChecked: null });

    const todo = (await admin.get('/api/todo').expect(200)).body.items as { kind: string; title: string; detail: string; urgent: boolean; link: string }[];
    const item = todo.find((i) => i.kind === 'RESTORE_DRILL_FAILED');
    expect(item).toMatchObject({ urgent: true, link: '/beheer', title: expect.stringMatching(/^De laatste hersteltest is mislukt \(\d{2}-\d{2}-\d{4}\)$/) });
    expect(item!.detail).toContain(row.error!);
    expect(item!.detail).toContain(path.basename(damaged));
    expect(item!.detail).toContain('npm run restore -- --check');
    const club = await ctx.prisma.club.findFirstOrThrow();
    expect(await todoKinds((await loginAs(ctx, 'SECRETARY', club.id)).agent)).not.toContain('RESTORE_DRILL_FAILED');
    expect(await todoKinds((await loginAs(ctx, 'SUPERVISOR')).agent)).not.toContain('RESTORE_DRILL_FAILED');

    const text = await metrics();
    expect(text).toMatch(/^tsbn_restore_drill_last_failed 1$/m);
    // the last good drill is still the one before
    expect(Number(/^tsbn_restore_drill_last_success_timestamp_seconds (\S+)$/m.exec(text)![1])).toBe(lastSuccess.finishedAt!.getTime() / 1000);
  });

  test('`npm run restore -- --check`: a good file exits 0 with the verdict in Dutch, a damaged one 1; nothing recorded, no scratch database left, a killed drill\'s leftover cleaned up', async () => {
    // A scratch database a killed drill left behind.
    const leftover = scratchDatabaseName(CURRENT, new Date('2026-11-29T04:00:07Z'));
    await onServer(SOURCE_URL, `CREATE DATABASE "${leftover}"`);
    const drillsBefore = await ctx.prisma.restoreDrill.count();
    const before = await tableFingerprints(SOURCE_URL, ['sessions']);

    const ok = await runNode(['scripts/restore.mjs', '--check', good], operatorEnv());
    expectExit(ok, 0);
    expect(ok.output).toContain(`Eerst opgeruimd: tijdelijke database(s) van een afgebroken hersteltest: ${leftover}.`);
    expect(ok.output).toContain(`Hersteltest geslaagd: ${good}`);
    expect(ok.output).toMatch(new RegExp(`Teruggezet in de tijdelijke database "${CURRENT}_hersteltest_\\d{8}_\\d{6}" en vergeleken: alle ${goodTables} tabellen \\([\\d.]+ rijen\\) zijn gelijk aan de back-up \\(aantallen en controlesommen\\)\\.`));
    expect(ok.output).toMatch(/De tijdelijke database "[^"]+" is weer verwijderd; verder is er niets veranderd\./);
    expect(await scratchDatabases(SOURCE_URL)).toEqual([]);

    const broken = path.join(dir, 'dubbele-sleutel.gz');
    await withDuplicatedRow(good, 'matches', broken);
    const bad = await runNode(['scripts/restore.mjs', '--check', broken], operatorEnv());
    expectExit(bad, 1);
    expect(bad.output).toContain(`Hersteltest MISLUKT: ${broken}`);
    expect(bad.output).toContain('De back-up bevat een dubbele sleutel in tabel matches');
    expect(bad.output).toMatch(/De tijdelijke database "[^"]+" is weer verwijderd; verder is er niets veranderd\./);
    expect(await scratchDatabases(SOURCE_URL)).toEqual([]);

    // nothing recorded, nothing changed in the running database
    expect(await ctx.prisma.restoreDrill.count()).toBe(drillsBefore);
    expect(await tableFingerprints(SOURCE_URL, ['sessions'])).toEqual(before);
  });

  test('`npm run restore -- --check` without a file: the newest backup in BACKUP_DIR; none there: exit 1; a file that is not there: exit 1; with --vervang: exit 2', async () => {
    const own = await mkdtemp(path.join(os.tmpdir(), 'tsbn-hersteltest-eigen-'));
    try {
      const empty = await runNode(['scripts/restore.mjs', '--check'], operatorEnv({ BACKUP_DIR: own }));
      expectExit(empty, 1);
      expect(empty.output).toContain(`Geen back-up gevonden in ${own}.`);

      // an older damaged one and the good one as the newest
      await cutOff(good, path.join(own, backupFileName(new Date('2026-11-01T03:00:00Z'), 'schedule')));
      const newest = path.join(own, backupFileName(new Date('2026-12-06T03:00:00Z'), 'schedule'));
      await writeFile(newest, await readFile(good));
      const run = await runNode(['scripts/restore.mjs', '--check'], operatorEnv({ BACKUP_DIR: own }));
      expectExit(run, 0);
      expect(run.output).toContain(`Hersteltest geslaagd: ${newest}`);

      const missing = await runNode(['scripts/restore.mjs', '--check', path.join(own, 'bestaat-niet.gz')], operatorEnv({ BACKUP_DIR: own }));
      expectExit(missing, 1);
      expect(missing.output).toContain('bestaat niet');
      const replace = await runNode(['scripts/restore.mjs', '--check', newest, '--vervang'], operatorEnv({ BACKUP_DIR: own }));
      expectExit(replace, 2);
      expect(await scratchDatabases(SOURCE_URL)).toEqual([]);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  test('one drill at a time: while another holds the lock the job is "busy" and records nothing', async () => {
    const holder = new pg.Client({ connectionString: SOURCE_URL });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [DRILL_LOCK_KEY]);
      const count = await ctx.prisma.restoreDrill.count();
      expect((await drills().runIfDue({ schedule: null })).outcome).toBe('busy');
      expect(await ctx.prisma.restoreDrill.count()).toBe(count);
    } finally {
      await holder.end();
    }
  });

  test('the weekly job (pg-boss): Sunday 05:00 Amsterdam; the check queued at start runs a drill when one is due, and after a good drill the failure is gone from the to-do and the metrics', async () => {
    // the damaged files go: the newest is the good backup again
    for (const name of await readdir(dir)) if (path.join(dir, name) !== good) await rm(path.join(dir, name));
    const clock = ctx.app.get(Clock);
    // a week later: the drills of this file were all before the current slot
    clock.set(new Date(Date.now() + 7 * 86_400_000));
    try {
      expect((await ctx.prisma.restoreDrill.findFirstOrThrow({ orderBy: { startedAt: 'desc' } })).status).toBe('FAILED');
      const count = await ctx.prisma.restoreDrill.count();
      const scheduler = ctx.app.get(DrillScheduler);
      await scheduler.start({ pollingIntervalSeconds: 0.5, startupDelaySeconds: 0 });
      expect(await scheduler.schedules()).toEqual([{ name: DRILL_QUEUE, cron: '0 5 * * 0', timezone: 'Europe/Amsterdam' }]);
      const end = Date.now() + 60_000;
      for (;;) {
        const rows = await ctx.prisma.$queryRawUnsafe<{ open: bigint; done: bigint }[]>(
          `SELECT count(*) FILTER (WHERE state IN ('created', 'retry', 'active') AND start_after <= now()) AS open, count(*) FILTER (WHERE state = 'completed') AS done FROM pgboss.job WHERE name = $1`,
          DRILL_QUEUE,
        );
        if (Number(rows[0].open) === 0 && Number(rows[0].done) >= 1) break;
        if (Date.now() > end) throw new Error('de hersteltesttaak liep niet');
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await ctx.prisma.restoreDrill.count()).toBe(count + 1);
      const last = await ctx.prisma.restoreDrill.findFirstOrThrow({ orderBy: { startedAt: 'desc' } });
      expect(last).toMatchObject({ status: 'SUCCEEDED', file: path.basename(good) });
      expect(await scratchDatabases(SOURCE_URL)).toEqual([]);
      // the slot has its drill: a retry, a restart or a second process makes none
      expect((await drills().runIfDue()).outcome).toBe('not-due');

      expect(await todoKinds(admin)).not.toContain('RESTORE_DRILL_FAILED');
      expect(await metrics()).toMatch(/^tsbn_restore_drill_last_failed 0$/m);
      expect((await admin.get('/api/backups/status').expect(200)).body.lastDrill).toMatchObject({ status: 'SUCCEEDED' });
      await scheduler.stop();
    } finally {
      clock.set(null);
    }
  });

  test('Beheer\'s status (with the last drill) is for administrators: a secretary and a supervisor get 403, the public 401', async () => {
    const club = await ctx.prisma.club.findFirstOrThrow();
    await (await loginAs(ctx, 'SECRETARY', club.id)).agent.get('/api/backups/status').expect(403);
    await (await loginAs(ctx, 'SUPERVISOR')).agent.get('/api/backups/status').expect(403);
    await ctx.http().get('/api/backups/status').expect(401);
  });
});
