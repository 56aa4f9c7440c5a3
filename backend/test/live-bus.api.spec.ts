/**
 * The live bus over PostgreSQL LISTEN/NOTIFY (issue 22 item 4), in one API process against
 * the real database: what emit() sends (ids, kind, round, time and the process; no scores; the
 * events of one tick in one notification), that another process's notification reaches the
 * subscribers and the open streams while the process's own are skipped, and that a cut
 * listening connection is made again, after which every open stream gets its answer read again.
 * Two real processes: multi-process.api.spec.ts.
 */
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { Client } from 'pg';
import { LIVE_CHANNEL, LISTENER_NAME, type LiveEvent, LiveEvents } from '../src/live/live-events';
import { createMatchDay, resetDatabase, startApp, type TestContext } from './helpers';

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Niet binnen ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function openStream(url: string) {
  let text = '';
  const request = http.get(url, { headers: { accept: 'text/event-stream' } });
  request.on('response', (res) => {
    res.setEncoding('utf8');
    res.on('data', (c: string) => (text += c));
  });
  return {
    get text() {
      return text;
    },
    until: (pattern: RegExp) => until(`${pattern} in the stream`, () => pattern.test(text)),
    close: () => request.destroy(),
  };
}

describe('the live bus over PostgreSQL LISTEN/NOTIFY', () => {
  let ctx: TestContext;
  let events: LiveEvents;
  let base: string;
  let day: Awaited<ReturnType<typeof createMatchDay>>;
  let listener: Client;
  const heard: string[] = [];
  const received: LiveEvent[] = [];

  const foreign = (kind: string, origin = 'another-process') =>
    ctx.prisma.$executeRaw`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ o: origin, e: [{ m: day.match.id, d: day.division.id, r: 2, k: kind, t: '2026-11-20T20:15:00.000Z' }] })})`;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    day = await createMatchDay(ctx.prisma, { round: 2 });
    await ctx.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(ctx.app.getHttpServer().address() as AddressInfo).port}`;
    events = ctx.app.get(LiveEvents);
    events.subscribe((e) => received.push(e));
    // What another process would hear.
    listener = new Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query(`LISTEN ${LIVE_CHANNEL}`);
  });

  afterAll(async () => {
    await listener.end();
    await ctx.close();
  });

  it('listens from the start', () => {
    expect(events.listening).toBe(true);
  });

  it('sends the events of one tick as one notification: ids, kind, round, time and the process, no scores', async () => {
    heard.length = 0;
    const at = new Date('2026-11-20T20:10:00.000Z');
    events.emit({ matchId: day.match.id, divisionId: day.division.id, round: 2, kind: 'SET_SIGNED', at });
    events.emit({ matchId: day.match.id, divisionId: day.division.id, round: 2, kind: 'SET_DECIDED', at });
    await until('the notification', () => heard.length > 0);
    expect(heard.map((h) => JSON.parse(h))).toEqual([
      {
        o: events.origin,
        e: [
          { m: day.match.id, d: day.division.id, r: 2, k: 'SET_SIGNED', t: at.toISOString() },
          { m: day.match.id, d: day.division.id, r: 2, k: 'SET_DECIDED', t: at.toISOString() },
        ],
      },
    ]);
  });

  it('splits a large tick into notifications that fit the 8000 bytes of a NOTIFY, in order', async () => {
    heard.length = 0;
    const at = new Date('2026-11-20T20:10:00.000Z');
    for (let i = 0; i < 100; i++) events.emit({ matchId: day.match.id, divisionId: day.division.id, round: i + 1, kind: 'MATCH_CONFIRMED', at });
    await until('all the events', () => heard.map((h) => JSON.parse(h).e.length).reduce((a, b) => a + b, 0) === 100);
    expect(heard.length).toBeGreaterThan(1);
    expect(heard.every((h) => Buffer.byteLength(h) < 8000)).toBe(true);
    expect(heard.flatMap((h) => JSON.parse(h).e.map((e: { r: number }) => e.r))).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it("delivers another process's events to the subscribers and the streams, and skips its own", async () => {
    const stream = openStream(`${base}/api/public/matches/${day.match.id}/events`);
    await stream.until(/event: ready/);
    received.length = 0;
    await foreign('SET_CONFIRMED_OWN', events.origin);
    await foreign('SET_SIGNED');
    await until('the foreign event', () => received.length > 0);
    // Notifications arrive in order on the one connection: the own one would have come first.
    expect(received).toEqual([{ matchId: day.match.id, divisionId: day.division.id, round: 2, kind: 'SET_SIGNED', at: new Date('2026-11-20T20:15:00.000Z') }]);
    await stream.until(/event: change\ndata: .*SET_SIGNED/);
    expect(stream.text).not.toContain('SET_CONFIRMED_OWN');
    stream.close();
  });

  it('connects again when its connection is cut, tells every open stream to re-read, and hears the others again', async () => {
    const stream = openStream(`${base}/api/public/rounds/events?divisionId=${day.division.id}&round=2`);
    await stream.until(/event: ready/);
    const cut = await ctx.prisma.$queryRaw<{ pid: number }[]>`
      SELECT pid FROM pg_stat_activity WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`;
    expect(cut).toHaveLength(1);
    await ctx.prisma.$executeRaw`SELECT pg_terminate_backend(${cut[0].pid}::int)`;
    await stream.until(/event: change\ndata: .*RESYNC/);
    // With the round's answer read again from the stored state, as GET …/live answers it.
    const resync = JSON.parse(/event: change\ndata: (.*RESYNC.*)\n/.exec(stream.text)![1]);
    const round = await fetch(`${base}/api/public/rounds/live?divisionId=${day.division.id}&round=2`);
    expect(resync).toMatchObject({ matchIds: [], kinds: ['RESYNC'], version: ((await round.json()) as { version: string }).version });
    expect(round.headers.get('etag')).toBe(`"${resync.version}"`);
    await until('listening again', () => events.listening);
    const again = await ctx.prisma.$queryRaw<{ pid: number }[]>`
      SELECT pid FROM pg_stat_activity WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`;
    expect(again).toHaveLength(1);
    expect(again[0].pid).not.toBe(cut[0].pid);
    received.length = 0;
    await foreign('SET_DECIDED');
    await until('the foreign event after the reconnect', () => received.length > 0);
    expect(received.map((e) => e.kind)).toEqual(['SET_DECIDED']);
    await stream.until(/event: change\ndata: .*SET_DECIDED/);
    stream.close();
  });
});
