/**
 * `npm run bench`: runs every `*.bench.ts` in this folder against a real PostgreSQL
 * (a fresh embedded one, prepared by scripts/bench.mjs) and a running API, and writes
 * the figures to bench-results/latest.json. Figures only: nothing here passes or fails.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app.factory';
import { PrismaService } from '../src/prisma/prisma.service';
import { benchOutputFile } from './stats';

export interface BenchContext {
  app: Awaited<ReturnType<typeof createApp>>;
  prisma: PrismaService;
  baseUrl: string;
  /** Base URL of the built dashboard, when scripts/bench.mjs started one. */
  webUrl: string | null;
}

type Figures = Record<string, number | string>;

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
  const results: Record<string, Figures> = {};
  // `--processes N`: the match night's API runs as N processes (API_PROCESSES); its figures are kept as match-night-processes-N.
  const args = process.argv.slice(2);
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
    try {
      results[name] = await mod.run(ctx);
    } catch (error) {
      // One failing case does not cost the others' figures.
      console.error(`[bench] ${name} mislukt:`, error);
      results[name] = { error: String(error) };
    }
    for (const [key, value] of Object.entries(results[name])) console.log(`[bench]   ${key}: ${value}`);
  }
  await app.close();
  const out = benchOutputFile();
  // A run of some cases (`npm run bench -- match-night`) keeps the other cases' figures.
  const earlier = only.length && existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { results?: Record<string, Figures> }).results : undefined;
  const report = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    results: { ...earlier, ...results },
  };
  writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  console.log(`[bench] geschreven naar ${out}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
