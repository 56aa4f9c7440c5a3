/**
 * Issue 21: how many SQL statements one match request sends, and how often it loads the match
 * (a SELECT whose table is "matches"), for a table entry, a line-up save, a late pair and a
 * substitution. The figures are written to .data/match-queries.json (not a tracked file; they
 * are counts, not speed figures, and do not depend on the machine). Every request loads the
 * match exactly once: the writer's load under the lock; the answer is built from that row and
 * the command's changes in memory (match.repository.ts rowAfter), also after a change to who played.
 * Reads of *other* matches are counted apart: a line-up and a substitute check the other
 * matches of that date (one member, one match), and the line-up's answer marks the candidates
 * who play elsewhere that date. The statement ceilings are this commit's figures: Prisma loads
 * a match with its relations in one statement (match-load.ts), so a table write sends 5 or 6, not
 * thirty, each in a round trip of its own (with BEGIN and COMMIT, 7 or 8).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { todayIso } from '../src/common/dto';
import { type Agent, createMatchDay, lineupBody, loginAs, resetDatabase, startApp, TestContext } from './helpers';

type Counted = { statements: number; roundTrips: number; matchLoads: number; otherMatchReads: number };

/** What only the match load's statement says (matches/match-load.ts). */
const MATCH_LOAD_MARK = "'match', row_to_json(m)";

