import { TableRateLimitError, TableThrottle } from './table-throttle';

function throttle(overrides: Partial<ConstructorParameters<typeof TableThrottle>[0]> = {}) {
  let now = 1_000_000;
  const t = new TableThrottle({ now: () => now, ...overrides });
  return { t, advance: (ms: number) => (now += ms) };
}

function retryAfter(run: () => void): number | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof TableRateLimitError) return error.retryAfterSeconds;
    throw error;
  }
}

describe('table throttle', () => {
  it('lets a client try 10 wrong codes, then makes it wait a minute, doubling with every further failure', () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 9; i++) t.fail('1.2.3.4');
    expect(retryAfter(() => t.admitClient('1.2.3.4'))).toBeNull();
    t.fail('1.2.3.4');
    expect(retryAfter(() => t.admitClient('1.2.3.4'))).toBe(60);
    // Another client is not affected.
    expect(retryAfter(() => t.admitClient('5.6.7.8'))).toBeNull();
    advance(60_000);
    expect(retryAfter(() => t.admitClient('1.2.3.4'))).toBeNull();
    t.fail('1.2.3.4');
    expect(retryAfter(() => t.admitClient('1.2.3.4'))).toBe(120);
  });

  it('forgets failures a day after the last one', () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 10; i++) t.fail('1.2.3.4');
    advance(24 * 60 * 60_000);
    expect(retryAfter(() => t.admitClient('1.2.3.4'))).toBeNull();
    t.fail('1.2.3.4');
    expect(retryAfter(() => t.admitClient('1.2.3.4'))).toBeNull();
  });

  test.each([
    ['reads of one code', 'read', 120],
    ['writes of one code', 'write', 30],
  ] as const)('limits %s per minute, and says when the minute is over', (_case, kind, limit) => {
    const { t, advance } = throttle();
    for (let i = 0; i < limit; i++) t.admitCode('K7MX2QPT9H', kind);
    advance(15_000);
    expect(retryAfter(() => t.admitCode('K7MX2QPT9H', kind))).toBe(45);
    expect(retryAfter(() => t.admitCode('ABCDEFGHJK', kind))).toBeNull();
    advance(45_000);
    expect(retryAfter(() => t.admitCode('K7MX2QPT9H', kind))).toBeNull();
  });

  it('counts reads and writes of a code apart', () => {
    const { t } = throttle({ readsPerCode: 2, writesPerCode: 1 });
    t.admitCode('K7MX2QPT9H', 'read');
    t.admitCode('K7MX2QPT9H', 'read');
    expect(retryAfter(() => t.admitCode('K7MX2QPT9H', 'write'))).toBeNull();
    expect(retryAfter(() => t.admitCode('K7MX2QPT9H', 'write'))).toBe(60);
  });

  it('limits the requests of one client (a whole club room may share an address: 600 a minute)', () => {
    const { t } = throttle();
    for (let i = 0; i < 600; i++) t.admitClient('1.2.3.4');
    expect(retryAfter(() => t.admitClient('1.2.3.4'))).toBe(60);
  });

  it('answers in Dutch with 429 TOO_MANY_REQUESTS', () => {
    const { t } = throttle({ writesPerCode: 0 });
    try {
      t.admitCode('K7MX2QPT9H', 'write');
      throw new Error('not refused');
    } catch (error) {
      expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/tafelcode te veel verzoeken.*over 1 minuut opnieuw/) });
    }
  });

  it('keeps a bounded number of records', () => {
    const { t } = throttle({ maxEntries: 100 });
    for (let i = 0; i < 1000; i++) {
      t.fail(`10.0.${i >> 8}.${i & 255}`);
      t.admitClient(`10.0.${i >> 8}.${i & 255}`);
    }
    expect(t.size.failures).toBe(100);
    expect(t.size.windows).toBe(100);
  });
});
