import { delayAfter, waitInDutch } from './login-throttle';

const MIN = 60_000;

describe('delayAfter (3 free failures, 1 minute doubling to at most 1 hour)', () => {
  test.each([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 1 * MIN],
    [4, 2 * MIN],
    [5, 4 * MIN],
    [8, 32 * MIN],
    [9, 60 * MIN],
    [50, 60 * MIN],
    [5000, 60 * MIN],
  ])('after %i failures: wait %i ms', (failures, wait) => {
    expect(delayAfter(failures, 3, MIN, 60 * MIN)).toBe(wait);
  });
});

describe('waitInDutch', () => {
  test.each([
    [1, 'over 1 seconde'],
    [45, 'over 45 seconden'],
    [60, 'over 1 minuut'],
    [61, 'over 2 minuten'],
    [3540, 'over 59 minuten'],
    [3599, 'over 1 uur'],
    [3600, 'over 1 uur'],
    [7200, 'over 2 uur'],
  ])('%i s → %s', (seconds, text) => {
    expect(waitInDutch(seconds)).toBe(text);
  });
});

// LoginThrottle itself (its records in PostgreSQL): backend/test/rate-limits.api.spec.ts.
