/**
 * The live answers' hand-written read (live/live-load.ts) gives what Prisma's
 * `findMany({ select: liveMatchSelect })` gives: the same fields and Dates (relations compared in
 * one order: Prisma leaves them in the table's), the same live answer and version, for several
 * matches at once, and nothing for an archived or unknown match.
 */
import { randomUUID } from 'node:crypto';
import { liveMatchSelect, loadLiveMatchRows, type LiveMatchRow } from '../src/live/live-load';
import { toAnswer } from '../src/live/live.service';
import { createMatchDay, resetDatabase, startApp, TestContext } from './helpers';

/** Relations in one order, for comparing with Prisma's (which keeps the table's order of sets, line-ups and players). */
function ordered(row: LiveMatchRow): LiveMatchRow {
  return {
    ...row,
    sets: [...row.sets].sort((a, b) => a.setNumber - b.setNumber || a.tableNumber - b.tableNumber),
    lineups: [...row.lineups].sort((a, b) => a.teamId.localeCompare(b.teamId)).map((l) => ({ ...l, players: [...l.players].sort((a, b) => a.memberId.localeCompare(b.memberId)) })),
  };
}

describe('the live answers’ read (one statement) against Prisma’s select', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
  });

  afterAll(async () => {
    await ctx.close();
  });

  const viaPrisma = (ids: string[]) => ctx.prisma.match.findMany({ where: { id: { in: ids }, archivedAt: null }, select: liveMatchSelect });
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const at = (iso: string) => new Date(iso);

  it('matches with every relation the live pages show, and one without any', async () => {
    const db = ctx.prisma;
    const day = await createMatchDay(db, { date: '2026-10-03', round: 2 });
    const empty = await createMatchDay(db, { date: '2026-10-04', round: 3 });
    const { match, home, away, homePlayers, awayPlayers } = day;
    // A member whose club chose "niet publiceren", one with a prefix; a club with a venue.
    await db.member.update({ where: { id: homePlayers[0] }, data: { doNotPublish: true } });
    await db.member.update({ where: { id: awayPlayers[2] }, data: { namePrefix: 'van der' } });
    await db.member.update({ where: { id: homePlayers[12] }, data: { doNotPublish: true } });
    await db.club.update({ where: { id: day.homeClub.id }, data: { venue: 'Buurthuis De Troef', city: 'Paramaribo-Zuid' } });
    for (const [team, players] of [
      [home, homePlayers],
      [away, awayPlayers],
    ] as const) {
      await db.lineup.create({
        data: {
          matchId: match.id,
          teamId: team.id,
          players: {
            create: [
              ...players.slice(0, 12).map((memberId, i) => ({ memberId, pairNumber: Math.floor(i / 2) + 1, fromSet: i >= 10 ? 3 : 1 })),
              ...players.slice(12, 14).map((memberId) => ({ memberId, pairNumber: null })),
            ],
          },
        },
      });
    }
    // Sets out of order: signed, decided, waiting for a signature, credited by the rules.
    for (const [setNumber, tableNumber, source] of [[2, 3, 'TOTALS'], [1, 2, 'GAMES'], [1, 1, 'GAMES'], [2, 1, 'MISSING_PAIR']] as const) {
      await db.matchSet.create({
        data: {
          matchId: match.id,
          setNumber,
          tableNumber,
          homePairNumber: tableNumber,
          awayPairNumber: tableNumber,
          homePoints: 6,
          awayPoints: 2,
          source,
          enteredBySide: source === 'MISSING_PAIR' ? null : 'HOME',
          signedBySide: setNumber === 1 && tableNumber === 1 ? 'AWAY' : null,
          decidedAt: setNumber === 1 && tableNumber === 2 ? at('2026-10-03T19:41:07.120Z') : null,
          decisionReason: setNumber === 1 && tableNumber === 2 ? 'Spel 3 telt' : null,
        },
      });
    }
    await db.substitution.create({ data: { matchId: match.id, teamId: home.id, setNumber: 3, pairNumber: 2, outMemberId: homePlayers[2], inMemberId: homePlayers[12], createdAt: at('2026-10-03T19:10:00.000Z') } });
    await db.substitution.create({ data: { matchId: match.id, teamId: away.id, setNumber: 2, pairNumber: 1, outMemberId: awayPlayers[0], inMemberId: awayPlayers[12], createdAt: at('2026-10-03T19:20:00.000Z') } });
    await db.match.update({ where: { id: match.id }, data: { status: 'PLAYED', resultState: 'ENTERED', homePoints: 12, awayPoints: 4, homeSignedAt: at('2026-10-03T21:00:00.500Z') } });

    const ids = [match.id, empty.match.id];
    const prisma = byId(await viaPrisma(ids));
    const mine = byId(await loadLiveMatchRows(db.direct, ids));
    expect([...mine.keys()].sort()).toEqual([...ids].sort());
    const full = mine.get(match.id)!;
    expect(full.lineups.flatMap((l) => l.players)).toHaveLength(28);
    expect(full.sets).toHaveLength(4);
    expect(full.substitutions).toHaveLength(2);
    expect(full.date).toEqual(new Date('2026-10-03T00:00:00.000Z'));
    for (const id of ids) {
      expect(ordered(mine.get(id)!)).toStrictEqual(ordered(prisma.get(id)!));
      // The answer the spectators get, and its version, are the same whichever read gave the row.
      expect(toAnswer(mine.get(id)!)).toStrictEqual(toAnswer(prisma.get(id)!));
    }
    // The answer shows what it should: the hidden member as "speler van <club>", the decided seat.
    const answer = JSON.parse(toAnswer(full).json) as { venue: string | null; sets: { setNumber: number; tables: { tableNumber: number; state: string; homeNames: string[] }[] }[] };
    expect(answer.venue).toBe('Buurthuis De Troef');
    const seat = answer.sets.find((s) => s.setNumber === 1)!.tables.find((t) => t.tableNumber === 1)!;
    expect(seat.homeNames[0]).toMatch(/^speler van /);
    expect(answer.sets.find((s) => s.setNumber === 1)!.tables.find((t) => t.tableNumber === 2)!.state).toBe('DECIDED');
    // Inside a transaction too.
    expect((await db.$transaction((tx) => loadLiveMatchRows(tx, [match.id]))).map(ordered)).toStrictEqual([ordered(full)]);
  });

  it('nothing for an archived match, an unknown id or no ids', async () => {
    const other = await createMatchDay(ctx.prisma, { date: '2026-10-10' });
    await ctx.prisma.match.update({ where: { id: other.match.id }, data: { archivedAt: new Date() } });
    expect(await loadLiveMatchRows(ctx.prisma.direct, [other.match.id, randomUUID()])).toEqual([]);
    expect(await loadLiveMatchRows(ctx.prisma.direct, [])).toEqual([]);
  });
});
