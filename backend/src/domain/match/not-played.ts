/**
 * Matches that are not played (RULES.md "Matches that are not played", Regel 6–9): what
 * each kind means for game points, competition points, deductions and fines.
 */
import { CompetitionSettings } from '../settings';
import {
  CreditedSet,
  creditSets,
  decidedOutcome,
  MatchOutcome,
  matchTotals,
  pairForfeits,
  TeamOutcome,
} from './match-result';
import { positions } from './rotation';
import { opponentOf, Side } from './side';

/** Regel 7: calling a match off less than this many hours before it is gross negligence. */
export const LATE_CANCELLATION_HOURS = 48;

export type ForfeitCause = 'TOO_FEW_PAIRS' | 'LATE_CANCELLATION' | 'OTHER';

export type NotPlayed =
  /** Regel 6: played without table screen, counts as not played. */
  | { kind: 'NO_TABLE_SCREEN' }
  /** Regel 7, 9A: the match did not take place through the fault of `offendingSide`. */
  | { kind: 'FORFEIT'; offendingSide: Side; cause: ForfeitCause }
  /**
   * Regel 8: cancelled by the federation. Each team's game points in every match it played
   * before the date of this one (see averageScore).
   */
  | { kind: 'CANCELLED'; homePreviousPointsFor: readonly number[]; awayPreviousPointsFor: readonly number[] };

export type NotPlayedKind = NotPlayed['kind'];

export type FineBeneficiary = { kind: 'FEDERATION' } | { kind: 'CLUB'; side: Side };

/** A fine the system proposes; an administrator confirms it. */
export interface ProposedFine {
  /** The side whose club pays. */
  side: Side;
  rule: string;
  reason: string;
  /** Null when the board sets the amount (Regel 6). */
  amountCents: number | null;
  beneficiary: FineBeneficiary;
}

export interface NotPlayedOutcome extends MatchOutcome {
  /** The set rows to store: every set credited for a forfeit, none otherwise. */
  sets: CreditedSet[];
  fines: ProposedFine[];
}

export type NotPlayedSettings = Pick<
  CompetitionSettings,
  | 'pairsPerTeam'
  | 'missingSetPoints'
  | 'minimumPairsToStart'
  | 'noScreenDeduction'
  | 'forfeitFineCents'
  | 'pointsWin'
  | 'pointsDraw'
  | 'pointsLoss'
>;

const HOUR_MS = 60 * 60 * 1000;

/** Regel 7: called off less than 48 hours before the match starts (also: after it should have started). */
export function isLateCancellation(calledOffAt: Date, matchStartsAt: Date): boolean {
  return matchStartsAt.getTime() - calledOffAt.getTime() < LATE_CANCELLATION_HOURS * HOUR_MS;
}

/**
 * Regel 8: a team's average game points per match, rounded half up to a whole number;
 * 0 when it has played none. Pass the points for of every match the standings count as
 * played (played and forfeited matches; not Regel 6 or earlier Regel 8 matches).
 */
export function averageScore(previousMatchPointsFor: readonly number[]): number {
  if (previousMatchPointsFor.some((points) => !Number.isInteger(points) || points < 0)) {
    throw new RangeError(`Game points must be whole numbers >= 0, got ${previousMatchPointsFor.join(', ')}`);
  }
  const n = previousMatchPointsFor.length;
  if (n === 0) return 0;
  const sum = previousMatchPointsFor.reduce((a, b) => a + b, 0);
  // Half up without floating point: floor(sum / n + 1/2) = floor((2·sum + n) / 2n).
  return Math.floor((2 * sum + n) / (2 * n));
}

/** A match that counts as neither played, won, drawn nor lost for the team, and gives no points. */
function notCounted(deduction = 0): TeamOutcome {
  return { result: null, competitionPoints: 0, deduction };
}

function forfeitFineReason(cause: ForfeitCause, settings: NotPlayedSettings): { rule: string; reason: string } {
  switch (cause) {
    case 'TOO_FEW_PAIRS':
      return {
        rule: '7',
        reason: `Wedstrijd niet doorgegaan: minder dan ${settings.minimumPairsToStart} koppels aanwezig (Regel 7).`,
      };
    case 'LATE_CANCELLATION':
      return {
        rule: '7',
        reason: `Wedstrijd minder dan ${LATE_CANCELLATION_HOURS} uur van tevoren afgezegd (Regel 7).`,
      };
    case 'OTHER':
      return { rule: '9A', reason: 'Wedstrijd door toedoen van de vereniging niet doorgegaan (Regel 9A).' };
  }
}

/** Regel 6: no points for either team, the deduction for both, a fine to both clubs in an amount the board sets. */
function noTableScreen(settings: NotPlayedSettings): NotPlayedOutcome {
  const fine = (side: Side): ProposedFine => ({
    side,
    rule: '6',
    reason: 'Wedstrijd gespeeld zonder tafelscherm (Regel 6); het bestuur stelt het bedrag vast.',
    amountCents: null,
    beneficiary: { kind: 'FEDERATION' },
  });
  return {
    homePoints: 0,
    awayPoints: 0,
    winner: null,
    home: notCounted(settings.noScreenDeduction),
    away: notCounted(settings.noScreenDeduction),
    sets: [],
    fines: [fine('HOME'), fine('AWAY')],
  };
}

/**
 * Regel 7, 9A: the offending team loses and the opponent gets the win's points. Decision
 * (RULES.md): every set counts missingSetPoints–0 for the opponent, as Regel 12A applied to
 * every pair (36 × 8 = 288–0 with the defaults). Regel 9B: the fine goes to the affected club.
 */
function forfeit(offendingSide: Side, cause: ForfeitCause, settings: NotPlayedSettings): NotPlayedOutcome {
  const sets = creditSets(
    positions(settings.pairsPerTeam).flatMap((pair) => pairForfeits(offendingSide, pair, 1, 'FORFEIT', settings)),
    settings,
  );
  const winner = opponentOf(offendingSide);
  return {
    ...decidedOutcome(matchTotals(sets), winner, settings),
    sets,
    fines: [
      {
        side: offendingSide,
        ...forfeitFineReason(cause, settings),
        amountCents: settings.forfeitFineCents,
        beneficiary: { kind: 'CLUB', side: winner },
      },
    ],
  };
}

/**
 * Regel 8: each team is scored with its own average (see averageScore), so the match reads
 * home average – away average and counts in both teams' points for and against. Decision
 * (RULES.md): no competition points, and it counts as neither played, won, drawn nor lost.
 */
function cancelled(
  homePreviousPointsFor: readonly number[],
  awayPreviousPointsFor: readonly number[],
): NotPlayedOutcome {
  return {
    homePoints: averageScore(homePreviousPointsFor),
    awayPoints: averageScore(awayPreviousPointsFor),
    winner: null,
    home: notCounted(),
    away: notCounted(),
    sets: [],
    fines: [],
  };
}

export function notPlayedOutcome(match: NotPlayed, settings: NotPlayedSettings): NotPlayedOutcome {
  switch (match.kind) {
    case 'NO_TABLE_SCREEN':
      return noTableScreen(settings);
    case 'FORFEIT':
      return forfeit(match.offendingSide, match.cause, settings);
    case 'CANCELLED':
      return cancelled(match.homePreviousPointsFor, match.awayPreviousPointsFor);
  }
}
