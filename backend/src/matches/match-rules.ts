/**
 * Who may do what to a match, and in which state (Regel 15): a team's secretary keeps
 * its own line-up and substitutions, the home secretary enters the result, the away
 * secretary confirms it, an administrator may do all of it; once confirmed the result
 * is locked and only a supervisor or administrator corrects it.
 */
import { assertClubAccess } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { ConflictError, ForbiddenError } from '../common/errors';

export interface MatchTeams {
  homeTeam: { clubId: string };
  awayTeam: { clubId: string };
}

export interface MatchState {
  status: string;
  resultState: string;
}

const NOT_PLAYED_LABELS: Record<string, string> = {
  NOT_PLAYED: 'gespeeld zonder tafelscherm (Regel 6)',
  FORFEIT: 'reglementair verloren (Regel 7)',
  CANCELLED: 'afgelast door de bond (Regel 8)',
};

/** The home secretary (or an administrator) enters the result. */
export function assertHomeEntry(user: AuthUser, match: MatchTeams): void {
  if (user.role === 'SECRETARY' && user.clubId !== match.homeTeam.clubId && user.clubId === match.awayTeam.clubId) {
    throw new ForbiddenError('De uitslag wordt ingevoerd door de secretaris van de thuisploeg; de uitploeg bevestigt hem.', 'NOT_HOME_TEAM');
  }
  assertClubAccess(user, match.homeTeam.clubId);
}

/**
 * The away secretary (or an administrator) confirms the result. When one club has both
 * teams, its secretary would sign for both sides: only an administrator confirms then.
 */
export function assertAwayConfirmation(user: AuthUser, match: MatchTeams): void {
  if (user.role !== 'ADMIN' && match.homeTeam.clubId === match.awayTeam.clubId) {
    throw new ForbiddenError(
      'Beide teams in deze wedstrijd zijn van dezelfde vereniging. Regel 15 vraagt de handtekening van beide teams, dus de bondsbeheerder bevestigt deze uitslag.',
      'SAME_CLUB',
    );
  }
  if (user.role === 'SECRETARY' && user.clubId !== match.awayTeam.clubId && user.clubId === match.homeTeam.clubId) {
    throw new ForbiddenError('De uitslag wordt bevestigd door de secretaris van de uitploeg.', 'NOT_AWAY_TEAM');
  }
  assertClubAccess(user, match.awayTeam.clubId);
}

/** Line-ups, results and substitutions only for a match that is (to be) played. */
export function assertPlayable(match: MatchState): void {
  const label = NOT_PLAYED_LABELS[match.status];
  if (label) {
    throw new ConflictError(`Deze wedstrijd is vastgelegd als ${label}; de bondsbeheerder kan dat eerst terugdraaien.`, 'MATCH_NOT_PLAYED');
  }
}
