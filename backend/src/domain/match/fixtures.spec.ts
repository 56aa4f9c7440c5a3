import { addDays, IsoDate } from '../dates';
import { byes, Fixture, generateSchedule, roundsNeeded, ScheduleError } from './fixtures';

const teams = (n: number) => Array.from({ length: n }, (_, i) => `T${i + 1}`);
const weekly = (n: number, from: IsoDate = '2026-09-12'): IsoDate[] =>
  Array.from({ length: n }, (_, i) => addDays(from, 7 * i));
const schedule = (n: number, double: boolean) =>
  generateSchedule({ teamIds: teams(n), dates: weekly(roundsNeeded(n, double)), double });

/** A team's matches in round order as 'H' / 'A'; a bye is no match and is skipped. */
function venues(fixtures: readonly Fixture[], team: string): string[] {
  return [...fixtures]
    .sort((a, b) => a.round - b.round)
    .filter((f) => f.homeTeamId === team || f.awayTeamId === team)
    .map((f) => (f.homeTeamId === team ? 'H' : 'A'));
}

function longestRun(sequence: readonly string[]): number {
  let longest = 0;
  let run = 0;
  sequence.forEach((venue, i) => {
    run = i > 0 && venue === sequence[i - 1] ? run + 1 : 1;
    longest = Math.max(longest, run);
  });
  return longest;
}

const longestRunOf = (fixtures: readonly Fixture[], n: number) =>
  Math.max(...teams(n).map((team) => longestRun(venues(fixtures, team))));

const counts = (keys: string[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());

const sizes = Array.from({ length: 17 }, (_, i) => i + 4); // 4 … 20 teams

describe.each(sizes)('round robin of %i teams', (n) => {
  const single = schedule(n, false);
  const double = schedule(n, true);
  const singleRounds = n % 2 === 0 ? n - 1 : n;

  test(`single: ${n % 2 === 0 ? 'n − 1' : 'n'} rounds, double: twice as many`, () => {
    expect(new Set(single.map((f) => f.round)).size).toBe(singleRounds);
    expect(new Set(double.map((f) => f.round)).size).toBe(2 * singleRounds);
  });

  test.each([
    ['single', single],
    ['double', double],
  ])('%s: no team plays twice in a round, and every round has ⌊n/2⌋ matches', (_, fixtures) => {
    for (const round of new Set(fixtures.map((f) => f.round))) {
      const inRound = fixtures.filter((f) => f.round === round);
      const playing = inRound.flatMap((f) => [f.homeTeamId, f.awayTeamId]);
      expect(new Set(playing).size).toBe(playing.length);
      expect(inRound).toHaveLength(Math.floor(n / 2));
    }
  });

  test('single: every two teams meet exactly once', () => {
    const meetings = counts(single.map((f) => [f.homeTeamId, f.awayTeamId].sort().join('-')));
    expect(meetings.size).toBe((n * (n - 1)) / 2);
    expect([...meetings.values()].every((times) => times === 1)).toBe(true);
  });

  test('double: every team plays every other team once at home and once away', () => {
    const meetings = counts(double.map((f) => `${f.homeTeamId}-${f.awayTeamId}`));
    expect(meetings.size).toBe(n * (n - 1));
    expect([...meetings.values()].every((times) => times === 1)).toBe(true);
  });

  test('double: the second half mirrors the first with home and away swapped', () => {
    const mirrored = single.map((f) => ({
      ...f,
      round: f.round + singleRounds,
      homeTeamId: f.awayTeamId,
      awayTeamId: f.homeTeamId,
    }));
    const secondHalf = double.filter((f) => f.round > singleRounds).map(({ date: _, ...f }) => f);
    expect(secondHalf).toEqual(mirrored.map(({ date: _, ...f }) => f));
  });

  test('single: home and away matches of each team differ by at most 1', () => {
    for (const team of teams(n)) {
      const homes = venues(single, team).filter((v) => v === 'H').length;
      expect(Math.abs(2 * homes - venues(single, team).length)).toBeLessThanOrEqual(1);
    }
  });

  test('single: no team plays more than two home or two away matches in a row', () => {
    expect(longestRunOf(single, n)).toBeLessThanOrEqual(2);
  });

  test(
    n === 4
      ? 'double: three in a row across the turn cannot be avoided with 4 teams, and three is the most'
      : 'double: no team plays more than two home or two away matches in a row, also across the turn',
    () => {
      expect(longestRunOf(double, n)).toBe(n === 4 ? 3 : 2);
    },
  );

  test(n % 2 === 1 ? 'odd: one team sits out each round, every team once per half' : 'even: nobody sits out', () => {
    const sitOut = byes(single, teams(n));
    expect(sitOut).toHaveLength(n % 2 === 1 ? n : 0);
    expect(new Set(sitOut.map((b) => b.teamId)).size).toBe(sitOut.length);
  });

  test('each round is played on its own date, in the order given', () => {
    const dates = weekly(2 * singleRounds);
    expect(double.every((f) => f.date === dates[f.round - 1])).toBe(true);
  });
});

describe('with 4 teams no mirrored double round robin avoids three in a row', () => {
  // K4 has exactly three perfect matchings, so every single round robin of 4 teams is one
  // of their 3! orders with each of the 6 matches oriented either way: 384 schedules.
  const matchings: [number, number][][] = [
    [
      [0, 1],
      [2, 3],
    ],
    [
      [0, 2],
      [1, 3],
    ],
    [
      [0, 3],
      [1, 2],
    ],
  ];
  const orders = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];

  test('every one of the 384 schedules has a team with three home or three away matches in a row', () => {
    let best = Infinity;
    for (const order of orders) {
      for (let flips = 0; flips < 64; flips++) {
        const half = order.map((m) => matchings[m]);
        const venue = (round: number, team: number) => {
          const index = half[round].findIndex((match) => match.includes(team));
          const home = half[round][index][(flips >> (2 * round + index)) & 1];
          return home === team ? 'H' : 'A';
        };
        const longest = Math.max(
          ...[0, 1, 2, 3].map((team) => {
            const first = [0, 1, 2].map((round) => venue(round, team));
            return longestRun([...first, ...first.map((v) => (v === 'H' ? 'A' : 'H'))]);
          }),
        );
        best = Math.min(best, longest);
      }
    }
    expect(best).toBe(3);
  });
});

