import { earliestChange } from './ratings-data';

describe('where a rewind starts: the earliest date whose final matches changed', () => {
  test.each([
    ['nothing changed', { '2026-10-03': '2:1', '2026-10-10': '3:5' }, { '2026-10-03': '2:1', '2026-10-10': '3:5' }, null],
    ['a match made final tonight', { '2026-10-03': '2:1' }, { '2026-10-03': '2:1', '2026-10-10': '1:7' }, '2026-10-10'],
    ['a second match of the same evening', { '2026-10-03': '2:1', '2026-10-10': '1:7' }, { '2026-10-03': '2:1', '2026-10-10': '2:9' }, '2026-10-10'],
    ['a correction of an old match', { '2026-10-03': '2:1', '2026-10-10': '1:7' }, { '2026-10-03': '2:4', '2026-10-10': '1:7' }, '2026-10-03'],
    ['the only match of a date no longer final', { '2026-10-03': '2:1', '2026-10-10': '1:7' }, { '2026-10-10': '1:7' }, '2026-10-03'],
    ['nothing rated yet', {}, { '2026-10-10': '1:7', '2026-09-19': '4:2' }, '2026-09-19'],
  ])('%s', (_, stored, current, from) => {
    expect(earliestChange(stored, current)).toBe(from);
  });
});