describe('queries per match request', () => {
  let ctx: TestContext;
  let supervisor: Agent;
  let home: Agent;
  let away: Agent;
  let day: Awaited<ReturnType<typeof createMatchDay>>;
  let url: string;
  const code: Record<number, string> = {};
  const figures: Record<string, Counted> = {};
  let log: string[] | null = null;
  const original = Client.prototype.query;

  beforeAll(async () => {
    // Every statement any pooled client sends while a request is measured: each is a round trip
    // (pg sends a connection's statements one after the other).
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      if (log) log.push(typeof first === 'string' ? first : (first?.text ?? ''));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof Client.prototype.query;
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
    day = await createMatchDay(ctx.prisma, { date: todayIso(), round: 1 });
    url = `/api/matches/${day.match.id}`;
    home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
    away = (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent;
    await away.put(`${url}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers)).expect(200);
  });

  afterAll(async () => {
    Client.prototype.query = original;
    const dir = path.join(__dirname, '..', '..', '.data');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'match-queries.json'), JSON.stringify(figures, null, 2) + '\n');
    await ctx.close();
  });

  async function measure(name: string, request: () => Promise<unknown>): Promise<Counted> {
    log = [];
    await request();
    // Not the request's own: the ratings' background catch-up, the rate limits' clean-up of old rows and Regel 8's look for cancelled matches to score anew (they may run while a request is measured).
    const background = (q: string) => /rating_state|rating_points|player_ratings|hashtext\(m\.id|DELETE FROM rate_limit_records|regel8-follow/.test(q);
    const own = log.filter((q) => !background(q));
    // A transaction's BEGIN may come in the same round trip as its first statement (the table write's lock): that statement counts.
    // A transaction's own settings (the table write's SET LOCAL with its BEGIN) are not statements of the request's.
    const statements = own.map((q) => q.trim().replace(/^BEGIN\s*;\s*/i, '')).filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET LOCAL)\b/i.test(q));
    const reads = statements.filter((q) => /^\s*SELECT[\s\S]*FROM "public"\."matches"/i.test(q) && !/FOR UPDATE/i.test(q));
    // The load: the match with its relations (matches/match-load.ts), or any Prisma read whose own table is "matches" (t0);
    // a read that joins "matches" in reads other matches (of the date).
    const matchLoads = statements.filter((q) => q.includes(MATCH_LOAD_MARK)).length + reads.filter((q) => q.includes('FROM "public"."matches" AS "t0"')).length;
    const otherReads = reads.filter((q) => !q.includes('FROM "public"."matches" AS "t0"')).length;
    log = null;
    figures[name] = { statements: statements.length, roundTrips: own.length, matchLoads, otherMatchReads: otherReads };
    return figures[name];
  }

  it('a line-up save', async () => {
    let answer: unknown;
    const counted = await measure('lineupSave', async () => (answer = (await home.put(`${url}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers)).expect(200)).body));
    // The answer is built in memory from the one load and the stored rows: it equals the line-up read afresh.
    expect(answer).toEqual((await home.get(`${url}/lineups/${day.home.id}`).expect(200)).body);
    expect(counted.statements).toBeGreaterThan(0);
    expect(counted.statements).toBeLessThanOrEqual(16);
    expect(counted.matchLoads).toBe(1);
    // The players checked against the other matches of that date, and the answer's candidates likewise.
    expect(counted.otherMatchReads).toBeLessThanOrEqual(2);
  });

  it('a table entry', async () => {
    const night = await home.post(`${url}/night`).expect(200);
    for (const t of night.body.tables) code[t.tableNumber] = t.code;
    // With its idempotency key, as the phones send it: the lock finds a retry's stored command in the same statement.
    const counted = await measure('tableEntry', () => ctx.http().put(`/api/table/${code[1]}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 }, idempotencyKey: randomUUID() }).expect(200));
    expect(counted.statements).toBeGreaterThan(0);
    // The rate limits and the code's table in one statement; BEGIN; the lock (with a retry's
    // stored command); the match's fingerprint; the load; the new set, the match's totals and
    // version, the command log and the audit entry in one statement; COMMIT; after the commit,
    // the live bus's notification.
    expect(counted.statements).toBeLessThanOrEqual(6);
    expect(counted.roundTrips).toBeLessThanOrEqual(8);
    // The code's lookup does not read the match: the writer's one load does (and checks the night on it).
    expect(counted.matchLoads).toBe(1);
    expect(counted.otherMatchReads).toBe(0);
  });

  it('a table entry with a code the process has seen, on a match it wrote last', async () => {
    // The same set again (an entry not signed yet is replaced): the night's later sets stay open for the late pair below.
    // Without the test suite's check of the kept row (a fresh load beside it, match-row-cache.ts), as a real night runs.
    process.env.MATCH_ROW_CACHE_CHECK = '0';
    let answer: unknown;
    try {
      const counted = await measure('tableEntryKnownCode', async () => {
        answer = (await ctx.http().put(`/api/table/${code[1]}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 4, away: 4 }, idempotencyKey: randomUUID() }).expect(200)).body;
      });
      // As above, without the load: the match is as this process's last write left it.
      expect(counted.statements).toBeLessThanOrEqual(5);
      expect(counted.matchLoads).toBe(0);
      expect(counted.roundTrips).toBeLessThanOrEqual(7);
      expect(counted.otherMatchReads).toBe(0);
    } finally {
      process.env.MATCH_ROW_CACHE_CHECK = '1';
    }
    // Answered from the row the last write kept: the table as a fresh read shows it.
    expect(answer).toEqual((await ctx.http().get(`/api/table/${code[1]}`).expect(200)).body);
  });

  it('a late pair', async () => {
    let answer: { pairs: { pairNumber: number; fromSet: number }[] } | undefined;
    const counted = await measure('latePair', async () => (answer = (await supervisor.post(`${url}/late-pairs`).send({ teamId: day.away.id, pairNumber: 6, fromSet: 3, reason: 'Koppel 6 kwam na set 2' }).expect(200)).body));
    expect(answer!.pairs.find((p) => p.pairNumber === 6)!.fromSet).toBe(3);
    expect(answer).toEqual((await supervisor.get(`${url}/lineups/${day.away.id}`).expect(200)).body);
    expect(counted.statements).toBeGreaterThan(0);
    expect(counted.statements).toBeLessThanOrEqual(6);
    expect(counted.matchLoads).toBe(1);
    expect(counted.otherMatchReads).toBe(0);
  });

  it('a substitution', async () => {
    let answer: { id: string } | undefined;
    const counted = await measure('substitution', async () => {
      answer = (
        await supervisor
          .post(`${url}/substitutions`)
          .query({ reason: 'Speler onwel geworden' })
          .send({ teamId: day.home.id, setNumber: 4, pairNumber: 1, outMemberId: day.homePlayers[0], inMemberId: day.homePlayers[12] })
          .expect(201)
      ).body;
    });
    const stored = (await home.get(`${url}/lineups/${day.home.id}`).expect(200)).body.substitutions as { id: string }[];
    expect(stored).toContainEqual(answer);
    expect(counted.statements).toBeGreaterThan(0);
    expect(counted.statements).toBeLessThanOrEqual(8);
    expect(counted.matchLoads).toBe(1);
    // The substitute checked against the other matches of that date.
    expect(counted.otherMatchReads).toBeLessThanOrEqual(1);
  });
});
