// Every phone is its own client, through the dashboard. The dashboard's server (frontend/server.mjs)
// passes on the address its socket saw, and its own route handlers for /api/table/…, the live
// streams and the login come before its /api proxy (next.config.ts: the rewrite is a fallback).
// The clients here connect from different loopback addresses (127.0.0.2, 127.0.0.3, …), as phones
// on a venue's network do from theirs; scripts/e2e.mjs trusts only 127.0.0.1 as a proxy.
import { type ClientRequest, request } from 'node:http';
import { apiSession } from './api-session';
import { BASE_URL, DEMO_PASSWORD } from './browser';

const unknownCode = 'ZZZZZZZZZZ';

/** One request to the dashboard from `localAddress`, with optional headers of the client's own. */
function call(localAddress: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: string; cookies: string }> {
  const url = new URL(path, BASE_URL);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, localAddress, headers: { ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      const cookies = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, cookies }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/** Reads an unknown table code until the client is made to wait (429); returns the number of tries. */
async function guessUntilRefused(localAddress: string, headers: (attempt: number) => Record<string, string> = () => ({})): Promise<number> {
  for (let attempt = 1; attempt <= 40; attempt++) {
    const res = await call(localAddress, 'GET', `/api/table/${unknownCode}`, headers(attempt));
    expect([404, 429]).toContain(res.status);
    if (res.status === 429) return attempt;
  }
  throw new Error(`${localAddress} kreeg na 40 foute codes nog geen 429`);
}

/** Opens a live stream through the dashboard from `localAddress`; resolves once it is open (200 and its first event). */
function openStream(localAddress: string, path: string): Promise<ClientRequest> {
  const url = new URL(path, BASE_URL);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, localAddress, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream van ${localAddress}: ${res.statusCode}`));
      res.setEncoding('utf8');
      res.once('data', () => resolve(req));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('every phone its own client, through the dashboard', () => {
  it("one client's wrong table codes make only that client wait", async () => {
    await guessUntilRefused('127.0.0.2');
    // Another phone at the venue reads on: its wrong code is just unknown, not a wait.
    const other = await call('127.0.0.3', 'GET', `/api/table/${unknownCode}`);
    expect(other.status).toBe(404);
    expect(JSON.parse(other.body).error.code).toBe('TABLE_CODE_INVALID');
  });

  it('a client-sent X-Forwarded-For is not believed: changing it every time does not escape the wait', async () => {
    // A new address for every guess: were the header believed, no address would ever reach the limit.
    const tries = await guessUntilRefused('127.0.0.4', (attempt) => ({ 'x-forwarded-for': `203.0.113.${attempt}`, forwarded: `for=198.51.100.${attempt}`, 'x-real-ip': `192.0.2.${attempt}` }));
    expect(tries).toBeLessThanOrEqual(20);
    // Nor can it put the wait on somebody else: claiming 127.0.0.5 left 127.0.0.5 alone.
    const claimed = await call('127.0.0.5', 'GET', `/api/table/${unknownCode}`);
    expect(claimed.status).toBe(404);
  });

  it("one client's wrong passwords do not lock the account for the owner's own phone", async () => {
    const email = 'wedstrijdleider@tsbn.nl';
    const wrong = JSON.stringify({ email, password: 'fout-wachtwoord-123' });
    // The owner's own phone, known from a login there (issue 47: once an account has 10 failures
    // from any addresses, phones it does not know wait as well; login-protection.e2e.ts).
    const first = await call('127.0.0.7', 'POST', '/api/auth/login', {}, JSON.stringify({ email, password: DEMO_PASSWORD }));
    expect(first.status).toBe(200);
    const ownPhone = { cookie: first.cookies };
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 429; attempt++) {
      status = (await call('127.0.0.6', 'POST', '/api/auth/login', { 'x-forwarded-for': `203.0.113.${attempt}` }, wrong)).status;
      expect([401, 429]).toContain(status);
    }
    expect(status).toBe(429);
    // The owner, from their own phone, is not made to wait: a wrong password is just wrong, the
    // right one gets in (and forgets the account's failures: the other test files log in as them).
    const owner = await call('127.0.0.7', 'POST', '/api/auth/login', ownPhone, wrong);
    expect(owner.status).toBe(401);
    const right = await call('127.0.0.7', 'POST', '/api/auth/login', ownPhone, JSON.stringify({ email, password: DEMO_PASSWORD }));
    expect(right.status).toBe(200);
  });

  it('300 open live streams through the dashboard leave the rest of /api answering', async () => {
    const admin = await apiSession('admin@tsbn.nl');
    const season = await admin<{ id: string }>('GET', '/api/seasons/current');
    const divisions = await admin<{ id: string }[]>('GET', `/api/seasons/${season.id}/divisions`);
    const { rounds } = await admin<{ rounds: { matches: { id: string }[] }[] }>('GET', `/api/divisions/${divisions[0].id}/matches`);
    const path = `/api/public/matches/${rounds[0].matches[0].id}/events`;
    const streams: ClientRequest[] = [];
    try {
      // 100 viewers on each of three addresses (the API's cap per client is 100).
      for (const address of ['127.0.1.1', '127.0.1.2', '127.0.1.3']) {
        streams.push(...(await Promise.all(Array.from({ length: 100 }, () => openStream(address, path)))));
      }
      expect(streams).toHaveLength(300);
      const health = await call('127.0.0.9', 'GET', '/api/health');
      expect(health.status).toBe(200);
      const table = await call('127.0.0.9', 'GET', `/api/table/${unknownCode}`);
      expect(table.status).toBe(404);
    } finally {
      for (const stream of streams) stream.destroy();
    }
  });

  it("a body too large for the API gets the API's Dutch 413 through the dashboard, not a bare 500", async () => {
    const res = await call('127.0.0.9', 'POST', '/api/auth/login', {}, JSON.stringify({ email: 'x@tsbn.nl', password: 'a'.repeat(3_000_000) }));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });
});
