/**
 * A match night (issue 15): 30 matches on one evening, 6 tables each (180 table phones)
 * entering and signing all their sets with think time compressed to seconds, while 300
 * spectators follow the live pages (Server-Sent Events whose messages carry the live
 * picture), against an API in its own process (match-night/api-process.ts).
 *
 * Figures: p50/p99 of the table's entry and signature requests (target p99 < 150 ms, no
 * errors), of the table page's read and the spectators' live reads (viewerReads: only when a
 * message came without the picture), the live answers the API computed per change message
 * (target 1, however many spectators), and the p50 of the same
 * requests sent one at a time by one more match before the night (…Alone: the cost of a
 * request without the crowd, so the rest is waiting); the time from sending a
 * signature to the change message at a spectator of that match and to the spectator's page
 * showing it (target p99 < 2 s); the API's memory (RSS, heap), CPU and event-loop delay
 * (with --processes N: of all its processes); the database connections (max during the night, the API's own apart).
 * The memory of the whole system under test (issue 44), from the API's start to the end of the
 * capacity steps: each part's peak and the peak of their sum (memory_*: the API, PostgreSQL, the
 * dashboard; match-night/system-memory.ts); with `--memory-limit 1G` the same night inside a
 * cgroup with that limit, and its peak and OOM kills (match-night/memory-cgroup.ts).
 *
 * Size and pacing: BENCH_NIGHT_MATCHES (30), BENCH_NIGHT_SPECTATORS (300, a fifth of them on
 * a division's round page), BENCH_NIGHT_THINK_MS ("500-3000"). Paths and shapes:
 * match-night/endpoints.ts. Before the night one match per API process is played through
 * on new connections, so every worker has written before (a warm process, as on a real
 * evening). clients_eventLoopDelayMaxMs: the clients' own delay (were they keeping up?);
 * BENCH_TIMELINE=1 prints the night second by second. The pages read plain JSON (unpacking is
 * the phones' work, and these clients share the server's cores); BENCH_NIGHT_GZIP=on: gzip, as
 * browsers ask (…Live_wireAvgKb: the bytes on the wire).
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { API_APPLICATION_NAME, JOBS_APPLICATION_NAME, startApiProcess } from './match-night/api-process';
import { MemoryCgroup, parseMemorySize } from './match-night/memory-cgroup';
import { parentPid, parentsNow, processTree, SystemMemory } from './match-night/system-memory';
import type { ProbeSample } from './match-night/api-probe';
import { type Endpoint, type Follows, type Pacing, Signatures, Spectator, Stats, tableClient } from './match-night/clients';
import type { SeededMatch } from './match-night/seed';
import { paths } from './match-night/endpoints';
import { drain } from './match-night/http';
import { poolSizeOf } from '../src/prisma/prisma.service';
import { prepareNights, seedMatchNight } from './match-night/seed';
import type { BenchContext } from './run';
import type { BenchRecords } from './records';
import { benchOutputFile, percentile, resetStatementStats, round1, sleep } from './stats';
import { measurePage } from './standings.bench';

type Figures = Record<string, number | string>;

const MATCHES = Number(process.env.BENCH_NIGHT_MATCHES ?? 30);
const SPECTATORS = Number(process.env.BENCH_NIGHT_SPECTATORS ?? 300);
/** A fifth of the spectators follow a division's round (the match-night page), the others one match. */
const ROUND_SPECTATORS = Math.round(SPECTATORS * 0.2);
const SETS = 6;
/** `npm run bench -- match-night --processes 2`: the API as a node:cluster of N processes (API_PROCESSES). */
const PROCESSES = Math.max(1, Number(process.env.BENCH_NIGHT_PROCESSES ?? 1) || 1);
/** The spectators: pages (as live.js: the version in each message, a read when it is new; the default) or apps (the whole answer in each message). */
const VIEWERS = process.env.BENCH_NIGHT_VIEWERS === 'apps' ? 'apps' : 'pages';
const [THINK_MIN, THINK_MAX] = (process.env.BENCH_NIGHT_THINK_MS ?? '500-3000').split('-').map(Number);
const PACING: Pacing = { thinkMinMs: THINK_MIN, thinkMaxMs: THINK_MAX, rampMs: 3000, reloadChance: 0.25 };
/** A table that sends its requests one after the other, without thinking (the warm-up and the writes alone). */
const AT_ONCE: Pacing = { thinkMinMs: 0, thinkMaxMs: 0, rampMs: 0, reloadChance: 1 };
/** The capacity steps' paces: the night's think time divided by each (BENCH_NIGHT_CAPACITY_PACES; "" for none). */
const CAPACITY_PACES = (process.env.BENCH_NIGHT_CAPACITY_PACES ?? '0.5,0.75,1.25,1.5,1.75,2,3').split(',').filter((p) => p.trim()).map(Number);
/** BENCH_TIMELINE=1: the night second by second. */
const TIMELINE = Boolean(process.env.BENCH_TIMELINE);
/** How long spectators may still take to show the last signatures once the tables are done. */
const SETTLE_MS = 5000;
/** `--memory-limit 1G` (run.ts) or BENCH_MEMORY_LIMIT: the system under test inside a cgroup with that limit (match-night/memory-cgroup.ts). */
const MEMORY_LIMIT = process.env.BENCH_MEMORY_LIMIT || null;
/** How often the system's memory is read (match-night/system-memory.ts). */
const MEMORY_SAMPLE_MS = 500;

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

function summary(values: readonly number[]): { count: number; p50Ms: number; p99Ms: number; maxMs: number } {
  return { count: values.length, p50Ms: round1(percentile(values, 50)), p99Ms: round1(percentile(values, 99)), maxMs: round1(values.length ? Math.max(...values) : NaN) };
}

