/**
 * What a final result brings with it (Regel 4, 5D/5E, 11), as a pure function over plain data:
 * the caller loads the facts (the match's line-ups and substitutions, and every fielded
 * player's eligibility on the match date from the member lists, read-only) and stores the
 * answer. Run again after a later change, it gives the same answer for the same facts.
 *
 * - Regel 4: a side that fielded an ineligible player, a substitute who was not on its line-up
 *   (Regel 5C, 13), or whose substitution was once seen as a Regel 4 case (it stays seen), loses
 *   the match and gets the deduction; both sides: both lose.
 * - Regel 5D/5E: a line-up not composed before the match proposes its fine.
 * - Regel 11: a team without all its pairs from set 1 is an incomplete appearance; a line-up
 *   corrected to all pairs from set 1 withdraws it (for a played match).
 */
import type { CompetitionSettings } from '../settings';
import { matchCredits, fieldedPlayers, incompleteFromStart, offLineupSides, type TeamFacts } from './match-facts';
import { applyIneligibility, computeMatchResult, type MatchOutcome, type SetResult } from './match-result';
import { SIDES, type Side } from './side';
import { isRegel4Violation } from './substitutions';

export interface ConsequenceFacts {
  status: string;
  sets: readonly SetResult[];
  teams: Record<
    Side,
    TeamFacts & {
      /** The line-up was saved before the start (Regel 5D/5E); null without a line-up. */
      composedBeforeMatch: boolean | null;
      /** The violations recorded on this side's substitutions (Regel 4 once seen stays seen). */
      substitutionViolations: readonly (string | null)[];
    }
  >;
  /** Per player id of either side: eligible on the match date (the member lists as they are now). */
  eligible: ReadonlyMap<string, boolean>;
}

export type FineFact = { side: Side; kind: 'LINEUP_MISSING' | 'INCOMPLETE' | 'WITHDRAW_INCOMPLETE' };

export interface FinalConsequences {
  /** The sides that lose by Regel 4. */
  offending: Side[];
  /** The outcome with Regel 4 applied (deductions per side), or null when nobody offended. */
  regel4: MatchOutcome | null;
  fines: FineFact[];
}

export type ConsequenceSettings = Parameters<typeof matchCredits>[1] & Parameters<typeof computeMatchResult>[0] & Pick<CompetitionSettings, 'ineligiblePlayerDeduction'>;

export function finalConsequences(facts: ConsequenceFacts, settings: ConsequenceSettings): FinalConsequences {
  const checks = matchCredits({ HOME: facts.teams.HOME, AWAY: facts.teams.AWAY }, settings).checks;
  const offLineup = offLineupSides(checks);
  const offending = SIDES.filter((side) => {
    const team = facts.teams[side];
    const seen = team.substitutionViolations.some((v) => isRegel4Violation(v));
    return offLineup.includes(side) || seen || fieldedPlayers(team).some((id) => facts.eligible.get(id) === false);
  });
  const regel4 = offending.length ? applyIneligibility(computeMatchResult(settings, facts.sets), offending.length === 2 ? 'BOTH' : offending[0], settings) : null;
  const fines: FineFact[] = [];
  for (const side of SIDES) {
    const team = facts.teams[side];
    if (!team.lineup) continue;
    if (team.composedBeforeMatch === false) fines.push({ side, kind: 'LINEUP_MISSING' });
    if (incompleteFromStart(team.lineup, settings)) fines.push({ side, kind: 'INCOMPLETE' });
    else if (facts.status === 'PLAYED') fines.push({ side, kind: 'WITHDRAW_INCOMPLETE' });
  }
  return { offending, regel4, fines };
}
