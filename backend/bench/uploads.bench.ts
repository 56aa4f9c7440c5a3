/**
 * Oversized uploads (issue 12.2): how long GET /api/health takes while workbooks that are
 * ~1 MB zipped and 300 MB unpacked are refused. Before the fix one such upload kept the API
 * busy 36–55 s. Four at once (two declaring their size, two lying about it, half previews,
 * half confirmations) while /api/health is asked again and again; next to it the health
 * latency of the idle API, and the same while a legitimate 10,000-row workbook is read.
 * Target: worst health latency during the refusals < 100 ms; every bomb refused (413).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
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

async function healthMs(ctx: BenchContext): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${ctx.baseUrl}/api/health`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`health: HTTP ${res.status}`);
  return performance.now() - start;
}

/** Asks /api/health back to back until `work` settles; the latencies, and what the work returned. */
async function healthDuring<T>(ctx: BenchContext, work: Promise<T>): Promise<{ latencies: number[]; value: T; ms: number }> {
  const start = performance.now();
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) latencies.push(await healthMs(ctx));
  const value = await finished;
  return { latencies, value, ms: performance.now() - start };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

async function memberXlsx(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('leden');
  sheet.addRow(['Lidnummer', 'Achternaam', 'Tussenvoegsel', 'Voornamen', 'Geboortedatum']);
  for (let i = 0; i < rows; i++) sheet.addRow([6_000_000_000 + i, `Achternaam ${i}`, i % 5 === 0 ? 'van' : '', `Voornaam Doëlla ${i}`, new Date(Date.UTC(1980, 0, 1))]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function run(ctx: BenchContext): Promise<Record<string, number | string>> {
  const cookie = await adminCookie(ctx);
  const season = await ctx.prisma.season.create({
    data: { name: `Bench uploads ${randomUUID()}`, startsOn: new Date('2042-09-01'), competitionStartsOn: new Date('2042-09-15'), endsOn: new Date('2043-05-31'), settings: { create: {} } },
  });
  const club = await ctx.prisma.club.create({ data: { name: `Bench ${randomUUID()}` } });
  const url = `${ctx.baseUrl}/api/seasons/${season.id}/clubs/${club.id}/member-list`;
  const post = async (step: 'preview' | 'confirm', file: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    if (step === 'confirm') form.append('previewId', 'A'.repeat(43));
    const res = await fetch(`${url}/${step}`, { method: 'POST', headers: { cookie }, body: form });
    return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
  };

  // Warm up: the API's first upload starts a worker thread.
  await post('preview', memberWorkbook({ members: 3 }), 'warm.xlsx');
  const idle: number[] = [];
  for (let i = 0; i < 200; i++) idle.push(await healthMs(ctx));

  const honest = memberWorkbook({ repeatMb: 300 });
  const liar = memberWorkbook({ repeatMb: 300, declaredSheetBytes: 4_000 });
  const bombs = await healthDuring(
    ctx,
    Promise.all([post('preview', honest, 'a.xlsx'), post('confirm', honest, 'b.xlsx'), post('preview', liar, 'c.xlsx'), post('confirm', liar, 'd.xlsx')]),
  );
  const refused = bombs.value.filter((answer) => answer.status === 413 && answer.body.error?.code === 'WORKBOOK_TOO_LARGE').length;

  // The same again, in a loop for a few seconds, so the worst case is not one lucky moment.
  const repeated: number[] = [];
  let repeatedRefused = 0;
  let repeatedTotal = 0;
  const until = performance.now() + 5_000;
  while (performance.now() < until) {
    const round = await healthDuring(ctx, Promise.all([post('preview', liar, 'e.xlsx'), post('preview', honest, 'f.xlsx')]));
    repeated.push(...round.latencies);
    repeatedTotal += round.value.length;
    repeatedRefused += round.value.filter((answer) => answer.status === 413).length;
  }

  // A legitimate 10,000-row workbook read meanwhile (the worker does the work).
  const legit = await healthDuring(ctx, post('preview', await memberXlsx(10_000), 'leden-10000.xlsx'));
  if (legit.value.status !== 200) throw new Error(`10,000-row workbook: HTTP ${legit.value.status} ${JSON.stringify(legit.value.body)}`);

  const during = [...bombs.latencies, ...repeated];
  return {
    bombZippedKb: Math.round(honest.length / 1024),
    bombUnpackedMb: 300,
    bombsAtOnce: bombs.value.length,
    bombsRefused413: refused + repeatedRefused,
    bombsSent: bombs.value.length + repeatedTotal,
    firstFourRefusedInMs: round1(bombs.ms),
    healthIdleP50Ms: round1(percentile(idle, 50)),
    healthIdleMaxMs: round1(Math.max(...idle)),
    healthDuringBombsRequests: during.length,
    healthDuringBombsP50Ms: round1(percentile(during, 50)),
    healthDuringBombsP99Ms: round1(percentile(during, 99)),
    healthDuringBombsMaxMs: round1(Math.max(...during)),
    xlsx10000PreviewMs: round1(legit.ms),
    healthDuringXlsx10000MaxMs: round1(Math.max(...legit.latencies)),
    target: 'healthDuringBombsMaxMs < 100; every bomb refused with 413',
  };
}