describe('small divisions', () => {
  test('2 teams: one match, or one at each club', () => {
    expect(generateSchedule({ teamIds: ['A', 'B'], dates: ['2026-09-12', '2026-09-19'], double: true })).toEqual([
      { round: 1, date: '2026-09-12', homeTeamId: 'A', awayTeamId: 'B' },
      { round: 2, date: '2026-09-19', homeTeamId: 'B', awayTeamId: 'A' },
    ]);
  });

  test('3 teams: three rounds of one match, each team sitting out once', () => {
    const fixtures = generateSchedule({ teamIds: ['A', 'B', 'C'], dates: weekly(3), double: false });
    expect(fixtures).toHaveLength(3);
    expect(
      byes(fixtures, ['A', 'B', 'C'])
        .map((b) => b.teamId)
        .sort(),
    ).toEqual(['A', 'B', 'C']);
  });

  test('dates beyond the rounds needed are not used', () => {
    const fixtures = generateSchedule({ teamIds: teams(4), dates: weekly(10), double: false });
    expect(new Set(fixtures.map((f) => f.date))).toEqual(new Set(weekly(3)));
  });
});

describe('schedules that cannot be made', () => {
  test.each<[string, string[], IsoDate[], boolean, string]>([
    ['one team', ['T1'], weekly(1), false, 'Een competitie heeft minstens 2 teams nodig.'],
    ['a team listed twice', ['T1', 'T2', 'T1'], weekly(3), false, 'Team T1 staat meer dan één keer in de lijst.'],
    [
      '8 teams, double, 13 dates',
      teams(8),
      weekly(13),
      true,
      'Voor 8 teams in een dubbele competitie zijn 14 speeldata nodig; er zijn er 13 opgegeven.',
    ],
    [
      '5 teams, single, 1 date',
      teams(5),
      weekly(1),
      false,
      'Voor 5 teams in een enkele competitie zijn 5 speeldata nodig; er is er 1 opgegeven.',
    ],
    ['a date that does not exist', teams(2), ['2026-02-30'], false, 'Geen geldige datum: 2026-02-30.'],
    [
      'two rounds on one day',
      teams(4),
      ['2026-09-12', '2026-09-19', '2026-09-19'],
      false,
      'De speeldata moeten oplopen, elke ronde op een eigen dag: 19-09-2026 volgt op 19-09-2026.',
    ],
  ])('%s', (_, teamIds, dates, double, message) => {
    const attempt = () => generateSchedule({ teamIds, dates, double });
    expect(attempt).toThrow(ScheduleError);
    expect(attempt).toThrow(message);
  });
});
