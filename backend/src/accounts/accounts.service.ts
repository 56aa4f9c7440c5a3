import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { AuthService, clientAddress, endResetLinks, endSessions, hashPassword, hashToken, toAuthUser } from '../auth/auth.service';
import type { AuthUser } from '../auth/auth.types';
import { LoginThrottle, waitInDutch } from '../auth/login-throttle';
import { AppError, ConflictError, NotFoundError, RetryLaterError, ValidationError } from '../common/errors';
import type { Prisma } from '../generated/prisma/client';
import type { AccountTokenKind } from '../generated/prisma/enums';
import { MailService } from '../mail/mail.service';
import { PrismaService } from '../prisma/prisma.service';
import { issueAccountToken } from './account-links';
import { emailChangeMail, emailChangeNoticeMail, emailTakenMail, invitationMail, passwordResetMail } from './account-mails';
import type { TokenInfoDto } from './accounts.dto';
import { RequestLimit } from './request-limit';
import { RateLimitStore } from '../common/rate-limit-store';

const HOUR = 3_600_000;

/** The one answer to a reset request, whether or not the address is known. */
export const RESET_REQUESTED_MESSAGE =
  'Als dit e-mailadres bij ons bekend is, ontvangt u binnen enkele minuten een e-mail met een link om een nieuw wachtwoord te kiezen. De link is 1 uur geldig.';

export class TokenError extends AppError {
  constructor(code: 'TOKEN_INVALID' | 'TOKEN_EXPIRED' | 'TOKEN_USED') {
    const messages = {
      TOKEN_INVALID: 'Deze link is ongeldig. Kopieer de hele link uit de e-mail, of vraag een nieuwe aan.',
      TOKEN_EXPIRED: 'Deze link is verlopen. Vraag een nieuwe aan.',
      TOKEN_USED: 'Deze link is al gebruikt. Een link werkt maar één keer; vraag zo nodig een nieuwe aan.',
    };
    super(400, code, messages[code]);
  }
}

/** One key for every made-up link: the throttle counts them per client. */
const TOKEN_KEY = 'account-token';

/** The user an invitation goes to, with the club's name for the mail. */
export type InvitedUser = { id: string; email: string; name: string; role: 'ADMIN' | 'SECRETARY' | 'SUPERVISOR'; club: { name: string } | null };

/** A password set with a link: the new session, the user, and this browser's known-device cookie. */
export interface PasswordSet {
  session: { token: string; expiresAt: Date };
  user: AuthUser;
  device: { token: string; expiresAt: Date };
}

class TooManyRequestsError extends RetryLaterError {
  constructor(seconds: number) {
    super(seconds, 'TOO_MANY_REQUESTS', `Te veel aanvragen. Probeer het ${waitInDutch(seconds)} opnieuw.`);
  }
}

/**
 * Accounts without the administrator's help: a forgotten password, an invitation to choose
 * one's own password, a new e-mail address confirmed by that address. Every link carries 32
 * random bytes; only their SHA-256 is stored (AccountToken), each works once and for a while.
 */
