import { RequestLimit } from './request-limit';

const MIN = 60_000;

describe('RequestLimit (3 requests per key per hour)', () => {
  let clock = 0;
  const make = (maxEntries = 100) => new RequestLimit({ limit: 3, windowMs: 60 * MIN, maxEntries, now: () => clock });
  beforeEach(() => {
    clock = 1_000_000;
  });

  type Step = { keys: string[]; after?: number; wait: number };
  const scenarios: [string, Step[]][] = [
    [
      'the 4th request within the hour waits until the 1st is an hour old',
      [
        { keys: ['a'], wait: 0 },
        { keys: ['a'], after: 10 * MIN, wait: 0 },
        { keys: ['a'], after: 10 * MIN, wait: 0 },
        { keys: ['a'], after: 10 * MIN, wait: 30 * 60 },
        { keys: ['a'], after: 30 * MIN, wait: 0 },
        { keys: ['a'], wait: 10 * 60 },
      ],
    ],
    [
      'other keys have their own count',
      [
        { keys: ['a'], wait: 0 },
        { keys: ['a'], wait: 0 },
        { keys: ['a'], wait: 0 },
        { keys: ['b'], wait: 0 },
        { keys: ['a'], wait: 60 * 60 },
      ],
    ],
    [
      'a request refused for one key is not counted for the other',
      [
        { keys: ['address', 'client-1'], wait: 0 },
        { keys: ['address', 'client-2'], wait: 0 },
        { keys: ['address', 'client-3'], wait: 0 },
        { keys: ['address', 'client-1'], wait: 60 * 60 },
        { keys: ['other', 'client-1'], wait: 0 },
        { keys: ['other2', 'client-1'], wait: 0 },
        { keys: ['other3', 'client-1'], wait: 60 * 60 },
      ],
    ],
  ];

  test.each(scenarios)('%s', (_, steps) => {
    const limit = make();
    steps.forEach((step, i) => {
      clock += step.after ?? 0;
      expect([i, limit.take(...step.keys)]).toEqual([i, step.wait]);
    });
  });

  it('keeps at most maxEntries keys', () => {
    const limit = make(20);
    for (let i = 0; i < 500; i++) limit.take(`k${i}`);
    expect(limit.size).toBe(20);
  });
});
