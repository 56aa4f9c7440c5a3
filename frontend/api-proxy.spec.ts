/// <reference types="jest" />
// The dashboard's proxy to the API (api-proxy.mjs) when the API refuses a body before it has read
// it: Fastify answers 413 with "connection: close" as soon as it sees a Content-Length over its
// limit, and closes. The client (a phone, a browser) may still be sending its body then: it must
// get the 413 in Dutch and be able to finish sending, never a connection cut halfway (EPIPE).
// The clients here send the first part of their body, wait for the answer, and only then send the
// rest, so a connection closed after the answer is seen every time, not only on a busy machine.
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error: a plain ES module of the dashboard's server, without type declarations
import { createApiProxy } from './api-proxy.mjs';

const LIMIT = 100 * 1024;
const BODY = Buffer.alloc(3_000_000, 'a');

type Upstream = (req: IncomingMessage, res: ServerResponse) => void;

/** The API as Fastify behaves on a body over its limit: its own 413 at once, then the connection closed. */
const answersEarly: Upstream = (req, res) => {
  if (Number(req.headers['content-length']) > LIMIT) {
    res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify({ error: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Door de API geweigerd.' } }));
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => res.end(JSON.stringify({ received: Buffer.concat(chunks).length })));
};

/** The API cuts the connection before its answer reaches the proxy (the race on a busy machine). */
const cutsEarly: Upstream = (req) => {
  req.socket.destroy();
};

const servers: Server[] = [];

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function dashboardBefore(upstream: Upstream): Promise<number> {
  const apiPort = await listen(http.createServer(upstream));
  const proxy = createApiProxy(`http://127.0.0.1:${apiPort}`);
  return listen(http.createServer((req, res) => proxy(req, res)));
}

interface Outcome {
  status: number;
  body: string;
  /** The client's own request: sent to its end, or the error (or close) that stopped it. */
  sent: 'whole' | string;
}

/** Sends the first 64 kB of BODY, waits for the whole answer, then sends the rest. */
function postInTwoParts(port: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json', 'content-length': String(BODY.length) } });
    let answer: { status: number; body: string } | undefined;
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        answer = { status: res.statusCode ?? 0, body: text };
        req.end(BODY.subarray(64 * 1024), () => resolve({ ...answer!, sent: 'whole' }));
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => (answer ? resolve({ ...answer, sent: error.code ?? error.message }) : reject(error)));
    // A connection closed under the client without an error: its body was not sent whole either.
    req.on('close', () => setImmediate(() => (answer ? resolve({ ...answer, sent: 'closed' }) : reject(new Error('verbinding gesloten zonder antwoord')))));
    req.write(BODY.subarray(0, 64 * 1024));
  });
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => (s.closeAllConnections(), s.close(resolve)))));
});

describe('a body the API refuses before reading it, through the dashboard', () => {
  it("passes on the API's own 413 and lets the client finish sending", async () => {
    const port = await dashboardBefore(answersEarly);
    const outcome = await postInTwoParts(port);
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body).error).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Door de API geweigerd.' });
    expect(outcome.sent).toBe('whole');
  });

  it('gives the 413 in Dutch itself when the API cut the connection first, and lets the client finish sending', async () => {
    const port = await dashboardBefore(cutsEarly);
    const outcome = await postInTwoParts(port);
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body).error).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Het bestand of verzoek is te groot.' });
    expect(outcome.sent).toBe('whole');
  });

  it('passes a body within the limit to the API whole', async () => {
    const port = await dashboardBefore(answersEarly);
    const small = Buffer.alloc(50_000, 'b');
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/x', headers: { 'content-length': String(small.length) } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end(small);
    });
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ received: small.length }) });
  });
});
