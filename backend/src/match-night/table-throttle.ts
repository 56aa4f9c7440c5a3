/**
 * The table endpoints need no login, so they are rate-limited instead (the approach of
 * auth/login-throttle.ts, in memory, one API process):
 *
 * - a client (address as the API sees it, X-Forwarded-For only from TRUSTED_PROXIES) that
 *   presents unknown, revoked or expired codes waits after `freeFailures` of them, the wait
 *   doubling with every further failure (`delayAfter`), so guessing codes gets nowhere;
 * - every request counts in a window of `windowMs` per client (`requestsPerClient`, generous:
 *   a whole club room can share one address) and per code (`readsPerCode`, `writesPerCode`),
 *   so one phone or one leaked code cannot flood the API.
 *
 * Memory stays bounded: at most `maxEntries` records of each kind, the least recently used go first.
 */
import { RetryLaterError } from '../common/errors';
import { delayAfter, waitInDutch } from '../auth/login-throttle';

export interface TableThrottleOptions {
  windowMs: number;
  requestsPerClient: number;
  readsPerCode: number;
  writesPerCode: number;
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
  maxEntries: number;
  now: () => number;
}

export const TABLE_THROTTLE_DEFAULTS: TableThrottleOptions = {
  windowMs: 60_000,
  requestsPerClient: 600,
  readsPerCode: 120,
  writesPerCode: 30,
  freeFailures: 10,
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  maxEntries: 10_000,
  now: Date.now,
};

/** 429 with Retry-After: too many requests for this table code or from this client. */
export class TableRateLimitError extends RetryLaterError {
  constructor(retryAfterSeconds: number, reason: 'FAILURES' | 'CLIENT' | 'CODE') {
    const why =
      reason === 'FAILURES'
        ? 'Er zijn vanaf dit adres te veel ongeldige tafelcodes geprobeerd.'
        : reason === 'CLIENT'
          ? 'Er komen vanaf dit adres te veel verzoeken binnen.'
          : 'Er komen voor deze tafelcode te veel verzoeken binnen.';
    super(retryAfterSeconds, 'TOO_MANY_REQUESTS', `${why} Probeer het ${waitInDutch(retryAfterSeconds)} opnieuw.`);
  }
}

/** A map that keeps at most `max` entries, dropping the least recently touched first. */
class Bounded<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly max: number) {}

  get(key: string): T | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

interface Window {
  startedAt: number;
  count: number;
}

interface Failures {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
}

export type TableAccessKind = 'read' | 'write';

export class TableThrottle {
  readonly options: TableThrottleOptions;
  private readonly windows: Bounded<Window>;
  private readonly failures: Bounded<Failures>;

  constructor(options: Partial<TableThrottleOptions> = {}) {
    this.options = { ...TABLE_THROTTLE_DEFAULTS, ...options };
    this.windows = new Bounded(this.options.maxEntries);
    this.failures = new Bounded(this.options.maxEntries);
  }

  /** Before anything is looked up: a client still waiting after failed codes, or over its request limit, gets 429. */
  admitClient(client: string): void {
    const now = this.options.now();
    const record = this.currentFailures(client, now);
    if (record && record.blockedUntil > now) throw new TableRateLimitError(seconds(record.blockedUntil - now), 'FAILURES');
    this.count(`client\n${client}`, this.options.requestsPerClient, 'CLIENT', now);
  }

  /** A request for a (well-formed) code: counted per code, reads and writes apart. */
  admitCode(code: string, kind: TableAccessKind): void {
    const limit = kind === 'read' ? this.options.readsPerCode : this.options.writesPerCode;
    this.count(`${kind}\n${code}`, limit, 'CODE', this.options.now());
  }

  /** An unknown, revoked or expired code from this client. */
  fail(client: string): void {
    const now = this.options.now();
    const failures = (this.currentFailures(client, now)?.failures ?? 0) + 1;
    const delay = delayAfter(failures, this.options.freeFailures, this.options.firstDelayMs, this.options.maxDelayMs);
    this.failures.set(client, { failures, lastFailureAt: now, blockedUntil: now + delay });
  }

  /** Records kept (windows, failing clients): for tests of the memory bound. */
  get size(): { windows: number; failures: number } {
    return { windows: this.windows.size, failures: this.failures.size };
  }

  private currentFailures(client: string, now: number): Failures | undefined {
    const record = this.failures.get(client);
    if (record && now - record.lastFailureAt >= this.options.forgetAfterMs) {
      this.failures.delete(client);
      return undefined;
    }
    return record;
  }

  private count(key: string, limit: number, reason: 'CLIENT' | 'CODE', now: number): void {
    const { windowMs } = this.options;
    const current = this.windows.get(key);
    const window = current && now - current.startedAt < windowMs ? current : { startedAt: now, count: 0 };
    if (window.count >= limit) {
      this.windows.set(key, window);
      throw new TableRateLimitError(seconds(window.startedAt + windowMs - now), reason);
    }
    this.windows.set(key, { startedAt: window.startedAt, count: window.count + 1 });
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
