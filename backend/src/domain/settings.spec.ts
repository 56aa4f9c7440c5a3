import { DEFAULT_SETTINGS, settingsProblems } from './settings';

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
