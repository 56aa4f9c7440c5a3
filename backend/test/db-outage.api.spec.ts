/**
 * Issue 12 item 7: with PostgreSQL gone the API answers 503 DATABASE_UNAVAILABLE with a
 * Dutch message (public endpoints, the auth guard's session lookup, /api/health), logs the
 * outage once instead of a stack trace per request, and works again when the database is
 * back, the session still valid.
 *
 * The test runs its own embedded PostgreSQL (.data/pg-outage on a free port, started by
 * db-outage-cluster.mjs in a child process) so it can stop it without disturbing the
 * database of the other API tests.
 */
import type { LoggerService } from '@nestjs/common';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { type Agent, expectError, loginAs, startApp, type TestContext } from './helpers';

jest.setTimeout(180_000);

interface Cluster {
  url: string;
  process: ChildProcess;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the test's own cluster on `port`; `fresh` empties it and applies the migrations. */
function startCluster(port: number, fresh: boolean): Promise<Cluster> {
  const child = spawn(process.execPath, [path.join(__dirname, 'db-outage-cluster.mjs'), String(port), ...(fresh ? ['--fresh'] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: '' },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ url: (JSON.parse(line) as { url: string }).url, process: child });
    });
    child.once('exit', (code) => reject(new Error(`PostgreSQL van de test start niet (code ${code}): ${output}`)));
  });
}

function stopCluster(cluster: Cluster | undefined): Promise<void> {
  const child = cluster?.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Logged {
  level: 'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal';
  message: string;
  context?: string;
}

/** Every line the app logs, with Nest's context (the last argument) kept apart. */
function captureLogger(logged: Logged[]): LoggerService {
  const entry =
    (level: Logged['level']) =>
    (message: unknown, ...rest: unknown[]) => {
      const context = rest.length && typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
      logged.push({ level, message: String(message), context });
    };
  return { log: entry('log'), error: entry('error'), warn: entry('warn'), debug: entry('debug'), verbose: entry('verbose'), fatal: entry('fatal') };
}

const UNAVAILABLE_MESSAGE = 'De database is tijdelijk niet bereikbaar; probeer het over een minuut opnieuw.';

describe('database outage', () => {
  let port: number;
  let cluster: Cluster | undefined;
  let ctx: TestContext;
  let admin: Agent;
  const logged: Logged[] = [];

  beforeAll(async () => {
    port = await freePort();
    cluster = await startCluster(port, true);
    const previousUrl = process.env.DATABASE_URL;
    process.env.DATABASE_URL = cluster.url; // read once, by PrismaService, when the app is created
    try {
      ctx = await startApp();
    } finally {
      process.env.DATABASE_URL = previousUrl;
    }
    ctx.app.useLogger(captureLogger(logged));
    ({ agent: admin } = await loginAs(ctx, 'ADMIN'));
  });

  afterAll(async () => {
    await ctx?.close();
    await stopCluster(cluster);
  });

  it('answers normally while the database is up', async () => {
    await ctx.http().get('/api/health').expect(200, { status: 'ok', database: 'ok' });
    await ctx.http().get('/api/seasons').expect(200);
    const me = await admin.get('/api/auth/me').expect(200);
    expect(me.body.role).toBe('ADMIN');
  });

  it('answers 503 with a Dutch message when PostgreSQL is gone, and logs the outage once', async () => {
    logged.length = 0;
    await stopCluster(cluster); // idle pooled connections die here already

    for (let i = 0; i < 5; i++) {
      // a public endpoint, an authenticated one (the guard's session lookup fails first), health
      for (const res of [await ctx.http().get('/api/seasons'), await admin.get('/api/auth/me'), await admin.get('/api/seasons/current'), await ctx.http().get('/api/health')]) {
        expect(res.status).toBe(503);
        expectError(res.body, 503, 'DATABASE_UNAVAILABLE');
        expect(res.body.error.message).toBe(UNAVAILABLE_MESSAGE);
      }
    }

    // the liveness probe touches no database: it keeps answering
    await ctx.http().get('/api/health/live').expect(200, { status: 'ok' });

    const outage = logged.filter((l) => l.context === 'Database');
    expect(outage).toHaveLength(1);
    expect(outage[0].level).toBe('error');
    expect(outage[0].message).toMatch(/^De database is niet bereikbaar/);
    expect(outage[0].message).not.toMatch(/\n\s+at /); // one line, no stack trace
    // nothing else: in particular no "Error" stack trace per request from the error filter
    expect(logged.filter((l) => l.context !== 'Database')).toEqual([]);
  });

  it('works again when PostgreSQL is back, with the same session, and logs the recovery once', async () => {
    logged.length = 0;
    cluster = await startCluster(port, false);

    await ctx.http().get('/api/health').expect(200);
    await ctx.http().get('/api/seasons').expect(200);
    const me = await admin.get('/api/auth/me').expect(200);
    expect(me.body.role).toBe('ADMIN');
    await admin.get('/api/auth/me').expect(200);

    expect(logged).toEqual([{ level: 'warn', message: 'De database is weer bereikbaar.', context: 'Database' }]);
  });
});
