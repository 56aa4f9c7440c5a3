/**
 * Oversized uploads (issue 12.2): how long GET /api/health takes while workbooks that are
 * ~1.2 MB zipped and 300 MB unpacked are refused. Before the fix one such upload kept the API
 * busy 36–55 s. Four at once (two declaring their size, two lying about it, half previews,
 * half confirmations), then two at a time for 5 s, while /api/health is asked back to back;
 * next to it the same for the idle API, and while a legitimate 10,000-row workbook is read.
 * The client (uploads and health requests) runs in a worker thread, so it does not share the
 * API's event loop or heap; the API's own event-loop delay is measured alongside.
 * Target: worst health latency during the refusals < 100 ms; every bomb refused (413).
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { hashPassword } from '../src/auth/auth.service';
import { memberWorkbook } from '../test/fixtures/workbooks';
import type { BenchContext } from './run';

const round1 = (n: number) => Math.round(n * 10) / 10;

async function adminCookie(ctx: BenchContext): Promise<string> {
  const email = `bench-${randomUUID()}@tsbn.nl`;
  const password = 'bench-wachtwoord-123';
  await ctx.prisma.user.create({ data: { email, name: 'Bench', role: 'ADMIN', passwordHash: await hashPassword(password) } });
  const res = await fetch(`${ctx.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

async function memberXlsx(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('leden');
  sheet.addRow(['Lidnummer', 'Achternaam', 'Tussenvoegsel', 'Voornamen', 'Geboortedatum']);
  for (let i = 0; i < rows; i++) sheet.addRow([6_000_000_000 + i, `Achternaam ${i}`, i % 5 === 0 ? 'van' : '', `Voornaam Doëlla ${i}`, new Date(Date.UTC(1980, 0, 1))]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface ClientResult {
  idle: number[];
  firstFour: { latencies: number[]; statuses: [number, string][]; ms: number };
  repeated: { latencies: number[]; statuses: [number, string][] };
  legit: { latencies: number[]; statuses: [number, string][]; ms: number };
}

/** The client, in plain JavaScript for an eval'd worker thread. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { baseUrl, url, cookie, honest, liar, warm, legit } = workerData;
const post = async (step, bytes, name) => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  if (step === 'confirm') form.append('previewId', 'A'.repeat(43));
  const res = await fetch(url + '/' + step, { method: 'POST', headers: { cookie }, body: form });
  const body = await res.json();
  return [res.status, body.error ? body.error.code : 'OK'];
};
const health = async () => {
  const start = performance.now();
  const res = await fetch(baseUrl + '/api/health');
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error('health: HTTP ' + res.status);
  return performance.now() - start;
};
const during = async (work) => {
  const start = performance.now();
  let done = false;
  const finished = work.finally(() => { done = true; });
  const latencies = [];
  while (!done) latencies.push(await health());
  return { latencies, statuses: await finished, ms: performance.now() - start };
};
(async () => {
  await post('preview', warm, 'warm.xlsx'); // the API's first upload starts its worker thread
  const idle = [];
  for (let i = 0; i < 200; i++) idle.push(await health());
  parentPort.postMessage({ phase: 'bombs' });
  const firstFour = await during(Promise.all([post('preview', honest, 'a.xlsx'), post('confirm', honest, 'b.xlsx'), post('preview', liar, 'c.xlsx'), post('confirm', liar, 'd.xlsx')]));
  const repeated = { latencies: [], statuses: [] };
  const until = performance.now() + 5000;
  while (performance.now() < until) {
    const round = await during(Promise.all([post('preview', liar, 'e.xlsx'), post('preview', honest, 'f.xlsx')]));
    repeated.latencies.push(...round.latencies);
    repeated.statuses.push(...round.statuses);
  }
  parentPort.postMessage({ phase: 'legit' });
  const legitimate = await during(post('preview', legit, 'leden-10000.xlsx').then((answer) => [answer]));
  parentPort.postMessage({ idle, firstFour, repeated, legit: legitimate });
})().catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
`;

/** Runs the client; `onPhase` hears when the bombs start and when the legitimate upload starts. */
function runClient(workerData: Record<string, unknown>, onPhase: (phase: 'bombs' | 'legit') => void): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData });
    worker.on('message', (message: (ClientResult & { error?: string }) | { phase: 'bombs' | 'legit' }) => {
      if ('phase' in message) return onPhase(message.phase);
      void worker.terminate();
      if (message.error) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

export async function run(ctx: BenchContext): Promise<Record<string, number | string>> {
  const cookie = await adminCookie(ctx);
  const season = await ctx.prisma.season.create({
    data: { name: `Bench uploads ${randomUUID()}`, startsOn: new Date('2042-09-01'), competitionStartsOn: new Date('2042-09-15'), endsOn: new Date('2043-05-31'), settings: { create: {} } },
  });
  const club = await ctx.prisma.club.create({ data: { name: `Bench ${randomUUID()}` } });
  const honest = memberWorkbook({ repeatMb: 300 });
  const liar = memberWorkbook({ repeatMb: 300, declaredSheetBytes: 4_000 });
  const legit = await memberXlsx(10_000);

  // The API's own event loop (this process) while the bombs are refused: how long it was ever blocked.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const phase = (name: 'bombs' | 'legit') => (name === 'bombs' ? loopDelay.enable() : loopDelay.disable());
  const result = await runClient({
    baseUrl: ctx.baseUrl,
    url: `${ctx.baseUrl}/api/seasons/${season.id}/clubs/${club.id}/member-list`,
    cookie,
    honest: new Uint8Array(honest),
    liar: new Uint8Array(liar),
    warm: new Uint8Array(memberWorkbook({ members: 3 })),
    legit: new Uint8Array(legit),
  }, phase);

  const [legitStatus] = result.legit.statuses[0];
  if (legitStatus !== 200) throw new Error(`10,000-row workbook: HTTP ${legitStatus} ${result.legit.statuses[0][1]}`);
  const bombs = [...result.firstFour.statuses, ...result.repeated.statuses];
  const during = [...result.firstFour.latencies, ...result.repeated.latencies];
  return {
    bombZippedKb: Math.round(honest.length / 1024),
    bombUnpackedMb: 300,
    bombsSent: bombs.length,
    bombsRefused413: bombs.filter(([status, code]) => status === 413 && code === 'WORKBOOK_TOO_LARGE').length,
    firstFourRefusedInMs: round1(result.firstFour.ms),
    healthIdleP50Ms: round1(percentile(result.idle, 50)),
    healthIdleMaxMs: round1(Math.max(...result.idle)),
    healthDuringBombsRequests: during.length,
    healthDuringBombsP50Ms: round1(percentile(during, 50)),
    healthDuringBombsP99Ms: round1(percentile(during, 99)),
    healthDuringBombsMaxMs: round1(Math.max(...during)),
    apiEventLoopDelayDuringBombsP99Ms: round1(loopDelay.percentile(99) / 1e6),
    apiEventLoopDelayDuringBombsMaxMs: round1(loopDelay.max / 1e6),
    xlsx10000PreviewMs: round1(result.legit.ms),
    healthDuringXlsx10000MaxMs: round1(Math.max(...result.legit.latencies)),
    target: 'healthDuringBombsMaxMs < 100; every bomb refused with 413',
  };
}
