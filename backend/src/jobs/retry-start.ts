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

/**
 * Two processes creating pg-boss's queues and schedules at the same moment can deadlock in
 * pg-boss's own tables (PostgreSQL aborts one of them with 40P01): that one simply tries again.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || (error as { code?: string }).code !== '40P01') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.floor(Math.random() * 100)));
    }
  }
}
