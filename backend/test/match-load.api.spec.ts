/**
 * The hand-written match load (matches/match-load.ts) gives exactly what Prisma's
 * `findFirst({ include: matchInclude })` gives: the same fields, the same Dates, the same
 * order of players, substitutions, sets, games, moves, deductions and supervisor actions,
 * on a match with every relation filled, and nothing for an archived or unknown match.
 */
import { randomUUID } from 'node:crypto';
import { loadMatchRow } from '../src/matches/match-load';
import { matchInclude } from '../src/matches/match-row';
import { createListedMember, createMatchDay, resetDatabase, startApp, TestContext } from './helpers';

describe('the match load (one statement) against Prisma’s include', () => {
  let ctx: TestContext;
  let day: Awaited<ReturnType<typeof createMatchDay>>;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    day = await createMatchDay(ctx.prisma, { date: '2026-10-03', round: 2 });
  });

  afterAll(async () => {
    await ctx.close();
  });

  const viaPrisma = (id: string) => ctx.prisma.match.findFirst({ where: { id, archivedAt: null }, include: matchInclude });
  const at = (iso: string) => new Date(iso);

  it('an empty match: no line-ups, sets or actions', async () => {
    const prisma = await viaPrisma(day.match.id);
    expect(prisma).not.toBeNull();
    expect(await loadMatchRow(ctx.prisma, day.match.id)).toStrictEqual(prisma);
  });

  it('a match with every relation filled, in Prisma’s order', async () => {
    const db = ctx.prisma;
    const { match, home, away, homePlayers, awayPlayers } = day;
    // Two members with the same family name in one pair: the order falls to the member number.
    const twin = await createListedMember(db, { seasonId: day.season.id, clubId: day.homeClub.id, familyName: 'Aa', memberNumber: '100000002' });
    const twin2 = await createListedMember(db, { seasonId: day.season.id, clubId: day.homeClub.id, familyName: 'Aa', memberNumber: '100000001' });
    await db.member.update({ where: { id: homePlayers[0] }, data: { birthDate: new Date('1971-05-09T00:00:00.000Z'), namePrefix: 'van' } });
    for (const [team, players, extra] of [
      [home, homePlayers, [twin.member.id, twin2.member.id]],
      [away, awayPlayers, []],
    ] as const) {
      await db.lineup.create({
        data: {
          matchId: match.id,
          teamId: team.id,
          composedBeforeMatch: team === home,
          players: {
            create: [
              ...players.slice(0, 12).map((memberId, i) => ({ memberId, pairNumber: Math.floor(i / 2) + 1, fromSet: i >= 10 ? 3 : 1, eligible: i !== 3, ineligibilityReasons: i === 3 ? ['NOT_LISTED', 'SUSPENDED'] : [] })),
              ...players.slice(12, 14).map((memberId) => ({ memberId, pairNumber: null })),
              ...extra.map((memberId) => ({ memberId, pairNumber: 6 })),
            ],
          },
        },
      });
    }
    // Sets out of order, with and without games, signed, refused and decided; timestamps with and without milliseconds.
    for (const [setNumber, tableNumber] of [[2, 3], [1, 2], [1, 1], [2, 1]]) {
      await db.matchSet.create({
        data: {
          matchId: match.id,
          setNumber,
          tableNumber,
          homePairNumber: tableNumber,
          awayPairNumber: tableNumber,
          homePoints: 6,
          awayPoints: 2,
          source: tableNumber === 1 ? 'GAMES' : 'TOTALS',
          enteredBySide: 'HOME',
          enteredAt: at('2026-10-03T18:30:00.000Z'),
          signedBySide: setNumber === 1 ? 'AWAY' : null,
          signedAt: setNumber === 1 ? at('2026-10-03T18:31:02.345Z') : null,
          refusedBySide: setNumber === 2 && tableNumber === 3 ? 'AWAY' : null,
          refusedAt: setNumber === 2 && tableNumber === 3 ? at('2026-10-03T19:00:00.001Z') : null,
          refusalComment: setNumber === 2 && tableNumber === 3 ? 'Spel 3 telde niet' : null,
          decidedAt: null,
          games:
            tableNumber === 1
              ? { create: [4, 1, 3, 2].map((gameNumber) => ({ gameNumber, winner: gameNumber % 2 ? 'HOME' : 'AWAY', kind: gameNumber === 4 ? 'PENALTY' : 'WON', points: 2, penaltyRule: gameNumber === 4 ? '21' : null })) }
              : undefined,
        },
      });
    }
    await db.substitution.create({ data: { matchId: match.id, teamId: home.id, setNumber: 3, pairNumber: 2, outMemberId: homePlayers[2], inMemberId: homePlayers[12], createdAt: at('2026-10-03T19:10:00.000Z') } });
    await db.substitution.create({ data: { matchId: match.id, teamId: away.id, setNumber: 2, pairNumber: 1, outMemberId: awayPlayers[0], inMemberId: awayPlayers[12], violation: 'TOO_MANY', recordedByRole: 'SUPERVISOR', createdAt: at('2026-10-03T19:20:00.000Z') } });
    await db.matchMove.create({ data: { matchId: match.id, fromDate: new Date('2026-09-26T00:00:00.000Z'), toDate: new Date('2026-10-03T00:00:00.000Z'), reason: 'Zaal bezet', swapped: true, createdAt: at('2026-09-20T10:00:00.000Z') } });
    await db.pointDeduction.create({ data: { seasonId: day.season.id, teamId: away.id, matchId: match.id, points: 2, rule: '4', reason: 'Niet-speelgerechtigde speler', createdAt: at('2026-10-04T09:00:00.000Z') } });
    await db.supervisorAction.create({
      data: { matchId: match.id, kind: 'REMOVE_PLAYER', setNumber: 2, tableNumber: 1, memberId: awayPlayers[1], side: 'AWAY', pairNumber: 1, fromGame: 3, gameNumbers: [3, 4], reason: 'Regel 38', createdAt: at('2026-10-03T19:30:00.000Z') },
    });
    await db.supervisorAction.create({
      data: { matchId: match.id, kind: 'VOID_WRONG_TABLE', setNumber: 1, tableNumber: 2, gameNumbers: [1, 2], voidedEntry: { homePoints: 6, awayPoints: 2, games: [{ n: 1 }] }, reason: 'Regel 22', createdAt: at('2026-10-03T19:05:00.000Z') },
    });
    await db.match.update({ where: { id: match.id }, data: { status: 'PLAYED', homePoints: 12, awayPoints: 4, enteredAt: at('2026-10-03T21:00:00.000Z'), nightOpenedAt: at('2026-10-03T17:45:00.000Z'), version: 7 } });

    const prisma = await viaPrisma(match.id);
    expect(prisma!.lineups.flatMap((l) => l.players)).toHaveLength(30);
    expect(prisma!.sets).toHaveLength(4);
    expect(prisma!.supervisorActions).toHaveLength(2);
    expect(await loadMatchRow(ctx.prisma, match.id)).toStrictEqual(prisma);
    // Inside a transaction too (the writer loads with its own connection).
    expect(await ctx.prisma.$transaction((tx) => loadMatchRow(tx, match.id))).toStrictEqual(prisma);
  });

  it('nothing for an archived match or an unknown id', async () => {
    const other = await createMatchDay(ctx.prisma, { date: '2026-10-10' });
    await ctx.prisma.match.update({ where: { id: other.match.id }, data: { archivedAt: new Date() } });
    expect(await loadMatchRow(ctx.prisma, other.match.id)).toBeNull();
    expect(await loadMatchRow(ctx.prisma, randomUUID())).toBeNull();
  });
});
