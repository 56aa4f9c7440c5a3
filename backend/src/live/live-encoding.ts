/**
 * A live answer gzipped once per version, however many spectators read it. A round's answer is
 * some 80 kB of JSON and every page of the round reads it again after each signature: on a
 * phone at the venue that is the whole page's weight, ten times over in an evening. Gzipped it
 * is about a tenth; the work is done once, the first time a reader that accepts gzip asks for
 * the version (on the thread pool, not the event loop), and shared by all the others.
 */
import { negotiate } from '@fastify/accept-negotiator';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { LiveAnswer } from './live.service';

const gzipAsync = promisify(gzip);

/** Smaller answers go as they are: gzip's own header and the work would gain nothing. */
export const GZIP_FROM_BYTES = 1024;

/** Per answer (LiveService shares one object per version): its gzipped bytes, made once. */
const gzipped = new WeakMap<LiveAnswer, Promise<Buffer>>();

/** Whether the reader's Accept-Encoding takes gzip (q=0 and `identity` alone refuse it; `*` takes it; the names in any case, RFC 9110). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  return Boolean(header) && negotiate(header!.toLowerCase(), ['gzip']) === 'gzip';
}

/** The answer's JSON gzipped, once per answer object. */
export function gzippedAnswer(answer: LiveAnswer): Promise<Buffer> {
  let bytes = gzipped.get(answer);
  if (!bytes) {
    bytes = gzipAsync(answer.json);
    gzipped.set(answer, bytes);
    // A failure is not remembered: the next reader tries again (and this one gets plain JSON).
    bytes.catch(() => gzipped.delete(answer));
  }
  return bytes;
}
