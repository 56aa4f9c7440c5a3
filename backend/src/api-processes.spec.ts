import { apiProcesses, reforkDelayMs } from './api-processes';

describe('apiProcesses (API_PROCESSES)', () => {
  test.each([
    [undefined, 1],
    ['', 1],
    ['1', 1],
    ['4', 4],
    [' 2 ', 2],
    ['64', 64],
  ])('%p → %i', (value, n) => {
    expect(apiProcesses(value)).toBe(n);
  });

  test.each(['0', '-1', '1.5', 'twee', '65'])('%p is refused with a Dutch message', (value) => {
    expect(() => apiProcesses(value)).toThrow(/API_PROCESSES moet een geheel getal van 1 tot en met 64 zijn/);
  });
});

describe('reforkDelayMs: 1 s, doubling while workers keep dying quickly, at most 30 s', () => {
  test.each([
    [-1, 1_000],
    [0, 1_000],
    [1, 2_000],
    [4, 16_000],
    [5, 30_000],
    [50, 30_000],
  ])('after %i quick deaths: %i ms', (deaths, ms) => {
    expect(reforkDelayMs(deaths)).toBe(ms);
  });
});
