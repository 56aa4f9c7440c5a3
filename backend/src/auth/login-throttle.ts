import { RetryLaterError } from '../common/errors';
import type { RateLimitStore } from '../common/rate-limit-store';

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
  now: () => number;
}

const DEFAULT_THROTTLE: ThrottleOptions = {
  freeFailures: 10,
  freeFailuresPerClient: 50,
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
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

/**
 * Slows down password guessing without letting anyone lock another person out.
 *
 * Failures are counted per pair (e-mail address, client address): after `freeFailures`
 * of one pair, the next attempt of that pair must wait `firstDelayMs`, doubling with each
 * further failure up to `maxDelayMs`. So a flood from one client never refuses the owner's
 * right password from another client. A client that fails for many addresses (password
 * spraying) waits as well after `freeFailuresPerClient`; that only hurts that client.
 * A success forgets the pair's failures; records are forgotten `forgetAfterMs` after their
 * last failure. The records live in PostgreSQL (RateLimitStore, kinds `<name>:pair` and
 * `<name>:client`), so every API process counts the same failures; old rows are deleted there.
 */
export class LoginThrottle {
  private readonly options: ThrottleOptions;
  private readonly pairKind: string;
  private readonly clientKind: string;

  /** `name` keeps this throttle's records apart from the others' (login, password, token). */
  constructor(
    private readonly store: RateLimitStore,
    name: string,
    options: Partial<ThrottleOptions> = {},
  ) {
    this.options = { ...DEFAULT_THROTTLE, ...options };
    this.pairKind = `${name}:pair`;
    this.clientKind = `${name}:client`;
  }

  /** Milliseconds this e-mail address must still wait from this client (0: it may try now). */
  async waitMs(email: string, client: string): Promise<number> {
    const now = this.options.now();
    const until = await this.store.blockedUntil(
      [
        { kind: this.pairKind, key: pairKey(email, client) },
        { kind: this.clientKind, key: client },
      ],
      now,
      this.options.forgetAfterMs,
    );
    return Math.max(0, until - now);
  }

  /** Throws TooManyAttemptsError (429) while this pair or this client has to wait. */
  async check(email: string, client: string): Promise<void> {
    const wait = await this.waitMs(email, client);
    if (wait > 0) throw new TooManyAttemptsError(Math.ceil(wait / 1000));
  }

  async fail(email: string, client: string): Promise<void> {
    const { freeFailures, freeFailuresPerClient, firstDelayMs, maxDelayMs, forgetAfterMs } = this.options;
    const now = this.options.now();
    await Promise.all([
      this.store.fail(this.pairKind, pairKey(email, client), now, forgetAfterMs, (n) => delayAfter(n, freeFailures, firstDelayMs, maxDelayMs)),
      this.store.fail(this.clientKind, client, now, forgetAfterMs, (n) => delayAfter(n, freeFailuresPerClient, firstDelayMs, maxDelayMs)),
    ]);
  }

  /** The right password: the pair's failures are forgotten (the client's are not). */
  async succeed(email: string, client: string): Promise<void> {
    await this.store.forget(this.pairKind, pairKey(email, client));
  }
}

function pairKey(email: string, client: string): string {
  return `${email}\n${client}`;
}
