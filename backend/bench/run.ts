/**
 * `npm run bench`: runs every `*.bench.ts` in this folder against a real PostgreSQL
 * (a fresh embedded one, prepared by scripts/bench.mjs) and a running API, and writes
 * a record per scenario to bench-results/latest.json (records.ts); with `--record` also to
 * bench-results/recorded.json, in place of those scenarios' records there. Figures only:
 * nothing here passes or fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createApp } from '../src/app.factory';
import { PrismaService } from '../src/prisma/prisma.service';
import { type BenchRecord, type BenchRecords, failed, type Figures, keepRecords, loadNow, recordProblems, thisMachine } from './records';
import { benchOutputFile, benchRecordFile } from './stats';

export interface BenchContext {
  app: Awaited<ReturnType<typeof createApp>>;
  prisma: PrismaService;
  baseUrl: string;
  /** Base URL of the built dashboard, when scripts/bench.mjs started one. */
  webUrl: string | null;
}

/** The commit this checkout is at, `-dirty` with changes not committed; null outside git. */
function currentCommit(): string | null {
  const git = (...args: string[]) => spawnSync('git', args, { encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return null;
  const changed = git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '';
  return `${head.stdout.trim()}${changed ? '-dirty' : ''}`;
}

/** The records in latest.json, or none when it is missing; what is not a record (an earlier format) is left out. */
function readRecords(file: string): BenchRecords {
  if (!existsSync(file)) return {};
  const records = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(records).filter(([, r]) => typeof r === 'object' && r !== null && 'figures' in r)) as BenchRecords;
}

async function main(): Promise<void> {
  const app = await createApp({ logger: ['error'] });
  // scripts/bench.mjs points the dashboard at API_PORT; standalone runs take any free port.
  await app.listen(Number(process.env.API_PORT ?? 0), '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const ctx: BenchContext = {
    app,
    prisma: app.get(PrismaService),
    baseUrl: `http://127.0.0.1:${address.port}`,
    webUrl: process.env.BENCH_WEB_URL ?? null,
  };
  const results: BenchRecords = {};
  const commit = currentCommit();
  // `--processes N`: the match night's API runs as N processes (API_PROCESSES); its figures are kept as match-night-processes-N.
  const args = process.argv.slice(2);
  // `--record`: the run's scenarios (those that did not fail) replace their records in recorded.json.
  const record = args.includes('--record');
  if (record) args.splice(args.indexOf('--record'), 1);
  const at = args.indexOf('--processes');
  if (at >= 0) {
    process.env.BENCH_NIGHT_PROCESSES = args[at + 1];
    args.splice(at, 2);
  }
  // `--memory-limit 1G` (or BENCH_MEMORY_LIMIT): the match night's system inside a cgroup with that limit (match-night/memory-cgroup.ts); kept as match-night-memory-limit-1G.
  const limitAt = args.indexOf('--memory-limit');
  if (limitAt >= 0) {
    process.env.BENCH_MEMORY_LIMIT = args[limitAt + 1];
    args.splice(limitAt, 2);
  }
  const only = args;
  const files = readdirSync(__dirname).filter((f) => /\.bench\.js$/.test(f) && (!only.length || only.some((o) => f.includes(o))));
  for (const file of files.sort()) {
    const base = file.replace(/\.bench\.js$/, '');
    const processes = Number(process.env.BENCH_NIGHT_PROCESSES ?? 1);
    const limit = process.env.BENCH_MEMORY_LIMIT;
    const name = base !== 'match-night' ? base : `${base}${processes > 1 ? `-processes-${processes}` : ''}${limit ? `-memory-limit-${limit}` : ''}`;
    console.log(`[bench] ${name} …`);
    const mod = (await import(path.join(__dirname, file))) as { run: (ctx: BenchContext) => Promise<Figures> };
    const start = loadNow();
    let figures: Figures;
    try {
      figures = await mod.run(ctx);
    } catch (error) {
      // One failing case does not cost the others' figures.
      console.error(`[bench] ${name} mislukt:`, error);
      figures = { error: String(error) };
    }
    const entry: BenchRecord = { measuredAt: new Date().toISOString(), commit, machine: thisMachine(), load: { start, end: loadNow() }, figures };
    results[name] = entry;
    for (const [key, value] of Object.entries(figures)) console.log(`[bench]   ${key}: ${value}`);
  }
  await app.close();
  const out = benchOutputFile();
  // A run of some cases (`npm run bench -- match-night`) keeps the other cases' records.
  const earlier = only.length ? readRecords(out) : {};
  writeFileSync(out, JSON.stringify({ ...earlier, ...results }, null, 2) + '\n');
  console.log(`[bench] geschreven naar ${out}`);
  if (record) {
    const kept = benchRecordFile();
    const current: unknown = existsSync(kept) ? JSON.parse(readFileSync(kept, 'utf8')) : {};
    const problems = recordProblems(current);
    if (problems.length) throw new Error(`${kept} is niet in de vorm scenario → record (backend/bench/records.ts), niets bijgewerkt:\n  ${problems.join('\n  ')}`);
    writeFileSync(kept, JSON.stringify(keepRecords(current as BenchRecords, results), null, 2) + '\n');
    for (const [name, entry] of Object.entries(results)) {
      console.log(failed(entry) ? `[bench] ${name} mislukt: het record in ${kept} blijft zoals het was` : `[bench] ${name}: nieuw record in ${kept}`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
