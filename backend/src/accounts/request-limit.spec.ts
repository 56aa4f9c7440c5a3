import { slidingWaitMs } from './request-limit';

// RequestLimit itself (its request times in PostgreSQL): backend/test/rate-limits.api.spec.ts.

const MIN = 60_000;

describe('slidingWaitMs (3 requests per hour)', () => {
  test.each([
    ['no requests yet', [], 0, 0],
    ['two in the hour', [0, 10 * MIN], 20 * MIN, 0],
    ['three in the hour: until the 1st is an hour old', [0, 10 * MIN, 20 * MIN], 30 * MIN, 30 * MIN],
    ['four kept: the 3rd latest counts', [0, 10 * MIN, 20 * MIN, 50 * MIN], 55 * MIN, 15 * MIN],
    ['the 1st exactly an hour old', [0, 10 * MIN, 20 * MIN], 60 * MIN, 0],
  ])('%s', (_case, recent, now, wait) => {
    expect(slidingWaitMs(recent, now, 3, 60 * MIN)).toBe(wait);
  });
});
