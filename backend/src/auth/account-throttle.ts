import { RetryLaterError } from '../common/errors';
import type { RateLimitStore } from '../common/rate-limit-store';
import { delayAfter, waitInDutch } from './login-throttle';

/**
 * 429 for a login to an account that others have guessed at: the same code as LoginThrottle's
 * (a client handles both alike); the words say it is the account, and the way round the wait.
 * The same for an address that has no account, so the answer tells nobody which ones have.
 */
export class AccountWaitError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super(
      retryAfterSeconds,
      'TOO_MANY_ATTEMPTS',
      `Voor dit account is te vaak een verkeerd wachtwoord geprobeerd. Probeer het ${waitInDutch(retryAfterSeconds)} opnieuw, of kies "Wachtwoord vergeten?" voor een nieuw wachtwoord.`,
    );
  }
}

export interface AccountRules {
  /** Failures of one account, from any addresses, within `windowMs` before the first wait … */
  freeFailures: number;
  windowMs: number;
  /** … which is this long, doubling with every further failure … */
  firstDelayMs: number;
  /** … up to this. */
  maxDelayMs: number;
}

export interface AccountThrottleOptions extends AccountRules {
  /** Failures are remembered this long (the account's record is forgotten a day after its last one). */
  forgetAfterMs: number;
  now: () => number;
}

const MIN = 60_000;

const DEFAULT_OPTIONS: AccountThrottleOptions = {
  freeFailures: 10,
  windowMs: 15 * MIN,
  firstDelayMs: MIN,
  maxDelayMs: 15 * MIN,
  forgetAfterMs: 24 * 60 * MIN,
  now: Date.now,
};

/**
 * The rule: how many milliseconds after `now` the account's next try may come, given the times
 * of its failures (epoch ms, those of the last day). Nothing until `freeFailures` of them fall
 * within `windowMs`; from that failure on every failure is a strike, and the next try waits
 * `firstDelayMs` after the last failure, doubling per strike, at most `maxDelayMs`.
 */
export function accountWaitMs(failures: readonly number[], now: number, rules: AccountRules): number {
  const times = [...failures].sort((a, b) => a - b);
  let strikes = 0;
  for (let i = 0; i < times.length; i++) {
    if (strikes > 0) {
      strikes++;
      continue;
    }
    let recent = 0;
    for (let j = i; j >= 0 && times[i] - times[j] < rules.windowMs; j--) recent++;
    if (recent >= rules.freeFailures) strikes = 1;
  }
  if (strikes === 0) return 0;
  return Math.max(0, times[times.length - 1] + delayAfter(strikes, 1, rules.firstDelayMs, rules.maxDelayMs) - now);
}

/**
 * Per account, over every client address: a password guessed at from many addresses (each
 * below LoginThrottle's per-address limit) is slowed down all the same. After 10 failures in
 * 15 minutes every further try waits, 1 minute after the last failure, doubling per failure,
 * at most 15 minutes; the first such failure tells the owner once (the caller mails).
 *
 * A try is counted before the password is checked (take), and taken back when it had to wait:
 * tries that come at once are decided as if one came after the other, so a burst from many
 * addresses gets no more guesses than a queue. The right password forgets the account's record.
 * The times live in PostgreSQL (RateLimitStore, kind `login:account`, key the e-mail address,
 * known or not), so every API process counts alike.
 *
 * Not a lock-out the guesser controls: a wait is never longer than 15 minutes and only a failure
 * starts one, so once it has passed the next try is checked, and the owner's right password gets
 * in (a guesser gets one try per wait, not more). The owner's known browsers (KnownDevices: the
 * cookie of an earlier login there) skip this wait altogether, so however a guesser times their
 * tries the owner logs in where they always do; and the link in the mail (or "Wachtwoord
 * vergeten?") sets a new password, and logs in, without any wait.
 */
export class AccountThrottle {
  private readonly options: AccountThrottleOptions;
  static readonly KIND = 'login:account';
  static readonly NOTICE_KIND = 'login:account-notice';

  constructor(
    private readonly store: RateLimitStore,
    options: Partial<AccountThrottleOptions> = {},
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  /**
   * Counts a try for this account, unless it must wait. `wait`: milliseconds to wait (nothing
   * counted), or 0: counted as a failure until `succeed`; `at` names the try for `failed`.
   */
  async take(email: string): Promise<{ waitMs: number; at: number; failures: number[] }> {
    const at = this.options.now();
    const failures = await this.store.appendHit(AccountThrottle.KIND, email, at, this.options.forgetAfterMs);
    const waitMs = accountWaitMs(failures.slice(0, -1), at, this.options);
    if (waitMs > 0) await this.store.removeHit(AccountThrottle.KIND, email, at);
    return { waitMs, at, failures };
  }

  /** Throws AccountWaitError (429) while the account waits; otherwise the try is counted (take). */
  async admit(email: string): Promise<{ at: number; failures: number[] }> {
    const { waitMs, at, failures } = await this.take(email);
    if (waitMs > 0) throw new AccountWaitError(Math.ceil(waitMs / 1000));
    return { at, failures };
  }

  /** A failure that was not taken first (a known browser's): counted. Returns the failures as they are now. */
  fail(email: string): Promise<number[]> {
    return this.store.appendHit(AccountThrottle.KIND, email, this.options.now(), this.options.forgetAfterMs);
  }

  /** Whether these failures (take's or fail's) make the account wait. */
  waits(failures: readonly number[]): boolean {
    return accountWaitMs(failures, this.options.now(), this.options) > 0;
  }

  /**
   * The account now waits: true only the first time since its record was last forgotten (at most
   * once a day), so its owner is told once, not at every failure. One atomic count in PostgreSQL:
   * of two processes only one gets true.
   */
  async firstWait(email: string): Promise<boolean> {
    const now = this.options.now();
    const { count } = await this.store.hit(AccountThrottle.NOTICE_KIND, email, now, this.options.forgetAfterMs);
    return count === 1;
  }

  /** The right password, or a new one: the account's failures (and its notice) are forgotten. */
  async succeed(email: string): Promise<void> {
    await Promise.all([this.store.forget(AccountThrottle.KIND, email), this.store.forget(AccountThrottle.NOTICE_KIND, email)]);
  }
}
