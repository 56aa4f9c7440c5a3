/**
 * Backups (issue 25): the time and size of a backup, and the time of a restore into a new
 * database (read and checked whole, migrated to the backup's level, rows loaded, every table
 * compared with the file, counts), for one season of 20 teams with all its results (a double
 * round robin: 380 matches, 36 set scores each, imported through the season import) and for
 * five such seasons. Figures only. Issue 45: also the copy off the server (restic, into a local
 * repository of the bench's own): its time, what it added to the repository after deduplication and
 * compression, and the repository's size; the five seasons' copy goes into the repository that
 * already holds the one season's, as the nightly copies would.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { dayIn, runBackup } from '../src/backup/backup-runner';
import { copyOffsite, offsiteConfig, type OffsiteConfig } from '../src/backup/offsite';
import { databaseUrl, restoreBackup } from '../src/backup/restore';
import { SeasonImportService } from '../src/season-transfer/season-import.service';
import { syntheticSeasonDocument } from '../test/helpers';
import type { BenchContext } from './run';

type Figures = Record<string, number | string>;
const round1 = (n: number) => Math.round(n * 10) / 10;

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
}

/** The bytes of every file under `dir` (the restic repository on disk). */
async function sizeOf(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const sizes = await Promise.all(entries.filter((e) => e.isFile()).map(async (e) => (await stat(path.join(e.parentPath, e.name))).size));
  return sizes.reduce((sum, n) => sum + n, 0);
}

async function measure(directory: string, label: string, offsite: OffsiteConfig): Promise<Figures> {
  const url = process.env.DATABASE_URL!;
  const started = performance.now();
  const backup = await runBackup({ connectionString: url, directory, now: () => new Date(), trigger: 'manual', retention: { daily: 100, weekly: 0, monthly: 0 }, dayOf: (m) => dayIn(m), offsite: null });
  const backupMs = performance.now() - started;
  if (backup.outcome !== 'made') throw new Error(`back-up: ${backup.outcome} ${backup.error?.message ?? ''}`);
  const copy = await copyOffsite(offsite, backup.file!);
  const target = `tsbn_bench_restore_${label}`;
  await dropDatabase(url, target);
  const restoreStarted = performance.now();
  const restored = await restoreBackup({ file: backup.file!, serverUrl: url, database: target });
  const restoreMs = performance.now() - restoreStarted;
  await dropDatabase(url, target);
  const rows = backup.summary!.tables.reduce((sum, t) => sum + t.rows, 0);
  return {
    [`${label}Seasons`]: restored.counts.seasons,
    [`${label}Matches`]: restored.counts.matches,
    [`${label}Rows`]: rows,
    [`${label}BackupMs`]: round1(backupMs),
    [`${label}BackupBytes`]: backup.sizeBytes!,
    [`${label}RestoreMs`]: round1(restoreMs),
    [`${label}OffsiteMs`]: round1(copy.seconds * 1000),
    [`${label}OffsiteAddedBytes`]: copy.addedBytes,
    [`${label}OffsiteRepositoryBytes`]: await sizeOf(offsite.repository),
  };
}

export async function run(ctx: BenchContext): Promise<Figures> {
  const user = await ctx.prisma.user.create({ data: { email: `bench-backup-${Date.now()}@example.nl`, name: 'Bench', role: 'ADMIN', passwordHash: 'x' } });
  const importer = ctx.app.get(SeasonImportService);
  const who = { id: user.id, email: user.email, name: user.name, role: 'ADMIN' as const, clubId: null };
  const directory = await mkdtemp(path.join(os.tmpdir(), 'tsbn-bench-backup-'));
  const offsite = offsiteConfig({ ...process.env, RESTIC_REPOSITORY: path.join(directory, 'kopie-elders'), RESTIC_PASSWORD: 'bench-sleutel' })!;
  try {
    await importer.import(syntheticSeasonDocument({ teams: 20, seed: 1, name: 'Bench-seizoen 1' }), who);
    const one = await measure(directory, 'oneSeason', offsite);
    for (let i = 2; i <= 5; i++) await importer.import(syntheticSeasonDocument({ teams: 20, seed: i, name: `Bench-seizoen ${i}` }), who);
    const five = await measure(directory, 'fiveSeasons', offsite);
    return { ...one, ...five };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
