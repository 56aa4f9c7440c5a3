import type { FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { hashToken } from '../accounts/account-links';
import type { PrismaService } from '../prisma/prisma.service';

/** The cookie that names a browser the user logged in with before. */
export const DEVICE_COOKIE = 'tsbn_device';

const DEVICE_DAYS = 365;
/** A user's newest this many browsers are known; older ones are forgotten at the next login. */
const DEVICES_PER_USER = 20;
/** Wrong passwords from a known browser (since its last right one) before it is no longer known. */
export const DEVICE_FAILURES = 5;

/**
 * Browsers a user logged in with before (OWASP's "device cookies"): the right password there
 * gives the browser a random token (an httpOnly cookie, a year, only its SHA-256 kept in
 * known_devices). When others guess the account's password and every further try must wait
 * (AccountThrottle), a try from one of the owner's known browsers does not wait, so the owner
 * is never locked out by someone else's guesses. Guessing with a stolen cookie gets nowhere
 * either: the per-address throttle still holds, and after DEVICE_FAILURES wrong passwords the
 * browser is no longer known.
 */
export class KnownDevices {
  constructor(private readonly prisma: Pick<PrismaService, 'knownDevice'>) {}

  /** The id of the known browser this cookie names, for the account with this e-mail address; null when it names none. */
  async trusted(token: string | undefined, email: string): Promise<string | null> {
    if (!token) return null;
    const device = await this.prisma.knownDevice.findUnique({ where: { tokenHash: hashToken(token) }, select: { id: true, failures: true, lastUsedAt: true, user: { select: { email: true } } } });
    if (!device || device.user.email !== email || device.failures >= DEVICE_FAILURES) return null;
    if (device.lastUsedAt.getTime() < Date.now() - DEVICE_DAYS * 86_400_000) return null;
    return device.id;
  }

  /** A wrong password from a known browser; the DEVICE_FAILURES-th makes it unknown. */
  async failed(id: string): Promise<void> {
    const device = await this.prisma.knownDevice.update({ where: { id }, data: { failures: { increment: 1 } }, select: { failures: true } }).catch(() => null);
    if (device && device.failures >= DEVICE_FAILURES) await this.prisma.knownDevice.deleteMany({ where: { id } });
  }

  /**
   * The right password (or a new one) in this browser: it is known for this user from now on.
   * Returns the cookie's token to set (the same one, for another year, when it was known already).
   */
  async remember(userId: string, token: string | undefined): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + DEVICE_DAYS * 86_400_000);
    if (token) {
      const { count } = await this.prisma.knownDevice.updateMany({ where: { tokenHash: hashToken(token), userId }, data: { failures: 0, lastUsedAt: new Date() } });
      if (count === 1) return { token, expiresAt };
    }
    const fresh = randomBytes(32).toString('base64url');
    await this.prisma.knownDevice.create({ data: { tokenHash: hashToken(fresh), userId } });
    const keep = await this.prisma.knownDevice.findMany({ where: { userId }, orderBy: { lastUsedAt: 'desc' }, take: DEVICES_PER_USER, select: { id: true } });
    await this.prisma.knownDevice.deleteMany({ where: { userId, id: { notIn: keep.map((d) => d.id) } } });
    return { token: fresh, expiresAt };
  }
}

/** The known-browser cookie: httpOnly, only for the API's paths, a year. */
export function setDeviceCookie(res: FastifyReply, device: { token: string; expiresAt: Date }): void {
  res.setCookie(DEVICE_COOKIE, device.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: process.env.SESSION_SECURE_COOKIE === 'true',
    expires: device.expiresAt,
    path: '/api',
  });
}
