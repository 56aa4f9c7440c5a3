/**
 * The result's way from the home team to the away team (domain/match/result-flow.ts) as
 * the match-day services apply it: the entry window and the phase transitions, thrown as
 * the one error envelope's errors.
 */
import type { AuthUser } from '../auth/auth.types';
import { AppError, ConflictError, RuleViolationError, ValidationError } from '../common/errors';
import { isoDate, todayIso } from '../common/dto';
import { entryOpensText, PhaseRefusal, ResultAction, resultEntryWindow, ResultPhase, resultPhase, resultTransition, shortDutchDate } from '../domain/match';

export interface PhaseFacts {
  resultState: string;
  homeSignedAt: Date | null;
  disputedAt: Date | null;
}

export function phaseOf(match: PhaseFacts): ResultPhase {
  return resultPhase({ resultState: match.resultState, homeSigned: match.homeSignedAt !== null, disputed: match.disputedAt !== null });
}

function refusal({ code, message }: PhaseRefusal): AppError {
  return code === 'HOME_NOT_SIGNED' ? new RuleViolationError(message, code) : new ConflictError(message, code);
}

/** The phase `action` leads to; throws the refusal (409, or 422 HOME_NOT_SIGNED) when the phase does not allow it. */
export function assertTransition(match: PhaseFacts, action: ResultAction): ResultPhase {
  const result = resultTransition(phaseOf(match), action);
  if ('refused' in result) throw refusal(result.refused);
  return result.next;
}

/**
 * Entry, signing and confirmation open on the match day (Europe/Amsterdam). Before it a
 * secretary is refused (409 ENTRY_NOT_OPEN, with the day it opens); an administrator
 * may act, with a reason that goes into the audit log (400 when it is missing).
 */
export function assertEntryOpen(match: { date: Date }, user: AuthUser, reason: string | null | undefined, today = todayIso()): void {
  const window = resultEntryWindow(isoDate(match.date), today, user.role);
  if (!window.open) {
    const message = `${entryOpensText(window.opensOn)}: de uitslag wordt op of na de wedstrijddag ingevoerd, ondertekend en bevestigd.`;
    throw new ConflictError(message, 'ENTRY_NOT_OPEN', [{ field: 'date', code: 'ENTRY_NOT_OPEN', message }]);
  }
  if (window.early && !reason) {
    const message = `De wedstrijd is pas op ${shortDutchDate(isoDate(match.date))}: geef een reden om de uitslag eerder vast te leggen (komt in het logboek).`;
    throw new ValidationError(message, [{ field: 'reason', code: 'REQUIRED', message }]);
  }
}
