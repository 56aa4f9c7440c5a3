/**
 * Several API processes on one PostgreSQL (issue 22 item 4), proven with real processes: the
 * compiled API (scripts/lib/build.mjs compileBackend, into a folder of this test) started twice
 * as child processes on two ports against the test database. They share nothing in memory:
 *
 * - a table write through A reaches a live stream (SSE) opened on B with the answer B computed
 *   (the bus: LISTEN/NOTIFY, ids only), the same as A's streams get, and B's live picture shows it;
 * - wrong table codes split over both processes reach the 429 after the same number as on
 *   one process, and another client is not limited (the throttles in rate_limit_records);
 * - the live-stream cap per client counts the streams of both processes (live_streams);
 * - both run the pg-boss schedule (SCHEDULED_JOBS=on) and scan for reminders at their start:
 *   one schedule per queue, every job done once, a due reminder mailed once;
 * - API_PROCESSES=2 runs a node:cluster whose primary forks a new worker after a kill -9.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { todayIso } from '../src/common/dto';
import PgBoss from 'pg-boss';
import { FINALISE_QUEUE, JOBS_SCHEMA, SCAN_QUEUE } from '../src/reminders/reminder-scheduler';
import { createClub, createMatchDay, createSeason, createUser, expectError, openMatchNight, resetDatabase, seatGames, startApp, type TestContext } from './helpers';
import { startInbox, useInbox, type Inbox } from './mail-inbox';

jest.setTimeout(180_000);

const root = path.join(__dirname, '..', '..');
const outDir = path.join(root, '.data', `api-multi-${process.pid}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Api {
  child: ChildProcess;
  base: string;
  output: () => string;
}

function startApi(port: number, env: Record<string, string> = {}): Api {
  let output = '';
  const child = spawn(process.execPath, [path.join(outDir, 'main.js')], {
    cwd: outDir,
    env: { ...process.env, API_PORT: String(port), API_HOST: '127.0.0.1', SCHEDULED_JOBS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output };
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 90_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > end) throw new Error(`Niet binnen ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One HTTP request; the answer's status and parsed body. */
function call(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(`${base}${url}`, { method, headers: { ...(data ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

const healthy = (base: string) => call(base, 'GET', '/api/health/live').then((r) => r.status === 200);

/** An SSE stream: its text so far, and a wait for a pattern (a hang guard, not a timing assertion). */
function openStream(base: string, url: string, headers: Record<string, string> = {}) {
  let text = '';
  let status = 0;
  const request = http.get(`${base}${url}`, { headers: { accept: 'text/event-stream', ...headers } });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      resolve(res);
    });
    request.on('error', reject);
  });
  return {
    response,
    get status() {
      return status;
    },
    get text() {
      return text;
    },
    until: (pattern: RegExp, ms = 30_000) => until(`${pattern} in ${url}`, async () => pattern.test(text), ms),
    close: () => request.destroy(),
  };
}

beforeAll(() => {
    const built = spawnSync(process.execPath, ['--input-type=module', '-e', `const m = await import('./scripts/lib/build.mjs'); process.exit(m.compileBackend(['src'], ${JSON.stringify(path.relative(path.join(root, 'backend'), outDir))}, ['--strip-leading-paths']) ? 0 : 1)`], {
      cwd: root,
      stdio: 'inherit',
    });
    expect(built.status).toBe(0);
});

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('two API processes on one PostgreSQL', () => {
  let ctx: TestContext;
  let a: Api;
  let b: Api;
  let day: Awaited<ReturnType<typeof createMatchDay>>;
  const code: Record<number, string> = {};
  let inbox: Inbox;
  let secretaryEmail: string;
  let seasonName: string;
  /** When the two processes started: the mails they sent are the ones created since. */
  let childrenFrom: Date;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    await ctx.prisma.$executeRawUnsafe('DROP SCHEMA IF EXISTS pgboss CASCADE');
    day = await createMatchDay(ctx.prisma, { date: todayIso(), round: 1 });
    Object.assign(code, (await openMatchNight(ctx, day)).codes);
    // A season whose member list is due in 3 days (15 days before its start): from 7 days
    // before the deadline every club's secretary is reminded, whatever the time of day.
    const day0 = new Date(`${todayIso()}T12:00:00Z`).getTime();
    const iso = (days: number) => new Date(day0 + days * 86_400_000).toISOString().slice(0, 10);
    const season = await createSeason(ctx.prisma, { startsOn: iso(18), competitionStartsOn: iso(25), endsOn: iso(300) });
    seasonName = season.name;
    const club = await createClub(ctx.prisma);
    secretaryEmail = (await createUser(ctx.prisma, 'SECRETARY', club.id)).email;
    await ctx.close();
    inbox = await startInbox();
    useInbox(inbox); // the children inherit the SMTP settings

    // Both with the job schedule on, as npm start runs them.
    childrenFrom = new Date();
    a = startApi(await freePort(), { SCHEDULED_JOBS: 'on', JOBS_POLLING_SECONDS: '2' });
    b = startApi(await freePort(), { SCHEDULED_JOBS: 'on', JOBS_POLLING_SECONDS: '2' });
    await until('process A answers', () => healthy(a.base));
    await until('process B answers', () => healthy(b.base));
    ctx = await startApp(); // for reading the database only
  });

  afterAll(async () => {
    // SIGTERM, and SIGKILL for a process that has not stopped after 10 s: a process left behind
    // would hold its connections and locks against the next test files.
    await Promise.all(
      [a, b].map((api) => {
        if (!api || api.child.exitCode !== null || api.child.signalCode !== null) return null;
        return new Promise((resolve) => {
          const kill = setTimeout(() => api.child.kill('SIGKILL'), 10_000);
          api.child.once('exit', () => {
            clearTimeout(kill);
            resolve(null);
          });
          api.child.kill('SIGTERM');
        });
      }),
    );
    await ctx?.close();
    await inbox?.close();
  });

  it('a table write through one process reaches the live streams of both, each with the answer its process computed, and the live picture', async () => {
    const stream = openStream(b.base, `/api/public/matches/${day.match.id}/events?answer=1`);
    const round = openStream(b.base, `/api/public/rounds/events?divisionId=${day.division.id}&round=1&answer=1`);
    const own = openStream(a.base, `/api/public/matches/${day.match.id}/events?answer=1`);
    await stream.until(/event: ready/);
    await round.until(/event: ready/);
    await own.until(/event: ready/);
    const before = (await call(b.base, 'GET', `/api/public/matches/${day.match.id}/live`)).body;
    expect(before.sets[0].tables[0]).toMatchObject({ state: 'OPEN', homePoints: null });

    expect((await call(a.base, 'PUT', `/api/table/${code[1]}/sets/1`, { enteredBy: 'HOME', games: seatGames(1, 1) })).status).toBe(200);
    expect((await call(a.base, 'POST', `/api/table/${code[1]}/sets/1/sign`, { side: 'AWAY' })).status).toBe(200);

    await stream.until(/event: change\ndata: .*SET_SIGNED/);
    await round.until(/event: change\ndata: .*SET_SIGNED/);
    await own.until(/event: change\ndata: .*SET_SIGNED/);
    const changeOf = (text: string) => JSON.parse(/event: change\ndata: (.*)\n/.exec(text)![1]);
    // The bus carried ids only; each process computed the answer for its own streams, and
    // both name it the same version (a hash of the same stored state).
    const [onB, onA] = [changeOf(stream.text), changeOf(own.text)];
    expect(onB.matchIds).toEqual([day.match.id]);
    expect(Object.keys(onB).sort()).toEqual(['at', 'kinds', 'live', 'matchIds', 'version']);
    expect(onB.live.sets[0].tables[0]).toMatchObject({ state: 'SIGNED', homePoints: expect.any(Number) });
    expect(onA.live).toEqual(onB.live);
    expect(onA.version).toBe(onB.version);
    // B's cached live picture was dropped on A's event: a GET shows what B pushed, with its version as ETag.
    const after = await new Promise<{ etag: string | undefined; body: any }>((resolve, reject) =>
      http.get(`${b.base}/api/public/matches/${day.match.id}/live`, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ etag: res.headers.etag, body: JSON.parse(text) }));
      }).on('error', reject),
    );
    expect(after.body).toEqual(onB.live);
    expect(after.etag).toBe(`"${onB.version}"`);
    expect(changeOf(round.text).live.matches[0]).toEqual(onB.live);
    stream.close();
    round.close();
    own.close();
  });

  it('wrong table codes split over both processes reach the 429 after 10, as on one process; another client is not limited', async () => {
    const guesser = { 'x-forwarded-for': '198.51.100.23' };
    for (let i = 0; i < 10; i++) {
      const res = await call(i % 2 ? a.base : b.base, 'GET', `/api/table/ZZZZZZZZ${i.toString().padStart(2, '0')}`, undefined, guesser);
      expectError(res.body, 404, 'TABLE_CODE_INVALID');
    }
    for (const base of [a.base, b.base]) {
      const refused = await call(base, 'GET', `/api/table/${code[2]}`, undefined, guesser);
      expectError(refused.body, 429, 'TOO_MANY_REQUESTS');
    }
    expect((await call(a.base, 'GET', `/api/table/${code[2]}`, undefined, { 'x-forwarded-for': '198.51.100.24' })).status).toBe(200);
  });

  it('counts the live streams of one client over both processes against the cap (100 per client)', async () => {
    const viewer = { 'x-forwarded-for': '198.51.100.50' };
    const streams = [];
    for (let i = 0; i < 100; i++) {
      const s = openStream(i % 2 ? a.base : b.base, `/api/public/matches/${day.match.id}/events`, viewer);
      await s.response;
      expect([i, s.status]).toEqual([i, 200]);
      streams.push(s);
    }
    for (const base of [a.base, b.base]) {
      const res = await call(base, 'GET', `/api/public/matches/${day.match.id}/events`, undefined, viewer);
      expectError(res.body, 429, 'LIVE_STREAMS_FULL');
    }
    expect((await call(a.base, 'GET', `/api/public/matches/${day.match.id}/live`, undefined, viewer)).status).toBe(200);
    const other = openStream(b.base, `/api/public/matches/${day.match.id}/events`, { 'x-forwarded-for': '198.51.100.51' });
    await other.until(/event: ready/);
    other.close();
    // A closed stream frees its place, on whichever process it was.
    streams.pop()!.close();
    await until('a place is free again', async () => {
      const again = openStream(b.base, `/api/public/matches/${day.match.id}/events`, viewer);
      await again.response;
      again.close();
      return again.status === 200;
    });
    for (const s of streams) s.close();
  });

  it('runs the pg-boss schedule once: one schedule per queue for both processes, every job done once, a reminder mailed once', async () => {
    // The planners start in the background (the API listens first): wait until both stored theirs.
    const wanted = ['matches-finalise', 'reminders-scan', 'reminders-weekly-digest'];
    const names = await until('the schedules are stored', async () => {
      const rows = await ctx.prisma.$queryRaw<{ name: string }[]>`SELECT name FROM pgboss.schedule ORDER BY name`;
      const stored = rows.map((s) => s.name);
      return wanted.every((name) => stored.includes(name)) ? stored : null;
    }).catch((error: Error) => {
      // What the processes said (a planner that did not start logs why).
      throw new Error(`${error.message}\n--- A ---\n${a.output().slice(-4000)}\n--- B ---\n${b.output().slice(-4000)}`);
    });
    // Both processes scheduled the same queues (other features add theirs): each once.
    expect(names).toEqual(expect.arrayContaining(['matches-finalise', 'reminders-scan', 'reminders-weekly-digest']));
    expect(new Set(names).size).toBe(names.length);
    // Both processes queued a scan and a finalisation at their start; each job ran in one of them, once.
    const jobs = await until('the start-up jobs are done', async () => {
      const rows = await ctx.prisma.$queryRaw<{ name: string; state: string; retry_count: number }[]>`
        SELECT name, state::text AS state, retry_count FROM pgboss.job WHERE name IN (${SCAN_QUEUE}, ${FINALISE_QUEUE})`;
      return rows.length > 0 && rows.every((r) => r.state === 'completed') && rows;
    });
    expect(jobs.every((j) => j.retry_count === 0)).toBe(true);
    // Both scans found the member list due; the reminder went out once.
    await until('every mail sent', async () => (await ctx.prisma.outgoingMail.count({ where: { createdAt: { gte: childrenFrom }, status: { not: 'SENT' } } })) === 0 && inbox.to(secretaryEmail).length > 0);
    const mails = await ctx.prisma.outgoingMail.findMany({ where: { createdAt: { gte: childrenFrom } }, select: { to: true, subject: true } });
    expect(mails.filter((m) => m.to === secretaryEmail && m.subject.includes(seasonName))).toHaveLength(1);
    expect(inbox.to(secretaryEmail).filter((m) => m.subject.includes(seasonName))).toHaveLength(1);
    // Another scan, run by whichever process takes it, sends nothing again.
    const boss = new PgBoss({ connectionString: process.env.DATABASE_URL, schema: JOBS_SCHEMA, supervise: false, schedule: false, migrate: false });
    await boss.start();
    const again = await boss.send(SCAN_QUEUE, {});
    await boss.stop({ graceful: false, wait: true });
    expect(again).toEqual(expect.any(String));
    await until('the second scan', async () => (await ctx.prisma.$queryRaw<{ state: string }[]>`SELECT state::text AS state FROM pgboss.job WHERE id = ${again}::uuid`)[0]?.state === 'completed');
    expect(await ctx.prisma.outgoingMail.count({ where: { createdAt: { gte: childrenFrom } } })).toBe(mails.length);
    // Nothing at all was sent twice (whatever else was due today).
    const sent = mails.map((m) => `${m.to}\n${m.subject}`);
    expect(new Set(sent).size).toBe(sent.length);
    expect(inbox.mails).toHaveLength(sent.length);
  });
});

