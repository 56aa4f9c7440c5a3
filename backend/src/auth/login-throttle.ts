import { RetryLaterError } from '../common/errors';

/** 429 for a login (or password check) that comes too soon; `retryAfterSeconds` goes into Retry-After. */
export class TooManyAttemptsError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, 'TOO_MANY_ATTEMPTS', `Te veel mislukte inlogpogingen. Probeer het ${waitInDutch(retryAfterSeconds)} opnieuw.`);
  }
}

/** "over 45 seconden", "over 1 minuut", "over 8 minuten", "over 1 uur". */
export function waitInDutch(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? 'over 1 seconde' : `over ${seconds} seconden`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'over 1 minuut' : `over ${minutes} minuten`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'over 1 uur' : `over ${hours} uur`;
}

export interface ThrottleOptions {
  /** Failures of one e-mail address from one client before the first wait. */
  freeFailures: number;
  /** Failures from one client, over all e-mail addresses, before the first wait. */
  freeFailuresPerClient: number;
  /** The first wait; each further failure doubles it … */
  firstDelayMs: number;
  /** … up to this. */
  maxDelayMs: number;
  /** A record is forgotten this long after its last failure. */
  forgetAfterMs: number;
  /** At most this many records per kind are kept; the least recently failed go first. */
  maxEntries: number;
  now: () => number;
}

const DEFAULT_THROTTLE: ThrottleOptions = {
  freeFailures: 10,
  freeFailuresPerClient: 50,
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  maxEntries: 10_000,
  now: Date.now,
};

/**
 * How long to wait after the `failures`-th failure: nothing while fewer than `free`,
 * then `first`, doubling with every further failure, at most `max`.
 */
export function delayAfter(failures: number, free: number, first: number, max: number): number {
  if (failures < free) return 0;
  return Math.min(max, first * 2 ** Math.min(failures - free, 30));
}

interface FailureRecord {
  failures: number;
  lastFailureAt: number;
  /** No attempt before this moment. */
  blockedUntil: number;
}

/** A map that keeps at most `max` records, dropping the least recently touched one first. */
class BoundedRecords {
  private readonly records = new Map<string, FailureRecord>();

  constructor(private readonly max: number) {}

  get(key: string): FailureRecord | undefined {
    return this.records.get(key);
  }

  /** Stores the record as the most recent one. */
  touch(key: string, record: FailureRecord): void {
    this.records.delete(key);
    this.records.set(key, record);
    while (this.records.size > this.max) this.records.delete(this.records.keys().next().value as string);
  }

  delete(key: string): void {
    this.records.delete(key);
  }

  get size(): number {
    return this.records.size;
  }
}

/**
 * Slows down password guessing without letting anyone lock another person out.
 *
 * Failures are counted per pair (e-mail address, client address): after `freeFailures`
 * of one pair, the next attempt of that pair must wait `firstDelayMs`, doubling with each
 * further failure up to `maxDelayMs`. So a flood from one client never refuses the owner's
 * right password from another client. A client that fails for many addresses (password
 * spraying) waits as well after `freeFailuresPerClient`; that only hurts that client.
 * A success forgets the pair's failures; records are forgotten `forgetAfterMs` after their
 * last failure. Memory stays bounded: at most `maxEntries` records of each kind.
 * Kept in memory: one API process.
 */
export class LoginThrottle {
  private readonly options: ThrottleOptions;
  private readonly pairs: BoundedRecords;
  private readonly clients: BoundedRecords;

  constructor(options: Partial<ThrottleOptions> = {}) {
    this.options = { ...DEFAULT_THROTTLE, ...options };
    this.pairs = new BoundedRecords(this.options.maxEntries);
    this.clients = new BoundedRecords(this.options.maxEntries);
  }

  /** Milliseconds this e-mail address must still wait from this client (0: it may try now). */
  waitMs(email: string, client: string): number {
    const now = this.options.now();
    const until = Math.max(this.current(this.pairs, pairKey(email, client), now)?.blockedUntil ?? 0, this.current(this.clients, client, now)?.blockedUntil ?? 0);
    return Math.max(0, until - now);
  }

  /** Throws TooManyAttemptsError (429) while this pair or this client has to wait. */
  check(email: string, client: string): void {
    const wait = this.waitMs(email, client);
    if (wait > 0) throw new TooManyAttemptsError(Math.ceil(wait / 1000));
  }

  fail(email: string, client: string): void {
    const { freeFailures, freeFailuresPerClient } = this.options;
    this.count(this.pairs, pairKey(email, client), freeFailures);
    this.count(this.clients, client, freeFailuresPerClient);
  }

  /** The right password: the pair's failures are forgotten (the client's are not). */
  succeed(email: string, client: string): void {
    this.pairs.delete(pairKey(email, client));
  }

  /** Records kept (pairs, clients): for tests of the memory bound. */
  get size(): { pairs: number; clients: number } {
    return { pairs: this.pairs.size, clients: this.clients.size };
  }

  private current(records: BoundedRecords, key: string, now: number): FailureRecord | undefined {
    const record = records.get(key);
    if (record && now - record.lastFailureAt >= this.options.forgetAfterMs) {
      records.delete(key);
      return undefined;
    }
    return record;
  }

  private count(records: BoundedRecords, key: string, free: number): void {
    const now = this.options.now();
    const failures = (this.current(records, key, now)?.failures ?? 0) + 1;
    const delay = delayAfter(failures, free, this.options.firstDelayMs, this.options.maxDelayMs);
    records.touch(key, { failures, lastFailureAt: now, blockedUntil: now + delay });
  }
}

function pairKey(email: string, client: string): string {
  return `${email}\n${client}`;
}
