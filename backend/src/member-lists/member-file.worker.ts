/**
 * Worker-thread entry of member-file-reader.ts: reads one uploaded member list with
 * parseMemberFile and posts the table back, or the error with its status, code and details.
 * Runs in its own V8 isolate with a memory limit, and is terminated when it takes too long,
 * so a file that is far larger inside than outside never blocks the API. One file at a time;
 * the reader sends the next only after this one's answer.
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../common/errors';
import { parseMemberFile } from './member-file-parser';
import type { WorkerReply, WorkerRequest } from './member-file-reader';

parentPort?.on('message', async ({ bytes, originalName, mimeType }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    reply = { ok: true, parsed: await parseMemberFile({ buffer, originalName, mimeType }) };
  } catch (error) {
    reply =
      error instanceof AppError
        ? { ok: false, error: { status: error.status, code: error.code, message: error.message, details: error.details } }
        : { ok: false, error: null, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
