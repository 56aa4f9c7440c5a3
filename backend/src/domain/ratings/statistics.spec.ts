import { PlayGame, PlayMatch, PlaySeat } from './play';
import { pairStatistics, playerStatistics, seatLines, tally } from './statistics';

const g = (winner: 'HOME' | 'AWAY', kind: PlayGame['kind'], points: number, penaltyRule: string | null = null): PlayGame => ({ winner, kind, points, penaltyRule });
function seat(fields: Partial<PlaySeat>): PlaySeat {
  return { setNumber: 1, tableNumber: 1, source: 'TOTALS', homePoints: 8, awayPoints: 0, homePlayers: ['a', 'b'], awayPlayers: ['c', 'd'], games: null, ...fields };
}
function match(id: string, seats: PlaySeat[], seasonId = 's1'): PlayMatch {
  return { id, seasonId, divisionId: 'd1', date: '2026-10-03', startTime: '20:00', home: { teamId: 'th', clubId: 'ch' }, away: { teamId: 'ta', clubId: 'ca' }, seats };
}

// Set 1: a+b (home) 9–6 with games: WON, KAP, FAILED_BAUNIE by away (5 to home)… see rows.
const gamesSet = seat({
  source: 'GAMES',
  homePoints: 9,
  awayPoints: 17,
  games: [g('HOME', 'KAP', 5), g('AWAY', 'BAUNIE', 15), g('HOME', 'KAP_TAPPED', 2), g('AWAY', 'PENALTY', 2, '19')],
});
const failed = seat({ setNumber: 2, source: 'GAMES', homePlayers: ['a', 'c'], awayPlayers: ['b', 'd'], homePoints: 4, awayPoints: 9, games: [g('AWAY', 'FAILED_BAUNIE', 5), g('HOME', 'WON', 2), g('HOME', 'WON', 2), g('AWAY', 'WON', 4 - 2 + 2)] });
const totals = seat({ setNumber: 3, homePoints: 4, awayPoints: 4 });

describe('statistics from the game-level data', () => {
  test.each([
    ['a set entered game by game', [gamesSet], { sets: 1, won: 0, lost: 1, drawn: 0, pointsFor: 9, pointsAgainst: 17, setsWithGames: 1, gamesWon: 2, gamesLost: 2, kaps: 2, kapsConceded: 0, baunies: 0, bauniesConceded: 1, failedBaunies: 0, penalties: 1 }],
    ['a set entered as totals: counts unknown, not 0', [totals], { sets: 1, drawn: 1, pointsShare: 50, setsWithGames: 0, gamesWon: null, kaps: null, baunies: null, failedBaunies: null, penalties: null }],
    ['both: counts over the one set with games', [gamesSet, totals], { sets: 2, drawn: 1, lost: 1, pointsFor: 13, pointsAgainst: 21, setsWithGames: 1, kaps: 2 }],
    ['a credited seat is not play', [seat({ source: 'MISSING_PAIR' })], { sets: 0, pointsShare: null, gamesWon: null }],
  ])('player a: %s', (_, seats, expected) => {
    const lines = seatLines([match('m1', seats)], 'a');
    expect(tally(lines)).toMatchObject(expected);
  });

  test('a failed baunie counts for the pair that tried it; from the other side it is a point won', () => {
    const m = [match('m1', [failed])];
    expect(tally(seatLines(m, 'b'))).toMatchObject({ failedBaunies: 0, gamesWon: 2, won: 1 });
    expect(tally(seatLines(m, 'a'))).toMatchObject({ failedBaunies: 1, gamesWon: 2, lost: 1 });
  });

  test('per partner, per opponent club and per season; the pair page counts only the seats together', () => {
    const ms = [match('m1', [gamesSet, failed]), match('m2', [totals], 's2')];
    const stats = playerStatistics(seatLines(ms, 'a'));
    expect(stats.career.sets).toBe(3);
    expect(stats.partners.map((p) => [p.key, p.tally.sets])).toEqual([['b', 2], ['c', 1]]);
    expect(stats.seasons.map((s) => [s.key, s.tally.sets])).toEqual([['s1', 2], ['s2', 1]]);
    expect(stats.opponentClubs.map((c) => [c.key, c.tally.sets])).toEqual([['ca', 3]]);
    const pair = pairStatistics(ms, 'a', 'b');
    expect(pair.career).toMatchObject({ sets: 2, pointsFor: 13, pointsAgainst: 21, setsWithGames: 1 });
  });
});
