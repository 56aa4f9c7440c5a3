import { windowRefusal } from './table-throttle';

// TableThrottle itself (its counts in PostgreSQL, across API processes): backend/test/rate-limits.api.spec.ts.

describe('windowRefusal (30 requests per minute; the window started at 0)', () => {
  test.each([
    [1, 0, null],
    [30, 59_999, null],
    [31, 0, 60],
    [31, 15_000, 45],
    [31, 59_001, 1],
    [31, 59_999, 1],
    [500, 30_000, 30],
  ])('request %i at %i ms: refused for %p s', (count, now, refusal) => {
    expect(windowRefusal(count, 0, now, 30, 60_000)).toBe(refusal);
  });

  it('a limit of 0 refuses the first request', () => {
    expect(windowRefusal(1, 1_000, 1_000, 0, 60_000)).toBe(60);
  });
});
