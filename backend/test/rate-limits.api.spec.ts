/**
 * The throttles with their records in PostgreSQL (RateLimitStore): the same table-driven
 * scenarios the in-memory throttles had, now against the real database, plus what only a
 * shared store can show: two stores (as two API processes would have) count together, and
 * concurrent counts are exact. The pure rules (delayAfter, windowRefusal, slidingWaitMs) are
 * unit-tested next to their code.
 */
import { AppError } from '../src/common/errors';
import { RateLimitStore, RETENTION_MS } from '../src/common/rate-limit-store';
import { LoginThrottle, TooManyAttemptsError } from '../src/auth/login-throttle';
import { AccountThrottle, AccountWaitError } from '../src/auth/account-throttle';
import { TableRateLimitError, TableThrottle } from '../src/match-night/table-throttle';
import { RequestLimit } from '../src/accounts/request-limit';
import { PrismaService } from '../src/prisma/prisma.service';

const MIN = 60_000;

let prisma: PrismaService;
let other: PrismaService;
let clock = 0;
const now = () => clock;

beforeAll(async () => {
  prisma = new PrismaService();
  // A second pool: what a second API process would have.
  other = new PrismaService();
});

afterAll(async () => {
  await prisma.$disconnect();
  await other.$disconnect();
});

beforeEach(async () => {
  clock = 1_000_000;
  await prisma.$executeRaw`TRUNCATE rate_limit_records`;
});

async function refusal(run: () => Promise<unknown>): Promise<number | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof TableRateLimitError || error instanceof TooManyAttemptsError) return error.retryAfterSeconds;
    throw error;
  }
}

describe('LoginThrottle', () => {
  const make = (db: PrismaService = prisma) =>
    new LoginThrottle(new RateLimitStore(db), 'login', { freeFailures: 3, freeFailuresPerClient: 5, firstDelayMs: MIN, maxDelayMs: 60 * MIN, forgetAfterMs: 24 * 60 * MIN, now });

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

  test.each(scenarios)('%s', async (_, steps) => {
    const throttle = make();
    for (const [i, step] of steps.entries()) {
      clock += step.after ?? 0;
      expect([i, await throttle.waitMs(step.email, step.client)]).toEqual([i, step.waitMs]);
      if (step.act === 'fail') await throttle.fail(step.email, step.client);
      if (step.act === 'succeed') await throttle.succeed(step.email, step.client);
    }
  });

  it('refuses with 429, a Dutch message and the seconds to wait', async () => {
    const throttle = make();
    for (let i = 0; i < 4; i++) await throttle.fail('a@b.nl', A);
    clock += 15_000;
    const error = await throttle.check('a@b.nl', A).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TooManyAttemptsError);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 105, message: 'Te veel mislukte inlogpogingen. Probeer het over 2 minuten opnieuw.' });
    await expect(throttle.check('a@b.nl', B)).resolves.toBeUndefined();
  });

  it('two processes count the same failures: 2 here and 2 there make the pair wait', async () => {
    const here = make(prisma);
    const there = make(other);
    await here.fail('a@b.nl', A);
    await there.fail('a@b.nl', A);
    await here.fail('a@b.nl', A);
    expect(await there.waitMs('a@b.nl', A)).toBe(MIN);
    await there.fail('a@b.nl', A);
    expect(await here.waitMs('a@b.nl', A)).toBe(2 * MIN);
  });

  it('concurrent failures from two processes are all counted', async () => {
    const here = make(prisma);
    const there = make(other);
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? here : there).fail(`u${i}@b.nl`, A)));
    const rows = await prisma.rateLimitRecord.findMany({ where: { kind: 'login:client', key: A } });
    expect(rows.map((r) => r.count)).toEqual([20]);
  });

  it('a throttle of another name keeps its own records', async () => {
    const login = make();
    const password = new LoginThrottle(new RateLimitStore(prisma), 'password', { freeFailures: 3, now });
    for (let i = 0; i < 3; i++) await login.fail('x', 'x');
    expect(await login.waitMs('x', 'x')).toBe(MIN);
    expect(await password.waitMs('x', 'x')).toBe(0);
  });
});

