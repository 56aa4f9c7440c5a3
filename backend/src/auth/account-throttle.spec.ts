import { accountWaitMs } from './account-throttle';

const S = 1_000;
const MIN = 60_000;
const RULES = { freeFailures: 10, windowMs: 15 * MIN, firstDelayMs: MIN, maxDelayMs: 15 * MIN };

/** `n` failures `gap` ms apart, the first at `start`. */
const spaced = (n: number, gap: number, start = 0) => Array.from({ length: n }, (_, i) => start + i * gap);

describe('accountWaitMs (10 failures in 15 minutes, then 1 minute after the last failure, doubling, at most 15 minutes)', () => {
  test.each<[string, number[], number, number]>([
    ['no failures: no wait', [], 0, 0],
    ['9 failures in a minute: no wait', spaced(9, 5 * S), 45 * S, 0],
    ['the 10th failure within 15 minutes: a minute after it', spaced(10, 5 * S), 45 * S, MIN],
    ['… less the time gone since', spaced(10, 5 * S), 45 * S + 20 * S, 40 * S],
    ['… and nothing once the minute is over', spaced(10, 5 * S), 45 * S + MIN, 0],
    ['the 11th failure: 2 minutes', spaced(11, 5 * S), 50 * S, 2 * MIN],
    ['the 12th: 4 minutes', spaced(12, 5 * S), 55 * S, 4 * MIN],
    ['the 13th: 8 minutes', spaced(13, 5 * S), 60 * S, 8 * MIN],
    ['the 14th and every one after: 15 minutes', spaced(14, 5 * S), 65 * S, 15 * MIN],
    ['the 40th: still 15 minutes', spaced(40, 5 * S), 195 * S, 15 * MIN],
    ['10 failures spread over more than 15 minutes: no wait', spaced(10, 2 * MIN), 18 * MIN, 0],
    ['an owner who mistypes now and then: no wait', spaced(20, 20 * MIN), 380 * MIN, 0],
    ['once waiting, a failure hours later still counts as one more', [...spaced(10, 5 * S), 3 * 60 * MIN], 3 * 60 * MIN, 2 * MIN],
    ['the order the times are stored in does not matter', [...spaced(10, 5 * S)].reverse(), 45 * S, MIN],
  ])('%s', (_, failures, now, wait) => {
    expect(accountWaitMs(failures, now, RULES)).toBe(wait);
  });

  it('from any addresses: only the times count (the 90 tries of issue 47, 3 from each of 30 addresses, stop at the 10th)', () => {
    const failures = spaced(10, 2 * S);
    expect(accountWaitMs(failures.slice(0, 9), 18 * S, RULES)).toBe(0);
    expect(accountWaitMs(failures, 18 * S, RULES)).toBe(MIN);
  });
});

// AccountThrottle with its records in PostgreSQL, and the login: backend/test/login-protection.api.spec.ts.
