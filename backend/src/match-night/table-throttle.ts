/**
 * The table endpoints need no login, so they are rate-limited instead (the approach of
 * auth/login-throttle.ts, counted in PostgreSQL by RateLimitStore so every API process counts
 * alike):
 *
 * - a client (address as the API sees it, X-Forwarded-For only from TRUSTED_PROXIES) that
 *   presents unknown, revoked or expired codes waits after `freeFailures` of them, the wait
 *   doubling with every further failure (`delayAfter`), so guessing codes gets nowhere;
 * - every request counts in a window of `windowMs` per client (`requestsPerClient`, generous:
 *   a whole club room can share one address) and per code (`readsPerCode`, `writesPerCode`),
 *   so one phone or one leaked code cannot flood the API.
 *
 * Each admit is one statement (an atomic upsert); old rows are deleted by the store.
 */
import { RetryLaterError } from '../common/errors';
import { delayAfter, waitInDutch } from '../auth/login-throttle';
import type { RateLimitStore } from '../common/rate-limit-store';

export interface TableThrottleOptions {
  windowMs: number;
  requestsPerClient: number;
  readsPerCode: number;
  writesPerCode: number;
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
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

/**
 * The rule of a fixed window: the `count`-th request of a window that started at `startedAt`
 * is refused when over `limit`; then the answer is the seconds until the window is over.
 */
export function windowRefusal(count: number, startedAt: number, now: number, limit: number, windowMs: number): number | null {
  return count > limit ? seconds(startedAt + windowMs - now) : null;
}

export type TableAccessKind = 'read' | 'write';

const FAILURES = 'table:failures';

export class TableThrottle {
  readonly options: TableThrottleOptions;

  constructor(
    private readonly store: RateLimitStore,
    options: Partial<TableThrottleOptions> = {},
  ) {
    this.options = { ...TABLE_THROTTLE_DEFAULTS, ...options };
  }

  /** Before anything is looked up: a client still waiting after failed codes, or over its request limit, gets 429. One statement. */
  async admitClient(client: string): Promise<void> {
    const now = this.options.now();
    const { windowMs, requestsPerClient, forgetAfterMs } = this.options;
    const counted = await this.store.hit('table:client', client, now, windowMs, { kind: FAILURES, key: client, forgetAfterMs });
    if (counted.blockedUntil !== null) throw new TableRateLimitError(seconds(counted.blockedUntil - now), 'FAILURES');
    const refusal = windowRefusal(counted.count, counted.startedAt, now, requestsPerClient, windowMs);
    if (refusal !== null) throw new TableRateLimitError(refusal, 'CLIENT');
  }

  /** A request for a (well-formed) code: counted per code, reads and writes apart. One statement. */
  async admitCode(code: string, kind: TableAccessKind): Promise<void> {
    const now = this.options.now();
    const limit = kind === 'read' ? this.options.readsPerCode : this.options.writesPerCode;
    const counted = await this.store.hit(`table:${kind}`, code, now, this.options.windowMs);
    const refusal = windowRefusal(counted.count, counted.startedAt, now, limit, this.options.windowMs);
    if (refusal !== null) throw new TableRateLimitError(refusal, 'CODE');
  }

  /** An unknown, revoked or expired code from this client. */
  async fail(client: string): Promise<void> {
    const { freeFailures, firstDelayMs, maxDelayMs, forgetAfterMs } = this.options;
    await this.store.fail(FAILURES, client, this.options.now(), forgetAfterMs, (n) => delayAfter(n, freeFailures, firstDelayMs, maxDelayMs));
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
