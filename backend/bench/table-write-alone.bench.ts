/**
 * One table write alone (issue 22: a lone write ≤ 5 × the health check), measured on its own
 * and at more length than the match night's calibration match: BENCH_ALONE_MATCHES (6)
 * matches of 6 tables enter and sign their 6 sets one request at a time (216 entries, 216
 * signatures, each set after a read of the table page), against the API in its own process,
 * warmed up by one match first.
 *
 * Figures: p50/p90 of entry, signature and table read, and of the health check
 * (/api/health/live, no database), once before the writes and again among them (after each
 * table: the same minutes of a shared machine); the lone write as a ratio to each; the API's CPU time per
 * request (user + system of its process, with its GC and libuv threads) and the database's
 * execution time per request (pg_stat_statements, when the
 * server loads it: the bench's embedded cluster does) and the load average. Beside them: the
 * API's own time per route (its request-duration metrics: from the request's arrival to its
 * answer sent), and what waking an idle process costs on this machine (wakeFigures), which
 * the health check, run back to back, never pays and a table write pays at each hop.
 * BENCH_TOP_STATEMENTS=1 lists the statements that took the database's time, on stderr.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { startApiProcess } from './match-night/api-process';
import { type Pacing, Signatures, Stats, tableClient } from './match-night/clients';
import { paths } from './match-night/endpoints';
import { drain } from './match-night/http';
import { prepareNights, seedMatchNight } from './match-night/seed';
import type { BenchContext } from './run';
import { percentile, resetStatementStats, round1, round2, sleep } from './stats';

type Figures = Record<string, number | string>;

const MATCHES = Math.max(1, Number(process.env.BENCH_ALONE_MATCHES ?? 6) || 6);
const SETS = 6;
const HEALTH_CHECKS = 300;
/** Health checks after each table's writes (health_duringWrites_p50Ms). */
const HEALTH_AMONG_WRITES = 10;
/**
 * The pause before each "after idle" measurement (ms): about what a table write's chain leaves
 * each process idle (the phone, the API and the database wait on one another in turn).
 */
const IDLE_MS = 5;
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

/** Median of `count` timings of `once`, each after `pauseMs` of waiting (0: back to back). */
async function medianOf(count: number, pauseMs: number, once: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    if (pauseMs) await sleep(pauseMs);
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  return percentile(times, 50);
}

/**
 * What waking an idle process costs on this machine: the health check and a database round
 * trip (`SELECT 1` on a connection of the bench's own), back to back and after IDLE_MS of
 * waiting. The health check runs back to back, so every process it touches is awake; a table
 * write wakes the API and the database after each has waited for the other.
 */
async function wakeFigures(baseUrl: string, databaseUrl: string): Promise<Figures> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const roundTrip = () => db.query('SELECT 1');
    const health = () => drain(baseUrl + paths.liveness);
    await medianOf(50, 0, roundTrip);
    return {
      database_roundTrip_p50Ms: round2(await medianOf(HEALTH_CHECKS, 0, roundTrip)),
      database_roundTripAfterIdle_p50Ms: round2(await medianOf(HEALTH_CHECKS, IDLE_MS, roundTrip)),
      health_afterIdle_p50Ms: round2(await medianOf(HEALTH_CHECKS, IDLE_MS, health)),
    };
  } finally {
    await db.end();
  }
}

/** The table routes as the metrics name them (method and route). */
const SERVER_ROUTES = { enter: 'PUT /api/table/:code/sets/:setNumber', sign: 'POST /api/table/:code/sets/:setNumber/sign', view: 'GET /api/table/:code', health: 'GET /api/health/live' };

/** Sum and count of the API's request durations per "METHOD route" (its /api/metrics, read from loopback). */
async function serverTimes(baseUrl: string): Promise<Map<string, { sum: number; count: number }>> {
  const times = new Map<string, { sum: number; count: number }>();
  const res = await fetch(`${baseUrl}/api/metrics`);
  if (!res.ok) return times;
  for (const line of (await res.text()).split('\n')) {
    const m = /^tsbn_http_request_duration_seconds_(sum|count)\{method="([^"]+)",route="([^"]+)",status="2\d\d"\} (\S+)$/.exec(line);
    if (!m) continue;
    const key = `${m[2]} ${m[3]}`;
    const entry = times.get(key) ?? { sum: 0, count: 0 };
    entry[m[1] as 'sum' | 'count'] += Number(m[4]);
    times.set(key, entry);
  }
  return times;
}

