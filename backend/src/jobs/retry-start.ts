/**
 * Starting a pg-boss planner can fail for a while and then succeed: two API processes starting
 * at the same moment deadlock in pg-boss's own tables (one is chosen as the victim), or the
 * database is not reachable yet. A planner that gave up there would send no reminder and make
 * no backup until the next restart, so the start is tried again, 1 s doubling to 60 s, until it
 * succeeds or the process stops. Each failure is logged with its reason.
 */
export interface RetryingStart {
  /** Settles when the start succeeded or was given up because of stop(). */
  readonly done: Promise<void>;
  /** Ends the attempts: no new one starts, the wait in between ends at once. */
  stop(): void;
}

export function retryStart(attempt: () => Promise<void>, onFailure: (error: unknown, nextInMs: number) => void, options: { firstDelayMs?: number; maxDelayMs?: number } = {}): RetryingStart {
  const first = options.firstDelayMs ?? 1000;
  const max = options.maxDelayMs ?? 60_000;
  let stopped = false;
  let wake: (() => void) | null = null;
  const done = (async () => {
    for (let delay = first; !stopped; delay = Math.min(delay * 2, max)) {
      try {
        await attempt();
        return;
      } catch (error) {
        if (stopped) return;
        onFailure(error, delay);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  })();
  return {
    done,
    stop() {
      stopped = true;
      wake?.();
    },
  };
}
