/**
 * Standings speed (issue 5), against the real database with a synthetic 20-team double
 * round robin (380 matches, every one with its 36 set scores), stored through the season
 * import:
 * - the engine from scratch (computeStandings on the loaded input), the same with the
 *   database read of everything it needs (what a changed division costs), and a request's
 *   service work when nothing changed (fingerprint query + cached result); medians;
 * - GET /api/divisions/{id}/standings with 50 concurrent keep-alive connections: requests
 *   per second and p50/p99 latency, next to three cheap endpoints of the same API measured
 *   the same way in the same run: GET /api/health/live (touches no database: the request
 *   pipeline alone, the baseline of the ratio standingsVsBaselineRps), GET /api/health
 *   (one `SELECT 1`) and GET /api/seasons/{id} (one small read);
 * - when the dashboard runs (BENCH_WEB_URL): the public standings page's server response
 *   time and the JavaScript it sends, gzipped (measurePage).
 * The load (autocannon) runs in a worker thread, so client and API do not share one event loop.
 * Loopback only; every run is bounded in time.
 */
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { computeStandings } from '../src/domain/standings/standings';
import { PrismaService } from '../src/prisma/prisma.service';
import { SeasonImportService } from '../src/season-transfer/season-import.service';
import { standingsSelect, toStandingsData } from '../src/standings/standings-data';
import { StandingsService } from '../src/standings/standings.service';
import { syntheticSeasonDocument } from '../test/helpers';

type Figures = Record<string, number | string>;

export interface LoadResult {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

/** Runs `fn` `times` times (after one warm-up) and returns the median duration in ms. */
async function timeMedian(times: number, fn: () => unknown): Promise<number> {
  await fn();
  const durations: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await fn();
    durations.push(performance.now() - start);
  }
  return median(durations);
}

/**
 * The load generator: autocannon with `connections` keep-alive connections for `seconds`,
 * in its own thread; every response's latency is kept, so rounds can be merged.
 */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require(workerData.autocannon);