/**
 * pg_stat_activity of the bench database, every 100 ms: all connections (the bench's own
 * Prisma included), the API's (its Prisma pool and pg-boss), how many of the pool's were busy
 * and how many waited for a lock (the match row a write locks), and pg-boss's.
 */
class ConnectionWatch {
  max = { total: 0, api: 0, apiActive: 0, apiLockWait: 0, jobs: 0 };
  maxConnections = 0;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(private readonly client: Client) {}

  static async start(databaseUrl: string): Promise<ConnectionWatch> {
    const client = new Client({ connectionString: databaseUrl, application_name: 'tsbn-bench-watch' });
    await client.connect();
    const watch = new ConnectionWatch(client);
    watch.maxConnections = Number((await client.query<{ max_connections: string }>('SHOW max_connections')).rows[0].max_connections);
    watch.timer = setInterval(() => {
      watch.running ??= watch.sample().finally(() => (watch.running = undefined));
    }, 100);
    return watch;
  }

  /** Forget the maxima so far (the night starts). */
  reset(): void {
    this.max = { total: 0, api: 0, apiActive: 0, apiLockWait: 0, jobs: 0 };
    this.lockWaits.clear();
    this.timeline.length = 0;
  }

  private async sample(): Promise<void> {
    // pg-boss's connections carry the API's application_name too (the one in DATABASE_URL
    // wins over its own): they are told apart by their queries, which all name its schema.
    const { rows } = await this.client.query<{ total: number; api: number; api_active: number; api_lock_wait: number; jobs: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE application_name = $1)::int AS api,
              count(*) FILTER (WHERE application_name = $1 AND state <> 'idle' AND query NOT ILIKE '%pgboss.%')::int AS api_active,
              count(*) FILTER (WHERE application_name = $1 AND wait_event_type = 'Lock')::int AS api_lock_wait,
              count(*) FILTER (WHERE application_name IN ($1, $2) AND query ILIKE '%pgboss.%')::int AS jobs
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      [API_APPLICATION_NAME, JOBS_APPLICATION_NAME],
    );
    this.max.total = Math.max(this.max.total, rows[0].total);
    this.max.api = Math.max(this.max.api, rows[0].api);
    this.max.apiActive = Math.max(this.max.apiActive, rows[0].api_active);
    this.max.apiLockWait = Math.max(this.max.apiLockWait, rows[0].api_lock_wait);
    this.max.jobs = Math.max(this.max.jobs, rows[0].jobs);
    if (TIMELINE) {
      // What the pool's busy connections were doing: their wait events (CPU when none).
      const busy = await this.client.query<{ what: string; n: number }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS what, count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = $1 AND state <> 'idle' AND query NOT ILIKE '%pgboss.%' GROUP BY 1`,
        [API_APPLICATION_NAME],
      );
      this.timeline.push({ at: performance.now(), busy: busy.rows.reduce((n, r) => n + r.n, 0), waits: busy.rows.map((r) => `${r.what}×${r.n}`).join(',') });
    }
    if (rows[0].api_lock_wait > 0) {
      // What the waiting statements wait for: the lock's kind and table, and the statement's first words.
      const waits = await this.client.query<{ what: string }>(
        `SELECT l.locktype || ' ' || coalesce(l.relation::regclass::text, '') || ' ' || l.mode || ': ' || left(regexp_replace(a.query, '\\s+', ' ', 'g'), 60) AS what
           FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE NOT l.granted AND a.application_name = $1 AND a.datname = current_database()`,
        [API_APPLICATION_NAME],
      );
      for (const { what } of waits.rows) this.lockWaits.set(what, (this.lockWaits.get(what) ?? 0) + 1);
    }
  }

  /** BENCH_TIMELINE: every sample's busy API connections and what they waited for. */
  readonly timeline: { at: number; busy: number; waits: string }[] = [];

  /** Samples of statements waiting for a lock, by what they waited for (the night's, after reset). */
  readonly lockWaits = new Map<string, number>();

  /** The most frequent lock waits, "n× what; …". */
  topLockWaits(n = 3): string {
    return [...this.lockWaits.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([what, count]) => `${count}× ${what}`).join(' | ') || 'none';
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    await this.client.end();
  }
}

/**
 * The API's memory at the latest samples: with a cluster (--processes N) the sum over its
 * processes (primary and workers, the latest sample of each); undefined before any sample.
 */
function lastSample(samples: ProbeSample[]): { rss: number; heapUsed: number } | undefined {
  const latest = new Map<number, ProbeSample>();
  for (const sample of samples) latest.set(sample.pid, sample);
  if (!latest.size) return undefined;
  return [...latest.values()].reduce((sum, s) => ({ rss: sum.rss + s.rss, heapUsed: sum.heapUsed + s.heapUsed }), { rss: 0, heapUsed: 0 });
}

/** The most of a field a process reached during the night, summed over the API's processes (one: its maximum). */
function sumOfMaxima(samples: ProbeSample[], field: 'rss' | 'heapUsed'): number {
  const max = new Map<number, number>();
  for (const sample of samples) max.set(sample.pid, Math.max(max.get(sample.pid) ?? 0, sample[field]));
  return [...max.values()].reduce((a, b) => a + b, 0);
}

/**
 * Where the machine's CPU went (Linux /proc): the whole machine's busy and total time (all
 * cores, /proc/stat), PostgreSQL's processes (every process named postgres) and this process's
 * own (the simulated tables and spectators), in seconds. On a small machine the API, the
 * database and the clients share the cores: these figures say how much room was left.
 */
function cpuNow(): { machineBusy: number; machineTotal: number; postgres: number; clients: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const ticks = fields.map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  const busy = total - ticks[3] - ticks[4];
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const after = stat.split(') ')[1].split(' ');
      postgres += Number(after[11]) + Number(after[12]);
    } catch {
      /* ended meanwhile */
    }
  }
  const own = process.cpuUsage();
  return { machineBusy: busy / 100, machineTotal: total / 100, postgres: postgres / 100, clients: (own.user + own.system) / 1e6 };
}

/**
 * What the database spent its time on (pg_stat_statements, preloaded in the bench's embedded
 * cluster; skipped on a server without it): reset when the night starts, read when it ends.
 */
const statementCosts = {
  reset: resetStatementStats,
  async read(prisma: BenchContext['prisma']): Promise<{ totalMs: number; top: string } | null> {
    try {
      const rows = await prisma.$queryRawUnsafe<{ calls: bigint; ms: number; query: string }[]>(
        `SELECT calls, total_exec_time AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
         ORDER BY total_exec_time DESC`,
      );
      const totalMs = rows.reduce((n, r) => n + Number(r.ms), 0);
      const top = rows
        .slice(0, 8)
        .map((r) => `${Math.round(Number(r.ms))} ms / ${r.calls}× ${r.query}`)
        .join(' | ');
      return { totalMs, top };
    } catch {
      return null;
    }
  },
};

/** The i-th client address of a block: 10.<block>.x.y. */
const addressOf = (block: number, i: number) => `10.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** Spectators of these matches (ROUND_SPECTATORS of them on a round), their addresses in `block`. */
function spectatorsOf(baseUrl: string, matches: readonly SeededMatch[], block: number, stats: Stats, signatures: Signatures, from = 0): Spectator[] {
  const rounds = [...new Map(matches.map((m) => [`${m.divisionId}/${m.round}`, { divisionId: m.divisionId, round: m.round, matchIds: matches.filter((x) => x.divisionId === m.divisionId && x.round === m.round).map((x) => x.id) }])).values()];
  return Array.from({ length: SPECTATORS }, (_, i) => {
    const follows: Follows = i < ROUND_SPECTATORS ? { kind: 'round', ...rounds[i % rounds.length] } : { kind: 'match', matchId: matches[(i - ROUND_SPECTATORS) % matches.length].id };
    return new Spectator(baseUrl, follows, addressOf(block, from + i), stats, signatures, VIEWERS === 'apps');
  });
}

/** Every table of these matches plays its sets at this pace; one venue address per match (in `block`, from its `from`-th). */
function playTables(baseUrl: string, matches: readonly SeededMatch[], block: number, pacing: Pacing, stats: Stats, signatures: Signatures, from = 0): Promise<void[]> {
  return Promise.all(matches.flatMap((match, m) => match.tables.map((table) => tableClient(baseUrl, match, table, addressOf(block, from + m), pacing, stats, signatures, SETS))));
}

/** The p99 of the table writes, entries and signatures together. */
const writesP99 = (stats: Stats) => percentile([...stats.latencies.enter, ...stats.latencies.sign], 99);

/**
 * One capacity step: MATCHES new matches play their sets at `pace` times the night's
 * pace (think time and start spread divided by it), with SPECTATORS new spectators. Its
 * throughput and the p99 of its table writes (entries and signatures together).
 */
async function capacityStep(
  ctx: BenchContext,
  baseUrl: string,
  pace: number,
  addresses: { tables: number; spectators: number; tablesFrom?: number },
  label = '',
): Promise<{ pace: number; writesPerSecond: number; p99Ms: number; errors: number; writes: number }> {
  const matches = await prepareNights(ctx.prisma, baseUrl, await seedMatchNight(ctx.prisma, MATCHES));
  const stats = new Stats();
  const signatures = new Signatures();
  const spectators = spectatorsOf(baseUrl, matches, addresses.spectators, stats, signatures);
  const streams = spectators.map((s) => s.run());
  try {
    await Promise.race([Promise.all(spectators.map((s) => s.ready)), sleep(30_000)]);
    const pacing: Pacing = { thinkMinMs: THINK_MIN / pace, thinkMaxMs: THINK_MAX / pace, rampMs: 3000 / pace, reloadChance: 0.25 };
    const start = performance.now();
    await playTables(baseUrl, matches, addresses.tables, pacing, stats, signatures, addresses.tablesFrom);
    const seconds = (performance.now() - start) / 1000;
    const writes = stats.latencies.enter.length + stats.latencies.sign.length;
    const result = { pace, writesPerSecond: round1(writes / seconds), p99Ms: writesP99(stats), errors: stats.errorCount, writes };
    const kinds = result.errors ? ` (${[...stats.errors].map(([k, v]) => `${k}: ${v}`).join('; ')})` : '';
    console.log(`[bench]   capacity${label ? ` ${label}` : ''} ×${pace}: ${result.writesPerSecond} writes/s, p99 ${Math.round(result.p99Ms)} ms, ${result.errors} errors${kinds} (load ${round1(os.loadavg()[0])})`);
    return result;
  } finally {
    for (const s of spectators) s.stop();
    await Promise.all(streams);
  }
}

/** One API process's capacity figures from the latest run of this bench on this machine (bench-results/latest.json), if any. */
function oneProcessCapacity(): { writesPerSecond: number; max: number } | null {
  try {
    const figures = (JSON.parse(readFileSync(benchOutputFile(), 'utf8')) as Partial<BenchRecords>)['match-night']?.figures;
    const writesPerSecond = Number(figures?.capacity_writesPerSecondAtP99Under150Ms);
    const max = Number(figures?.capacity_writesPerSecondMax);
    return Number.isFinite(writesPerSecond) && Number.isFinite(max) ? { writesPerSecond, max } : null;
  } catch {
    return null;
  }
}

/** BENCH_TIMELINE: per second of the night (from `start`, performance.now()), the busiest database sample, the API's and the clients' event-loop delay, and the writes. */
function printTimeline(start: number, stats: Stats, database: readonly { at: number; busy: number; waits: string }[], samples: readonly ProbeSample[], clientLagPerSecond: readonly number[]): void {
  const second = (at: number) => Math.floor((at - start) / 1000);
  const busiest = new Map<number, { busy: number; waits: string }>();
  for (const t of database) if ((busiest.get(second(t.at))?.busy ?? -1) < t.busy) busiest.set(second(t.at), t);
  console.log('[bench] database: the busiest sample of each second (busy API connections: wait events): ' + [...busiest].map(([s, t]) => `${s}s ${t.busy}: ${t.waits}`).join(' | '));
  // The API's samples carry wall-clock time: the night's start on that clock.
  const startedAt = Date.now() - (performance.now() - start);
  const loop = new Map<number, number>();
  for (const sample of samples) {
    if (sample.at < startedAt) continue;
    const s = Math.floor((sample.at - startedAt) / 1000);
    loop.set(s, Math.max(loop.get(s) ?? 0, sample.loopDelayMaxMs));
  }
  console.log('[bench] API: event loop delay, max per second (ms): ' + [...loop].map(([s, ms]) => `${s}s ${Math.round(ms)}`).join(' '));
  console.log('[bench] clients: event loop delay, max per second (ms): ' + clientLagPerSecond.map(Math.round).join(' '));
  for (const endpoint of ['enter', 'sign'] as const) {
    const bySecond = new Map<number, number[]>();
    stats.latencies[endpoint].forEach((ms, i) => {
      const s = second(stats.sentAt[endpoint][i]);
      bySecond.set(s, [...(bySecond.get(s) ?? []), ms]);
    });
    console.log(`[bench] ${endpoint} per second: ` + [...bySecond].sort((a, b) => a[0] - b[0]).map(([s, l]) => `${s}s n${l.length} p50 ${Math.round(percentile(l, 50))} max ${Math.round(Math.max(...l))}`).join(' | '));
  }
}

type LiveCounts = { match: number; round: number; matchMessages: number; roundMessages: number; keptRows: number; loadedRows: number };

/**
 * The live answers the API computed so far (tsbn_live_computations_total) and the change
 * messages it sent (tsbn_live_messages_total, one per topic, however many streams), summed
 * over its processes: with a cluster each scrape is answered by one worker (tsbn_process_info
 * names it), so the metrics are read on new connections until every worker answered once.
 * Null when unreadable.
 */
async function liveComputations(baseUrl: string, processes: number): Promise<LiveCounts | null> {
  const byProcess = new Map<string, LiveCounts>();
  try {
    for (let attempt = 0; attempt < 20 * processes && byProcess.size < processes; attempt++) {
      const text = await fetch(`${baseUrl}/api/metrics`, { headers: { connection: 'close' } }).then((r) => (r.ok ? r.text() : ''));
      const read = (kind: string) => Number(new RegExp(`^tsbn_live_computations_total\\{kind="${kind}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
      const pid = /^tsbn_process_info\{pid="(\d+)"\} 1$/m.exec(text)?.[1];
      const sent = (kind: string) => Number(new RegExp(`^tsbn_live_messages_total\\{kind="${kind}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
      // How the table writes read their match: the row the last write kept, or a load (match-row-cache.ts).
      const reads = (how: string) => Number(new RegExp(`^tsbn_table_write_reads_total\\{read="${how}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
      const counts = { match: read('match'), round: read('round'), matchMessages: sent('match'), roundMessages: sent('round'), keptRows: reads('kept'), loadedRows: reads('loaded') };
      if (pid && Object.values(counts).every(Number.isFinite)) byProcess.set(pid, counts);
    }
  } catch {
    return null;
  }
  if (byProcess.size < processes) return null;
  return [...byProcess.values()].reduce((a, b) => ({
    match: a.match + b.match,
    round: a.round + b.round,
    matchMessages: a.matchMessages + b.matchMessages,
    roundMessages: a.roundMessages + b.roundMessages,
    keptRows: a.keptRows + b.keptRows,
    loadedRows: a.loadedRows + b.loadedRows,
  }));
}

/**
 * The PostgreSQL server's postmaster (the parent of this connection's backend), when it runs
 * on this machine where /proc shows it; null for a database elsewhere.
 */
async function postmasterPid(prisma: BenchContext['prisma']): Promise<number | null> {
  const [{ pid }] = await prisma.$queryRawUnsafe<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');
  const postmaster = parentPid(pid);
  const isPostgres = (p: number | null) => {
    try {
      return p !== null && readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false;
    }
  };
  return isPostgres(pid) && isPostgres(postmaster) ? postmaster : null;
}

/** A variant of the API: its name and the environment that makes it (BENCH_NIGHT_VARIANTS). */
interface Variant {
  name: string;
  env: Record<string, string>;
}

/** BENCH_NIGHT_VARIANTS="name:VAR=value,VAR2=value;other:VAR=value" as variants, in the order given. */
export function parseVariants(text: string): Variant[] {
  return text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf(':');
      const [name, assignments] = at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
      const env = Object.fromEntries(
        assignments
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean)
          .map((a) => {
            const eq = a.indexOf('=');
            if (eq < 1) throw new Error(`BENCH_NIGHT_VARIANTS: "${a}" is geen VAR=waarde`);
            return [a.slice(0, eq), a.slice(eq + 1)];
          }),
      );
      return { name: name.trim(), env };
    });
}

/** The capacity steps of the comparison (BENCH_NIGHT_VARIANT_PACES; the night's own by default) and how often each is played per variant. */
const VARIANT_PACES = (process.env.BENCH_NIGHT_VARIANT_PACES ?? CAPACITY_PACES.join(',')).split(',').filter((p) => p.trim()).map(Number);
const VARIANT_ROUNDS = Math.max(1, Number(process.env.BENCH_NIGHT_VARIANT_ROUNDS ?? 1) || 1);

/** CPU seconds so far of these processes (/proc/<pid>/stat utime + stime); a process gone meanwhile counts nothing. */
function cpuSecondsOf(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const after = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(after[11]) + Number(after[12]);
    } catch {
      /* ended meanwhile */
    }
  }
  return ticks / 100;
}

/**
 * BENCH_NIGHT_VARIANTS: with and without a piece of the API, in one run. The default API and one
 * API process per variant (started with its variables) run side by side, idle but for the one
 * being measured; the capacity steps (BENCH_NIGHT_VARIANT_PACES) are played on each in turn,
 * pace by pace, the order of the variants turning at every pace, BENCH_NIGHT_VARIANT_ROUNDS
 * times. On a shared machine the other load then falls on all of them alike. Per variant: every
 * step, the most writes per second a step kept under p99 150 ms with no error, and the CPU per
 * write of its API process and of the bench's PostgreSQL (less moved by the other load than a p99).
 */
async function compareVariants(ctx: BenchContext, variants: readonly Variant[]): Promise<Figures> {
  const databaseUrl = process.env.DATABASE_URL!;
  const postmaster = await postmasterPid(ctx.prisma);
  const all = [{ name: 'default', env: {} }, ...variants];
  // The reminder schedule off in all of them alike: five planners would poll for nothing.
  const apis = await Promise.all(all.map((v) => startApiProcess(databaseUrl, { SCHEDULED_JOBS: 'off', ...v.env })));
  const steps = new Map(all.map((v) => [v.name, [] as { pace: number; writesPerSecond: number; p99Ms: number; errors: number; writes: number; apiSeconds: number; postgresSeconds: number }[]]));
  try {
    // Each API writes a match through before its first step, its code compiled as on a night.
    const warmUps = await prepareNights(ctx.prisma, apis[0].baseUrl, await seedMatchNight(ctx.prisma, apis.length));
    await Promise.all(apis.map((api, i) => Promise.all(warmUps[i].tables.map((table) => tableClient(api.baseUrl, warmUps[i], table, '10.99.0.4', { ...AT_ONCE, freshConnections: true }, new Stats(), new Signatures(), SETS)))));
    let step = 0;
    for (let round = 0; round < VARIANT_ROUNDS; round++) {
      for (const pace of VARIANT_PACES) {
        for (let k = 0; k < all.length; k++) {
          const i = (k + step) % all.length;
          const postgres = () => (postmaster ? cpuSecondsOf(processTree(postmaster, parentsNow())) : NaN);
          const [apiBefore, postgresBefore] = [apis[i].cpuSeconds() ?? NaN, postgres()];
          // Addresses of its own per step (10.120.… to 10.209.…; the night's steps use 110–116 and 210–216).
          const block = 120 + ((step * all.length + k) % 90);
          const result = await capacityStep(ctx, apis[i].baseUrl, pace, { tables: block, spectators: block, tablesFrom: 750 }, all[i].name);
          steps.get(all[i].name)!.push({ ...result, apiSeconds: (apis[i].cpuSeconds() ?? NaN) - apiBefore, postgresSeconds: postgres() - postgresBefore });
        }
        step++;
      }
    }
  } finally {
    await Promise.all(apis.map((api) => api.stop()));
  }
  const figures: Figures = { variants_paces: VARIANT_PACES.join(','), variants_rounds: VARIANT_ROUNDS, variants_loadAverageAtEnd: os.loadavg().map(round1).join(' ') };
  const capacities: string[] = [];
  for (const { name, env } of all) {
    const done = steps.get(name)!;
    const kept = done.filter((s) => s.p99Ms < 150 && s.errors === 0);
    const capacity = kept.length ? Math.max(...kept.map((s) => s.writesPerSecond)) : 0;
    const writes = done.reduce((n, s) => n + s.writes, 0);
    const perWrite = (seconds: number) => (writes ? round1((seconds * 1000) / writes) : NaN);
    figures[`variant_${name}_env`] = Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ') || 'as the default';
    figures[`variant_${name}_steps`] = done.map((s) => `×${s.pace}: ${s.writesPerSecond} writes/s, p99 ${Math.round(s.p99Ms)} ms${s.errors ? `, ${s.errors} errors` : ''}`).join(' | ');
    figures[`variant_${name}_writesPerSecondAtP99Under150Ms`] = capacity;
    figures[`variant_${name}_stepsOf150WritesPerSecondUnderP99150Ms`] = `${kept.filter((s) => s.writesPerSecond >= 150).length} of ${done.length}`;
    figures[`variant_${name}_cpuApiMsPerWrite`] = perWrite(done.reduce((n, s) => n + s.apiSeconds, 0));
    figures[`variant_${name}_cpuPostgresMsPerWrite`] = perWrite(done.reduce((n, s) => n + s.postgresSeconds, 0));
    capacities.push(`${name} ${capacity}`);
  }
  figures.variants_writesPerSecondAtP99Under150Ms = capacities.join(' | ');
  return figures;
}

export async function run(ctx: BenchContext): Promise<Figures> {
  // The cgroup scripts/bench.mjs made, with PostgreSQL and the dashboard started inside it;
  // run alone, one of our own (a machine that cannot limit the memory says why before anything runs).
  const made = process.env.BENCH_MEMORY_CGROUP;
  const cgroup = made ? MemoryCgroup.attach(made) : MEMORY_LIMIT ? MemoryCgroup.create('tsbn-bench', parseMemorySize(MEMORY_LIMIT)) : null;
  try {
    const figures = await night(ctx, cgroup);
    const variants = parseVariants(process.env.BENCH_NIGHT_VARIANTS ?? '');
    if (variants.length) Object.assign(figures, await compareVariants(ctx, variants));
    return figures;
  } finally {
    if (!made) cgroup?.release();
  }
}

async function night(ctx: BenchContext, cgroup: MemoryCgroup | null): Promise<Figures> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  // One match more: its tables enter and sign alone, one request at a time, before the night
  // (what a request costs without the crowd).
  // And one match per API process for the warm-up.
  const seeded = await seedMatchNight(ctx.prisma, MATCHES + 1 + PROCESSES);
  // The system under test: PostgreSQL (all its processes), the API, the dashboard (scripts/bench.mjs names its pid).
  const postmaster = await postmasterPid(ctx.prisma);
  const dashboard = Number(process.env.BENCH_WEB_PID) || null;
  if (cgroup) {
    const parents = parentsNow();
    cgroup.add([...(postmaster ? processTree(postmaster, parents) : []), ...(dashboard ? processTree(dashboard, parents) : [])]);
  }
  const api = await startApiProcess(databaseUrl, PROCESSES > 1 ? { API_PROCESSES: String(PROCESSES) } : {}, (pid) => cgroup?.add([pid]));
  // From the API's start to the end of the capacity steps.
  const memory = new SystemMemory({ api: () => api.pid, postgres: () => postmaster, dashboard: () => dashboard }, MEMORY_SAMPLE_MS);
  memory.start();
  const watch = await ConnectionWatch.start(databaseUrl);
  const spectators: Spectator[] = [];
  try {
    const prepared = await prepareNights(ctx.prisma, api.baseUrl, seeded);
    const warmUps = prepared.splice(MATCHES + 1);
    const calibration = prepared.pop()!;
    const matches = prepared;
    const stats = new Stats();
    const signatures = new Signatures();

    // Warm-up (the API has been up all day on a real night): each live picture and table page once.
    for (const match of matches) {
      await drain(api.baseUrl + paths.matchLive(match.id));
      await drain(api.baseUrl + paths.tableView(match.tables[0].code), { 'x-forwarded-for': '10.99.0.1' });
    }
    // Every process has entered and signed sets before (a worker that never wrote would meet its
    // first writes cold, its code not yet compiled, in the night's first seconds): the warm-up
    // matches' tables, each request on a new connection, so every worker of a cluster serves some.
    await Promise.all(warmUps.flatMap((match) => match.tables.map((table) => tableClient(api.baseUrl, match, table, '10.99.0.3', { ...AT_ONCE, freshConnections: true }, new Stats(), new Signatures(), SETS))));
    // The request that does nothing (no database): the yardstick for one table write alone.
    const health: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await drain(api.baseUrl + paths.liveness);
      health.push(performance.now() - t);
    }
    const alone = new Stats();
    for (const table of calibration.tables) {
      await tableClient(api.baseUrl, calibration, table, '10.99.0.2', AT_ONCE, alone, new Signatures(), SETS);
    }
    await sleep(600);
    const idle = lastSample(api.samples);

    spectators.push(...spectatorsOf(api.baseUrl, matches, 200, stats, signatures));
    watch.reset();
    const streams = spectators.map((s) => s.run());
    await Promise.race([Promise.all(spectators.map((s) => s.ready)), sleep(30_000)]);
    await sleep(600);
    const withSpectators = lastSample(api.samples);

    // The night: every table of every match, one venue address per match.
    const computedBefore = await liveComputations(api.baseUrl, PROCESSES);
    const firstSample = api.samples.length;
    const counting = await statementCosts.reset(ctx.prisma);
    const cpuBefore = api.cpuSeconds();
    const machineBefore = cpuNow();
    // The clients' own event loop (the phones and spectators share this process): a late timer here would be counted as the API's latency.
    const clientLag = monitorEventLoopDelay({ resolution: 10 });
    clientLag.enable();
    // The worst delay of each second of the night (ms).
    const clientLagPerSecond: number[] = [];
    const lagTimer = setInterval(() => {
      clientLagPerSecond.push(clientLag.max / 1e6);
      clientLag.reset();
    }, 1000);
    const start = performance.now();
    await playTables(api.baseUrl, matches, 100, PACING, stats, signatures);
    const tablesDone = performance.now();
    clearInterval(lagTimer);
    clientLag.disable();
    // BENCH_TIMELINE=1: the night second by second (where a p99 comes from: a start, a wave).
    if (TIMELINE) printTimeline(start, stats, watch.timeline, api.samples, clientLagPerSecond);
    const cpuAfter = api.cpuSeconds();
    const machineAfter = cpuNow();
    const statements = counting ? await statementCosts.read(ctx.prisma) : null;
    const settleUntil = Date.now() + SETTLE_MS;
    while (spectators.some((s) => s.missed() > 0) && Date.now() < settleUntil) await sleep(100);
    for (const s of spectators) s.stop();
    await Promise.all(streams);
    const during = api.samples.slice(firstSample);

    const computedAfter = await liveComputations(api.baseUrl, PROCESSES);
    const setsSigned = await ctx.prisma.matchSet.count({ where: { matchId: { in: matches.map((m) => m.id) }, signedAt: { not: null } } });
    const figures: Figures = {
      matches: matches.length,
      tables: matches.reduce((n, m) => n + m.tables.length, 0),
      spectators: spectators.length,
      viewers: VIEWERS,
      roundSpectators: ROUND_SPECTATORS,
      thinkMs: `${THINK_MIN}-${THINK_MAX}`,
      nightSeconds: round1((tablesDone - start) / 1000),
      setsExpected: matches.reduce((n, m) => n + m.tables.length, 0) * SETS,
      setsSigned,
    };
    const endpoints: Endpoint[] = ['enter', 'sign', 'view', 'matchLive', 'roundLive', 'connect'];
    for (const endpoint of endpoints) {
      const s = summary(stats.latencies[endpoint]);
      figures[`${endpoint}_requests`] = s.count;
      figures[`${endpoint}_p50Ms`] = s.p50Ms;
      figures[`${endpoint}_p99Ms`] = s.p99Ms;
      figures[`${endpoint}_maxMs`] = s.maxMs;
      if (endpoint !== 'connect') figures[`${endpoint}_avgKb`] = s.count ? round1(stats.chars[endpoint] / s.count / 1024) : NaN;
      if (endpoint === 'matchLive' || endpoint === 'roundLive') figures[`${endpoint}_wireAvgKb`] = s.count ? round1(stats.wireBytes[endpoint] / s.count / 1024) : NaN;
    }
    for (const endpoint of ['enter', 'sign', 'view'] as const) figures[`${endpoint}Alone_p50Ms`] = round1(percentile(alone.latencies[endpoint], 50));
    figures.aloneErrors = alone.errorCount;
    figures.healthAlone_p50Ms = round1(percentile(health, 50));
    figures.enterAloneToHealth = round1(percentile(alone.latencies.enter, 50) / percentile(health, 50));
    figures.signAloneToHealth = round1(percentile(alone.latencies.sign, 50) / percentile(health, 50));
    figures.apiProcesses = PROCESSES;
    // With a cluster the memory and CPU figures are those of all its processes together (the primary and every worker).
    figures.api_processesMeasured = new Set(during.map((s) => s.pid)).size;
    figures.loadAverage1m = round1(os.loadavg()[0]);
    const writes = stats.latencies.enter.length + stats.latencies.sign.length;
    figures.writesPerSecond = round1(writes / ((tablesDone - start) / 1000));
    figures.errors = stats.errorCount;
    figures.errorsByKind = stats.errorCount ? [...stats.errors].map(([k, v]) => `${k}: ${v}`).join('; ') : 'none';
    for (const [name, values] of [['signToEvent', stats.signToEvent], ['signToPage', stats.signToPage]] as const) {
      const s = summary(values);
      figures[`${name}_count`] = s.count;
      figures[`${name}_p50Ms`] = s.p50Ms;
      figures[`${name}_p99Ms`] = s.p99Ms;
      figures[`${name}_maxMs`] = s.maxMs;
    }
    // Live answers computed per change message (the events of 250 ms about a topic: its
    // spectators got one message each) and per signature (each changes its match and its
    // round). Target: 1 per change, per process, however many spectators. The messages are the
    // API's own count: with a cluster every worker sends its own to its streams (coalesced in
    // its own 250 ms), so computations and messages are both summed over the workers.
    const signed = stats.latencies.sign.length;
    if (computedBefore && computedAfter && signed) {
      const computed = { match: computedAfter.match - computedBefore.match, round: computedAfter.round - computedBefore.round };
      const sent = { match: computedAfter.matchMessages - computedBefore.matchMessages, round: computedAfter.roundMessages - computedBefore.roundMessages };
      figures.liveComputations_match = computed.match;
      figures.liveComputations_round = computed.round;
      figures.liveChangeMessages_match = sent.match;
      figures.liveChangeMessages_round = sent.round;
      figures.liveChangeMessagesSeen_match = stats.changes.match.size;
      figures.liveChangeMessagesSeen_round = stats.changes.round.size;
      figures.liveComputationsPerChange_match = round1(computed.match / sent.match);
      figures.liveComputationsPerChange_round = round1(computed.round / sent.round);
      figures.liveComputationsPerSignature_match = round1(computed.match / signed);
      figures.liveComputationsPerSignature_round = round1(computed.round / signed);
      // The night's table writes that found their match as the process's last write left it (no load).
      const kept = computedAfter.keptRows - computedBefore.keptRows;
      const loaded = computedAfter.loadedRows - computedBefore.loadedRows;
      figures.tableWrites_keptRow = kept;
      figures.tableWrites_loaded = loaded;
      figures.tableWrites_keptRowShare = kept + loaded ? Math.round((100 * kept) / (kept + loaded)) / 100 : NaN;
    }
    figures.spectatorMissedSignatures = spectators.reduce((n, s) => n + s.missed(), 0);
    // Reads of the live picture after a message (none while the messages carry it), and the messages that carried it.
    figures.viewerReads = stats.viewerReads;
    figures.spectatorRereads = stats.rereads;
    figures.pushedMessages = stats.pushedMessages;
    figures.pushed_avgKb = stats.pushedMessages ? round1(stats.pushedChars / stats.pushedMessages / 1024) : NaN;
    figures.api_rssIdleMb = idle ? mb(idle.rss) : NaN;
    figures.api_rssWithSpectatorsMb = withSpectators ? mb(withSpectators.rss) : NaN;
    figures.api_rssMaxMb = during.length ? mb(sumOfMaxima(during, 'rss')) : NaN;
    figures.api_rssPeakMb = api.peakRssMb() ?? NaN;
    figures.api_heapUsedIdleMb = idle ? mb(idle.heapUsed) : NaN;
    figures.api_heapUsedMaxMb = during.length ? mb(sumOfMaxima(during, 'heapUsed')) : NaN;
    figures.api_cpuPercent = cpuBefore !== null && cpuAfter !== null ? Math.round(((cpuAfter - cpuBefore) / ((tablesDone - start) / 1000)) * 100) : NaN;
    // The machine during the night: how busy all its cores were, and the CPU per table write of
    // the API, PostgreSQL and the bench's own clients (tables and spectators, this process).
    const machineTotal = machineAfter.machineTotal - machineBefore.machineTotal;
    figures.machine_cores = os.cpus().length;
    figures.machine_cpuBusyPercent = machineTotal > 0 ? Math.round(((machineAfter.machineBusy - machineBefore.machineBusy) / machineTotal) * 100) : NaN;
    const perWrite = (seconds: number) => (writes ? round1((seconds * 1000) / writes) : NaN);
    figures.cpu_apiMsPerWrite = cpuBefore !== null && cpuAfter !== null ? perWrite(cpuAfter - cpuBefore) : NaN;
    figures.cpu_postgresMsPerWrite = perWrite(machineAfter.postgres - machineBefore.postgres);
    figures.cpu_clientsMsPerWrite = perWrite(machineAfter.clients - machineBefore.clients);
    figures.clients_eventLoopDelayMaxMs = clientLagPerSecond.length ? round1(Math.max(...clientLagPerSecond)) : NaN;
    // The database's execution time per table write (all statements of the night, the
    // spectators' reads and the jobs included), and the statements that took most of it.
    figures.db_execMsPerWrite = statements ? perWrite(statements.totalMs / 1000) : NaN;
    figures.db_statementsTop = statements?.top ?? 'not measured (pg_stat_statements is not loaded)';
    // The API's event-loop delay: p99 of each 250 ms window, their median, and the worst delay seen.
    figures.api_eventLoopDelayP99MedianMs = during.length ? round1(percentile(during.map((s) => s.loopDelayP99Ms), 50)) : NaN;
    figures.api_eventLoopDelayMaxMs = during.length ? round1(Math.max(...during.map((s) => s.loopDelayMaxMs))) : NaN;
    figures.db_connectionsMax = watch.max.total;
    figures.db_apiConnectionsMax = watch.max.api;
    figures.db_apiBusyConnectionsMax = watch.max.apiActive;
    figures.db_apiWaitingForLockMax = watch.max.apiLockWait;
    figures.db_lockWaitsTop = watch.topLockWaits();
    figures.db_jobsConnectionsMax = watch.max.jobs;
    figures.db_apiPoolSize = poolSizeOf({ ...process.env, API_PROCESSES: String(PROCESSES) });
    figures.db_maxConnections = watch.maxConnections;
    if (ctx.webUrl) {
      // The live pages as the dashboard renders them after the night (every seat signed),
      // through the bench's other API, which reads the same database.
      try {
        const [match] = matches;
        const pages = { matchPage: `${ctx.webUrl}/wedstrijden/${match.id}/live`, roundPage: `${ctx.webUrl}/speelavond/${match.divisionId}/${match.round}` };
        for (const [name, url] of Object.entries(pages)) {
          const page = await measurePage(url, 20, 'data-live-root');
          for (const key of ['responseMs', 'htmlBytes', 'jsGzipBytes', 'inlineJsGzipBytes'] as const) figures[`${name}_${key}`] = page[key];
        }
      } catch (error) {
        figures.page_error = String(error);
      }
    }
    // Capacity: the same night at slower and faster paces, each on matches of its own, with its spectators.
    // The throughput "at the same p99" (issue 22) is the most writes per second of a night whose
    // table writes kept p99 under 150 ms; the paces of a run with --processes N are the same.
    const paces: { pace: number; writesPerSecond: number; p99Ms: number; errors: number }[] = [{ pace: 1, writesPerSecond: Number(figures.writesPerSecond), p99Ms: writesP99(stats), errors: stats.errorCount }];
    for (const [step, pace] of CAPACITY_PACES.entries()) paces.push(await capacityStep(ctx, api.baseUrl, pace, { tables: 110 + step, spectators: 210 + step }));
    paces.sort((a, b) => a.pace - b.pace);
    figures.capacity_paces = paces.map((p) => `×${p.pace}: ${p.writesPerSecond} writes/s, p99 ${Math.round(p.p99Ms)} ms${p.errors ? `, ${p.errors} errors` : ''}`).join(' | ');
    const kept = paces.filter((p) => p.p99Ms < 150 && p.errors === 0);
    figures.capacity_writesPerSecondAtP99Under150Ms = kept.length ? Math.max(...kept.map((p) => p.writesPerSecond)) : 0;
    figures.capacity_writesPerSecondMax = Math.max(...paces.map((p) => p.writesPerSecond));
    if (PROCESSES > 1) {
      // Against one process's latest figures on this machine (bench-results/latest.json, from `npm run bench -- match-night`).
      const one = oneProcessCapacity();
      figures.capacity_oneProcessWritesPerSecondAtP99Under150Ms = one?.writesPerSecond ?? 'not measured yet: run npm run bench -- match-night first';
      figures.capacity_vsOneProcess = one && one.writesPerSecond > 0 ? round1(Number(figures.capacity_writesPerSecondAtP99Under150Ms) / one.writesPerSecond) : NaN;
      figures.capacity_vsOneProcessMax = one ? round1(Number(figures.capacity_writesPerSecondMax) / one.max) : NaN;
    }
    // The system's memory from the API's start to here (the night and the capacity steps), and the cgroup's account of it.
    await memory.stop();
    Object.assign(figures, memory.figures());
    if (cgroup) {
      const limited = cgroup.read();
      figures.memory_cgroup = limited.where;
      figures.memory_cgroupLimitMb = limited.limitMb;
      figures.memory_cgroupPeakMb = limited.peakMb ?? 'not reported by this kernel';
      figures.memory_cgroupOomKills = limited.oomKills ?? 'not reported by this kernel';
      figures.memory_cgroupLimitReached = limited.limitReached ?? 'not reported by this kernel';
    }
    figures.loadAverageAtEnd = os.loadavg().map(round1).join(' ');
    figures.target =
      'enter/sign p99 < 150 ms, no errors; signature → spectator p99 < 2000 ms; with --processes 2 ≥ 1.6 × capacity_writesPerSecondAtP99Under150Ms of one process; memory (issue 44): memory_sumOfPssPeaksMb ≤ 800, memory_apiPssPeakMb ≤ 300, and no OOM kill with --memory-limit 1G';
    return figures;
  } finally {
    for (const s of spectators) s.stop();
    await memory.stop();
    await watch.stop();
    await api.stop();
  }
}
