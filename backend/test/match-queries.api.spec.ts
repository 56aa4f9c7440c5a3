/**
 * Issue 21: how many SQL statements one match request sends, and how often it reads the match
 * row itself (a SELECT from "matches"), for a table entry, a line-up save, a late pair and a
 * substitution. The figures are written to .data/match-queries.json (not a tracked file; they
 * are counts, not speed figures, and do not depend on the machine). A request must never read
 * the match row more often than the ceilings below, which are the figures of this commit: the
 * writer's one load, plus its read-back after a change to who played (line-up rows, members)
 * and, for a line-up or a substitute, the other matches of that date (one member, one match).
 * The statement ceilings are this commit's figures too: Prisma loads a match with its relations
 * in one statement (relationJoins), so a table write sends about a dozen, not thirty.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { todayIso } from '../src/common/dto';
import { type Agent, createMatchDay, lineupBody, loginAs, resetDatabase, startApp, TestContext } from './helpers';

type Counted = { statements: number; matchReads: number };

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
    // Every statement any pooled client sends while a request is measured.
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
    const statements = log.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(q.trim()));
    const matchReads = statements.filter((q) => /^\s*SELECT[\s\S]*FROM "public"\."matches"/i.test(q) && !/FOR UPDATE/i.test(q)).length;
    log = null;
    figures[name] = { statements: statements.length, matchReads };
    return figures[name];
  }

  it('a line-up save', async () => {
    const counted = await measure('lineupSave', () => home.put(`${url}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers)).expect(200));
    expect(counted.statements).toBeGreaterThan(0);
    expect(counted.statements).toBeLessThanOrEqual(21);
    // The fourth: the answer's candidates, who is already on another match's line-up that date.
    expect(counted.matchReads).toBeLessThanOrEqual(4);
  });

  it('a table entry', async () => {
    const night = await home.post(`${url}/night`).expect(200);
    for (const t of night.body.tables) code[t.tableNumber] = t.code;
    const counted = await measure('tableEntry', () => ctx.http().put(`/api/table/${code[1]}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200));
    expect(counted.statements).toBeGreaterThan(0);
    expect(counted.statements).toBeLessThanOrEqual(11);
    // The code's lookup does not read the match: the writer's one load does (and checks the night on it).
    expect(counted.matchReads).toBe(1);
  });

  it('a late pair', async () => {
    const counted = await measure('latePair', () => supervisor.post(`${url}/late-pairs`).send({ teamId: day.away.id, pairNumber: 6, fromSet: 3, reason: 'Koppel 6 kwam na set 2' }).expect(200));
    expect(counted.statements).toBeGreaterThan(0);
    expect(counted.statements).toBeLessThanOrEqual(12);
    expect(counted.matchReads).toBeLessThanOrEqual(2);
  });

  it('a substitution', async () => {
    const counted = await measure('substitution', () =>
      supervisor
        .post(`${url}/substitutions`)
        .query({ reason: 'Speler onwel geworden' })
        .send({ teamId: day.home.id, setNumber: 4, pairNumber: 1, outMemberId: day.homePlayers[0], inMemberId: day.homePlayers[12] })
        .expect(201),
    );
    expect(counted.statements).toBeGreaterThan(0);
    expect(counted.statements).toBeLessThanOrEqual(14);
    expect(counted.matchReads).toBeLessThanOrEqual(3);
  });
});
