import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { hashToken, issueAccountToken } from '../accounts/account-links';
import { loginAttemptsMail } from '../accounts/account-mails';
import { AuditService } from '../audit/audit.service';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../common/errors';
import type { Prisma } from '../generated/prisma/client';
import { MailService } from '../mail/mail.service';
import { PrismaService } from '../prisma/prisma.service';
import { AccountThrottle } from './account-throttle';
import { mapMe, type MeDto } from './auth.dto';
import type { AuthUser } from './auth.types';
import { demoPasswordFromAfar } from './demo-password';
import { KnownDevices } from './known-devices';
import { LoginThrottle } from './login-throttle';
import { RateLimitStore } from '../common/rate-limit-store';

const SESSION_DAYS = 14;

export { hashToken };

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password); // argon2id is the default
}

/** "::ffff:1.2.3.4" and "1.2.3.4" are one client. */
export function clientAddress(ip: string | undefined): string {
  return (ip ?? 'unknown').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/** What a login gives: the session, the user, and the cookie that makes this browser a known one. */
export interface LoginResult {
  token: string;
  expiresAt: Date;
  user: AuthUser;
  device: { token: string; expiresAt: Date };
}

@Injectable()
export class AuthService implements OnModuleDestroy {
  private readonly logger = new Logger('Auth');
  /** Logins: per (e-mail address, client address), and per client (counted in PostgreSQL: every API process alike). */
  private readonly throttle: LoginThrottle;
  /** Logins per account, from any addresses (issue 47); the owner's known browsers skip it. */
  private readonly accountThrottle: AccountThrottle;
  private readonly devices: KnownDevices;
  /** The mails to owners whose account now waits, sent after the answer (its timing tells nothing). */
  private readonly background = new Set<Promise<void>>();
  /** Wrong current passwords when changing one: per account (only its own sessions can try). */
  private readonly passwordThrottle: LoginThrottle;
  /** Verified when the e-mail address is unknown, so the answer takes as long either way. */
  private readonly dummyHash = hashPassword(randomBytes(16).toString('hex'));

  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
  ) {
    const store = new RateLimitStore(prisma);
    this.throttle = new LoginThrottle(store, 'login');
    this.passwordThrottle = new LoginThrottle(store, 'password');
    this.accountThrottle = new AccountThrottle(store);
    this.devices = new KnownDevices(prisma);
  }

  async onModuleDestroy(): Promise<void> {
    await this.idle();
  }

  /** Resolves when the owners' mails under way have been handled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.background.size) await Promise.all([...this.background]);
  }

  /**
   * `client`: the client's address as the API sees it (X-Forwarded-For from a trusted proxy);
   * `deviceToken`: the browser's known-device cookie, if any. In this order: the wait of this
   * address for this account (and of this address in total), then, unless the browser is one of
   * the account's known ones, the account's own wait (a try is counted before the password is
   * checked); a wrong password counts for all of them, and the failure that makes the account
   * wait mails its owner once. The right password forgets the failures and makes the browser known.
   */
  async login(emailInput: string, password: string, client = 'unknown', deviceToken?: string): Promise<LoginResult> {
    const email = emailInput.trim().toLowerCase();
    const ip = clientAddress(client);
    await this.throttle.check(email, ip);
    const knownDevice = await this.devices.trusted(deviceToken, email);
    const taken = knownDevice ? null : await this.accountThrottle.admit(email);
    const user = await this.prisma.user.findUnique({ where: { email } });
    const passwordOk = await argon2Verify(user?.passwordHash ?? (await this.dummyHash), password);
    if (!user || user.archivedAt || !passwordOk) {
      const [failures] = await Promise.all([taken ? taken.failures : this.accountThrottle.fail(email), this.throttle.fail(email, ip), knownDevice ? this.devices.failed(knownDevice) : null]);
      if (this.accountThrottle.waits(failures) && (await this.accountThrottle.firstWait(email))) this.tellOwner(email);
      throw new UnauthorizedError('E-mailadres of wachtwoord klopt niet.', 'INVALID_CREDENTIALS');
    }
    await Promise.all([this.throttle.succeed(email, ip), this.accountThrottle.succeed(email)]);
    if (demoPasswordFromAfar(password, ip)) {
      throw new ForbiddenError(
        'Met het demo-wachtwoord kunt u alleen inloggen op de computer waar het systeem draait. Log daar in en kies onder "Wachtwoord" een eigen wachtwoord.',
        'DEMO_PASSWORD_REMOTE',
      );
    }
    const session = await this.startSession(user.id);
    return { ...session, user: toAuthUser(user), device: await this.devices.remember(user.id, deviceToken) };
  }

  /** A new password (a reset link, an invitation, a change): the account's failures are forgotten, and this browser is known. */
  async passwordSet(user: { id: string; email: string }, deviceToken: string | undefined): Promise<{ token: string; expiresAt: Date }> {
    await this.accountThrottle.succeed(user.email);
    return this.devices.remember(user.id, deviceToken);
  }

  /** In the background: the owner of this address (if it has an account) gets the mail with a link to a new password. */
  private tellOwner(email: string): void {
    const work = this.mailOwner(email).catch((error) => this.logger.error(`Mail over mislukte inlogpogingen niet verstuurd: ${error instanceof Error ? error.message : error}`));
    this.background.add(work);
    void work.finally(() => this.background.delete(work));
  }

  private async mailOwner(email: string): Promise<void> {
    const user = await this.prisma.user.findUnique({ where: { email } });
    if (!user || user.archivedAt) return;
    await this.prisma.$transaction(async (tx) => {
      const link = await issueAccountToken(tx, user.id, 'PASSWORD_RESET');
      await this.mail.send(loginAttemptsMail(user, link), tx);
      await this.audit.record({ userId: null, action: 'account.login-attempts', entityType: 'User', entityId: user.id }, tx);
    });
  }

  /** A new session for this user (after a login, an accepted invitation or a password reset). */
  async startSession(userId: string, db: Pick<Prisma.TransactionClient, 'session'> = this.prisma): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
    await db.session.create({ data: { tokenHash: hashToken(token), userId, expiresAt } });
    return { token, expiresAt };
  }

  /**
   * The logged-in user's current password must be right (changing the password or the
   * address): a wrong one counts towards a wait, per account (only its own sessions can try).
   * Returns the user's row.
   */
  async verifyCurrentPassword(actor: AuthUser, password: string) {
    await this.passwordThrottle.check(actor.id, actor.id);
    const user = await this.prisma.user.findUnique({ where: { id: actor.id } });
    if (!user || user.archivedAt) throw new UnauthorizedError();
    if (!user.passwordHash || !(await argon2Verify(user.passwordHash, password))) {
      await this.passwordThrottle.fail(actor.id, actor.id);
      throw new ValidationError('Het huidige wachtwoord klopt niet.', [{ field: 'currentPassword', message: 'Het huidige wachtwoord klopt niet.' }], 'WRONG_PASSWORD');
    }
    await this.passwordThrottle.succeed(actor.id, actor.id);
    return user;
  }

  /**
   * The logged-in user changes their own password: the current one must be right
   * (verifyCurrentPassword). Every other session of the user ends; the one this request came
   * with (`currentToken`) stays. Unused reset links stop working: the password they would reset is gone.
   */
  async changePassword(actor: AuthUser, currentPassword: string, newPassword: string, currentToken: string | undefined): Promise<void> {
    const user = await this.verifyCurrentPassword(actor, currentPassword);
    if (currentPassword === newPassword) {
      throw new ValidationError('Kies een ander wachtwoord dan het huidige.', [{ field: 'newPassword', message: 'Kies een ander wachtwoord dan het huidige.' }]);
    }
    const passwordHash = await hashPassword(newPassword);
    await this.prisma.$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
      await endSessions(tx, user.id, currentToken);
      await endResetLinks(tx, user.id);
      await this.audit.record({ userId: user.id, action: 'user.password', entityType: 'User', entityId: user.id }, tx);
    });
    // Guesses at the old password no longer make the account wait.
    await this.accountThrottle.succeed(user.email);
  }

  /** What GET /api/auth/me (and a login by link) answers: the user and the name of their club. */
  async me(user: AuthUser): Promise<MeDto> {
    const club = user.clubId ? await this.prisma.club.findUnique({ where: { id: user.clubId }, select: { name: true } }) : null;
    return mapMe(user, club?.name ?? null);
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await this.prisma.session.deleteMany({ where: { tokenHash: hashToken(token) } });
  }

  async userForToken(token: string): Promise<AuthUser | null> {
    const session = await this.prisma.session.findUnique({
      where: { tokenHash: hashToken(token) },
      include: { user: true },
    });
    if (!session || session.expiresAt < new Date() || session.user.archivedAt) return null;
    return toAuthUser(session.user);
  }
}

/**
 * Ends every session of a user (after a password change, on archiving), except the one with this token
 * (the session the change was made in, when the user changed their own password).
 */
export async function endSessions(db: Pick<Prisma.TransactionClient, 'session'>, userId: string, exceptToken?: string): Promise<void> {
  await db.session.deleteMany({ where: { userId, ...(exceptToken ? { tokenHash: { not: hashToken(exceptToken) } } : {}) } });
}

/** The user's unused password-reset links stop working (after a password or address change). */
export async function endResetLinks(db: Pick<Prisma.TransactionClient, 'accountToken'>, userId: string): Promise<void> {
  await db.accountToken.updateMany({ where: { userId, kind: 'PASSWORD_RESET', usedAt: null }, data: { usedAt: new Date() } });
}

export function toAuthUser(user: { id: string; email: string; name: string; role: AuthUser['role']; clubId: string | null }): AuthUser {
  return { id: user.id, email: user.email, name: user.name, role: user.role, clubId: user.clubId };
}
