import { DEFAULT_SETTINGS } from '../settings';
import {
  applyIneligibility,
  computeMatchResult,
  MatchOutcome,
  missingPairSets,
  PairPresence,
  SetResult,
  validateMatchSets,
  withCredits,
} from './match-result';
import { tablePlan } from './rotation';
import { Side } from './side';

const settings = DEFAULT_SETTINGS;
const allPairs: PairPresence[] = [1, 2, 3, 4, 5, 6].map((pairNumber) => ({ pairNumber }));

/** All 36 sets of a match, each scored by `score` (default 6–2 for the home pair). */
function playedSets(score: (set: number, table: number) => [number, number] = () => [6, 2]): SetResult[] {
  return tablePlan().map((seat) => {
    const [homePoints, awayPoints] = score(seat.setNumber, seat.tableNumber);
    return { ...seat, homePoints, awayPoints };
  });
}

const seats = (rows: SetResult[]) =>
  rows.map((r) => `set ${r.setNumber} tafel ${r.tableNumber}: ${r.homePoints}–${r.awayPoints}`);

describe('match result (sum of the set scores)', () => {
  test.each<[string, SetResult[], number, number, Side | 'DRAW', number, number]>([
    ['every set 6–2 for the home pair', playedSets(), 216, 72, 'HOME', 3, 0],
    ['every set 4–4', playedSets(() => [4, 4]), 144, 144, 'DRAW', 1, 1],
    [
      'away wins only set 6, but with four baunies',
      playedSets((s) => (s === 6 ? [0, 60] : [4, 4])),
      120,
      480,
      'AWAY',
      0,
      3,
    ],
    ['one point in it', playedSets((s, t) => (s === 1 && t === 1 ? [5, 4] : [4, 4])), 145, 144, 'HOME', 3, 0],
  ])('%s → %i–%i, %s wins, competition points %i–%i', (_, sets, home, away, winner, homeCp, awayCp) => {
    const result = computeMatchResult(settings, sets);
    expect(result).toMatchObject({ homePoints: home, awayPoints: away, winner });
    expect([result.home.competitionPoints, result.away.competitionPoints]).toEqual([homeCp, awayCp]);
  });
});

describe('missing pairs and latecomers (Regel 12A, 5B, 5C)', () => {
  const without = (pairNumber: number) => allPairs.filter((p) => p.pairNumber !== pairNumber);

  test.each<[string, PairPresence[], PairPresence[], string[]]>([
    ['all twelve pairs present: nothing credited', allPairs, allPairs, []],
    [
      'home pair 3 absent: away gets 8–0 at table 3 in every set',
      without(3),
      allPairs,
      [1, 2, 3, 4, 5, 6].map((s) => `set ${s} tafel 3: 0–8`),
    ],
    [
      'away pair 2 absent: home gets 8–0 wherever pair 2 should have walked to',
      allPairs,
      without(2),
      [
        'set 1 tafel 2: 8–0',
        'set 2 tafel 3: 8–0',
        'set 3 tafel 4: 8–0',
        'set 4 tafel 5: 8–0',
        'set 5 tafel 6: 8–0',
        'set 6 tafel 1: 8–0',
      ],
    ],
    [
      'away pair 6 comes in after set 1 (Regel 5C): only set 1 is credited',
      allPairs,
      [...without(6), { pairNumber: 6, fromSet: 2 }],
      ['set 1 tafel 6: 8–0'],
    ],
    [
      'home pair 4 comes in after set 2 (Regel 5B): sets 1 and 2 are credited',
      [...without(4), { pairNumber: 4, fromSet: 3 }],
      allPairs,
      ['set 1 tafel 4: 0–8', 'set 2 tafel 4: 0–8'],
    ],
    [
      'home pair 1 and away pair 1 both absent: 8–8 where they should have met, 8–0 or 0–8 elsewhere',
      without(1),
      without(1),
      [
        'set 1 tafel 1: 8–8',
        'set 2 tafel 1: 0–8',
        'set 2 tafel 2: 8–0',
        'set 3 tafel 1: 0–8',
        'set 3 tafel 3: 8–0',
        'set 4 tafel 1: 0–8',
        'set 4 tafel 4: 8–0',
        'set 5 tafel 1: 0–8',
        'set 5 tafel 5: 8–0',
        'set 6 tafel 1: 0–8',
        'set 6 tafel 6: 8–0',
      ],
    ],
  ])('%s', (_, homePairs, awayPairs, expected) => {
    expect(seats(missingPairSets({ homePairs, awayPairs, settings }))).toEqual(expected);
  });

  test('credited sets say why, and carry the pairs of the table plan', () => {
    const [credit] = missingPairSets({ homePairs: allPairs, awayPairs: without(6), settings });
    expect(credit).toEqual({
      setNumber: 1,
      tableNumber: 6,
      homePairNumber: 6,
      awayPairNumber: 6,
      homePoints: 8,
      awayPoints: 0,
      source: 'MISSING_PAIR',
    });
  });

  test('a whole match with home pair 3 absent: its six sets go 0–8, the other 30 as played', () => {
    const credits = missingPairSets({ homePairs: without(3), awayPairs: allPairs, settings });
    const played = playedSets().filter((row) => row.tableNumber !== 3);
    const sets = withCredits(played, credits);
    expect(validateMatchSets(sets, settings)).toEqual([]);
    expect(computeMatchResult(settings, sets)).toMatchObject({ homePoints: 180, awayPoints: 60 + 48, winner: 'HOME' });
  });

  test('a credited set replaces whatever was entered for that seat', () => {
    const credits = missingPairSets({ homePairs: allPairs, awayPairs: without(6), settings });
    const sets = withCredits(
      playedSets(() => [2, 8]),
      credits,
    );
    expect(sets).toHaveLength(36);
    expect(sets.find((r) => r.setNumber === 1 && r.tableNumber === 6)).toMatchObject({ homePoints: 8, awayPoints: 0 });
  });
});

