import { ForbiddenError } from '../common/errors';
import type { AuthUser } from './auth.types';

/** Administrators act for every club; a secretary only for their own. */
export function canActForClub(user: AuthUser, clubId: string): boolean {
  return user.role === 'ADMIN' || (user.role === 'SECRETARY' && user.clubId === clubId);
}

export function assertClubAccess(user: AuthUser, clubId: string): void {
  if (!canActForClub(user, clubId)) {
    throw new ForbiddenError('U kunt alleen gegevens van uw eigen vereniging inzien of wijzigen.', 'OTHER_CLUB');
  }
}

/**
 * Who reads a match's internals (the dispute's comment, scores not yet signed or public, the
 * supervisor's console): administrators, supervisors, and a secretary of either club.
 */
export function canReadMatchInternals(user: { role: string; clubId: string | null } | undefined, clubIds: readonly string[]): boolean {
  if (!user) return false;
  if (user.role === 'ADMIN' || user.role === 'SUPERVISOR') return true;
  return user.role === 'SECRETARY' && user.clubId !== null && clubIds.includes(user.clubId);
}
