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
import { Prisma } from '../generated/prisma/client';

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

  /**
   * Before anything is looked up, in one statement: a client still waiting after failed codes
   * gets 429 (nothing counted); otherwise the request counts for the client and, for a
   * well-formed code (not null), for that code, reads and writes apart; over a limit is 429.
   * With `lookup` (the code's table), in the same statement: what it found, once admitted.
   */
  async admit(client: string, code: string | null, kind: TableAccessKind, lookup?: Prisma.Sql): Promise<unknown> {
    const now = this.options.now();
    const { windowMs, requestsPerClient, forgetAfterMs } = this.options;
    const records = [{ kind: 'table:client', key: client }, ...(code ? [{ kind: `table:${kind}`, key: code }] : [])];
    const { counts, blockedUntil, found } = await this.store.hitAll(records, now, windowMs, { kind: FAILURES, key: client, forgetAfterMs }, lookup);
    if (blockedUntil !== null) throw new TableRateLimitError(seconds(blockedUntil - now), 'FAILURES');
    const byClient = windowRefusal(counts[0].count, counts[0].startedAt, now, requestsPerClient, windowMs);
    if (byClient !== null) throw new TableRateLimitError(byClient, 'CLIENT');
    if (!code) return found;
    const limit = kind === 'read' ? this.options.readsPerCode : this.options.writesPerCode;
    const byCode = windowRefusal(counts[1].count, counts[1].startedAt, now, limit, windowMs);
    if (byCode !== null) throw new TableRateLimitError(byCode, 'CODE');
    return found;
  }

  /** A client without a code (admit with none). */
  async admitClient(client: string): Promise<void> {
    await this.admit(client, null, 'read');
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
