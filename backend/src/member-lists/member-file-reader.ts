/**
 * Reads an uploaded member list off the API's event loop: parseMemberFile runs in a worker
 * thread (member-file.worker.ts) with a memory limit and a time budget, at most two at once.
 * A file that exceeds either is refused (FILE_TOO_COMPLEX, 422) and its worker terminated;
 * meanwhile the API keeps answering other requests. The parser's own limits (MEMBER_FILE_LIMITS)
 * refuse most such files long before the budget runs out.
 *
 * The built API (backend/dist, bench build) runs the compiled member-file.worker.js next to
 * this file. From the TypeScript sources (Jest) there is no .js, so the worker registers
 * esbuild-register (a development dependency) and loads the .ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError, ErrorDetail } from '../common/errors';
import { MemberFileLimitError, ParsedMemberFile, UploadedFile } from './member-file-parser';

export interface WorkerLimits {
  timeBudgetMs: number;
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  parallel: number;
}

export const MEMBER_FILE_WORKER_LIMITS: Readonly<WorkerLimits> = {
  /**
   * A backstop: the parser's limits refuse an oversized file within milliseconds. A 20,000-row
   * workbook reads in about 1.5 s on an idle machine; the budget leaves room for a busy one.
   */
  timeBudgetMs: 20_000,
  /** Reading a 20,000-row workbook takes about 75 MB of heap, 400,000 cells several times that. */
  maxOldGenerationSizeMb: 512,
  maxYoungGenerationSizeMb: 32,
  /** Uploads read at the same time; the others wait their turn (the machine has two cores). */
  parallel: 2,
};

export interface WorkerRequest {
  bytes: Uint8Array;
  originalName: string;
  mimeType?: string;
}

export type WorkerReply =
  | { ok: true; parsed: ParsedMemberFile }
  | { ok: false; error: { status: number; code: string; message: string; details?: ErrorDetail[] } }
  | { ok: false; error: null; message: string };

const COMPILED_WORKER = path.join(__dirname, 'member-file.worker.js');
const SOURCE_WORKER = path.join(__dirname, 'member-file.worker.ts');

function startWorker(limits: WorkerLimits): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb };
  if (existsSync(COMPILED_WORKER)) return new Worker(COMPILED_WORKER, { resourceLimits });
  // Resolved here, not in the worker: an eval'd worker resolves modules from the working directory.
  const register = require.resolve('esbuild-register/dist/node');
  const boot = `require(${JSON.stringify(register)}).register({ target: 'node20' }); require(${JSON.stringify(SOURCE_WORKER)});`;
  return new Worker(boot, { eval: true, resourceLimits });
}

// ---- at most `parallel` uploads read at once; the rest queue --------------------------------

let running = 0;
const waiting: (() => void)[] = [];

async function turn(parallel: number): Promise<() => void> {
  if (running >= parallel) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
}

// ---- idle workers are kept for the next upload ----------------------------------------------
// Starting a worker costs about half a second (loading exceljs); a worker that finished within
// its budget reads the next file. One that ran out of time or memory is terminated, and an idle
// one ends after a minute. Idle workers never keep the process alive.

const IDLE_MS = 60_000;
const idle = new Map<string, Worker[]>();
const poolKey = (limits: WorkerLimits) => `${limits.maxOldGenerationSizeMb}/${limits.maxYoungGenerationSizeMb}`;

function takeWorker(limits: WorkerLimits): Worker {
  const pooled = idle.get(poolKey(limits))?.pop();
  if (pooled) {
    clearTimeout((pooled as Worker & { idleTimer?: NodeJS.Timeout }).idleTimer);
    pooled.ref();
    return pooled;
  }
  const worker = startWorker(limits);
  worker.once('exit', () => {
    const list = idle.get(poolKey(limits));
    if (list?.includes(worker)) list.splice(list.indexOf(worker), 1);
  });
  return worker;
}

function returnWorker(worker: Worker, limits: WorkerLimits): void {
  const list = idle.get(poolKey(limits)) ?? [];
  idle.set(poolKey(limits), list);
  list.push(worker);
  worker.unref();
  const timer = setTimeout(() => void worker.terminate(), IDLE_MS);
  timer.unref();
  (worker as Worker & { idleTimer?: NodeJS.Timeout }).idleTimer = timer;
}

/** parseMemberFile in a worker thread, within the time and memory budget (tests may pass tighter limits). */
export async function readMemberFile(file: UploadedFile, limits: WorkerLimits = MEMBER_FILE_WORKER_LIMITS): Promise<ParsedMemberFile> {
  const done = await turn(limits.parallel);
  try {
    return await runWorker(file, limits);
  } finally {
    done();
  }
}

function tooComplex(name: string, why: string): MemberFileLimitError {
  return new MemberFileLimitError(
    'FILE_TOO_COMPLEX',
    `'${name}' kon niet worden gelezen: ${why}. Een moederlijst van een paar honderd leden leest in minder dan een seconde. ` +
      'Sla alleen het tabblad met de leden op als nieuwe Excel-werkmap of als CSV en lees dat in.',
    [{ field: 'file', code: 'FILE_TOO_COMPLEX', message: why }],
    422,
  );
}

function runWorker(file: UploadedFile, limits: WorkerLimits): Promise<ParsedMemberFile> {
  return new Promise<ParsedMemberFile>((resolve, reject) => {
    const worker = takeWorker(limits);
    const seconds = new Intl.NumberFormat('nl-NL').format(limits.timeBudgetMs / 1000);
    const overBudget = () => tooComplex(file.originalName, `het lezen duurde langer dan ${seconds} seconden`);
    // The answer can arrive before the timer has fired when this thread was busy meanwhile: the
    // time the reading took decides, not which of the two events the event loop happens to run first.
    const onMessage = (reply: WorkerReply) =>
      finish(true, () => {
        if (performance.now() - started > limits.timeBudgetMs) reject(overBudget());
        else if (reply.ok) resolve(reply.parsed);
        else if (reply.error) reject(new AppError(reply.error.status, reply.error.code, reply.error.message, reply.error.details));
        else reject(new Error(`Lezen van de moederlijst mislukt: ${reply.message}`));
      });
    const onError = (error: Error & { code?: string }) =>
      finish(false, () => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex(file.originalName, 'het bestand vraagt bij het lezen te veel geheugen') : error));
    const onExit = (code: number) => finish(false, () => reject(new Error(`De lezer van de moederlijst stopte onverwacht (code ${code}).`)));
    const started = performance.now();
    const timer = setTimeout(() => finish(false, () => reject(overBudget())), limits.timeBudgetMs);
    let settled = false;
    function finish(reusable: boolean, outcome: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (reusable) returnWorker(worker, limits);
      else void worker.terminate();
      outcome();
    }
    worker.once('message', onMessage).once('error', onError).once('exit', onExit);
    // A copy of exactly the file's bytes (a Buffer may be a view on a larger pool), handed over.
    const bytes = new Uint8Array(file.buffer);
    const request: WorkerRequest = { bytes, originalName: file.originalName, mimeType: file.mimeType };
    worker.postMessage(request, [bytes.buffer]);
  });
}
