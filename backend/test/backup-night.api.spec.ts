/**
 * Issue 45 item 4: a match night is off the server the same night. When the last started match of
 * a date becomes final (MATCH_CONFIRMED on the live bus, from any API process), a backup of kind
 * "na-speelavond" (and its copy off the server) is queued in pg-boss, coalesced to one per half hour;
 * a match of that date nobody started does not hold the night back, one still being played does.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { BACKUP_LOCK_KEY } from '../src/backup/backup-runner';
import { BackupScheduler, NIGHT_BACKUP_QUEUE } from '../src/backup/backup-scheduler';
import { NightBackup } from '../src/backup/night-backup';
import { JOBS_SCHEMA } from '../src/reminders/reminder-scheduler';
import { createDivision, createMatchRow, createSeason, createTeam, createClub, resetDatabase, startApp, type TestContext } from './helpers';

jest.setTimeout(120_000);

describe('the backup after a match night', () => {
  let ctx: TestContext;
  let dir: string;
  let boss: PgBoss;
  const matches: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tsbn-night-'));
    process.env.BACKUP_DIR = dir;
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    await ctx.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS ${JOBS_SCHEMA} CASCADE`);
    const season = await createSeason(ctx.prisma);
    const division = await createDivision(ctx.prisma, season.id);
    const teams = [];
    for (let i = 0; i < 6; i++) teams.push(await createTeam(ctx.prisma, division.id, (await createClub(ctx.prisma)).id));
    // Three matches on 3 October: two played that night, one that nobody started (postponed).
    for (const [home, away, status] of [[0, 1, 'PLAYED'], [2, 3, 'PLAYED'], [4, 5, 'SCHEDULED']] as const) {
      matches.push((await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: teams[home].id, awayTeamId: teams[away].id, date: '2026-10-03', round: 1, status })).id);
    }
    process.env.NIGHT_BACKUP_RETRY_SECONDS = '1';
    await ctx.app.get(BackupScheduler).start({ pollingIntervalSeconds: 0.5 });
    boss = new PgBoss({ connectionString: process.env.DATABASE_URL, schema: JOBS_SCHEMA, max: 1 });
    await boss.start();
  });

  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true });
    await ctx.app.get(BackupScheduler).stop();
    await ctx.close();
    delete process.env.BACKUP_DIR;
    await rm(dir, { recursive: true, force: true });
  });

  const night = () => ctx.app.get(NightBackup);
  const final = (id: string) => ctx.prisma.match.update({ where: { id }, data: { finalAt: new Date() } });
  const nightBackups = async () => (await readdir(dir)).filter((name) => /^tsbn-backup-.*-na-speelavond\.gz$/.test(name));
  /** Night jobs that pg-boss is retrying (they found another backup running). */
  const busyTries = async () =>
    Number((await ctx.prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND retry_count > 0`, NIGHT_BACKUP_QUEUE))[0].n);
  const jobs = async () => (await boss.fetch(NIGHT_BACKUP_QUEUE, { includeMetadata: true, batchSize: 10 }).catch(() => [])) ?? [];

  it('waits while a started match of the night is not final', async () => {
    await final(matches[0]);
    expect(await night().afterFinal({ matchId: matches[0] })).toBe(false);
  });

  it('makes a backup of kind na-speelavond when the last started match becomes final, also when another backup is running then', async () => {
    // Another backup holds the lock (as the planner's start makes up a missed nightly one at once):
    // the night's job finds it busy, and is tried again once it is free.
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    await other.query('SELECT pg_advisory_lock($1)', [BACKUP_LOCK_KEY]);
    await final(matches[1]);
    expect(await night().afterFinal({ matchId: matches[1] })).toBe(true);
    for (let i = 0; i < 40 && !(await busyTries()); i++) await new Promise((r) => setTimeout(r, 250));
    expect(await busyTries()).toBeGreaterThan(0);
    expect(await nightBackups()).toHaveLength(0);
    await other.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]);
    await other.end();
    for (let i = 0; i < 240 && (await nightBackups()).length === 0; i++) await new Promise((r) => setTimeout(r, 250));
    expect(await nightBackups()).toHaveLength(1);
    // The file is written before the run records its end: wait for that too (a busy machine is slow between the two).
    const runStatus = async () => (await ctx.prisma.backupRun.findFirstOrThrow({ where: { trigger: 'after-night' } })).status;
    for (let i = 0; i < 240 && (await runStatus()) === 'RUNNING'; i++) await new Promise((r) => setTimeout(r, 250));
    expect(await runStatus()).toBe('SUCCEEDED');
  });

  it('coalesces: another final result within the half hour queues one job for the next half hour, not a backup now', async () => {
    // Every API process hears the event: three asks, one job.
    await Promise.all([0, 1, 2].map(() => night().afterFinal({ matchId: matches[1] })));
    const waiting = await ctx.prisma.$queryRawUnsafe<{ n: bigint; after: Date }[]>(
      `SELECT count(*) AS n, min(start_after) AS after FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state = 'created'`,
      NIGHT_BACKUP_QUEUE,
    );
    expect(Number(waiting[0].n)).toBe(1);
    const minutes = (waiting[0].after.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(0);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(await nightBackups()).toHaveLength(1);
    expect(await jobs()).toEqual([]); // not due yet
  });
});