describe('API_PROCESSES=2: a node:cluster', () => {
  it('runs two workers on one port and forks a new one when a worker is killed', async () => {
    const api = startApi(await freePort(), { API_PROCESSES: '2' });
    try {
      const workers = async () => [...api.output().matchAll(/API-proces (\d+) \(pid (\d+)\) luistert/g)].map((m) => ({ id: Number(m[1]), pid: Number(m[2]) }));
      const first = await until('two workers listen', async () => ((await workers()).length >= 2 ? workers() : null));
      expect(await healthy(api.base)).toBe(true);
      process.kill(first[0].pid, 'SIGKILL');
      await until('the primary forks a third worker', async () => ((await workers()).length >= 3 ? true : null));
      expect(api.output()).toMatch(new RegExp(`API-proces ${first[0].id} \\(pid ${first[0].pid}\\) is gestopt \\(SIGKILL\\)`));
      await until('the port answers', () => healthy(api.base));
      // Ctrl-C reaches the whole process group: the primary and its workers all stop, once.
      const alive = (await workers()).map((w) => w.pid).filter((pid) => pid !== first[0].pid);
      const exited = new Promise<number | null>((r) => api.child.once('exit', (code) => r(code)));
      for (const pid of [api.child.pid!, ...alive]) process.kill(pid, 'SIGINT');
      expect(await exited).toBe(0);
      for (const pid of alive) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      if (api.child.exitCode === null && api.child.signalCode === null) {
        api.child.kill('SIGTERM');
        await new Promise((r) => api.child.once('exit', r));
      }
    }
  });
});