const { url, connections, seconds } = workerData;
const latencies = [];
let errors = 0;
const instance = autocannon({ url, connections, duration: seconds }, (error, result) => {
  if (error) throw error;
  parentPort.postMessage({ latencies, errors: errors + result.errors + result.timeouts, elapsed: result.duration });
});
instance.on('response', (client, statusCode, bytes, responseTime) => {
  if (statusCode !== 200) errors++;
  latencies.push(responseTime);
});
`;

interface RawLoad {
  latencies: number[];
  errors: number;
  elapsed: number;
}

function loadOnce(url: string, connections: number, seconds: number): Promise<RawLoad> {
  const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { url, connections, seconds, autocannon: require.resolve('autocannon') } });
  return new Promise<RawLoad>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => worker.terminate());
}

/**
 * Loads every URL with `connections` concurrent connections, interleaved: `rounds` rounds
 * of `seconds` each per URL, so that all endpoints meet the same machine (other work on
 * it, JIT and garbage collection). Requests per second over all rounds; p50/p99 over all
 * latencies.
 */
export async function loadInterleaved(urls: Record<string, string>, connections = 50, seconds = 3, rounds = 3): Promise<Record<string, LoadResult>> {
  const raw: Record<string, RawLoad[]> = Object.fromEntries(Object.keys(urls).map((name) => [name, []]));
  for (const url of Object.values(urls)) await loadOnce(url, connections, 1); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const [name, url] of Object.entries(urls)) raw[name].push(await loadOnce(url, connections, seconds));
  }
  return Object.fromEntries(
    Object.entries(raw).map(([name, runs]) => {
      const sorted = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
      const elapsed = runs.reduce((sum, run) => sum + run.elapsed, 0);
      const result: LoadResult = {
        requests: sorted.length,
        errors: runs.reduce((sum, run) => sum + run.errors, 0),
        requestsPerSecond: Math.round(sorted.length / elapsed),
        p50Ms: round1(percentile(sorted, 50)),
        p99Ms: round1(percentile(sorted, 99)),
      };
      return [name, result];
    }),
  );
}

/** Gzipped size (level 9) of each file (script or stylesheet), fetched relative to the page. */
async function gzipSizes(pageUrl: string, sources: string[]): Promise<number> {
  let total = 0;
  for (const src of sources) {
    const res = await fetch(new URL(src, pageUrl));
    total += gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
  }
  return total;
}

/**
 * A page as a phone gets it: the server's response time for the HTML (median of `times`
 * sequential requests), the JavaScript it loads (`<script src>`) summed gzipped, the
 * JavaScript written into the HTML itself (inline `<script>`, gzipped) and its stylesheets.
 * `mustShow`: text the page must contain, so a wrong page is never measured.
 * `noModule` scripts (Next.js's polyfills for old browsers) are counted apart: browsers
 * that run modules, every current phone among them, do not download them.
 */
export async function measurePage(
  url: string,
  times = 20,
  mustShow?: string,
): Promise<{ responseMs: number; htmlBytes: number; scripts: number; jsGzipBytes: number; inlineJsGzipBytes: number; noModuleGzipBytes: number; cssGzipBytes: number }> {
  let html = '';
  const responseMs = await timeMedian(times, async () => {
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    html = await res.text();
  });
  if (mustShow && !html.includes(mustShow)) throw new Error(`${url} toont "${mustShow}" niet: verkeerde pagina gemeten`);
  const tags = [...new Set(html.match(/<script\b[^>]*\ssrc="[^"]+"[^>]*>/g) ?? [])];
  const src = (tag: string) => /\ssrc="([^"]+)"/.exec(tag)![1].replace(/&amp;/g, '&');
  const noModule = (tag: string) => /\snomodule\b/i.test(tag);
  const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
  const stylesheets = [...new Set(html.match(/<link\b[^>]*rel="stylesheet"[^>]*>/g) ?? [])].map((tag) => /\shref="([^"]+)"/.exec(tag)![1].replace(/&amp;/g, '&'));
  return {
    responseMs: round1(responseMs),
    htmlBytes: Buffer.byteLength(html),
    scripts: tags.filter((t) => !noModule(t)).length,
    jsGzipBytes: await gzipSizes(url, tags.filter((t) => !noModule(t)).map(src)),
    inlineJsGzipBytes: inline ? gzipSync(Buffer.from(inline), { level: 9 }).length : 0,
    noModuleGzipBytes: await gzipSizes(url, tags.filter(noModule).map(src)),
    cssGzipBytes: await gzipSizes(url, stylesheets),
  };
}

/** Stores the synthetic season through the import (as an administrator) and returns its division. */
async function seed(app: NestFastifyApplication, prisma: PrismaService): Promise<{ seasonId: string; divisionId: string; importMs: number }> {
  const user = await prisma.user.create({
    data: { email: `bench-${Date.now()}@tsbn.invalid`, name: 'Bench', role: 'ADMIN', passwordHash: 'x' },
  });
  const document = syntheticSeasonDocument({ name: `Bench ${new Date().toISOString()}`, teams: 20 });
  const start = performance.now();
  const result = await app.get(SeasonImportService).import(document, { id: user.id, email: user.email, name: user.name, role: 'ADMIN', clubId: null });
  const importMs = performance.now() - start;
  const division = await prisma.division.findFirstOrThrow({ where: { seasonId: result.seasonId } });
  return { seasonId: result.seasonId, divisionId: division.id, importMs };
}

export async function run(ctx: { app: NestFastifyApplication; prisma: PrismaService; baseUrl: string; webUrl?: string | null }): Promise<Figures> {
  const { seasonId, divisionId, importMs } = await seed(ctx.app, ctx.prisma);
  const standings = ctx.app.get(StandingsService);
  const data = await standings.data(divisionId);
  const figures: Figures = {
    teams: data.input.teams.length,
    matches: data.input.matches.length,
    setRows: await ctx.prisma.matchSet.count({ where: { match: { divisionId } } }),
    importMs: Math.round(importMs),
    engineFromScratchMs: round3(await timeMedian(50, () => computeStandings(data.input))),
    engineAfterRound19Ms: round3(await timeMedian(50, () => computeStandings({ ...data.input, upToRound: 19 }))),
    readAndComputeUncachedMs: round1(
      await timeMedian(20, async () => computeStandings(toStandingsData((await ctx.prisma.division.findUniqueOrThrow({ where: { id: divisionId }, select: standingsSelect }))).input)),
    ),
    unchangedRequestMs: round1(await timeMedian(50, () => standings.standings(divisionId))),
    positionsChartMs: round1(await timeMedian(10, () => standings.positions(divisionId))),
  };

  const endpoints = {
    standings: `${ctx.baseUrl}/api/divisions/${divisionId}/standings`,
    baseline: `${ctx.baseUrl}/api/health/live`,
    health: `${ctx.baseUrl}/api/health`,
    season: `${ctx.baseUrl}/api/seasons/${seasonId}`,
  };
  const results = await loadInterleaved(endpoints);
  for (const [name, result] of Object.entries(results)) {
    for (const [key, value] of Object.entries(result)) figures[`${name}_${key}`] = value;
  }
  // The baseline touches no database, so the ratio is what the standings cost beyond the pipeline.
  figures.standingsVsBaselineRps = Math.round((results.standings.requestsPerSecond / results.baseline.requestsPerSecond) * 100) / 100;
  figures.standingsVsHealthRps = Math.round((results.standings.requestsPerSecond / results.health.requestsPerSecond) * 100) / 100;
  figures.standingsVsSeasonRps = Math.round((results.standings.requestsPerSecond / results.season.requestsPerSecond) * 100) / 100;

  if (ctx.webUrl) {
    try {
      // /stand shows the current season: make that the synthetic one (the bench database is
      // wiped before every run, and other bench cases add seasons of their own).
      await ctx.prisma.season.updateMany({ where: { id: { not: seasonId } }, data: { archivedAt: new Date() } });
      const page = await measurePage(`${ctx.webUrl}/stand`, 20, 'Synthetisch 20');
      for (const [key, value] of Object.entries(page)) figures[`page_stand_${key}`] = value;
      const division = await measurePage(`${ctx.webUrl}/stand/${divisionId}`, 20, 'Verloop Synthetisch 20');
      for (const [key, value] of Object.entries(division)) figures[`page_standDivision_${key}`] = value;
    } catch (error) {
      figures.page_stand_error = String(error);
    }
  }
  return figures;
}
