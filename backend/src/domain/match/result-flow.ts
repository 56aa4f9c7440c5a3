/**
 * The way a result travels (RULES.md "Signatures (Regel 15)", the paper form): the home
 * team enters it, signs it after checking a summary, and the away team confirms it —
 * which locks it — or refuses it with a comment, which goes to the supervisor, whose decision makes it final.
 * Entry opens on the match day (the federation's calendar date of the match); only an
 * administrator may enter earlier, with a reason.
 */
import { compareDates, IsoDate } from '../dates';

export type EntryRole = 'ADMIN' | 'SECRETARY' | 'SUPERVISOR';

/** Whether a person in `role` may enter, sign or confirm the result of a match on `matchDate` today. */
export type EntryWindow =
  /** Open; `early` when an administrator acts before the match day (a reason is then required). */
  | { open: true; early: boolean }
  /** Not yet: it opens on `opensOn`. */
  | { open: false; opensOn: IsoDate };

/**
 * A result is entered from the day of the match on ("Invoeren kan vanaf za 28 nov."): a
 * complete result days before the match cannot be real. An administrator may enter
 * earlier (a match played early by agreement, a form that arrived late on the wrong
 * date), with a reason that goes into the log.
 */
export function resultEntryWindow(matchDate: IsoDate, today: IsoDate, role: EntryRole): EntryWindow {
  if (compareDates(today, matchDate) >= 0) return { open: true, early: false };
  if (role === 'ADMIN') return { open: true, early: true };
  return { open: false, opensOn: matchDate };
}

/**
 * Where a result stands:
 * - NONE: nothing entered yet;
 * - IN_PROGRESS: the home team is entering (or changed it after signing: the signature lapsed);
 * - SIGNED_BY_HOME: the home team signed after the summary; the away team confirms or disputes;
 * - DISPUTED: the away team refused, with a comment; the supervisor decides (RULES.md "The paper path": no loop back to the home team);
 * - CONFIRMED: both teams signed; locked (only a supervisor or administrator corrects it).
 */
export const RESULT_PHASES = ['NONE', 'IN_PROGRESS', 'SIGNED_BY_HOME', 'DISPUTED', 'CONFIRMED'] as const;
export type ResultPhase = (typeof RESULT_PHASES)[number];

export interface ResultFacts {
  /** The stored state: NONE, ENTERED or CONFIRMED. */
  resultState: string;
  homeSigned: boolean;
  disputed: boolean;
}

export function resultPhase({ resultState, homeSigned, disputed }: ResultFacts): ResultPhase {
  if (resultState === 'CONFIRMED') return 'CONFIRMED';
  if (resultState === 'NONE') return 'NONE';
  if (homeSigned) return 'SIGNED_BY_HOME';
  return disputed ? 'DISPUTED' : 'IN_PROGRESS';
}

/** The columns of a match (or a match state) its phase follows from. */
export interface PhaseFacts {
  resultState: string;
  homeSignedAt: Date | null;
  disputedAt: Date | null;
}

/** The phase of a stored match. */
export function phaseOf(match: PhaseFacts): ResultPhase {
  return resultPhase({ resultState: match.resultState, homeSigned: match.homeSignedAt !== null, disputed: match.disputedAt !== null });
}

/** Why a locked result is not changed (RESULT_LOCKED), wherever it is refused. */
export const LOCKED_MESSAGE = 'De uitslag is definitief en staat vast; alleen de bond kan hem nog corrigeren, met een reden.';

export type ResultAction = 'ENTER' | 'SIGN' | 'CONFIRM' | 'DISPUTE' | 'CORRECT';

/** Why an action is refused in a phase: a stable code and a Dutch message. */
export interface PhaseRefusal {
  code: 'RESULT_LOCKED' | 'NOTHING_ENTERED' | 'HOME_NOT_SIGNED' | 'ALREADY_SIGNED' | 'NOT_CONFIRMED';
  message: string;
}

/**
 * The phase an action leads to, or why it is refused. Every entry lapses the home
 * signature (the away team must never confirm what the home team did not sign); a
 * dispute stays visible until the home team signs again.
 */
export function resultTransition(phase: ResultPhase, action: ResultAction): { next: ResultPhase } | { refused: PhaseRefusal } {
  const locked: PhaseRefusal = { code: 'RESULT_LOCKED', message: LOCKED_MESSAGE };
  switch (action) {
    case 'ENTER':
      if (phase === 'CONFIRMED') return { refused: locked };
      return { next: phase === 'DISPUTED' ? 'DISPUTED' : 'IN_PROGRESS' };
    case 'SIGN':
      if (phase === 'CONFIRMED') return { refused: locked };
      if (phase === 'NONE') return { refused: { code: 'NOTHING_ENTERED', message: 'Er is nog geen uitslag ingevoerd om te ondertekenen.' } };
      if (phase === 'SIGNED_BY_HOME') return { refused: { code: 'ALREADY_SIGNED', message: 'De thuisploeg heeft deze uitslag al ondertekend.' } };
      return { next: 'SIGNED_BY_HOME' };
    case 'CONFIRM':
    case 'DISPUTE':
      if (phase === 'CONFIRMED') return { refused: locked };
      if (phase === 'NONE') return { refused: { code: 'NOTHING_ENTERED', message: 'Er is nog geen uitslag ingevoerd.' } };
      if (phase !== 'SIGNED_BY_HOME') {
        return {
          refused: {
            code: 'HOME_NOT_SIGNED',
            message:
              phase === 'DISPUTED'
                ? 'De uitploeg heeft het formulier niet bevestigd; de wedstrijdleider beslist nu (Regel 35B).'
                : 'De thuisploeg heeft deze uitslag nog niet ondertekend (Regel 15).',
          },
        };
      }
      return { next: action === 'CONFIRM' ? 'CONFIRMED' : 'DISPUTED' };
    case 'CORRECT':
      if (phase !== 'CONFIRMED') {
        return { refused: { code: 'NOT_CONFIRMED', message: 'Deze uitslag is nog niet door beide teams bevestigd; de thuisploeg kan hem gewoon wijzigen.' } };
      }
      return { next: 'CONFIRMED' };
  }
}

const WEEKDAYS = ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'];
const MONTHS = ['jan.', 'feb.', 'mrt.', 'apr.', 'mei', 'jun.', 'jul.', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'];

/** "2026-11-28" → "za 28 nov.": short, for a message on a phone. */
export function shortDutchDate(date: IsoDate): string {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${d} ${MONTHS[m - 1]}`;
}

/** "Invoeren kan vanaf za 28 nov." */
export function entryOpensText(opensOn: IsoDate): string {
  return `Invoeren kan vanaf ${shortDutchDate(opensOn)}`;
}
