/**
 * A single-use account link (password reset, invitation, address change): only the SHA-256 of
 * its 32 random bytes is stored. Pure, so the API (AccountsService) and the installer's first
 * administrator (first-admin.cli.ts) make their links alike.
 */
import { createHash, randomBytes } from 'node:crypto';

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
