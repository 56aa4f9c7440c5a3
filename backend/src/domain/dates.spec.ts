import { addDays, isIsoDate, weekday } from './dates';

describe('dates', () => {
  test.each([
    ['2026-11-14', true],
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2026-13-01', false],
    ['14-11-2026', false],
  ])('isIsoDate(%s) = %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  test.each([
    ['2026-01-31', 30, '2026-03-02'],
    ['2028-02-01', 28, '2028-02-29'],
    ['2026-12-20', 15, '2027-01-04'],
    ['2026-11-14', -5, '2026-11-09'],
  ])('addDays(%s, %i) = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('knows that 14 Nov 2026 is a Saturday', () => {
    expect(weekday('2026-11-14')).toBe(6);
  });
});