describe('validateMatchSets', () => {
  const complete = playedSets();
  const replace = (setNumber: number, tableNumber: number, change: Partial<SetResult>) =>
    complete.map((r) => (r.setNumber === setNumber && r.tableNumber === tableNumber ? { ...r, ...change } : r));

  test.each<[string, SetResult[], string[]]>([
    ['all 36 seats of the table plan', complete, []],
    [
      'set 2 at table 5 missing',
      complete.filter((r) => !(r.setNumber === 2 && r.tableNumber === 5)),
      ['Set 2, tafel 5: de uitslag ontbreekt.'],
    ],
    ['set 4 at table 1 twice', [...complete, complete[18]], ['Set 4, tafel 1 is meer dan één keer ingevoerd.']],
    [
      'away pair 1 at table 1 in set 2 (it walked on to table 2)',
      replace(2, 1, { awayPairNumber: 1 }),
      ['Set 2, tafel 1: hier speelt thuiskoppel 1 tegen uitkoppel 6, niet 1 tegen 1 (Regel 22).'],
    ],
    [
      'negative points',
      replace(3, 3, { homePoints: -2 }),
      ['Set 3, tafel 3: punten moeten hele getallen van 0 of meer zijn.'],
    ],
    [
      'a seventh set',
      [...complete, { ...complete[0], setNumber: 7 }],
      ['Set 7, tafel 1 bestaat niet: een wedstrijd heeft 6 sets aan 6 tafels.'],
    ],
  ])('%s', (_, sets, errors) => {
    expect(validateMatchSets(sets, settings)).toEqual(errors);
  });
});

describe('ineligible player (Regel 4)', () => {
  const homeWin = computeMatchResult(settings, playedSets());
  const draw = computeMatchResult(
    settings,
    playedSets(() => [4, 4]),
  );

  test.each<[string, MatchOutcome, Side | 'BOTH', MatchOutcome]>([
    [
      'home won 216–72 but fielded an ineligible player: away wins, home loses 3 more points',
      homeWin,
      'HOME',
      {
        homePoints: 216,
        awayPoints: 72,
        winner: 'AWAY',
        home: { result: 'LOSS', competitionPoints: 0, deduction: 3 },
        away: { result: 'WIN', competitionPoints: 3, deduction: 0 },
      },
    ],
    [
      'home won, away fielded an ineligible player: the result stands and away loses 3 more points',
      homeWin,
      'AWAY',
      {
        homePoints: 216,
        awayPoints: 72,
        winner: 'HOME',
        home: { result: 'WIN', competitionPoints: 3, deduction: 0 },
        away: { result: 'LOSS', competitionPoints: 0, deduction: 3 },
      },
    ],
    [
      'a draw, away fielded an ineligible player: home wins',
      draw,
      'AWAY',
      {
        homePoints: 144,
        awayPoints: 144,
        winner: 'HOME',
        home: { result: 'WIN', competitionPoints: 3, deduction: 0 },
        away: { result: 'LOSS', competitionPoints: 0, deduction: 3 },
      },
    ],
    [
      'both fielded an ineligible player: both lose, nobody wins, both lose 3 points',
      homeWin,
      'BOTH',
      {
        homePoints: 216,
        awayPoints: 72,
        winner: null,
        home: { result: 'LOSS', competitionPoints: 0, deduction: 3 },
        away: { result: 'LOSS', competitionPoints: 0, deduction: 3 },
      },
    ],
  ])('%s', (_, result, offending, expected) => {
    expect(applyIneligibility(result, offending, settings)).toEqual(expected);
  });

  test('the deduction follows the setting', () => {
    const ruling = applyIneligibility(homeWin, 'HOME', { ...settings, ineligiblePlayerDeduction: 5 });
    expect(ruling.home.deduction).toBe(5);
  });
});