describe('AccountThrottle (3 failures in 15 minutes, then 1 minute doubling)', () => {
  const make = (db: PrismaService = prisma) => new AccountThrottle(new RateLimitStore(db), { freeFailures: 3, windowMs: 15 * MIN, firstDelayMs: MIN, maxDelayMs: 15 * MIN, forgetAfterMs: 24 * 60 * MIN, now });
  const failures = async (email: string) => (await prisma.rateLimitRecord.findUnique({ where: { kind_key: { kind: 'login:account', key: email } } }))?.hits.length ?? 0;

  it('counts a try before the password is checked, takes back a try that must wait, and doubles the wait after each further failure', async () => {
    const t = make();
    for (let i = 0; i < 3; i++) expect((await t.take('a@b.nl')).waitMs).toBe(0);
    expect((await t.take('a@b.nl')).waitMs).toBe(MIN);
    clock += 30_000;
    expect((await t.take('a@b.nl')).waitMs).toBe(30_000);
    expect(await failures('a@b.nl')).toBe(3);
    clock += 30_000;
    expect((await t.take('a@b.nl')).waitMs).toBe(0);
    expect((await t.take('a@b.nl')).waitMs).toBe(2 * MIN);
    await expect(t.admit('a@b.nl')).rejects.toBeInstanceOf(AccountWaitError);
    await expect(t.admit('a@b.nl')).rejects.toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 120 });
    expect(await failures('a@b.nl')).toBe(4);
    // Another account is not affected.
    expect((await t.take('c@d.nl')).waitMs).toBe(0);
  });

  it('tries at once over two processes are decided as if they came one after the other: exactly 3 are let through', async () => {
    const here = make();
    const there = make(other);
    const waits = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? here : there).take('a@b.nl')));
    expect(waits.filter((w) => w.waitMs === 0)).toHaveLength(3);
    expect(await failures('a@b.nl')).toBe(3);
  });

  it('the owner is told once: firstWait is true for one of two processes, again only after the right password', async () => {
    const here = make();
    const there = make(other);
    expect(await Promise.all([here.firstWait('a@b.nl'), there.firstWait('a@b.nl')])).toEqual(expect.arrayContaining([true, false]));
    expect(await here.firstWait('a@b.nl')).toBe(false);
    await here.succeed('a@b.nl');
    expect(await failures('a@b.nl')).toBe(0);
    expect(await there.firstWait('a@b.nl')).toBe(true);
  });

  it("a known browser's failure (fail, not taken) counts as well, and waits says whether the account now waits", async () => {
    const t = make();
    await t.fail('a@b.nl');
    await t.fail('a@b.nl');
    expect(t.waits(await t.fail('a@b.nl'))).toBe(true);
    expect((await t.take('a@b.nl')).waitMs).toBe(MIN);
  });
});

