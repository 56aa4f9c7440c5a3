import { DEFAULT_SETTINGS } from '../settings';
import { Lineup, Substitution } from '.';
import { fieldedPlayers, incompleteFromStart, matchCredits, NO_LINEUP_REASON, offLineupSides, StoredResult, storedWinner, TeamFacts } from './match-facts';

const settings = DEFAULT_SETTINGS;

function lineup(prefix: string, options: { absent?: number[]; late?: Record<number, number>; reserves?: string[] } = {}): Lineup {
  return {
    pairs: [1, 2, 3, 4, 5, 6]
      .filter((n) => !options.absent?.includes(n))
      .map((pairNumber) => ({ pairNumber, players: [`${prefix}${pairNumber}a`, `${prefix}${pairNumber}b`] as const, fromSet: options.late?.[pairNumber] ?? 1 })),
    reserves: options.reserves ?? [`${prefix}r1`, `${prefix}r2`],
  };
}

const team = (l: Lineup | null, substitutions: Substitution[] = []): TeamFacts => ({ lineup: l, substitutions });
const credits = (home: TeamFacts, away: TeamFacts) =>
  matchCredits({ HOME: home, AWAY: away }, settings).credited.map((c) => `${c.setNumber}/${c.tableNumber} ${c.homePoints}-${c.awayPoints} ${c.source}`);

describe('credited seats on match day (Regel 5B, 5C, 12A, 14)', () => {
  test.each([
    ['both teams complete: nothing is credited', team(lineup('h')), team(lineup('a')), []],
    [
      'home pair 6 absent: the away pair at table 6 gets 8–0 in every set (Regel 12A)',
      team(lineup('h', { absent: [6] })),
      team(lineup('a')),
      [1, 2, 3, 4, 5, 6].map((s) => `${s}/6 0-8 MISSING_PAIR`),
    ],
    [
      'away pair 6 came after set 1 (Regel 5C): set 1 at table 6 counts 8–0 for home',
      team(lineup('h')),
      team(lineup('a', { late: { 6: 2 } })),
      ['1/6 8-0 MISSING_PAIR'],
    ],
    [
      'home pair 1 and away pair 1 both absent: at table 1 in set 1 each is credited for the other, 8–8',
      team(lineup('h', { absent: [1] })),
      team(lineup('a', { absent: [1] })),
      expect.arrayContaining(['1/1 8-8 MISSING_PAIR', '2/1 0-8 MISSING_PAIR', '2/2 8-0 MISSING_PAIR']),
    ],
    [
      'no line-up recorded yet: nothing is credited for that team',
      team(null),
      team(lineup('a', { absent: [3] })),
      [1, 2, 3, 4, 5, 6].map((s) => `${s}/${((3 + s - 2) % 6) + 1} 8-0 MISSING_PAIR`),
    ],
  ])('%s', (_name, home, away, expected) => {
    expect(credits(home, away)).toEqual(expected);
  });

  test('an illegal substitution costs that pair every set from then on (Regel 13, 14)', () => {
    const sub = { setNumber: 3, pairNumber: 2, outPlayerId: 'h2a', inPlayerId: 'h3a' };
    const result = matchCredits({ HOME: team(lineup('h'), [sub]), AWAY: team(lineup('a')) }, settings);
    expect(result.credited.map((c) => `${c.setNumber}/${c.tableNumber} ${c.homePoints}-${c.awayPoints} ${c.source}`)).toEqual(
      [3, 4, 5, 6].map((s) => `${s}/2 0-8 SUBSTITUTION_VIOLATION`),
    );
    expect(result.checks.HOME[0]).toMatchObject({ legal: false, setsLost: true, notOnLineup: false, reasons: [expect.stringContaining('speelt al in koppel 3')] });
    expect(offLineupSides(result.checks)).toEqual([]);
  });

  test('a substitute who is not on the line-up is a Regel 4 case and costs no sets (Regel 5C, 13)', () => {
    const sub = { setNumber: 3, pairNumber: 2, outPlayerId: 'a2a', inPlayerId: 'stranger' };
    const result = matchCredits({ HOME: team(lineup('h')), AWAY: team(lineup('a'), [sub]) }, settings);
    expect(result.credited).toEqual([]);
    expect(result.checks.AWAY[0]).toMatchObject({ legal: false, notOnLineup: true, setsLost: false, reasons: [expect.stringContaining('Regel 4')] });
    expect(offLineupSides(result.checks)).toEqual(['AWAY']);
  });

  test('a legal substitution from set 3 credits nothing', () => {
    const sub = { setNumber: 3, pairNumber: 2, outPlayerId: 'h2a', inPlayerId: 'hr1' };
    const result = matchCredits({ HOME: team(lineup('h'), [sub]), AWAY: team(lineup('a')) }, settings);
    expect(result.credited).toEqual([]);
    expect(result.checks.HOME).toEqual([{ substitution: sub, legal: true }]);
  });

  test('a substitution for a team without line-up is flagged, not credited', () => {
    const sub = { setNumber: 3, pairNumber: 2, outPlayerId: 'x', inPlayerId: 'y' };
    const result = matchCredits({ HOME: team(null, [sub]), AWAY: team(lineup('a')) }, settings);
    expect(result.checks.HOME).toEqual([{ substitution: sub, legal: false, reasons: [NO_LINEUP_REASON], notOnLineup: false, setsLost: false }]);
    expect(result.credited).toEqual([]);
  });
});

