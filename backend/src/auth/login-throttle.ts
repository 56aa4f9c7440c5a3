import { AppError } from '../common/errors';

/**
 * Slows down password guessing: after `maxFailures` failed logins for one e-mail
 * address (or `maxFailuresPerIp` from one address) within `windowMs`, further
 * attempts are refused until the window has passed. Kept in memory: one API process.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 10,
    private readonly maxFailuresPerIp = 50,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 when this e-mail address or IP address has failed too often recently. */
  check(email: string, ip: string): void {
    if (this.recent(`e:${email}`) >= this.maxFailures || this.recent(`i:${ip}`) >= this.maxFailuresPerIp) {
      throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'Te veel mislukte inlogpogingen. Probeer het over een kwartier opnieuw.');
    }
  }

  fail(email: string, ip: string): void {
    for (const key of [`e:${email}`, `i:${ip}`]) this.failures.set(key, [...this.recentTimes(key), this.now()]);
  }

  succeed(email: string): void {
    this.failures.delete(`e:${email}`);
  }

  private recentTimes(key: string): number[] {
    const since = this.now() - this.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }

  private recent(key: string): number {
    return this.recentTimes(key).length;
  }
}