@Injectable()
export class AccountsService implements OnModuleDestroy {
  private readonly logger = new Logger('Accounts');
  /** Reset requests: 3 an hour per address (a mailbox is not flooded), 10 an hour per client (counted in PostgreSQL: every API process alike). */
  private readonly resetPerAddress: RequestLimit;
  private readonly resetPerClient: RequestLimit;
  /** Address changes: 5 an hour per account (wrong current passwords wait as at the login: AuthService). */
  private readonly emailChangePerUser: RequestLimit;
  /**
   * Made-up links (a token we never issued), counted per client as failed logins are: after
   * 10 the client waits, doubling, so guessing tokens gets nowhere. Checked before any work.
   */
  private readonly tokenThrottle: LoginThrottle;
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly auth: AuthService,
    private readonly mail: MailService,
  ) {
    const store = new RateLimitStore(prisma);
    this.resetPerAddress = new RequestLimit(store, 'reset:address', { limit: 3, windowMs: HOUR });
    this.resetPerClient = new RequestLimit(store, 'reset:client', { limit: 10, windowMs: HOUR });
    this.emailChangePerUser = new RequestLimit(store, 'email-change:user', { limit: 5, windowMs: HOUR });
    this.tokenThrottle = new LoginThrottle(store, 'token');
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.background]);
  }

  /**
   * "Wachtwoord vergeten?": always the same answer, at once; the lookup and the mail happen
   * afterwards, so neither the answer nor its timing says whether the address is known.
   */
  async requestPasswordReset(emailInput: string, client: string | undefined): Promise<{ message: string }> {
    const email = emailInput.trim().toLowerCase();
    const ip = clientAddress(client);
    const wait = Math.max(...(await Promise.all([this.resetPerAddress.wait(email), this.resetPerClient.wait(ip)])));
    if (wait > 0) throw new TooManyRequestsError(wait);
    await Promise.all([this.resetPerAddress.count(email), this.resetPerClient.count(ip)]);
    const work = this.sendPasswordReset(email).catch((error) => this.logger.error(`Herstelmail voor een aanvraag mislukt: ${error instanceof Error ? error.message : error}`));
    this.background.add(work);
    void work.finally(() => this.background.delete(work));
    return { message: RESET_REQUESTED_MESSAGE };
  }

  /** Resolves when the reset requests under way have been handled (tests). */
  async idle(): Promise<void> {
    while (this.background.size) await Promise.all([...this.background]);
  }

  private async sendPasswordReset(email: string): Promise<void> {
    const user = await this.prisma.user.findUnique({ where: { email } });
    if (!user || user.archivedAt) return;
    await this.prisma.$transaction(async (tx) => {
      const link = await issueAccountToken(tx, user.id, 'PASSWORD_RESET');
      await this.mail.send(passwordResetMail(user, link), tx);
      await this.audit.record({ userId: user.id, action: 'account.password-reset.request', entityType: 'User', entityId: user.id }, tx);
    });
  }

  /**
   * A new password from a reset link: every session of the user ends, and this browser is logged
   * in and known (`device`: its cookie); guesses at the old password no longer make the account wait.
   */
  async resetPassword(token: string, password: string, client?: string, deviceToken?: string): Promise<PasswordSet> {
    return this.setPasswordWithToken(token, 'PASSWORD_RESET', password, 'account.password-reset', client, deviceToken);
  }

  /** The invited user chooses a password and is logged in (this browser known). */
  async acceptInvitation(token: string, password: string, client?: string, deviceToken?: string): Promise<PasswordSet> {
    return this.setPasswordWithToken(token, 'INVITATION', password, 'account.invitation.accept', client, deviceToken);
  }

  /**
   * Sends an invitation (inside the transaction that created the user, or again later):
   * a link valid 7 days to choose a password. Earlier invitations of the user stop working.
   */
  async invite(user: InvitedUser, actor: AuthUser | null, tx: Prisma.TransactionClient): Promise<void> {
    const link = await issueAccountToken(tx, user.id, 'INVITATION');
    await this.mail.send(invitationMail(user, user.club?.name ?? null, actor?.name ?? null, link), tx);
    await this.audit.record({ userId: actor?.id ?? null, action: 'account.invitation', entityType: 'User', entityId: user.id, after: { email: user.email } }, tx);
  }

  /** An administrator sends a new invitation, to a user who has not chosen a password yet. */
  async reinvite(userId: string, actor: AuthUser): Promise<void> {
    const user = await this.prisma.user.findUnique({ where: { id: userId }, include: { club: { select: { name: true } } } });
    if (!user) throw new NotFoundError('Gebruiker');
    if (user.archivedAt) throw new ValidationError('Deze gebruiker is gearchiveerd.');
    if (user.passwordHash) {
      throw new ConflictError('Deze gebruiker heeft al een wachtwoord; bij een vergeten wachtwoord helpt "Wachtwoord vergeten?" op de inlogpagina.', 'ALREADY_ACTIVE');
    }
    await this.prisma.$transaction((tx) => this.invite(user, actor, tx));
  }

  /** The logged-in user asks to use another address; the link goes to that address, a notice to the current one. */
  async requestEmailChange(actor: AuthUser, newEmailInput: string, currentPassword: string): Promise<{ message: string }> {
    const newEmail = newEmailInput.trim().toLowerCase();
    const user = await this.auth.verifyCurrentPassword(actor, currentPassword);
    if (newEmail === user.email) {
      throw new ValidationError('Dit is al uw e-mailadres.', [{ field: 'newEmail', message: 'Dit is al uw e-mailadres.' }]);
    }
    // Counted before the lookup: asking which addresses are taken is a request as well.
    const wait = await this.emailChangePerUser.take(user.id);
    if (wait > 0) throw new TooManyRequestsError(wait);
    // The same answer whether the address is taken or not (issue 47: the answer must not tell a
    // logged-in user which addresses have an account); the mail to that address says what happened.
    const taken = Boolean(await this.prisma.user.findUnique({ where: { email: newEmail }, select: { id: true } }));
    await this.prisma.$transaction(async (tx) => {
      if (taken) await this.mail.send(emailTakenMail(newEmail), tx);
      else await this.mail.send(emailChangeMail(user, newEmail, await issueAccountToken(tx, user.id, 'EMAIL_CHANGE', newEmail)), tx);
      await this.mail.send(emailChangeNoticeMail(user, newEmail), tx);
      await this.audit.record({ userId: user.id, action: 'account.email-change.request', entityType: 'User', entityId: user.id, after: { newEmail, ...(taken ? { taken } : {}) } }, tx);
    });
    return { message: `We hebben een e-mail gestuurd naar ${newEmail}. Volg de link daarin (24 uur geldig) om het adres te bevestigen; tot dan blijft ${user.email} in gebruik.` };
  }

  /** The link in the mail to the new address: from now on the user logs in with it. */
  async confirmEmailChange(token: string, client?: string): Promise<{ email: string }> {
    await this.findToken(token, client);
    return this.prisma.$transaction(async (tx) => {
      const row = await this.useToken(tx, token, 'EMAIL_CHANGE');
      const newEmail = row.newEmail!;
      const taken = await tx.user.findUnique({ where: { email: newEmail }, select: { id: true } });
      if (taken && taken.id !== row.userId) throw new ConflictError('Dit e-mailadres hoort inmiddels bij een ander account.', 'EMAIL_TAKEN');
      await tx.user.update({ where: { id: row.userId }, data: { email: newEmail } });
      // A reset link mailed to the old address no longer opens the account.
      await endResetLinks(tx, row.userId);
      await this.audit.record({ userId: row.userId, action: 'account.email-change', entityType: 'User', entityId: row.userId, before: { email: row.user.email }, after: { email: newEmail } }, tx);
      return { email: newEmail };
    });
  }

  /** What a link is for, so its page can greet the person (the link is not used up). */
  async tokenInfo(token: string, client?: string): Promise<TokenInfoDto> {
    const row = await this.findToken(token, client);
    this.assertUsable(row);
    return { kind: row.kind, email: row.kind === 'EMAIL_CHANGE' ? row.newEmail! : row.user.email, name: row.user.name, expiresAt: row.expiresAt.toISOString() };
  }

  /**
   * The stored link for this token, after the client's wait for made-up links (429). A token we
   * never issued counts towards that wait and is refused (TOKEN_INVALID) before any costly work.
   */
  private async findToken(token: string, client: string | undefined) {
    const ip = clientAddress(client);
    await this.tokenThrottle.check(TOKEN_KEY, ip);
    const row = await this.prisma.accountToken.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: true } });
    if (!row) {
      await this.tokenThrottle.fail(TOKEN_KEY, ip);
      throw new TokenError('TOKEN_INVALID');
    }
    return row;
  }

  private async setPasswordWithToken(token: string, kind: 'PASSWORD_RESET' | 'INVITATION', password: string, action: string, client: string | undefined, deviceToken: string | undefined): Promise<PasswordSet> {
    // The link first: a wrong one costs no password hash (argon2 is the expensive part).
    this.assertUsable(await this.findToken(token, client), kind);
    const passwordHash = await hashPassword(password);
    const done = await this.prisma.$transaction(async (tx) => {
      const row = await this.useToken(tx, token, kind);
      await tx.user.update({ where: { id: row.userId }, data: { passwordHash } });
      // The other links that set a password stop working: this one decided it.
      await tx.accountToken.updateMany({ where: { userId: row.userId, kind: { in: ['PASSWORD_RESET', 'INVITATION'] }, usedAt: null }, data: { usedAt: new Date() } });
      await endSessions(tx, row.userId);
      const session = await this.auth.startSession(row.userId, tx);
      await this.audit.record({ userId: row.userId, action, entityType: 'User', entityId: row.userId }, tx);
      return { session, user: toAuthUser(row.user) };
    });
    return { ...done, device: await this.auth.passwordSet(done.user, deviceToken) };
  }

  /** Checks the link and marks it used, once: of two requests with one link only the first gets through. */
  private async useToken(tx: Prisma.TransactionClient, token: string, kind: AccountTokenKind) {
    const row = await tx.accountToken.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: true } });
    this.assertUsable(row, kind);
    const { count } = await tx.accountToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
    if (count !== 1) throw new TokenError('TOKEN_USED');
    return row;
  }

  private assertUsable<T extends { kind: AccountTokenKind; usedAt: Date | null; expiresAt: Date; user: { archivedAt: Date | null } }>(
    row: T | null,
    kind?: AccountTokenKind,
  ): asserts row is T {
    if (!row || (kind && row.kind !== kind) || row.user.archivedAt) throw new TokenError('TOKEN_INVALID');
    if (row.usedAt) throw new TokenError('TOKEN_USED');
    if (row.expiresAt <= new Date()) throw new TokenError('TOKEN_EXPIRED');
  }
}
