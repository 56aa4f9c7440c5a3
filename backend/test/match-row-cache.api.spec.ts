/**
 * Issue 22, the lean write path: a table write keeps the row it left for the next table write on
 * the same match (matches/match-row-cache.ts), which then reads only the match's fingerprint (the
 * versions of every row the load reads) instead of loading it. What that must keep:
 * - the kept row is the row a load gives (the whole suite compares them: MATCH_ROW_CACHE_CHECK,
 *   backend/test/setup-env.ts), and the next writes use it;
 * - whatever the write did not make itself is seen by the next write: a set changed by another
 *   process, a member's new name, a write through another API process;
 * - the fingerprint reads every table the load reads.
 */
import { Client } from 'pg';
import { todayIso } from '../src/common/dto';
import { FINGERPRINT_SQL, loadMatchRow } from '../src/matches/match-load';
import { MatchDataService } from '../src/matches/match-data.service';
import { MatchWriterService } from '../src/matches/match-writer.service';
import type { MatchRowCache } from '../src/matches/match-row-cache';
import type { Prisma } from '../src/generated/prisma/client';
import { createMatchDay, openMatchNight, resetDatabase, seatGames, startApp, TestContext } from './helpers';

type TableSet = { setNumber: number; state: string; homePoints: number | null; awayPoints: number | null };

