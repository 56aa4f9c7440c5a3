/**
 * One table write alone (issue 22: a lone write ≤ 5 × the health check), measured on its own
 * and at more length than the match night's calibration match: BENCH_ALONE_MATCHES (6)
 * matches of 6 tables enter and sign their 6 sets one request at a time (216 entries, 216
 * signatures, each set after a read of the table page), against the API in its own process,
 * warmed up by one match first.
 *
 * Figures: p50/p90 of entry, signature and table read, and of the health check
 * (/api/health/live, no database); the lone write as a ratio to it; the API's CPU time per
 * request (user + system of its process, with its GC and libuv threads) and the database's
 * execution time per request (pg_stat_statements, when the
 * server loads it: the bench's embedded cluster does) and the load average.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { startApiProcess } from './match-night/api-process';
import { type Pacing, Signatures, Stats, tableClient } from './match-night/clients';
import { paths } from './match-night/endpoints';
import { drain } from './match-night/http';
import { prepareNights, seedMatchNight } from './match-night/seed';
import type { BenchContext } from './run';
import { percentile, resetStatementStats, round1, round2 } from './stats';

type Figures = Record<string, number | string>;

const MATCHES = Math.max(1, Number(process.env.BENCH_ALONE_MATCHES ?? 6) || 6);
const SETS = 6;
const HEALTH_CHECKS = 300;
/** One request after the other, without thinking; the table page read before every set. */
const AT_ONCE: Pacing = { thinkMinMs: 0, thinkMaxMs: 0, rampMs: 0, reloadChance: 1 };

/** The database's execution time of every statement since `reset` (ms), or null without pg_stat_statements. */
const executionTime = {
  reset: resetStatementStats,
  async read(prisma: BenchContext['prisma']): Promise<number | null> {
    try {
      const [row] = await prisma.$queryRawUnsafe<{ ms: number | null }[]>(
        `SELECT sum(total_exec_time)::float8 AS ms FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      return row?.ms ?? 0;
    } catch {
      return null;
    }
  },
};

export async function run(ctx: BenchContext): Promise<Figures> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  const seeded = await seedMatchNight(ctx.prisma, MATCHES + 1);
  const api = await startApiProcess(databaseUrl);
  try {
    const [warmUp, ...matches] = await prepareNights(ctx.prisma, api.baseUrl, seeded);
    for (const table of warmUp.tables) await tableClient(api.baseUrl, warmUp, table, '10.98.0.1', AT_ONCE, new Stats(), new Signatures(), SETS);
    const health: number[] = [];
    for (let i = 0; i < HEALTH_CHECKS; i++) {
      const start = performance.now();
      await drain(api.baseUrl + paths.liveness);
      health.push(performance.now() - start);
    }

    const counting = await executionTime.reset(ctx.prisma);
    const cpuBefore = api.cpuSeconds();
    const alone = new Stats();
    // Each table its own address: the per-client limit (600 requests a minute) is not what is measured.
    let client = 0;
    for (const match of matches) {
      for (const table of match.tables) await tableClient(api.baseUrl, match, table, `10.98.${1 + Math.floor(client / 250)}.${(client++ % 250) + 1}`, AT_ONCE, alone, new Signatures(), SETS);
    }
    const cpuAfter = api.cpuSeconds();
    const databaseMs = counting ? await executionTime.read(ctx.prisma) : null;

    const { enter, sign, view } = alone.latencies;
    const requests = enter.length + sign.length + view.length;
    const healthP50 = percentile(health, 50);
    const figures: Figures = {
      matches: matches.length,
      entries: enter.length,
      signatures: sign.length,
      reads: view.length,
      errors: alone.errorCount,
      health_p50Ms: round2(healthP50),
      health_p90Ms: round2(percentile(health, 90)),
    };
    for (const [name, values] of Object.entries({ enter, sign, view })) {
      figures[`${name}_p50Ms`] = round1(percentile(values, 50));
      figures[`${name}_p90Ms`] = round1(percentile(values, 90));
    }
    figures.enterToHealth = round1(percentile(enter, 50) / healthP50);
    figures.signToHealth = round1(percentile(sign, 50) / healthP50);
    figures.api_cpuMsPerRequest = cpuBefore !== null && cpuAfter !== null && requests ? round2(((cpuAfter - cpuBefore) * 1000) / requests) : NaN;
    figures.database_execMsPerRequest = databaseMs !== null && requests ? round2(databaseMs / requests) : NaN;
    figures.loadAverage1m = round1(os.loadavg()[0]);
    return figures;
  } finally {
    await api.stop();
  }
}
