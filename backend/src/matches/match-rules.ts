/**
 * Who may do what to a match, and in which state (Regel 15): a team's secretary keeps
 * its own line-up and substitutions, the home secretary enters the result, the away
 * secretary confirms it, an administrator may do all of it; once confirmed the result
 * is locked and only a supervisor or administrator corrects it.
 */
import { assertClubAccess } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { ConflictError, ForbiddenError, ValidationError } from '../common/errors';

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

/** A secretary's result entry: not once the result is confirmed. */
export function assertResultOpen(match: MatchState): void {
  assertPlayable(match);
  if (match.resultState === 'CONFIRMED') {
    throw new ConflictError(
      'De uitslag is door beide teams ondertekend en staat vast; alleen een wedstrijdleider of de bond kan hem nog corrigeren.',
      'RESULT_LOCKED',
    );
  }
}

/**
 * Line-ups and substitutions: open until the result is confirmed; after that only an
 * administrator may change them, with a reason (it changes the Regel 4 and 12A/14 consequences).
 */
export function assertMatchFactsOpen(match: MatchState, user: AuthUser, reason: string | undefined): void {
  assertPlayable(match);
  if (match.resultState !== 'CONFIRMED') return;
  if (user.role !== 'ADMIN') assertResultOpen(match);
  if (!reason) {
    throw new ValidationError('De uitslag staat al vast: geef een reden voor deze wijziging.', [
      { field: 'reason', code: 'REQUIRED', message: 'Geef een reden voor deze wijziging.' },
    ]);
  }
}
