/**
 * The match night's clients speak HTTP with node:http, not fetch: they share the server's two
 * cores with the API and PostgreSQL, and with fetch (undici's WHATWG requests, web streams and
 * their garbage) they took nearly as much CPU per table write as the API's own work. Measured on
 * 29 Nov (AMD EPYC): the clients' CPU per write 7.0–7.2 ms with fetch (the API's 8.2), 3.3–4.8 ms
 * with node:http. Phones and browsers do that work on their own processors, not the server's.
 */
import http from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

/** Keep-alive, no ceiling: every phone and viewer its own connection, reused as a browser does. */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body's bytes as they came over the wire (compressed where the API compressed it). */
  wireBytes: number;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** A new connection, closed after the answer (the warm-up: every worker of a cluster serves some). */
  fresh?: boolean;
}

/** One request; the answer's body as text (unpacked when it came gzipped or deflated). */
export function request(url: string, options: RequestOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body);
    const req = http.request(url, { method: options.method ?? 'GET', headers, agent: options.fresh ? false : agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: body.toString('utf8'), wireBytes: raw.length });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A GET whose body is read and thrown away (warm-up, yardstick). */
export async function drain(url: string, headers: Record<string, string> = {}): Promise<number> {
  return (await request(url, { headers })).status;
}

/**
 * An event stream: `onText` gets the body's text as it arrives. Resolves with the status once
 * the stream ended (or, when it is not 200, with its body read); `stop()` closes it.
 */
export function stream(url: string, headers: Record<string, string>, onText: (text: string) => void): { done: Promise<{ status: number; text: string }>; stop: () => void } {
  let req: http.ClientRequest | undefined;
  const done = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req = http.get(url, { headers, agent }, (res) => {
      const status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (chunk: string) => (status === 200 ? onText(chunk) : (text += chunk)));
      res.on('error', reject);
      res.on('end', () => resolve({ status, text }));
      // Closed before its end (stop(), or the API went away): what came so far.
      res.on('close', () => resolve({ status, text }));
    });
    req.on('error', reject);
  });
  return { done, stop: () => req?.destroy() };
}
