import { Injectable } from '@nestjs/common';
import { SIDES } from '../domain/match';
import type { FinalConsequences } from '../domain/match/final-consequences';
import { fieldedPlayers } from '../domain/match/match-facts';
import type { CompetitionSettings } from '../domain/settings';
import { FineProposalsService } from '../fines/fine-proposals.service';
import type { Prisma } from '../generated/prisma/client';
import { PlayerEligibilityService } from '../member-lists/player-eligibility.service';
import { storeMatchDeductions } from './deductions';
import { eligibilityQuery, lineupOf, MatchRow, teamFacts, teamOf } from './match-row';

type Tx = Prisma.TransactionClient;

export const INELIGIBILITY_RULE = '4';

/**
 * What a final result brings with it (Regel 4, 5D/5E, 11), around the pure core: the core
 * decides (applyMatchCommand's `consequences`, from domain/match/final-consequences.ts); this
 * loads the read-only facts it asks for (every player's eligibility on the match date, with the
 * member lists as they are now) and stores the answer. Idempotent: stored again after a later
 * change, the same answer leaves the same state.
 */
@Injectable()
export class ConsequencesService {
  constructor(
    private readonly eligibility: PlayerEligibilityService,
    private readonly fines: FineProposalsService,
  ) {}

  /**
   * Every player of both line-ups (and every substitute brought in) checked again on the match
   * date: the answer per member id (read-only facts for the core), and the line-up rows' stored
   * flags brought up to date.
   */
  async eligibilityOf(tx: Tx, match: MatchRow, settings: CompetitionSettings): Promise<Map<string, boolean>> {
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

  /** Stores the core's answer: the Regel 4 flags and deduction, and the fine proposals (5D/5E, 11). `actorId` is null when the scheduled job finalised it. */
  async store(tx: Tx, match: MatchRow, { offending, regel4, fines }: FinalConsequences, actorId: string | null): Promise<void> {
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
}