describe('who was fielded and who was complete (Regel 4, 11)', () => {
  test('the pairs and every substitute brought in were fielded; reserves who never played were not', () => {
    const sub = { setNumber: 4, pairNumber: 1, outPlayerId: 'h1a', inPlayerId: 'hr1' };
    const fielded = fieldedPlayers(team(lineup('h'), [sub]));
    expect(fielded).toContain('hr1');
    expect(fielded).toContain('h1a');
    expect(fielded).not.toContain('hr2');
    expect(fielded).toHaveLength(13);
  });

  test.each([
    ['all 6 pairs from set 1', lineup('h'), false],
    ['5 pairs, the 6th after set 1', lineup('h', { late: { 6: 2 } }), true],
    ['5 pairs only', lineup('h', { absent: [4] }), true],
  ])('%s → incomplete: %s', (_name, l, expected) => {
    expect(incompleteFromStart(l, settings)).toBe(expected);
  });
});

describe('the winner of a stored match', () => {
  const base: StoredResult = { status: 'PLAYED', resultState: 'CONFIRMED', homePoints: 150, awayPoints: 138, forfeitingSide: null, homeIneligible: false, awayIneligible: false };
  test.each<[string, Partial<StoredResult>, ReturnType<typeof storedWinner>]>([
    ['more game points wins', {}, 'HOME'],
    ['equal game points: a draw', { awayPoints: 150 }, 'DRAW'],
    ['not yet confirmed: no winner yet', { resultState: 'ENTERED' }, null],
    ['Regel 4: the home team fielded an ineligible player and loses despite more points', { homeIneligible: true }, 'AWAY'],
    ['Regel 4: both teams did, both lose', { homeIneligible: true, awayIneligible: true }, null],
    ['Regel 7: the home team forfeited', { status: 'FORFEIT', forfeitingSide: 'HOME', homePoints: 0, awayPoints: 288 }, 'AWAY'],
    ['Regel 6: not played', { status: 'NOT_PLAYED', homePoints: 0, awayPoints: 0 }, null],
    ['Regel 8: cancelled, scored with averages: the averaged score decides, as the standings count it', { status: 'CANCELLED' }, 'HOME'],
    ['both teams incomplete (Regel 7 twice): both lose, nobody wins', { status: 'FORFEIT', bothForfeited: true, homePoints: 0, awayPoints: 0 }, null],
  ])('%s', (_name, change, expected) => {
    expect(storedWinner({ ...base, ...change }, DEFAULT_SETTINGS)).toBe(expected);
  });

  it('Regel 8 with cancelledMatchPoints NONE: no winner, as the standings give no result', () => {
    expect(storedWinner({ ...base, status: 'CANCELLED' }, { cancelledMatchPoints: 'NONE' })).toBeNull();
  });
});
