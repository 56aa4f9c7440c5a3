/**
 * At most `limit` requests per key in any `windowMs` (a sliding window of request times), for
 * requests that cost something whether or not they succeed: a password-reset request sends
 * a mail. `take(keys)` counts a request against every key at once, or against none while any
 * key has used its share, and says how many seconds until it may come again.
 * The request times live in PostgreSQL (RateLimitStore, kind `name`), so every API process
 * counts alike; `take` locks the keys' rows for its decision.
 */
import type { RateLimitStore } from '../common/rate-limit-store';

export interface RequestLimitOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
}

/**
 * The rule: milliseconds until one more request is allowed for a key with these recent
 * request times (ascending, all within the window): 0 while fewer than `limit`, else until
 * the `limit`-th latest is `windowMs` old.
 */
export function slidingWaitMs(recent: number[], now: number, limit: number, windowMs: number): number {
  if (recent.length < limit) return 0;
  return Math.max(0, recent[recent.length - limit] + windowMs - now);
}

export class RequestLimit {
  private readonly now: () => number;

  constructor(
    private readonly store: RateLimitStore,
    private readonly name: string,
    private readonly options: RequestLimitOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Seconds until a request for every one of these keys is allowed (0: now); counts nothing. */
  async wait(...keys: string[]): Promise<number> {
    const now = this.now();
    return this.decide(await this.store.recentHits(this.name, keys, now, this.options.windowMs), now);
  }

  /** 0: allowed, and counted for every key; otherwise the seconds to wait (nothing counted). */
  take(...keys: string[]): Promise<number> {
    const now = this.now();
    return this.store.takeHits(this.name, keys, now, this.options.windowMs, (recent) => this.decide(recent, now));
  }

  /** Counts a request for every key, allowed or not (use after wait()). */
  async count(...keys: string[]): Promise<void> {
    await this.store.addHits(this.name, keys, this.now(), this.options.windowMs);
  }

  private decide(recent: Map<string, number[]>, now: number): number {
    const waits = [...recent.values()].map((times) => slidingWaitMs(times, now, this.options.limit, this.options.windowMs));
    return Math.ceil(Math.max(0, ...waits) / 1000);
  }
}
