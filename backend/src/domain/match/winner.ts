/**
 * One winner everywhere (RULES.md "Matches that are not played", Regel 8: "every place that
 * shows a match's outcome shows the same winner as the standings count"). decideMatch is the
 * one decision of how a stored match counts for each of its teams; the standings, the match
 * page, the CSV, the PDF and the API all derive their winner from it.
 */
import type { CompetitionSettings } from '../settings';
import type { MatchWinner, TeamResult } from './match-result';
import type { Side } from './side';

export type StoredMatchStatus = 'SCHEDULED' | 'PLAYED' | 'NOT_PLAYED' | 'FORFEIT' | 'CANCELLED';

/** What decides a stored match's outcome. */
export interface OutcomeFacts {
  status: StoredMatchStatus;
  homePoints: number | null;
  awayPoints: number | null;
  /** FORFEIT (Regel 7, 9A): the side that loses. */
  forfeitingSide: Side | null;
  /** FORFEIT with both teams incomplete: each a Regel 7 case, both lose. */
  bothForfeited?: boolean;
  /** Regel 4: a side that fielded an ineligible player loses. */
  homeIneligible: boolean;
  awayIneligible: boolean;
}

/** How the match counts for [home, away]; a null result counts in game points only. */
export type MatchDecision = readonly [home: TeamResult | null, away: TeamResult | null];

const OPPOSITE: Record<TeamResult, TeamResult> = { WIN: 'LOSS', DRAW: 'DRAW', LOSS: 'WIN' };

function byScore(home: number, away: number): MatchDecision {
  const result: TeamResult = home > away ? 'WIN' : home < away ? 'LOSS' : 'DRAW';
  return [result, OPPOSITE[result]];
}

/**
 * How a stored match counts, or undefined when it counts nowhere (Regel 6 not played, not yet
 * played, no score yet, or a forfeit without a forfeiting side):
 * - PLAYED: Regel 4 first (an ineligible side loses; both did: both lose), else the score;
 * - FORFEIT: the forfeiting side loses (Regel 7, 9A); both teams incomplete: both lose;
 * - CANCELLED (Regel 8): the averaged score decides it like any result; with the season
 *   setting cancelledMatchPoints NONE it gives no result (counted in game points only).
 */
export function decideMatch(match: OutcomeFacts, settings: Pick<CompetitionSettings, 'cancelledMatchPoints'>): MatchDecision | undefined {
  switch (match.status) {
    case 'PLAYED': {
      if (match.homePoints === null || match.awayPoints === null) return undefined;
      if (match.homeIneligible && match.awayIneligible) return ['LOSS', 'LOSS'];
      if (match.homeIneligible) return ['LOSS', 'WIN'];
      if (match.awayIneligible) return ['WIN', 'LOSS'];
      return byScore(match.homePoints, match.awayPoints);
    }
    case 'FORFEIT':
      if (match.bothForfeited) return ['LOSS', 'LOSS'];
      if (match.forfeitingSide === 'HOME') return ['LOSS', 'WIN'];
      if (match.forfeitingSide === 'AWAY') return ['WIN', 'LOSS'];
      return undefined;
    case 'CANCELLED':
      if (match.homePoints === null || match.awayPoints === null) return undefined;
      return settings.cancelledMatchPoints === 'NONE' ? [null, null] : byScore(match.homePoints, match.awayPoints);
    case 'NOT_PLAYED':
    case 'SCHEDULED':
      return undefined;
  }
}

/** The winner a decision names: the side that won, 'DRAW', or null (nobody wins: both lose, no result, counts nowhere). */
export function winnerOf(decision: MatchDecision | undefined): MatchWinner | null {
  if (!decision) return null;
  const [home, away] = decision;
  if (home === 'WIN' && away === 'LOSS') return 'HOME';
  if (home === 'LOSS' && away === 'WIN') return 'AWAY';
  if (home === 'DRAW' && away === 'DRAW') return 'DRAW';
  return null;
}

/** The winner of a stored match: none until its result is confirmed, then decideMatch's. */
export function matchWinner(
  match: OutcomeFacts & { resultState: 'NONE' | 'ENTERED' | 'CONFIRMED' },
  settings: Pick<CompetitionSettings, 'cancelledMatchPoints'>,
): MatchWinner | null {
  if (match.resultState !== 'CONFIRMED') return null;
  return winnerOf(decideMatch(match, settings));
}
