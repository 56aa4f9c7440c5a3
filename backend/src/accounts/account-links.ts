/**
 * A single-use account link (password reset, invitation, address change): only the SHA-256 of
 * its 32 random bytes is stored. In one place, so the API (AccountsService, and AuthService's
 * mail when an account's password is guessed at) and the installer's first administrator
 * (first-admin.cli.ts) make their links alike.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Prisma } from '../generated/prisma/client';
import type { AccountTokenKind } from '../generated/prisma/enums';
import { publicLink } from '../mail/mail-config';

const HOUR = 3_600_000;

/** How long a mailed link stays valid, per kind. */
export const TOKEN_VALIDITY_MS = {
  PASSWORD_RESET: 1 * HOUR,
  INVITATION: 7 * 24 * HOUR,
  EMAIL_CHANGE: 24 * HOUR,
} as const;

/** The dashboard page each link opens. */
export const TOKEN_PAGES = {
  PASSWORD_RESET: '/wachtwoord-herstellen',
  INVITATION: '/uitnodiging',
  EMAIL_CHANGE: '/e-mailadres-bevestigen',
} as const;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh link's secret and the hash that is stored. */
export function newAccountToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** A fresh link of this kind for the user, stored; the user's earlier unused links of the kind stop working. */
export async function issueAccountToken(db: Pick<Prisma.TransactionClient, 'accountToken'>, userId: string, kind: AccountTokenKind, newEmail?: string): Promise<string> {
  const { token, tokenHash } = newAccountToken();
  await db.accountToken.deleteMany({ where: { userId, kind, usedAt: null } });
  await db.accountToken.create({ data: { userId, kind, tokenHash, newEmail: newEmail ?? null, expiresAt: new Date(Date.now() + TOKEN_VALIDITY_MS[kind]) } });
  return publicLink(`${TOKEN_PAGES[kind]}?token=${token}`);
}
