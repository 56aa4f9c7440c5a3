import { retryOnDeadlock, retryStart } from './retry-start';

describe('retryStart', () => {
  it('tries again after each failure, doubling the wait up to the ceiling, until the start succeeds', async () => {
    let calls = 0;
    const waits: number[] = [];
    const start = retryStart(
      async () => {
        calls++;
        if (calls < 4) throw new Error(`deadlock ${calls}`);
      },
      (_error, next) => waits.push(next),
      { firstDelayMs: 1, maxDelayMs: 3 },
    );
    await start.done;
    expect(calls).toBe(4);
    expect(waits).toEqual([1, 2, 3]);
  });

  it('passes each failure with its reason', async () => {
    const reasons: string[] = [];
    let calls = 0;
    await retryStart(
      async () => {
        if (++calls === 1) throw new Error('database niet bereikbaar');
      },
      (error) => reasons.push((error as Error).message),
      { firstDelayMs: 1 },
    ).done;
    expect(reasons).toEqual(['database niet bereikbaar']);
  });

  it('stops trying when stopped during the wait, without waiting the wait out', async () => {
    let calls = 0;
    const start = retryStart(
      async () => {
        calls++;
        throw new Error('nog niet');
      },
      () => undefined,
      // An hour: the test would hang (and Jest fail it) if stop() did not end the wait.
      { firstDelayMs: 3_600_000 },
    );
    await new Promise((r) => setImmediate(r));
    start.stop();
    await start.done;
    expect(calls).toBe(1);
  });
});

describe('retryOnDeadlock', () => {
  const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it('tries again when PostgreSQL chose this work as a deadlock victim', async () => {
    let calls = 0;
    const answer = await retryOnDeadlock(async () => {
      if (++calls < 3) throw deadlock();
      return 'klaar';
    });
    expect([answer, calls]).toEqual(['klaar', 3]);
  });

  it('passes any other error at once, and a deadlock after the last attempt', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw Object.assign(new Error('permission denied'), { code: '42501' });
      }),
    ).rejects.toThrow('permission denied');
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw deadlock();
      }, 2),
    ).rejects.toThrow('deadlock detected');
    expect(calls).toBe(2);
  });
});