export async function run(ctx: BenchContext): Promise<Figures> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  const seeded = await seedMatchNight(ctx.prisma, MATCHES + 1);
  const api = await startApiProcess(databaseUrl);
  try {
    const [warmUp, ...matches] = await prepareNights(ctx.prisma, api.baseUrl, seeded);
    for (const table of warmUp.tables) await tableClient(api.baseUrl, warmUp, table, '10.98.0.1', AT_ONCE, new Stats(), new Signatures(), SETS);
    const serverBefore = await serverTimes(api.baseUrl);
    const health: number[] = [];
    const checkHealth = async (times: number, into: number[]) => {
      for (let i = 0; i < times; i++) {
        const start = performance.now();
        await drain(api.baseUrl + paths.liveness);
        into.push(performance.now() - start);
      }
    };
    await checkHealth(HEALTH_CHECKS, health);

    const counting = await executionTime.reset(ctx.prisma);
    const cpuBefore = api.cpuSeconds();
    const alone = new Stats();
    // The health check again after each table, among the writes: the same minutes of a shared
    // machine, whose speed changes from one minute to the next (health_duringWrites_p50Ms).
    const healthAmongWrites: number[] = [];
    // The API's CPU time for those checks, left out of its time per table request.
    let healthCpuSeconds = 0;
    // Each table its own address: the per-client limit (600 requests a minute) is not what is measured.
    let client = 0;
    for (const match of matches) {
      for (const table of match.tables) {
        await tableClient(api.baseUrl, match, table, `10.98.${1 + Math.floor(client / 250)}.${(client++ % 250) + 1}`, AT_ONCE, alone, new Signatures(), SETS);
        const before = api.cpuSeconds();
        await checkHealth(HEALTH_AMONG_WRITES, healthAmongWrites);
        const after = api.cpuSeconds();
        if (before !== null && after !== null) healthCpuSeconds += after - before;
      }
    }
    const cpuAfter = api.cpuSeconds();
    const serverAfter = await serverTimes(api.baseUrl);
    const databaseMs = counting ? await executionTime.read(ctx.prisma) : null;
    // BENCH_TOP_STATEMENTS=1: the statements that took the database's time, on stderr (to see where a write's time goes).
    if (counting && process.env.BENCH_TOP_STATEMENTS) {
      const top = await ctx.prisma.$queryRawUnsafe<{ calls: number; ms: number; query: string }[]>(
        `SELECT calls::int, total_exec_time::float8 AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query FROM pg_stat_statements
          WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY total_exec_time DESC LIMIT 15`,
      );
      for (const row of top) console.error(`[bench]     ${round2(row.ms).toString().padStart(9)} ms ${String(row.calls).padStart(6)}× ${row.query}`);
    }

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
    const healthAmongP50 = percentile(healthAmongWrites, 50);
    figures.health_duringWrites_p50Ms = round2(healthAmongP50);
    figures.enterToHealthDuringWrites = round1(percentile(enter, 50) / healthAmongP50);
    figures.signToHealthDuringWrites = round1(percentile(sign, 50) / healthAmongP50);
    // The API's own time per request (Fastify's elapsed time, from the request's arrival to its answer sent), from its metrics.
    for (const [name, route] of Object.entries(SERVER_ROUTES)) {
      const [before, after] = [serverBefore.get(route), serverAfter.get(route)];
      figures[`${name}_serverMeanMs`] = before && after && after.count > before.count ? round2(((after.sum - before.sum) * 1000) / (after.count - before.count)) : NaN;
    }
    figures.api_cpuMsPerRequest = cpuBefore !== null && cpuAfter !== null && requests ? round2(((cpuAfter - cpuBefore - healthCpuSeconds) * 1000) / requests) : NaN;
    figures.database_execMsPerRequest = databaseMs !== null && requests ? round2(databaseMs / requests) : NaN;
    Object.assign(figures, await wakeFigures(api.baseUrl, databaseUrl));
    figures.enterToHealthAfterIdle = round1(percentile(enter, 50) / Number(figures.health_afterIdle_p50Ms));
    figures.loadAverage1m = round1(os.loadavg()[0]);
    return figures;
  } finally {
    await api.stop();
  }
}
