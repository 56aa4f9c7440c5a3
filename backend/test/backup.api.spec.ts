/**
 * Issue 25: backups and a proven restore, on the real PostgreSQL of the tests.
 * - a season with results, signatures, fines and mails → backup → restore into a NEW database →
 *   every table equal (row counts and an md5 of the rows, computed by SQL, not by the backup
 *   code) → the API started on the restored database serves the same standings;
 * - a backup that fails half-way leaves no file that looks like a backup; a damaged file is refused;
 * - retention keeps exactly what the settings say;
 * - the job makes one backup per slot of the schedule, across two API processes and a restart,
 *   never two at once; pg-boss holds one schedule.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { readBackupFile } from '../src/backup/backup-file';
import { backupFileName, BACKUP_FILE_PATTERN, runBackup, type RunOptions } from '../src/backup/backup-runner';
import { BACKUP_QUEUE, BackupScheduler } from '../src/backup/backup-scheduler';
import { BackupService } from '../src/backup/backup.service';
import { restoreBackup } from '../src/backup/restore';
import { localInstant } from '../src/matches/match-row';
import { Clock } from '../src/reminders/clock';
import { dropDatabase as dropServerDatabase, ROOT, tableFingerprints } from './backup-fixtures';
import { createFineRow, createMatchDay, createUser, loginAs, resetDatabase, startApp, syntheticSeasonDocument, type TestContext } from './helpers';

// A restore into a second database with a second API, and `npm run backup` as a child that
// compiles the backend on its own: more than the 30 s hang guard of the other files on a busy machine.
jest.setTimeout(120_000);

const SOURCE_URL = process.env.DATABASE_URL!;
const RESTORED_DB = `${new URL(SOURCE_URL).pathname.slice(1)}_herstel_test`;

const dropDatabase = (name: string) => dropServerDatabase(SOURCE_URL, name);

const backupFiles = async (dir: string) => (await readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort();

describe('Backups and restore (issue 25)', () => {
  let ctx: TestContext;
  let dir: string;
  let seasonId: string;
  let divisionId: string;
  const killAtEnd: ReturnType<typeof spawn>[] = [];

  const options = (extra: Partial<RunOptions> = {}): RunOptions => ({ ...ctx.app.get(BackupService).options('manual'), directory: dir, ...extra });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tsbn-backup-test-'));
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    await ctx.prisma.$executeRawUnsafe('DROP SCHEMA IF EXISTS pgboss CASCADE');
    await dropDatabase(RESTORED_DB);
    // A season with all its results (import), one with members, a signed match, fines and mails.
    const admin = (await loginAs(ctx, 'ADMIN')).agent;
    const imported = await admin.post('/api/seasons/import').send(syntheticSeasonDocument({ teams: 6, name: 'Seizoen 2030/2031' })).expect(201);
    seasonId = imported.body.seasonId;
    divisionId = (await ctx.http().get(`/api/seasons/${seasonId}/divisions`).expect(200)).body[0].id;
    const day = await createMatchDay(ctx.prisma, { playersPerClub: 4 });
    const supervisor = await createUser(ctx.prisma, 'SUPERVISOR');
    await ctx.prisma.match.update({
      where: { id: day.match.id },
      data: { status: 'PLAYED', homePoints: 30, awayPoints: 20, homeSignedById: supervisor.id, homeSignedAt: new Date('2026-10-03T21:30:00Z'), awaySignedById: supervisor.id, awaySignedAt: new Date('2026-10-03T21:35:00Z') },
    });
    await createFineRow(ctx.prisma, { seasonId: day.season.id, clubId: day.homeClub.id, reason: 'Geen speelmatten (Regel 10), met "aanhalingstekens", een \\ en een\nnieuwe regel' });
    await createFineRow(ctx.prisma, { seasonId: day.season.id, clubId: day.awayClub.id, status: 'PAID', paidOn: '2026-10-20' });
    await ctx.prisma.outgoingMail.create({ data: { to: 'secretaris@example.nl', subject: 'Boete: €15', text: 'Tab\there, ünïcödé ✓', kind: 'FINE', status: 'SENT', sentAt: new Date() } });
    await ctx.prisma.outgoingMail.create({ data: { to: 'ander@example.nl', subject: 'Wacht', text: 'nog niet verstuurd', kind: 'FINE' } });
  });

  afterAll(async () => {
    for (const child of killAtEnd) if (child.exitCode === null) child.kill('SIGKILL');
    await ctx.close();
    await dropDatabase(RESTORED_DB);
    await rm(dir, { recursive: true, force: true });
  });

  test('backup → restore into a new database: every table equal, the API serves the restored season', async () => {
    // Every backup of this file has a fixed moment (this one the earliest): with the real clock the
    // failure at 03:00 below counted as older than this success once a run started after 03:00 UTC.
    const result = await runBackup(options({ now: () => new Date('2026-11-27T02:00:00Z') }));
    expect(result.outcome).toBe('made');
    expect(path.basename(result.file!)).toMatch(BACKUP_FILE_PATTERN);
    const read = await readBackupFile(result.file!);
    expect(read.tables.find((t) => t.table === 'matches')!.rows).toBe(6 * 5 + 1);
    expect(read.header.migrations.length).toBeGreaterThan(5);

    const restored = await restoreBackup({ file: result.file!, serverUrl: SOURCE_URL, database: RESTORED_DB });
    expect(restored.counts).toEqual({ seasons: 2, matches: 31, members: 8, clubs: 6 + 3, fines: 2 });
    expect(restored.upgradedBy).toEqual([]);
    // backup_runs changed after the snapshot (the run is now SUCCEEDED): compared apart below.
    const source = await tableFingerprints(SOURCE_URL, ['backup_runs']);
    const copy = await tableFingerprints(restored.url, ['backup_runs']);
    expect(Object.keys(copy).length).toBeGreaterThan(20);
    expect(copy).toEqual(source);
    const client = new pg.Client({ connectionString: restored.url });
    await client.connect();
    const runs = await client.query('SELECT status, file FROM backup_runs').finally(() => client.end());
    // RUNNING in the snapshot; the restore records that this backup succeeded
    expect(runs.rows).toEqual([{ status: 'SUCCEEDED', file: path.basename(result.file!) }]);

    // the API on the restored database
    const before = (await ctx.http().get(`/api/divisions/${divisionId}/standings`).expect(200)).body;
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = restored.url;
    const other = await startApp().finally(() => (process.env.DATABASE_URL = saved));
    try {
      const after = (await other.http().get(`/api/divisions/${divisionId}/standings`).expect(200)).body;
      expect(after).toEqual(before);
      expect(after.rows ?? after).toBeTruthy();
      const admin = (await loginAs(other, 'ADMIN')).agent; // a new row: the restored database takes writes (sequences, constraints)
      const fines = await admin.get(`/api/seasons/${restored.counts.seasons ? (await other.prisma.fine.findFirstOrThrow()).seasonId : ''}/fines`);
      expect([200, 404]).toContain(fines.status);
    } finally {
      await other.close();
    }
  });

  test('restore refuses an existing database without the explicit flag', async () => {
    const file = path.join(dir, (await backupFiles(dir)).at(-1)!);
    await expect(restoreBackup({ file, serverUrl: SOURCE_URL, database: RESTORED_DB })).rejects.toThrow(/bestaat al/);
  });

  test('a backup that fails half-way leaves no file that looks like a backup; the failure is recorded', async () => {
    const before = await backupFiles(dir);
    let tables = 0;
    const result = await runBackup(
      options({
        now: () => new Date('2026-11-27T03:00:00Z'),
        onTable: () => {
          tables += 1;
          if (tables === 5) throw new Error('schijf vol (test)');
        },
      }),
    );
    expect(result.outcome).toBe('failed');
    expect(result.error!.message).toContain('schijf vol');
    expect(await backupFiles(dir)).toEqual(before);
    expect((await readdir(dir)).filter((n) => n.endsWith('.partial'))).toEqual([]);
    const status = await ctx.app.get(BackupService).status();
    expect(status.lastFailure?.error).toContain('schijf vol');
    expect(status.lastSuccess?.file).toBe(before.at(-1));
  });

  test('the leftover of a killed backup is removed by the next run; damaged files are refused whole', async () => {
    const good = path.join(dir, (await backupFiles(dir)).at(-1)!);
    const leftover = path.join(dir, `.${backupFileName(new Date('2026-11-27T02:00:00Z'), 'manual')}.partial`);
    await copyFile(good, leftover);
    await truncate(leftover, 300);
    await expect(readBackupFile(leftover)).rejects.toThrow(/onvolledig|beschadigd/);

    // cut off before the end: a valid gzip of everything but the last line
    const text = gunzipSync(await readFile(good)).toString('utf8');
    const withoutEnd = path.join(dir, 'zonder-einde.gz');
    await writeFile(withoutEnd, gzipSync(text.slice(0, text.lastIndexOf('@complete '))));
    await expect(readBackupFile(withoutEnd)).rejects.toThrow(/einde ontbreekt/);
    // one row changed
    const changed = path.join(dir, 'veranderd.gz');
    await writeFile(changed, gzipSync(text.replace('secretaris@example.nl', 'secretaris@example.com')));
    await expect(readBackupFile(changed)).rejects.toThrow(/controlesom/);
    await rm(withoutEnd);
    await rm(changed);

    const result = await runBackup(options({ now: () => new Date('2026-11-27T04:00:00Z') }));
    expect(result.outcome).toBe('made');
    expect((await readdir(dir)).filter((n) => n.endsWith('.partial'))).toEqual([]);
  });

  test('a backup killed half-way (kill -9 of `npm run backup`) leaves no file that looks like a backup; the next run cleans up', async () => {
    const before = await backupFiles(dir);
    // one process (tsx as a loader, not its CLI, which runs the program in a child of its own)
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'backend', 'src', 'backup', 'cli.ts'), 'backup'], {
      cwd: ROOT,
      env: { ...process.env, BACKUP_DIR: dir, TSBN_BACKUP_PAUSE_AFTER_TABLE: 'matches' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    killAtEnd.push(child);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const end = Date.now() + 90_000;
    while (!output.includes('PAUZE NA matches')) {
      if (Date.now() > end || child.exitCode !== null) throw new Error(`de back-up pauzeerde niet: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const partials = (await readdir(dir)).filter((n) => n.endsWith('.partial'));
    expect(partials).toHaveLength(1); // what it had written: never named like a backup
    expect(await backupFiles(dir)).toEqual(before);
    await expect(readBackupFile(path.join(dir, partials[0]))).rejects.toThrow(/onvolledig|beschadigd/);
    expect(await ctx.prisma.backupRun.count({ where: { status: 'RUNNING' } })).toBe(1);

    const next = await runBackup(options({ now: () => new Date('2026-11-27T05:00:00Z') }));
    expect(next.outcome).toBe('made');
    expect((await readdir(dir)).filter((n) => n.endsWith('.partial'))).toEqual([]);
    expect(await ctx.prisma.backupRun.count({ where: { status: 'RUNNING' } })).toBe(0);
    expect((await ctx.prisma.backupRun.findFirstOrThrow({ where: { status: 'FAILED', error: { contains: 'Afgebroken' } } })).finishedAt).not.toBeNull();
  });

  test('retention keeps exactly what the settings say', async () => {
    for (const name of await backupFiles(dir)) await rm(path.join(dir, name));
    // one (empty) file per day at 03:00 UTC from 1 September to 25 November 2026
    for (let day = new Date('2026-09-01T03:00:00Z'); day <= new Date('2026-11-25T03:00:00Z'); day = new Date(day.getTime() + 86_400_000)) {
      await writeFile(path.join(dir, backupFileName(day, 'schedule')), '');
    }
    const result = await runBackup(options({ trigger: 'schedule', now: () => new Date('2026-11-26T03:00:00Z'), retention: { daily: 3, weekly: 2, monthly: 2, last: 0 } }));
    expect(result.outcome).toBe('made');
    const days = (await backupFiles(dir)).map((name) => name.slice('tsbn-backup-'.length, 'tsbn-backup-'.length + 10));
    // daily: 26, 25, 24 Nov; weekly (Mon–Sun): week of 23 Nov → 26, week of 16 Nov → 22; monthly: Nov → 26, Oct → 31
    expect(days).toEqual(['2026-10-31', '2026-11-22', '2026-11-24', '2026-11-25', '2026-11-26']);
    expect(result.deleted!.length).toBe(86 - 4);
  });

  test('the to-do list warns administrators (only) when the last good backup is older than 36 hours; Beheer gets the status', async () => {
    const clock = ctx.app.get(Clock);
    const last = await ctx.prisma.backupRun.findFirstOrThrow({ where: { status: 'SUCCEEDED' }, orderBy: { startedAt: 'desc' } });
    const admin = (await loginAs(ctx, 'ADMIN')).agent;
    const supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
    const kinds = async (agent: typeof admin) => ((await agent.get('/api/todo').expect(200)).body.items as { kind: string }[]).map((i) => i.kind);
    try {
      clock.set(new Date(last.finishedAt!.getTime() + 35 * 3_600_000));
      expect(await kinds(admin)).not.toContain('BACKUP_OVERDUE');
      clock.set(new Date(last.finishedAt!.getTime() + 37 * 3_600_000));
      expect(await kinds(admin)).toContain('BACKUP_OVERDUE');
      expect(await kinds(supervisor)).not.toContain('BACKUP_OVERDUE');
    } finally {
      clock.set(null);
    }
    const status = await admin.get('/api/backups/status').expect(200);
    expect(status.body.lastSuccess).toMatchObject({ file: last.file, directory: dir, sizeBytes: Number(last.sizeBytes) });
    await supervisor.get('/api/backups/status').expect(403);
    await ctx.http().get('/api/backups/status').expect(401);
    const secretary = (await loginAs(ctx, 'SECRETARY', (await ctx.prisma.club.findFirstOrThrow()).id)).agent;
    await secretary.get('/api/backups/status').expect(403);
  });

  describe('the job', () => {
    const apps: TestContext[] = [];
    const AT_0410 = localInstant('2026-12-01', '04:10'); // Amsterdam
    const savedDir = process.env.BACKUP_DIR;

    async function startProcess(): Promise<TestContext> {
      const app = await startApp();
      apps.push(app);
      app.app.get(Clock).set(AT_0410);
      return app;
    }

    beforeAll(async () => {
      process.env.BACKUP_DIR = dir;
      for (const name of await backupFiles(dir)) await rm(path.join(dir, name));
      await ctx.prisma.backupRun.deleteMany();
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      if (savedDir === undefined) delete process.env.BACKUP_DIR;
      else process.env.BACKUP_DIR = savedDir;
    });

    test('two API processes at once: one backup, never two at the same time; a restart makes none; the next night one', async () => {
      const [a, b] = [await startProcess(), await startProcess()];
      const outcomes = (await Promise.all([a.app.get(BackupService).runIfDue(), b.app.get(BackupService).runIfDue()])).map((r) => r.outcome).sort();
      expect([['busy', 'made'], ['made', 'not-due']]).toContainEqual(outcomes);
      expect(await backupFiles(dir)).toHaveLength(1);

      await a.close(); // a restart
      apps.splice(apps.indexOf(a), 1);
      const c = await startProcess();
      expect((await c.app.get(BackupService).runIfDue()).outcome).toBe('not-due');
      c.app.get(Clock).set(localInstant('2026-12-01', '23:59'));
      expect((await c.app.get(BackupService).runIfDue()).outcome).toBe('not-due');

      c.app.get(Clock).set(localInstant('2026-12-02', '04:00'));
      b.app.get(Clock).set(localInstant('2026-12-02', '04:00'));
      const next = (await Promise.all([b.app.get(BackupService).runIfDue(), c.app.get(BackupService).runIfDue()])).map((r) => r.outcome).sort();
      expect([['busy', 'made'], ['made', 'not-due']]).toContainEqual(next);
      expect(await backupFiles(dir)).toHaveLength(2);
      expect(await ctx.prisma.backupRun.count({ where: { status: 'SUCCEEDED' } })).toBe(2);
    });

    test('pg-boss: both processes start the schedule; it is kept once, and the jobs they queue make no second backup', async () => {
      const [b, c] = apps;
      for (const app of [b, c]) app.app.get(Clock).set(localInstant('2026-12-03', '04:01'));
      await Promise.all([b, c].map((app) => app.app.get(BackupScheduler).start({ pollingIntervalSeconds: 0.5 })));
      expect(await b.app.get(BackupScheduler).schedules()).toEqual([{ name: BACKUP_QUEUE, cron: '0 4 * * *', timezone: 'Europe/Amsterdam' }]);
      // each start queued a check; wait until no job of the queue is left waiting or running
      const end = Date.now() + 20_000;
      for (;;) {
        const { rows } = await ctx.prisma.$queryRawUnsafe<{ open: bigint; done: bigint }[]>(
          `SELECT count(*) FILTER (WHERE state IN ('created', 'retry', 'active')) AS open, count(*) FILTER (WHERE state = 'completed') AS done FROM pgboss.job WHERE name = $1`,
          BACKUP_QUEUE,
        ).then((r) => ({ rows: r }));
        if (Number(rows[0].open) === 0 && Number(rows[0].done) >= 1) break;
        if (Date.now() > end) throw new Error('de back-uptaak liep niet');
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await backupFiles(dir)).toHaveLength(3);
      expect(await ctx.prisma.backupRun.count({ where: { status: 'SUCCEEDED' } })).toBe(3);
      await Promise.all([b, c].map((app) => app.app.get(BackupScheduler).stop()));
    });
  });
});
