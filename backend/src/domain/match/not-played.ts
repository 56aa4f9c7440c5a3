/**
 * Matches that are not played (RULES.md "Matches that are not played", Regel 6–9): what
 * each kind means for game points, competition points, deductions and fines.
 */
import type { IsoDate } from '../dates';
import { CompetitionSettings } from '../settings';
import {
  CreditedSet,
  creditSets,
  decidedOutcome,
  MatchOutcome,
  matchTotals,
  MatchWinner,
  pairForfeits,
  TeamOutcome,
} from './match-result';
import { positions } from './rotation';
import type { SetTotals } from './scores';
import { opponentOf, Side } from './side';

/** Regel 7: calling a match off less than this many hours before it is gross negligence. */
export const LATE_CANCELLATION_HOURS = 48;

export type ForfeitCause = 'TOO_FEW_PAIRS' | 'LATE_CANCELLATION' | 'OTHER';

export type NotPlayed =
  /** Regel 6: played without table screen, counts as not played. */
  | { kind: 'NO_TABLE_SCREEN' }
  /** Regel 7, 9A: the match did not take place through the fault of `offendingSide`. */
  | { kind: 'FORFEIT'; offendingSide: Side; cause: ForfeitCause }
  /** Regel 7 for each team: both came with fewer than minimumPairsToStart pairs (RULES.md "Fines"). */
  | { kind: 'BOTH_INCOMPLETE' }
  /**
   * Regel 8: cancelled by the federation on `date`. Each team's earlier matches (any status;
   * averageBefore keeps the ones that count).
   */
  | { kind: 'CANCELLED'; date: IsoDate; homeEarlier: readonly EarlierMatch[]; awayEarlier: readonly EarlierMatch[] };

/** One of a team's matches as Regel 8 sees it: its status, date and the team's own game points. */
export interface EarlierMatch {
  status: 'SCHEDULED' | 'PLAYED' | 'NOT_PLAYED' | 'FORFEIT' | 'CANCELLED';
  date: IsoDate;
  pointsFor: number | null;
}

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
  | 'cancelledMatchPoints'
>;

const HOUR_MS = 60 * 60 * 1000;

/** Regel 7: called off less than 48 hours before the match starts (also: after it should have started). */
export function isLateCancellation(calledOffAt: Date, matchStartsAt: Date): boolean {
  return matchStartsAt.getTime() - calledOffAt.getTime() < LATE_CANCELLATION_HOURS * HOUR_MS;
}

/**
 * What an administrator records about a forfeit (Regel 7, 9A). The cause, and with it the
 * rule of the fine, follows from these facts; nobody picks it by hand.
 */
export interface ForfeitFacts {
  /** The offending team came with this many pairs (fewer than minimumPairsToStart). */
  pairsPresent: number | null;
  /** When the offending team made it known that it would not come (Regel 7: "kenbaar gemaakt"). */
  calledOffAt: Date | null;
}

export type ForfeitCauseResult =
  | { ok: true; cause: ForfeitCause; rule: '7' | '9A' }
  | { ok: false; field: 'pairsPresent' | 'calledOffAt'; message: string };

/**
 * Regel 7 / 9A from the recorded facts:
 * - fewer than minimumPairsToStart pairs present → TOO_FEW_PAIRS, Regel 7;
 * - called off less than 48 hours before the start → LATE_CANCELLATION, Regel 7;
 * - called off earlier, or any other act of the club that stops the match → OTHER, Regel 9A.
 * Refused: both facts at once (a team that called off did not come), pairs enough to start
 * (Regel 5B/5C: that match is played), and a call-off time after `now`.
 */
