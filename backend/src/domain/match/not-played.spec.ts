import { CancelledMatchPoints, DEFAULT_SETTINGS } from '../settings';
import { averageBefore, averageScore, EarlierMatch, ForfeitCause, isLateCancellation, notPlayedOutcome } from './not-played';
import { Side } from './side';

const settings = DEFAULT_SETTINGS;

describe('no table screen (Regel 6)', () => {
  const outcome = notPlayedOutcome({ kind: 'NO_TABLE_SCREEN' }, settings);

  test('counts as not played: no game points, no competition points, nobody wins', () => {
    expect(outcome).toMatchObject({ homePoints: 0, awayPoints: 0, winner: null, sets: [] });
    expect(outcome.home).toEqual({ result: null, competitionPoints: 0, deduction: 3 });
    expect(outcome.away).toEqual({ result: null, competitionPoints: 0, deduction: 3 });
  });

  test('both clubs are fined, the board sets the amount', () => {
    expect(outcome.fines.map((f) => [f.side, f.rule, f.amountCents, f.beneficiary.kind])).toEqual([
      ['HOME', '6', null, 'FEDERATION'],
      ['AWAY', '6', null, 'FEDERATION'],
    ]);
  });

  test('the deduction follows the setting', () => {
    const custom = notPlayedOutcome({ kind: 'NO_TABLE_SCREEN' }, { ...settings, noScreenDeduction: 2 });
    expect([custom.home.deduction, custom.away.deduction]).toEqual([2, 2]);
  });
});

describe('both teams incomplete (Regel 7 for each team, RULES.md "Fines" 2026-11-26)', () => {
  const outcome = notPlayedOutcome({ kind: 'BOTH_INCOMPLETE' }, settings);

  test('both lose: no competition points and no game points for either, nobody wins, no sets credited', () => {
    expect(outcome).toMatchObject({ homePoints: 0, awayPoints: 0, winner: null, sets: [] });
    expect(outcome.home).toEqual({ result: 'LOSS', competitionPoints: 0, deduction: 0 });
    expect(outcome.away).toEqual({ result: 'LOSS', competitionPoints: 0, deduction: 0 });
  });

  test('each club is fined €60 (setting) with the federation as beneficiary', () => {
    expect(outcome.fines.map((f) => [f.side, f.rule, f.amountCents, f.beneficiary.kind])).toEqual([
      ['HOME', '7', 6000, 'FEDERATION'],
      ['AWAY', '7', 6000, 'FEDERATION'],
    ]);
    expect(notPlayedOutcome({ kind: 'BOTH_INCOMPLETE' }, { ...settings, forfeitFineCents: 7500 }).fines.map((f) => f.amountCents)).toEqual([7500, 7500]);
  });
});

describe('forfeit through gross negligence (Regel 7, 9)', () => {
  test.each<[string, Side, ForfeitCause, Side, string, string]>([
    [
      'away came with 4 pairs',
      'AWAY',
      'TOO_FEW_PAIRS',
      'HOME',
      '7',
      'Wedstrijd niet doorgegaan: minder dan 5 koppels aanwezig (Regel 7).',
    ],
    [
      'home called off 30 hours before',
      'HOME',
      'LATE_CANCELLATION',
      'AWAY',
      '7',
      'Wedstrijd minder dan 48 uur van tevoren afgezegd (Regel 7).',
    ],
    [
      'home stopped the match otherwise',
      'HOME',
      'OTHER',
      'AWAY',
      '9A',
      'Wedstrijd door toedoen van de vereniging niet doorgegaan (Regel 9A).',
    ],
  ])('%s: the opponent wins, €60 fine passed on to the affected club', (_, offending, cause, winner, rule, reason) => {
    const outcome = notPlayedOutcome({ kind: 'FORFEIT', offendingSide: offending, cause }, settings);
    const loser = offending === 'HOME' ? outcome.home : outcome.away;
    const won = offending === 'HOME' ? outcome.away : outcome.home;
    expect(outcome.winner).toBe(winner);
    expect(won).toEqual({ result: 'WIN', competitionPoints: 3, deduction: 0 });
    expect(loser).toEqual({ result: 'LOSS', competitionPoints: 0, deduction: 0 });
    expect(outcome.fines).toEqual([
      { side: offending, rule, reason, amountCents: 6000, beneficiary: { kind: 'CLUB', side: winner } },
    ]);
  });

  test('every set counts 8–0 for the opponent: 36 × 8 = 288–0', () => {
    const outcome = notPlayedOutcome({ kind: 'FORFEIT', offendingSide: 'AWAY', cause: 'TOO_FEW_PAIRS' }, settings);
    expect([outcome.homePoints, outcome.awayPoints]).toEqual([288, 0]);
    expect(outcome.sets).toHaveLength(36);
    expect(outcome.sets.every((s) => s.homePoints === 8 && s.awayPoints === 0 && s.source === 'FORFEIT')).toBe(true);
  });

  test('the set rows follow the table plan: set 2 at table 1 is home pair 1 against away pair 6', () => {
    const outcome = notPlayedOutcome({ kind: 'FORFEIT', offendingSide: 'HOME', cause: 'OTHER' }, settings);
    expect(outcome.sets.find((s) => s.setNumber === 2 && s.tableNumber === 1)).toEqual({
      setNumber: 2,
      tableNumber: 1,
      homePairNumber: 1,
      awayPairNumber: 6,
      homePoints: 0,
      awayPoints: 8,
      source: 'FORFEIT',
    });
  });

  test('the fine follows the setting', () => {
    const outcome = notPlayedOutcome(
      { kind: 'FORFEIT', offendingSide: 'HOME', cause: 'OTHER' },
      { ...settings, forfeitFineCents: 7500 },
    );
    expect(outcome.fines[0].amountCents).toBe(7500);
  });
});

