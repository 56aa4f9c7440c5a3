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
