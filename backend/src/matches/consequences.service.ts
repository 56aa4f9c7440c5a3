import { Injectable } from '@nestjs/common';
import { applyIneligibility, computeMatchResult, Side, SIDES } from '../domain/match';
import type { CompetitionSettings } from '../domain/settings';
import { FineProposalsService } from '../fines/fine-proposals.service';
import { storeMatchDeductions } from './deductions';
import { isRegel4Violation } from '../domain/match/substitutions';
import { fieldedPlayers, incompleteFromStart, matchCredits, offLineupSides } from '../domain/match/match-facts';
import { eligibilityQuery, lineupOf, MatchRow, teamFacts } from './match-row';
import type { Prisma } from '../generated/prisma/client';

type Tx = Prisma.TransactionClient;
import { PlayerEligibilityService } from '../member-lists/player-eligibility.service';

export const INELIGIBILITY_RULE = '4';

/**
 * What a confirmed result brings with it (Regel 4, 5D/5E, 11): eligibility checked again
 * on the match date with the member lists as they are now, the Regel 4 loss and point
 * deduction for a side that fielded an ineligible player, and the fines the recorded facts
 * give. Idempotent: run again after a later change, it leaves the same state.
 */
@Injectable()
export class ConsequencesService {
  constructor(
    private readonly eligibility: PlayerEligibilityService,
    private readonly fines: FineProposalsService,
  ) {}

  async applyConfirmed(tx: Tx, match: MatchRow, settings: CompetitionSettings, actorId: string | null): Promise<void> {
    const offending = await this.ineligibleSides(tx, match, settings);
    await this.applyRegel4(tx, match, offending, settings, actorId);
    await this.proposeFines(tx, match, settings, actorId);
  }

  /**
   * Re-checks every player of both line-ups (and every substitute brought in); returns the
   * sides that fielded an ineligible one, or a substitute who is not on the line-up at all
   * (Regel 5C, 13 send that case to Regel 4).
   */
  private async ineligibleSides(tx: Tx, match: MatchRow, settings: CompetitionSettings): Promise<Side[]> {
    const offLineup = offLineupSides(matchCredits({ HOME: teamFacts(match, 'HOME'), AWAY: teamFacts(match, 'AWAY') }, settings).checks);
    const offending: Side[] = [];
    for (const side of SIDES) {
      const lineup = lineupOf(match, side);
      const fielded = fieldedPlayers(teamFacts(match, side));
      const results = await this.eligibility.check(tx, eligibilityQuery(match, side, settings), [...fielded, ...(lineup?.players.map((p) => p.memberId) ?? [])]);
      for (const player of lineup?.players ?? []) {
        const result = results.get(player.memberId)!;
        const reasons = result.reasons.map((r) => r.message);
        if (player.eligible !== result.eligible || player.ineligibilityReasons.join('\n') !== reasons.join('\n')) {
          await tx.lineupPlayer.update({ where: { id: player.id }, data: { eligible: result.eligible, ineligibilityReasons: reasons } });
        }
      }
      // Regel 4 once seen stays seen (RULES.md): a substitute recorded off the line-up stays a Regel 4 case after a re-save.
      const seen = match.substitutions.some((s) => s.teamId === lineup?.teamId && isRegel4Violation(s.violation));
      if (offLineup.includes(side) || seen || fielded.some((id) => !results.get(id)!.eligible)) offending.push(side);
    }
    return offending;
  }

  /** Regel 4: the offending side loses (flag on the match) and gets its own deduction row, with rule and reason. */
  private async applyRegel4(tx: Tx, match: MatchRow, offending: Side[], settings: CompetitionSettings, actorId: string | null): Promise<void> {
    await tx.pointDeduction.deleteMany({ where: { matchId: match.id, rule: INELIGIBILITY_RULE } });
    await tx.match.update({
      where: { id: match.id },
      data: { homeIneligible: offending.includes('HOME'), awayIneligible: offending.includes('AWAY') },
    });
    if (offending.length === 0) return;
    const played = computeMatchResult(settings, match.sets);
    await storeMatchDeductions(tx, match, applyIneligibility(played, offending.length === 2 ? 'BOTH' : offending[0], settings), {
      rule: INELIGIBILITY_RULE,
      reason: (opponent, date) =>
        `Niet-speelgerechtigde speler, of een speler die niet op de spelerslijst stond, opgesteld in de wedstrijd tegen ${opponent} op ${date} (Regel 4).`,
      actorId,
    });
  }

  /** Regel 5D/5E (line-up not composed before the match) and Regel 11 (not all pairs from set 1). */
  private async proposeFines(tx: Tx, match: MatchRow, settings: CompetitionSettings, actorId: string | null): Promise<void> {
    for (const side of SIDES) {
      const lineup = lineupOf(match, side);
      const facts = teamFacts(match, side);
      if (!lineup || !facts.lineup) continue;
      const fact = { matchId: match.id, teamId: lineup.teamId, actorId };
      if (!lineup.composedBeforeMatch) await this.fines.lineupMissing(tx, fact);
      if (incompleteFromStart(facts.lineup, settings)) await this.fines.incompleteOrLate(tx, fact);
      // Regel 11 counts the occurrences that stand: a line-up corrected to all pairs from set 1 withdraws it (the club renumbered).
      else if (match.status === 'PLAYED') await this.fines.withdrawIncomplete(tx, { ...fact, teamIds: [lineup.teamId], kind: 'INCOMPLETE' });
    }
  }
}
