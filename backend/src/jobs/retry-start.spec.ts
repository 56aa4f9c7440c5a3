import { retryStart } from './retry-start';

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