describe('cancelled by the federation (Regel 8)', () => {
  test.each([
    ['no matches played yet: 0', [], 0],
    ['one match of 180', [180], 180],
    ['180 and 190 average 185', [180, 190], 185],
    ['180 and 181 average 180.5, rounded half up to 181', [180, 181], 181],
    ['100, 100, 101 average 100.33, rounded to 100', [100, 100, 101], 100],
    ['100, 101, 101 average 100.67, rounded to 101', [100, 101, 101], 101],
  ])('average score: %s', (_, previous, expected) => {
    expect(averageScore(previous)).toBe(expected);
  });

  test('rejects points that are not whole numbers', () => {
    expect(() => averageScore([180, 12.5])).toThrow(RangeError);
  });

  const earlier = (status: EarlierMatch['status'], pointsFor: number | null, date = '2026-10-01'): EarlierMatch => ({ status, pointsFor, date });

  // Only matches *played* before the date count (RULES.md "Cancelled by the federation").
  test.each<[string, EarlierMatch[], number]>([
    ['previous result 150 and a forfeit win 288–0: 150, not 219', [earlier('PLAYED', 150), earlier('FORFEIT', 288)], 150],
    ['previous result 150 and a forfeit loss 0–288: 150, not 75', [earlier('PLAYED', 150), earlier('FORFEIT', 0)], 150],
    ['an earlier cancelled match does not count', [earlier('PLAYED', 160), earlier('CANCELLED', 100)], 160],
    ['a match without table screen (Regel 6) does not count', [earlier('PLAYED', 160), earlier('NOT_PLAYED', 0)], 160],
    ['a fixture without result does not count', [earlier('PLAYED', 160), earlier('SCHEDULED', null)], 160],
    ['only forfeits: none played, 0', [earlier('FORFEIT', 288)], 0],
    ['a match on the same date or later does not count', [earlier('PLAYED', 150), earlier('PLAYED', 200, '2026-11-14'), earlier('PLAYED', 250, '2026-12-01')], 150],
    ['150 and 151 played: 150.5 rounded half up to 151', [earlier('PLAYED', 150), earlier('PLAYED', 151)], 151],
  ])('averageBefore: %s', (_, matches, expected) => {
    expect(averageBefore(matches, '2026-11-14')).toBe(expected);
  });

  const cancelledMatch = (homeEarlier: EarlierMatch[], awayEarlier: EarlierMatch[]) =>
    ({ kind: 'CANCELLED', date: '2026-11-14', homeEarlier, awayEarlier }) as const;

  // Regel 8 (revised): the averaged score decides the match like any result, unless the season chooses NONE.
  test.each<[string, CancelledMatchPoints, number[], number[], object]>([
    [
      'FROM_AVERAGES, 161–0: home wins, 3 and 0 points, counted as played',
      'FROM_AVERAGES',
      [150, 171],
      [],
      { homePoints: 161, awayPoints: 0, winner: 'HOME', home: { result: 'WIN', competitionPoints: 3, deduction: 0 }, away: { result: 'LOSS', competitionPoints: 0, deduction: 0 } },
    ],
    [
      'FROM_AVERAGES, 140–151: away wins',
      'FROM_AVERAGES',
      [140],
      [151],
      { homePoints: 140, awayPoints: 151, winner: 'AWAY', home: { result: 'LOSS', competitionPoints: 0, deduction: 0 }, away: { result: 'WIN', competitionPoints: 3, deduction: 0 } },
    ],
    [
      'FROM_AVERAGES, equal averages: a draw, 1 point each',
      'FROM_AVERAGES',
      [150],
      [150],
      { homePoints: 150, awayPoints: 150, winner: 'DRAW', home: { result: 'DRAW', competitionPoints: 1, deduction: 0 }, away: { result: 'DRAW', competitionPoints: 1, deduction: 0 } },
    ],
    [
      'NONE, 161–0: no competition points, not played, not won or lost',
      'NONE',
      [150, 171],
      [],
      { homePoints: 161, awayPoints: 0, winner: null, home: { result: null, competitionPoints: 0, deduction: 0 }, away: { result: null, competitionPoints: 0, deduction: 0 } },
    ],
  ])('%s', (_, cancelledMatchPoints, home, away, expected) => {
    const outcome = notPlayedOutcome(
      cancelledMatch(home.map((p) => earlier('PLAYED', p)), away.map((p) => earlier('PLAYED', p))),
      { ...settings, cancelledMatchPoints },
    );
    expect(outcome).toEqual({ ...expected, sets: [], fines: [] });
  });

  test('the forfeit win does not lift the average that decides the match: 150 (not 219) against 160', () => {
    const outcome = notPlayedOutcome(cancelledMatch([earlier('PLAYED', 150), earlier('FORFEIT', 288)], [earlier('PLAYED', 160)]), settings);
    expect([outcome.homePoints, outcome.awayPoints, outcome.winner]).toEqual([150, 160, 'AWAY']);
  });
});

describe('late cancellation (Regel 7: less than 48 hours before)', () => {
  const start = new Date('2026-11-14T20:00:00+01:00');
  test.each([
    ['72 hours before', '2026-11-11T20:00:00+01:00', false],
    ['exactly 48 hours before', '2026-11-12T20:00:00+01:00', false],
    ['47 hours 59 minutes before', '2026-11-12T20:01:00+01:00', true],
    ['on the evening itself', '2026-11-14T18:00:00+01:00', true],
    ['after the start', '2026-11-14T21:00:00+01:00', true],
  ])('called off %s → late: %s', (_, calledOff, late) => {
    expect(isLateCancellation(new Date(calledOff), start)).toBe(late);
  });
});
