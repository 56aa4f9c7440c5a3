import { Injectable } from '@nestjs/common';
import { Side, SIDES } from '../domain/match';
import { type ConsequenceFacts, finalConsequences } from '../domain/match/final-consequences';
import type { CompetitionSettings } from '../domain/settings';
import { FineProposalsService } from '../fines/fine-proposals.service';
import { storeMatchDeductions } from './deductions';
import { fieldedPlayers } from '../domain/match/match-facts';
import { eligibilityQuery, lineupOf, MatchRow, teamFacts, teamOf } from './match-row';
import type { Prisma } from '../generated/prisma/client';

type Tx = Prisma.TransactionClient;
import { PlayerEligibilityService } from '../member-lists/player-eligibility.service';

export const INELIGIBILITY_RULE = '4';

/**
 * What a confirmed result brings with it (Regel 4, 5D/5E, 11): eligibility checked again
 * on the match date with the member lists as they are now (read-only facts), the rules'
 * answer from the pure finalConsequences (the Regel 4 loss and point deduction for a side that
 * fielded an ineligible player, the fines the recorded facts give), stored. Idempotent: run
 * again after a later change, it leaves the same state.
 */
@Injectable()
export class ConsequencesService {
  constructor(
    private readonly eligibility: PlayerEligibilityService,
    private readonly fines: FineProposalsService,
  ) {}

  async applyConfirmed(tx: Tx, match: MatchRow, settings: CompetitionSettings, actorId: string | null): Promise<void> {
    const eligible = await this.recheck(tx, match, settings);
    const team = (side: Side): ConsequenceFacts['teams'][Side] => {
      const lineup = lineupOf(match, side);
      const violations = match.substitutions.filter((s) => s.teamId === lineup?.teamId).map((s) => s.violation);
      return { ...teamFacts(match, side), composedBeforeMatch: lineup?.composedBeforeMatch ?? null, substitutionViolations: violations };
    };
    const facts: ConsequenceFacts = { status: match.status, sets: match.sets, teams: { HOME: team('HOME'), AWAY: team('AWAY') }, eligible };
    // The rules decide (domain/match/final-consequences.ts); this stores their answer.
    const { offending, regel4, fines } = finalConsequences(facts, settings);
    await tx.pointDeduction.deleteMany({ where: { matchId: match.id, rule: INELIGIBILITY_RULE } });
    await tx.match.update({ where: { id: match.id }, data: { homeIneligible: offending.includes('HOME'), awayIneligible: offending.includes('AWAY') } });
    if (regel4) {
      await storeMatchDeductions(tx, match, regel4, {
        rule: INELIGIBILITY_RULE,
        reason: (opponent, date) =>
          `Niet-speelgerechtigde speler, of een speler die niet op de spelerslijst stond, opgesteld in de wedstrijd tegen ${opponent} op ${date} (Regel 4).`,
        actorId,
      });
    }
    for (const fine of fines) {
      const fact = { matchId: match.id, teamId: teamOf(match, fine.side).id, actorId };
      if (fine.kind === 'LINEUP_MISSING') await this.fines.lineupMissing(tx, fact);
      else if (fine.kind === 'INCOMPLETE') await this.fines.incompleteOrLate(tx, fact);
      else await this.fines.withdrawIncomplete(tx, { ...fact, teamIds: [fact.teamId], kind: 'INCOMPLETE' });
    }
  }

  /**
   * Every player of both line-ups (and every substitute brought in) checked again on the match
   * date with the member lists as they are now: the stored flags brought up to date, and the
   * answer per member (read-only facts for the rules).
   */
  private async recheck(tx: Tx, match: MatchRow, settings: CompetitionSettings): Promise<Map<string, boolean>> {
    const eligible = new Map<string, boolean>();
    for (const side of SIDES) {
      const lineup = lineupOf(match, side);
      const fielded = fieldedPlayers(teamFacts(match, side));
      const results = await this.eligibility.check(tx, eligibilityQuery(match, side, settings), [...fielded, ...(lineup?.players.map((p) => p.memberId) ?? [])]);
      for (const [memberId, result] of results) eligible.set(memberId, result.eligible);
      for (const player of lineup?.players ?? []) {
        const result = results.get(player.memberId)!;
        const reasons = result.reasons.map((r) => r.message);
        if (player.eligible !== result.eligible || player.ineligibilityReasons.join('\n') !== reasons.join('\n')) {
          await tx.lineupPlayer.update({ where: { id: player.id }, data: { eligible: result.eligible, ineligibilityReasons: reasons } });
        }
      }
    }
    return eligible;
  }
}
