/**
 * Who may see a match's table codes, and which codes are live: shared by the night's
 * endpoints and the printed match form (which carries the codes only for these people).
 */
import type { AuthUser } from '../auth/auth.types';
import { ForbiddenError } from '../common/errors';
import type { Prisma } from '../generated/prisma/client';

/**
 * Who sees and hands out a match's table codes: the home club's secretary (the night is
 * played at the home club), supervisors and administrators. The away team gets to its
 * tables through the home team's cards, not through codes of its own.
 */
export function assertNightAccess(user: AuthUser, match: { homeTeam: { clubId: string }; awayTeam: { clubId: string } }): void {
  if (user.role === 'ADMIN' || user.role === 'SUPERVISOR') return;
  if (user.role === 'SECRETARY' && user.clubId === match.homeTeam.clubId) return;
  if (user.role === 'SECRETARY' && user.clubId === match.awayTeam.clubId) {
    throw new ForbiddenError('De speelavond en de tafelcodes zijn van de thuisvereniging: de secretaris van de thuisploeg opent de avond en deelt de tafelkaarten uit.', 'NOT_HOME_TEAM');
  }
  throw new ForbiddenError('U kunt alleen gegevens van uw eigen vereniging inzien of wijzigen.', 'OTHER_CLUB');
}

/** The same rule as a question: may this viewer (or nobody logged in) see the codes? */
export function canSeeTableCodes(user: AuthUser | undefined, match: { homeTeam: { clubId: string }; awayTeam: { clubId: string } }): boolean {
  if (!user) return false;
  try {
    assertNightAccess(user, match);
    return true;
  } catch {
    return false;
  }
}

/** The live code of every table: not revoked, not expired (newest first wins). */
export async function liveTableCodes(db: Pick<Prisma.TransactionClient, 'tableCode'>, matchId: string, now: Date) {
  const rows = await db.tableCode.findMany({ where: { matchId, revokedAt: null, expiresAt: { gt: now } }, orderBy: [{ tableNumber: 'asc' }, { createdAt: 'desc' }] });
  const newest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!newest.has(row.tableNumber)) newest.set(row.tableNumber, row);
  return [...newest.values()];
}