describe('the row a table write keeps for the next', () => {
  let ctx: TestContext;
  let day: Awaited<ReturnType<typeof createMatchDay>>;
  let code: Record<number, string>;
  let writer: MatchWriterService;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    day = await createMatchDay(ctx.prisma, { date: todayIso(), round: 1 });
    code = (await openMatchNight(ctx, day)).codes;
    writer = ctx.app.get(MatchWriterService);
  });

  afterAll(() => ctx.close());

  const table = (n: number) => `/api/table/${code[n]}`;
  const setOf = (body: { sets: TableSet[] }, setNumber: number) => body.sets.find((s) => s.setNumber === setNumber);

  it('the next writes on the match use the kept row, and answer as a fresh read shows the table', async () => {
    await ctx.http().put(`${table(1)}/sets/1`).send({ enteredBy: 'HOME', games: seatGames(1, 1) }).expect(200);
    const before = writer.keptRows();
    const answers = [
      (await ctx.http().post(`${table(1)}/sets/1/sign`).send({ side: 'AWAY' }).expect(200)).body,
      (await ctx.http().put(`${table(2)}/sets/1`).send({ enteredBy: 'AWAY', games: seatGames(1, 2) }).expect(200)).body,
      (await ctx.http().put(`${table(2)}/sets/1`).send({ enteredBy: 'AWAY', totals: { home: 4, away: 4 } }).expect(200)).body,
      (await ctx.http().post(`${table(2)}/sets/1/sign`).send({ side: 'HOME' }).expect(200)).body,
    ];
    const after = writer.keptRows();
    // Each used the row the write before it kept (and, in the suite, compared it with a fresh load).
    expect(after.used - before.used).toBe(4);
    expect(after.loaded).toBe(before.loaded);
    expect(setOf(answers[1], 1)).toMatchObject({ state: 'ENTERED' });
    expect(setOf(answers[3], 1)).toMatchObject({ state: 'SIGNED', homePoints: 4, awayPoints: 4 });
    expect(answers[3]).toEqual((await ctx.http().get(table(2)).expect(200)).body);
  });

  it('a code this process knows, revoked since, reads nothing: the kept row is read alongside the code’s check, never answered before it', async () => {
    // Known here and the match as kept: a read is answered from the kept row.
    const reads = writer.keptRows().reads;
    await ctx.http().get(table(1)).expect(200);
    expect(writer.keptRows().reads).toBe(reads + 1);
    await ctx.prisma.$executeRaw`UPDATE table_codes SET "revokedAt" = now() WHERE code = ${code[1]}`;
    try {
      const res = await ctx.http().get(table(1)).expect(404);
      expect(res.body.error.code).toBe('TABLE_CODE_INVALID');
      expect(JSON.stringify(res.body)).not.toContain('sets');
      expect(writer.keptRows().reads).toBe(reads + 1);
    } finally {
      // The tests below go on at this table.
      await ctx.prisma.$executeRaw`UPDATE table_codes SET "revokedAt" = NULL WHERE code = ${code[1]}`;
    }
  });

  it('a set another process signed meanwhile is signed for the next write: it is not entered over', async () => {
    await ctx.http().put(`${table(3)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
    const other = new Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query(`UPDATE match_sets SET "signedBySide" = 'AWAY', "signedAt" = now() WHERE "matchId" = $1 AND "setNumber" = 1 AND "tableNumber" = 3`, [day.match.id]);
    } finally {
      await other.end();
    }
    const loaded = writer.keptRows().loaded;
    const res = await ctx.http().put(`${table(3)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 4, away: 4 } }).expect(409);
    expect(res.body.error.code).toBe('SET_ALREADY_SIGNED');
    expect(writer.keptRows().loaded).toBe(loaded + 1);
    const stored = await ctx.prisma.matchSet.findFirstOrThrow({ where: { matchId: day.match.id, setNumber: 1, tableNumber: 3 } });
    expect({ home: stored.homePoints, away: stored.awayPoints }).toEqual({ home: 6, away: 2 });
  });

  it('a table page read uses the kept row while the match is as kept, and loads a match changed behind the process’s back', async () => {
    const data = ctx.app.get(MatchDataService);
    const loads = jest.spyOn(data, 'load');
    try {
      // The test before left the match changed behind this process's back (and kept nothing): two
      // writes, so the match is kept as the second left it, whatever the first found.
      await ctx.http().put(`${table(4)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
      const written = (await ctx.http().put(`${table(4)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 4, away: 4 } }).expect(200)).body;
      const reads = writer.keptRows().reads;
      loads.mockClear();
      // As kept: the same page as the write's answer, without a load (in the suite also compared with a fresh load).
      expect((await ctx.http().get(table(4)).expect(200)).body).toEqual(written);
      expect(loads).not.toHaveBeenCalled();
      expect(writer.keptRows().reads).toBe(reads + 1);
      // Changed by hand: the read loads the match and shows what the database holds.
      await ctx.prisma.$executeRaw`UPDATE match_sets SET "homePoints" = 2, "awayPoints" = 6 WHERE "matchId" = ${day.match.id}::uuid AND "setNumber" = 1 AND "tableNumber" = 4`;
      const read = (await ctx.http().get(table(4)).expect(200)).body;
      expect(loads).toHaveBeenCalledTimes(1);
      expect(writer.keptRows().reads).toBe(reads + 1);
      expect(setOf(read, 1)).toMatchObject({ state: 'ENTERED', homePoints: 2, awayPoints: 6 });
      // The next write finds its kept row stale, so the match counts as written elsewhere too: reads
      // load it (no fingerprint first) until a write finds its kept row current again.
      await ctx.http().put(`${table(4)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 4, away: 4 } }).expect(200);
      loads.mockClear();
      expect(setOf((await ctx.http().get(table(4)).expect(200)).body, 1)).toMatchObject({ homePoints: 4, awayPoints: 4 });
      expect(loads).toHaveBeenCalledTimes(1);
      await ctx.http().put(`${table(4)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
      loads.mockClear();
      expect(setOf((await ctx.http().get(table(4)).expect(200)).body, 1)).toMatchObject({ homePoints: 6, awayPoints: 2 });
      expect(loads).not.toHaveBeenCalled();
      expect(writer.keptRows().reads).toBe(reads + 2);
    } finally {
      loads.mockRestore();
    }
  });

  it('a member’s new name reaches the next write’s answer', async () => {
    await ctx.http().put(`${table(4)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
    await ctx.prisma.member.updateMany({ where: { id: { in: day.homePlayers.slice(0, 12) } }, data: { familyName: 'Nieuwenhuis' } });
    const res = await ctx.http().post(`${table(4)}/sets/1/sign`).send({ side: 'AWAY' }).expect(200);
    expect(JSON.stringify(res.body)).toContain('Nieuwenhuis');
    expect(res.body).toEqual((await ctx.http().get(table(4)).expect(200)).body);
  });

  it('a write through another API process is seen by this one’s next write', async () => {
    const there = await startApp();
    try {
      await ctx.http().put(`${table(5)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
      await there.http().post(`${table(5)}/sets/1/sign`).send({ side: 'AWAY' }).expect(200);
      const res = await ctx.http().put(`${table(5)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 4, away: 4 } }).expect(409);
      expect(res.body.error.code).toBe('SET_ALREADY_SIGNED');
    } finally {
      await there.close();
    }
  });

  it('a write the kept row would refuse is decided on the match as it is: a set another process entered is signed here', async () => {
    const there = await startApp();
    try {
      await ctx.http().put(`${table(6)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
      // This process keeps the match without set 2 entered at table 6; the other process enters it.
      await there.http().put(`${table(6)}/sets/2`).send({ enteredBy: 'HOME', totals: { home: 2, away: 6 } }).expect(200);
      const res = await ctx.http().post(`${table(6)}/sets/2/sign`).send({ side: 'AWAY' }).expect(200);
      expect(setOf(res.body, 2)).toMatchObject({ state: 'SIGNED', homePoints: 2, awayPoints: 6 });
      expect(res.body).toEqual((await ctx.http().get(table(6)).expect(200)).body);
      // Stored once: one entry and one signature in the command log, nothing twice.
      const commands = await ctx.prisma.matchCommandRecord.findMany({ where: { matchId: day.match.id, actor: 'table:6' }, select: { kind: true } });
      expect(commands.map((c) => c.kind).sort()).toEqual(['TABLE_ENTER', 'TABLE_ENTER', 'TABLE_SIGN']);
    } finally {
      await there.close();
    }
  });

  it('a write on the kept row loads nothing; a match changed meanwhile costs the write a load, never a wrong answer', async () => {
    // Two writes in a row here: the second finds the match as the first left it (whatever the
    // writes before did), so the next one finds its kept row current.
    await ctx.http().put(`${table(1)}/sets/2`).send({ enteredBy: 'HOME', totals: { home: 4, away: 4 } }).expect(200);
    await ctx.http().put(`${table(1)}/sets/2`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
    let before = writer.keptRows();
    await ctx.http().post(`${table(1)}/sets/2/sign`).send({ side: 'AWAY' }).expect(200);
    let after = writer.keptRows();
    expect([after.used - before.used, after.loaded - before.loaded]).toEqual([1, 0]);
    await ctx.http().put(`${table(2)}/sets/2`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
    // A change the kept row does not know (another process, a supervisor): the fingerprint differs, the write loads the match.
    await ctx.prisma.$executeRaw`UPDATE match_sets SET "homePoints" = 2, "awayPoints" = 6 WHERE "matchId" = ${day.match.id}::uuid AND "setNumber" = 2 AND "tableNumber" = 2`;
    before = writer.keptRows();
    const res = await ctx.http().post(`${table(2)}/sets/2/sign`).send({ side: 'AWAY' }).expect(200);
    after = writer.keptRows();
    expect([after.used - before.used, after.loaded - before.loaded]).toEqual([0, 1]);
    expect(setOf(res.body, 2)).toMatchObject({ state: 'SIGNED', homePoints: 2, awayPoints: 6 });
  });

  it('a write the rules refuse on the kept row counts once against its code, and is refused as without a kept row', async () => {
    const writes = async () => (await ctx.prisma.$queryRaw<{ count: number }[]>`SELECT count FROM rate_limit_records WHERE kind = 'table:write' AND key = ${code[3]}`)[0]?.count ?? 0;
    // Two writes: the second finds the match as the first left it, so the next goes on the kept row.
    await ctx.http().put(`${table(3)}/sets/4`).send({ enteredBy: 'HOME', totals: { home: 4, away: 4 } }).expect(200);
    await ctx.http().post(`${table(3)}/sets/4/sign`).send({ side: 'AWAY' }).expect(200);
    const before = await writes();
    // Signing it again: the rules refuse it on the kept row, and the way with the lock refuses it too.
    const res = await ctx.http().post(`${table(3)}/sets/4/sign`).send({ side: 'AWAY' }).expect(409);
    expect(res.body.error.code).toBe('SET_ALREADY_SIGNED');
    expect(await writes()).toBe(before + 1);
  });

  it('a first write in a process (nothing kept) does not count the match as written elsewhere; a stale kept row does', async () => {
    const there = await startApp();
    try {
      const cache = (there.app.get(MatchWriterService) as unknown as { kept: MatchRowCache }).kept;
      await there.http().put(`${table(6)}/sets/3`).send({ enteredBy: 'HOME', totals: { home: 4, away: 4 } }).expect(200);
      expect(cache.isContended(day.match.id)).toBe(false);
      // A change behind that process's back: its next write finds its kept row stale, and the match counts as contended.
      await ctx.prisma.$executeRaw`UPDATE match_sets SET "homePoints" = 6, "awayPoints" = 2 WHERE "matchId" = ${day.match.id}::uuid AND "setNumber" = 3 AND "tableNumber" = 6`;
      await there.http().put(`${table(6)}/sets/3`).send({ enteredBy: 'HOME', totals: { home: 2, away: 6 } }).expect(200);
      expect(cache.isContended(day.match.id)).toBe(true);
      // A write that finds its kept row current again ends that.
      await there.http().put(`${table(6)}/sets/3`).send({ enteredBy: 'HOME', totals: { home: 4, away: 4 } }).expect(200);
      expect(cache.isContended(day.match.id)).toBe(false);
    } finally {
      await there.close();
    }
  });

  it('the fingerprint covers every table the load reads: it reads it, or every change to it touches the match row', async () => {
    let load = '';
    const capture = { $queryRaw: <T>(sql: Prisma.Sql) => ((load = sql.sql), Promise.resolve([] as T)) };
    await loadMatchRow(capture, day.match.id);
    const tables = (text: string) => new Set([...text.matchAll(/\b(?:FROM|JOIN)\s+"?([a-z_]+)"?/gi)].map((m) => m[1]).filter((t) => t !== 'unnest'));
    const read = tables(load);
    // The tables whose every insert, update and delete gives the match row a new version (the triggers in the database, as they are).
    // (pg_trigger.tgtype: 4 insert, 8 delete, 16 update.)
    const touching = await ctx.prisma.$queryRaw<{ table: string; events: number }[]>`
      SELECT c.relname AS table, bit_or(t.tgtype & 28)::int AS events
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
       WHERE NOT t.tgisinternal AND t.tgenabled <> 'D' AND p.proname LIKE 'tsbn_touch_match_of_%'
       GROUP BY c.relname`;
    const fingerprinted = tables(`FROM matches m ${FINGERPRINT_SQL.own} ${FINGERPRINT_SQL.ref}`);
    for (const { table, events } of touching) if (events === 28) fingerprinted.add(table);
    expect(read.size).toBeGreaterThan(10);
    expect([...fingerprinted]).toEqual(expect.arrayContaining(['matches', 'match_sets', 'games', 'lineups', 'members']));
    expect([...read].filter((t) => !fingerprinted.has(t))).toEqual([]);
  });

  it('a game changed at the database by hand reaches the next write and read: the match row’s version moved with it', async () => {
    const version = async () => (await ctx.prisma.$queryRaw<{ v: string }[]>`SELECT xmin::text AS v FROM matches WHERE id = ${day.match.id}::uuid`)[0].v;
    // Two writes: the second finds the kept row current, so reads use it (the match is not contended).
    await ctx.http().put(`${table(5)}/sets/3`).send({ enteredBy: 'HOME', totals: { home: 4, away: 4 } }).expect(200);
    await ctx.http().put(`${table(5)}/sets/3`).send({ enteredBy: 'HOME', games: seatGames(3, 5) }).expect(200);
    const reads = writer.keptRows().reads;
    await ctx.http().get(table(5)).expect(200);
    expect(writer.keptRows().reads).toBe(reads + 1);
    const before = await version();
    await ctx.prisma.$executeRaw`UPDATE games g SET points = g.points + 1 FROM match_sets s WHERE s.id = g."matchSetId" AND s."matchId" = ${day.match.id}::uuid AND s."setNumber" = 3 AND s."tableNumber" = 5 AND g."gameNumber" = 1`;
    const touched = await version();
    expect(touched).not.toBe(before);
    const loads = jest.spyOn(ctx.app.get(MatchDataService), 'load');
    const stored = await ctx.prisma.game.findFirstOrThrow({ where: { gameNumber: 1, matchSet: { matchId: day.match.id, setNumber: 3, tableNumber: 5 } } });
    // The read answers with what the database holds (the kept row would not know the new points).
    const gameOne = (body: { sets: { setNumber: number; games: { gameNumber: number; points: number }[] }[] }) => body.sets.find((s) => s.setNumber === 3)?.games.find((g) => g.gameNumber === 1)?.points;
    const written = (await ctx.http().get(table(5)).expect(200)).body;
    expect(gameOne(written)).toBe(stored.points);
    expect(loads).toHaveBeenCalledTimes(1);
    expect(writer.keptRows().reads).toBe(reads + 1);
    loads.mockRestore();
    // A removed game too.
    await ctx.prisma.$executeRaw`DELETE FROM games g USING match_sets s WHERE s.id = g."matchSetId" AND s."matchId" = ${day.match.id}::uuid AND s."setNumber" = 3 AND s."tableNumber" = 5 AND g."gameNumber" = 1`;
    expect(await version()).not.toBe(touched);
  });
});
