import { AppError } from '../common/errors';
import { delayAfter, LoginThrottle, TooManyAttemptsError, waitInDutch } from './login-throttle';

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

describe('LoginThrottle', () => {
  let clock = 0;
  const make = (maxEntries = 100) =>
    new LoginThrottle({ freeFailures: 3, freeFailuresPerClient: 5, firstDelayMs: MIN, maxDelayMs: 60 * MIN, forgetAfterMs: 24 * 60 * MIN, maxEntries, now: () => clock });

  beforeEach(() => {
    clock = 1_000_000;
  });

  /** Runs the steps in order; each step's expectation is checked before it acts. */
  type Step = { email: string; client: string; act: 'fail' | 'succeed' | 'check'; after?: number; waitMs: number };
  const A = '10.0.0.1';
  const B = '10.0.0.2';
  const scenarios: [string, Step[]][] = [
    [
      'a pair waits after 3 failures, 1 minute, then 2 minutes after the next failure',
      [
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'check', waitMs: MIN },
        { email: 'a@b.nl', client: A, act: 'check', after: 30_000, waitMs: 30_000 },
        { email: 'a@b.nl', client: A, act: 'fail', after: 30_000, waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'check', waitMs: 2 * MIN },
        { email: 'a@b.nl', client: A, act: 'fail', after: 2 * MIN, waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'check', waitMs: 4 * MIN },
      ],
    ],
    [
      "another client's flood does not make the owner wait",
      [
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'fail', after: MIN, waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'check', waitMs: 2 * MIN },
        { email: 'a@b.nl', client: B, act: 'check', waitMs: 0 },
        { email: 'a@b.nl', client: B, act: 'succeed', waitMs: 0 },
      ],
    ],
    [
      'the other addresses of a waiting pair are not affected',
      [
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'c@d.nl', client: A, act: 'check', waitMs: 0 },
      ],
    ],
    [
      'a client that fails for 5 addresses waits for every address; other clients do not',
      [
        { email: 'u1@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'u2@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'u3@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'u4@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'u5@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'new@b.nl', client: A, act: 'check', waitMs: MIN },
        { email: 'new@b.nl', client: B, act: 'check', waitMs: 0 },
      ],
    ],
    [
      'a success forgets the failures of the pair',
      [
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'succeed', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'check', waitMs: 0 },
      ],
    ],
    [
      'failures are forgotten a day after the last one',
      [
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'fail', after: 24 * 60 * MIN - 1, waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'check', waitMs: MIN },
        { email: 'a@b.nl', client: A, act: 'fail', after: 24 * 60 * MIN, waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'fail', waitMs: 0 },
        { email: 'a@b.nl', client: A, act: 'check', waitMs: 0 },
      ],
    ],
  ];

  test.each(scenarios)('%s', (_, steps) => {
    const throttle = make();
    steps.forEach((step, i) => {
      clock += step.after ?? 0;
      expect([i, throttle.waitMs(step.email, step.client)]).toEqual([i, step.waitMs]);
      if (step.act === 'fail') throttle.fail(step.email, step.client);
      if (step.act === 'succeed') throttle.succeed(step.email, step.client);
    });
  });

  it('refuses with 429, a Dutch message and the seconds to wait', () => {
    const throttle = make();
    for (let i = 0; i < 4; i++) throttle.fail('a@b.nl', A);
    clock += 15_000;
    let error: unknown;
    try {
      throttle.check('a@b.nl', A);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TooManyAttemptsError);
    expect(error).toBeInstanceOf(AppError);
    expect((error as TooManyAttemptsError).status).toBe(429);
    expect((error as TooManyAttemptsError).code).toBe('TOO_MANY_ATTEMPTS');
    expect((error as TooManyAttemptsError).retryAfterSeconds).toBe(105);
    expect((error as TooManyAttemptsError).message).toBe('Te veel mislukte inlogpogingen. Probeer het over 2 minuten opnieuw.');
    expect(() => throttle.check('a@b.nl', B)).not.toThrow();
  });

  it('keeps at most maxEntries records, however many addresses fail', () => {
    const throttle = make(50);
    for (let i = 0; i < 1000; i++) throttle.fail(`user${i}@b.nl`, `10.1.${Math.floor(i / 250)}.${i % 250}`);
    expect(throttle.size).toEqual({ pairs: 50, clients: 50 });
  });

  it('keeps the record of a client that keeps failing while others come and go', () => {
    const throttle = make(10);
    for (let i = 0; i < 100; i++) {
      throttle.fail(`user${i}@b.nl`, A);
      throttle.fail('x@b.nl', `10.2.0.${i}`);
    }
    expect(throttle.waitMs('new@b.nl', A)).toBeGreaterThan(0);
  });
});
