/**
 * At most `limit` requests per key in any `windowMs` (a sliding window of timestamps), for
 * requests that cost something whether or not they succeed: a password-reset request sends
 * a mail. `take(keys)` counts a request against every key at once, or against none while any
 * key has used its share, and says how many seconds until it may come again.
 * Kept in memory (one API process), at most `maxEntries` keys; the least recently used go first.
 */
export interface RequestLimitOptions {
  limit: number;
  windowMs: number;
  maxEntries?: number;
  now?: () => number;
}

export class RequestLimit {
  private readonly hits = new Map<string, number[]>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly options: RequestLimitOptions) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Seconds until a request for every one of these keys is allowed (0: now); counts nothing. */
  wait(...keys: string[]): number {
    const now = this.now();
    const waits = keys.map((key) => {
      const recent = this.recent(key, now);
      return recent.length < this.options.limit ? 0 : recent[recent.length - this.options.limit] + this.options.windowMs - now;
    });
    return Math.ceil(Math.max(0, ...waits) / 1000);
  }

  /** 0: allowed, and counted for every key; otherwise the seconds to wait (nothing counted). */
  take(...keys: string[]): number {
    const wait = this.wait(...keys);
    if (wait > 0) return wait;
    this.count(...keys);
    return 0;
  }

  /** Counts a request for every key, allowed or not (use after wait()). */
  count(...keys: string[]): void {
    const now = this.now();
    for (const key of keys) {
      const recent = this.recent(key, now);
      this.hits.delete(key);
      this.hits.set(key, [...recent, now]);
      while (this.hits.size > this.maxEntries) this.hits.delete(this.hits.keys().next().value as string);
    }
  }

  get size(): number {
    return this.hits.size;
  }

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.options.windowMs);
    if (!list.length) this.hits.delete(key);
    return list;
  }
}