describe('TableThrottle', () => {
  const make = (overrides: Partial<ConstructorParameters<typeof TableThrottle>[1]> = {}, db: PrismaService = prisma) => new TableThrottle(new RateLimitStore(db), { now, ...overrides });

  it('lets a client try 10 wrong codes, then makes it wait a minute, doubling with every further failure', async () => {
    const t = make();
    for (let i = 0; i < 9; i++) await t.fail('1.2.3.4');
    expect(await refusal(() => t.admitClient('1.2.3.4'))).toBeNull();
    await t.fail('1.2.3.4');
    expect(await refusal(() => t.admitClient('1.2.3.4'))).toBe(60);
    // Another client is not affected.
    expect(await refusal(() => t.admitClient('5.6.7.8'))).toBeNull();
    clock += 60_000;
    expect(await refusal(() => t.admitClient('1.2.3.4'))).toBeNull();
    await t.fail('1.2.3.4');
    expect(await refusal(() => t.admitClient('1.2.3.4'))).toBe(120);
  });

  it('forgets failures a day after the last one', async () => {
    const t = make();
    for (let i = 0; i < 10; i++) await t.fail('1.2.3.4');
    clock += 24 * 60 * 60_000;
    expect(await refusal(() => t.admitClient('1.2.3.4'))).toBeNull();
    await t.fail('1.2.3.4');
    expect(await refusal(() => t.admitClient('1.2.3.4'))).toBeNull();
  });

  test.each([
    ['reads of one code', 'read', 120],
    ['writes of one code', 'write', 30],
  ] as const)('limits %s per minute, and says when the minute is over', async (_case, kind, limit) => {
    const t = make();
    for (let i = 0; i < limit; i++) await t.admitCode('K7MX2QPT9H', kind);
    clock += 15_000;
    expect(await refusal(() => t.admitCode('K7MX2QPT9H', kind))).toBe(45);
    expect(await refusal(() => t.admitCode('ABCDEFGHJK', kind))).toBeNull();
    clock += 45_000;
    expect(await refusal(() => t.admitCode('K7MX2QPT9H', kind))).toBeNull();
  });

  it('counts reads and writes of a code apart', async () => {
    const t = make({ readsPerCode: 2, writesPerCode: 1 });
    await t.admitCode('K7MX2QPT9H', 'read');
    await t.admitCode('K7MX2QPT9H', 'read');
    expect(await refusal(() => t.admitCode('K7MX2QPT9H', 'write'))).toBeNull();
    expect(await refusal(() => t.admitCode('K7MX2QPT9H', 'write'))).toBe(60);
  });

  it('limits the requests of one client over two processes, exactly, when they come at once', async () => {
    const here = make({ requestsPerClient: 50 });
    const there = make({ requestsPerClient: 50 }, other);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => refusal(() => (i % 2 ? here : there).admitClient('1.2.3.4'))));
    expect(answers.filter((a) => a === null)).toHaveLength(50);
    expect(answers.filter((a) => a === 60)).toHaveLength(10);
  });

  it('admit counts the client and the code in one statement; a client that must wait counts nothing', async () => {
    const t = make({ readsPerCode: 2, requestsPerClient: 5 });
    await t.admit('1.2.3.4', 'K7MX2QPT9H', 'read');
    await t.admit('1.2.3.4', 'K7MX2QPT9H', 'read');
    expect(await refusal(() => t.admit('1.2.3.4', 'K7MX2QPT9H', 'read'))).toBe(60);
    // A malformed code (null) counts for the client only: its 4th and 5th request pass, the 6th not.
    expect(await refusal(() => t.admit('1.2.3.4', null, 'read'))).toBeNull();
    expect(await refusal(() => t.admit('1.2.3.4', null, 'read'))).toBeNull();
    expect(await refusal(() => t.admit('1.2.3.4', null, 'read'))).toBe(60);
    for (let i = 0; i < 10; i++) await t.fail('5.6.7.8');
    expect(await refusal(() => t.admit('5.6.7.8', 'ABCDEFGHJK', 'write'))).toBe(60);
    expect(await prisma.rateLimitRecord.count({ where: { key: { in: ['5.6.7.8', 'ABCDEFGHJK'] }, kind: { not: 'table:failures' } } })).toBe(0);
  });

  it('answers in Dutch with 429 TOO_MANY_REQUESTS', async () => {
    const t = make({ writesPerCode: 0 });
    await expect(t.admitCode('K7MX2QPT9H', 'write')).rejects.toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/tafelcode te veel verzoeken.*over 1 minuut opnieuw/) });
  });
});

describe('RequestLimit (3 requests per key per hour)', () => {
  const make = (db: PrismaService = prisma) => new RequestLimit(new RateLimitStore(db), 'reset:test', { limit: 3, windowMs: 60 * MIN, now });

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

  test.each(scenarios)('%s', async (_, steps) => {
    const limit = make();
    for (const [i, step] of steps.entries()) {
      clock += step.after ?? 0;
      expect([i, await limit.take(...step.keys)]).toEqual([i, step.wait]);
    }
  });

  it('wait() counts nothing, count() counts; two processes share the count', async () => {
    const here = make();
    const there = make(other);
    expect(await here.wait('a')).toBe(0);
    await here.count('a');
    await there.count('a');
    expect(await there.wait('a')).toBe(0);
    await here.count('a');
    expect(await there.wait('a')).toBe(60 * 60);
  });

  it('concurrent takes from two processes allow exactly the limit', async () => {
    const here = make();
    const there = make(other);
    const waits = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? here : there).take('a')));
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
  });
});

describe('cleanup', () => {
  it('deletes the rows untouched for a day, keeps the rest', async () => {
    const store = new RateLimitStore(prisma);
    const limit = new RequestLimit(store, 'reset:test', { limit: 3, windowMs: 60 * MIN, now });
    const throttle = new LoginThrottle(store, 'login', { freeFailures: 1, now });
    await limit.take('old');
    await throttle.fail('old@b.nl', 'c');
    clock += RETENTION_MS;
    await limit.take('new');
    await store.cleanup(clock + 1);
    const rows = await prisma.rateLimitRecord.findMany({ select: { kind: true, key: true }, orderBy: { key: 'asc' } });
    expect(rows).toEqual([{ kind: 'reset:test', key: 'new' }]);
  });
});
