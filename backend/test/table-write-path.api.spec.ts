/**
 * Issue 22, the lean write path: a table write (enter, sign, refuse) goes straight to pg on a
 * pooled connection (MatchWriterService.applyAtTable): BEGIN, the match row's lock, then the
 * load in a statement of its own, the changes with the command log and the audit entry in one
 * statement, the commit. What that must keep:
 * - a write that waited for the lock works on what the holder committed (the load is a new
 *   statement, so it sees it; a load in the lock's own statement would not);
 * - a command that needs more than the lean path stores (here a supervisor's action) is rolled
 *   back untouched and goes the full way: stored once, logged once, audited once;
 * - a retry with the same key is answered from the log and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { todayIso } from '../src/common/dto';
import { MatchWriterService } from '../src/matches/match-writer.service';
import { createMatchDay, loginAs, openMatchNight, resetDatabase, seatGames, startApp, TestContext } from './helpers';

type TableSet = { setNumber: number; state: string; homePoints: number | null; awayPoints: number | null };

describe('the table write path', () => {
  let ctx: TestContext;
  let day: Awaited<ReturnType<typeof createMatchDay>>;
  let supervisorId: string;
  let code: Record<number, string>;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    supervisorId = (await loginAs(ctx, 'SUPERVISOR')).user.id;
    day = await createMatchDay(ctx.prisma, { date: todayIso(), round: 1 });
    code = (await openMatchNight(ctx, day)).codes;
  });

  afterAll(() => ctx.close());

  const table = (n: number) => `/api/table/${code[n]}`;
  const setOf = (body: { sets: TableSet[] }, setNumber: number) => body.sets.find((s) => s.setNumber === setNumber);

  it('a write that waited for the match’s lock works on what the lock’s holder committed', async () => {
    await ctx.http().put(`${table(2)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      // Another writer (another API process, say) holds the match and changes the entry meanwhile.
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM matches WHERE id = $1 FOR UPDATE', [day.match.id]);
      await holder.query(`UPDATE match_sets SET "homePoints" = 5, "awayPoints" = 3 WHERE "matchId" = $1 AND "setNumber" = 1 AND "tableNumber" = 2`, [day.match.id]);
      await holder.query('UPDATE matches SET version = version + 1 WHERE id = $1', [day.match.id]);
      const signing = ctx.http().post(`${table(2)}/sets/1/sign`).send({ side: 'AWAY' }).then((res) => res);
      // The signature waits for the lock (seen in pg_stat_activity, not guessed by a sleep; read
      // outside the holder's transaction, which would keep seeing its first picture of it) …
      const waiting = async () =>
        (await ctx.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)[0].n;
      while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await holder.query('COMMIT');
      // … and signs what was there when it got it: 5–3, not the 6–2 it would have read before.
      const signed = await signing;
      expect(signed.status).toBe(200);
      expect(setOf(signed.body, 1)).toMatchObject({ state: 'SIGNED', homePoints: 5, awayPoints: 3 });
      const stored = await ctx.prisma.matchSet.findFirstOrThrow({ where: { matchId: day.match.id, setNumber: 1, tableNumber: 2 } });
      expect({ home: stored.homePoints, away: stored.awayPoints, signedBy: stored.signedBySide }).toEqual({ home: 5, away: 3, signedBy: 'AWAY' });
    } finally {
      await holder.end();
    }
  });

  it('a command that needs more than the lean path is rolled back untouched and goes the full way: stored, logged and audited once', async () => {
    await ctx.http().put(`${table(3)}/sets/1`).send({ enteredBy: 'HOME', games: seatGames(1, 3) }).expect(200);
    const writer = ctx.app.get(MatchWriterService);
    const id = randomUUID();
    const key = `test:${randomUUID()}`;
    const before = await ctx.prisma.match.findUniqueOrThrow({ where: { id: day.match.id }, select: { version: true } });
    // A supervisor's action is a row the lean path does not store (its core state reaches Prisma's models).
    const { row } = await writer.applyAtTable(
      day.match.id,
      () => ({ kind: 'VOID_WRONG_TABLE', by: { userId: supervisorId, role: 'SUPERVISOR' }, reason: 'Spel 1 aan de verkeerde tafel', id, setNumber: 1, tableNumber: 3, gameNumbers: [1] }),
      { actor: 'test', idempotencyKey: key, action: 'match.test.void', reason: 'Spel 1 aan de verkeerde tafel', storeResponse: false },
    );
    expect(row?.supervisorActions.map((a) => a.id)).toEqual([id]);
    expect(await ctx.prisma.supervisorAction.count({ where: { id } })).toBe(1);
    expect(await ctx.prisma.matchCommandRecord.count({ where: { idempotencyKey: key } })).toBe(1);
    expect(await ctx.prisma.auditLog.count({ where: { entityId: day.match.id, action: 'match.test.void' } })).toBe(1);
    const after = await ctx.prisma.match.findUniqueOrThrow({ where: { id: day.match.id }, select: { version: true } });
    expect(after.version).toBe(before.version + 1);
  });

  it('a retry with the same key is answered from the log: the entry stays as the first one stored it', async () => {
    const key = randomUUID();
    const first = await ctx.http().put(`${table(4)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 }, idempotencyKey: key }).expect(200);
    await ctx.http().put(`${table(4)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 4, away: 9 }, idempotencyKey: randomUUID() }).expect(200);
    // The first request again (its answer was lost on the way): nothing changes, the answer is the table now.
    const again = await ctx.http().put(`${table(4)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 }, idempotencyKey: key }).expect(200);
    expect(setOf(first.body, 1)).toMatchObject({ homePoints: 6, awayPoints: 2 });
    expect(setOf(again.body, 1)).toMatchObject({ homePoints: 4, awayPoints: 9 });
    expect(await ctx.prisma.matchCommandRecord.count({ where: { idempotencyKey: `table-4:${key}` } })).toBe(1);
  });

  it('a code the process knows: its count and check go before the lock, and a refused write answers without waiting for the match', async () => {
    // The process knows both codes (each wrote once); then table 6's code is revoked.
    await ctx.http().put(`${table(5)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
    await ctx.http().put(`${table(6)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
    const revokedCode = code[6];
    const supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
    await supervisor.post(`/api/matches/${day.match.id}/night/tables/6/revoke`).send({ reason: 'Code gedeeld' }).expect(200);
    // A client that tried ten wrong codes must wait, even with a good code.
    const guesser = '203.0.113.77';
    for (let i = 0; i < 10; i++) await ctx.http().get(`/api/table/ABCDEFGH${'JK'[i % 2]}${i + 2}`).set('X-Forwarded-For', guesser).expect(404);
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      // Another writer holds the match: an admitted write would wait for it; a refused one must not.
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM matches WHERE id = $1 FOR UPDATE', [day.match.id]);
      const stillHeld = async (status: Promise<number>) => {
        let timer: NodeJS.Timeout | undefined;
        const waited = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('waited for the lock'), 20_000)));
        try {
          return await Promise.race([status, waited]);
        } finally {
          clearTimeout(timer);
        }
      };
      const waiting = ctx.http().put(`${table(5)}/sets/2`).set('X-Forwarded-For', guesser).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } });
      expect(await stillHeld(waiting.then((res) => res.status))).toBe(429);
      const revoked = ctx.http().put(`/api/table/${revokedCode}/sets/2`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } });
      expect(await stillHeld(revoked.then((res) => res.status))).toBe(404);
      // An admitted write with a known code waits for the lock, and is stored once it is free.
      const admitted = ctx.http().put(`${table(5)}/sets/2`).send({ enteredBy: 'HOME', totals: { home: 4, away: 4 } }).then((res) => res);
      const lockWaits = async () =>
        (await ctx.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)[0].n;
      while ((await lockWaits()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await holder.query('COMMIT');
      const stored = await admitted;
      expect(stored.body).toMatchObject({ tableNumber: 5 });
      expect(setOf(stored.body, 2)).toMatchObject({ state: 'ENTERED', homePoints: 4, awayPoints: 4 });
    } finally {
      await holder.end();
    }
    // Nothing of the refused writes was stored.
    expect(await ctx.prisma.matchSet.count({ where: { matchId: day.match.id, setNumber: 2, tableNumber: 6 } })).toBe(0);
  });
});

describe('the table write path with DATABASE_PREPARED_STATEMENTS=off (a pooler in transaction mode)', () => {
  let ctx: TestContext;
  let day: Awaited<ReturnType<typeof createMatchDay>>;
  let code: Record<number, string>;
  const sent: string[] = [];
  const original = Client.prototype.query;

  beforeAll(async () => {
    const before = process.env.DATABASE_PREPARED_STATEMENTS;
    process.env.DATABASE_PREPARED_STATEMENTS = 'off';
    try {
      ctx = await startApp();
    } finally {
      if (before === undefined) delete process.env.DATABASE_PREPARED_STATEMENTS;
      else process.env.DATABASE_PREPARED_STATEMENTS = before;
    }
    await resetDatabase(ctx.prisma);
    day = await createMatchDay(ctx.prisma, { date: todayIso(), round: 1 });
    code = (await openMatchNight(ctx, day)).codes;
    // Every statement and its name, as pg is asked to send it.
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string; name?: string };
      sent.push(typeof first === 'string' ? first : `${first?.name ? `[${first.name}] ` : ''}${first?.text ?? ''}`);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof Client.prototype.query;
  });

  afterAll(async () => {
    Client.prototype.query = original;
    await ctx.close();
  });

  it('enters and signs with no statement prepared by name on the connection', async () => {
    const table = `/api/table/${code[1]}`;
    // Three sets, so every statement of the path is sent often enough to be named were names on (from the third use).
    for (const setNumber of [1, 2, 3]) {
      const entered = await ctx.http().put(`${table}/sets/${setNumber}`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 }, idempotencyKey: randomUUID() }).expect(200);
      expect(entered.body.sets.find((s: TableSet) => s.setNumber === setNumber)).toMatchObject({ state: 'ENTERED', homePoints: 6, awayPoints: 2 });
      const signed = await ctx.http().post(`${table}/sets/${setNumber}/sign`).send({ side: 'AWAY', idempotencyKey: randomUUID() }).expect(200);
      expect(signed.body.sets.find((s: TableSet) => s.setNumber === setNumber)).toMatchObject({ state: 'SIGNED', homePoints: 6, awayPoints: 2 });
    }
    const stored = await ctx.prisma.matchSet.findMany({ where: { matchId: day.match.id, tableNumber: 1, signedBySide: 'AWAY' }, orderBy: { setNumber: 'asc' } });
    expect(stored.map((s) => [s.setNumber, s.homePoints, s.awayPoints])).toEqual([
      [1, 6, 2],
      [2, 6, 2],
      [3, 6, 2],
    ]);
    expect(sent.filter((q) => q.includes("'match', row_to_json(m)")).length).toBeGreaterThanOrEqual(6);
    expect(sent.filter((q) => q.startsWith('['))).toEqual([]);
  });
});