export function deriveForfeitCause(
  facts: ForfeitFacts,
  matchStartsAt: Date,
  now: Date,
  settings: Pick<CompetitionSettings, 'minimumPairsToStart'>,
): ForfeitCauseResult {
  const { pairsPresent, calledOffAt } = facts;
  if (pairsPresent !== null && calledOffAt !== null) {
    return { ok: false, field: 'calledOffAt', message: 'Een team dat heeft afgezegd, was niet met koppels aanwezig: vul het aantal aanwezige koppels óf het tijdstip van afzeggen in.' };
  }
  if (pairsPresent !== null) {
    if (pairsPresent >= settings.minimumPairsToStart) {
      return {
        ok: false,
        field: 'pairsPresent',
        message: `Met ${pairsPresent} koppels kan de wedstrijd beginnen (Regel 5B/5C); reglementair verlies wegens te weinig koppels geldt bij minder dan ${settings.minimumPairsToStart} (Regel 7).`,
      };
    }
    return { ok: true, cause: 'TOO_FEW_PAIRS', rule: '7' };
  }
  if (calledOffAt !== null) {
    if (calledOffAt.getTime() > now.getTime()) return { ok: false, field: 'calledOffAt', message: 'Het tijdstip van afzeggen ligt in de toekomst.' };
    return isLateCancellation(calledOffAt, matchStartsAt) ? { ok: true, cause: 'LATE_CANCELLATION', rule: '7' } : { ok: true, cause: 'OTHER', rule: '9A' };
  }
  return { ok: true, cause: 'OTHER', rule: '9A' };
}

/**
 * Regel 8: the average of a team's game points over its matches *played* before `date`.
 * Only PLAYED matches with a score count: forfeits (Regel 7, 9A: the 288–0 is a credit, not
 * game points played), cancelled (Regel 8) and not-played (Regel 6) matches are not played
 * matches. Rounded half up; 0 if none.
 */
export function averageBefore(earlier: readonly EarlierMatch[], date: IsoDate): number {
  return averageScore(
    earlier.flatMap((m) => (m.status === 'PLAYED' && m.pointsFor !== null && m.date < date ? [m.pointsFor] : [])),
  );
}

/**
 * A list of game points averaged, rounded half up to a whole number; 0 for an empty list.
 * Regel 8 passes the points of played matches only (see averageBefore).
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
 * Regel 8: each team is scored with its own average (see averageBefore), so the match reads
 * home average – away average and counts in both teams' points for and against. Decision
 * (RULES.md, revised): with cancelledMatchPoints FROM_AVERAGES (the default) that score
 * decides the match like any result; with NONE it gives no competition points and counts
 * as neither played, won, drawn nor lost.
 */
export function cancelledOutcome(totals: SetTotals, settings: NotPlayedSettings): MatchOutcome {
  if (settings.cancelledMatchPoints === 'NONE') {
    return { ...totals, winner: null, home: notCounted(), away: notCounted() };
  }
  const winner: MatchWinner =
    totals.homePoints > totals.awayPoints ? 'HOME' : totals.homePoints < totals.awayPoints ? 'AWAY' : 'DRAW';
  return decidedOutcome(totals, winner, settings);
}

/**
 * Both teams incomplete (RULES.md "Fines", decision 2026-11-26): each team is a Regel 7 case:
 * both lose, no competition points and no game points for either (no sets are credited),
 * and each club is fined the forfeit fine with the federation as beneficiary, since neither
 * club is the affected one.
 */
function bothIncomplete(settings: NotPlayedSettings): NotPlayedOutcome {
  const fine = (side: Side): ProposedFine => ({
    side,
    rule: '7',
    reason: `Wedstrijd niet doorgegaan: beide teams met minder dan ${settings.minimumPairsToStart} koppels aanwezig (Regel 7); de boete gaat naar de bond.`,
    amountCents: settings.forfeitFineCents,
    beneficiary: { kind: 'FEDERATION' },
  });
  const loss: TeamOutcome = { result: 'LOSS', competitionPoints: 0, deduction: 0 };
  return { homePoints: 0, awayPoints: 0, winner: null, home: loss, away: loss, sets: [], fines: [fine('HOME'), fine('AWAY')] };
}

function cancelled(match: Extract<NotPlayed, { kind: 'CANCELLED' }>, settings: NotPlayedSettings): NotPlayedOutcome {
  const totals = { homePoints: averageBefore(match.homeEarlier, match.date), awayPoints: averageBefore(match.awayEarlier, match.date) };
  return { ...cancelledOutcome(totals, settings), sets: [], fines: [] };
}

export function notPlayedOutcome(match: NotPlayed, settings: NotPlayedSettings): NotPlayedOutcome {
  switch (match.kind) {
    case 'NO_TABLE_SCREEN':
      return noTableScreen(settings);
    case 'FORFEIT':
      return forfeit(match.offendingSide, match.cause, settings);
    case 'BOTH_INCOMPLETE':
      return bothIncomplete(settings);
    case 'CANCELLED':
      return cancelled(match, settings);
  }
}
