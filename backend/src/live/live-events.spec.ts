import { reconnectDelayMs } from './live-events';

describe('reconnectDelayMs: the live bus reconnects after 0.5 s, doubling, at most 30 s', () => {
  test.each([
    [0, 500],
    [1, 1_000],
    [3, 4_000],
    [5, 16_000],
    [6, 30_000],
    [100, 30_000],
  ])('attempt %i: %i ms', (attempt, ms) => {
    expect(reconnectDelayMs(attempt)).toBe(ms);
  });
});
