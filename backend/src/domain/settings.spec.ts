import { CANCELLED_MATCH_POINTS, DEFAULT_SETTINGS, settingsProblems } from './settings';

describe('settingsProblems', () => {
  it('finds none in the TSBN defaults', () => {
    expect(settingsProblems({ ...DEFAULT_SETTINGS })).toEqual([]);
  });

  test.each([
    ['minimum pairs above pairs per team', { minimumPairsToStart: 7 }, 'minimumPairsToStart'],
    ['substitutions from a set that does not exist', { substitutionsFromSet: 7 }, 'substitutionsFromSet'],
    ['a draw worth more than a win', { pointsDraw: 4 }, 'pointsDraw'],
    ['a loss worth more than a draw', { pointsLoss: 2 }, 'pointsDraw'],
    ['a repeated missing line-up fined less than the first', { lineupMissingRepeatFineCents: 1000 }, 'lineupMissingRepeatFineCents'],
  ])('refuses %s', (_name, change, field) => {
    expect(settingsProblems({ ...DEFAULT_SETTINGS, ...change }).map((p) => p.field)).toEqual([field]);
  });
});

describe('DEFAULT_SETTINGS: the one declaration of the settings', () => {
  test.each([
    ['Regel 8 (revised): a cancelled match is decided by its averaged score', 'cancelledMatchPoints', 'FROM_AVERAGES'],
    ['Regel 40: a win is worth 3', 'pointsWin', 3],
    ['Regel 40: a draw is worth 1', 'pointsDraw', 1],
    ['Regel 40: a loss is worth 0', 'pointsLoss', 0],
    ['Regel 12A: a set not played counts 8–0', 'missingSetPoints', 8],
    ['Regel 7: fewer than 5 pairs and the match cannot start', 'minimumPairsToStart', 5],
  ] as const)('%s', (_name, key, value) => {
    expect(DEFAULT_SETTINGS[key]).toBe(value);
  });

  it('offers the default as one of the choices for cancelledMatchPoints', () => {
    expect(CANCELLED_MATCH_POINTS).toEqual(['FROM_AVERAGES', 'NONE']);
    expect(CANCELLED_MATCH_POINTS).toContain(DEFAULT_SETTINGS.cancelledMatchPoints);
  });
});
