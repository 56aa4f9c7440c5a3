import { isoDate } from '../common/dto';
import { formatDutchDate } from '../domain/dates';
import { MatchOutcome, opponentOf, Side } from '../domain/match';
import type { Prisma } from '../generated/prisma/client';
import { MatchRow, teamOf } from './match-row';

/**
 * The competition points a match takes off its teams (Regel 4, 6), each as its own row with
 * rule and reason, so the standings can show them. `reason` gets the opponent's name and
 * the match date.
 */
export async function storeMatchDeductions(
  tx: Prisma.TransactionClient,
  match: MatchRow,
  outcome: Pick<MatchOutcome, 'home' | 'away'>,
  deduction: { rule: string; reason: (opponent: string, date: string) => string; actorId: string | null },
): Promise<void> {
  for (const side of ['HOME', 'AWAY'] as Side[]) {
    const points = (side === 'HOME' ? outcome.home : outcome.away).deduction;
    if (points <= 0) continue;
    await tx.pointDeduction.create({
      data: {
        seasonId: match.division.seasonId,
        teamId: teamOf(match, side).id,
        matchId: match.id,
        points,
        rule: deduction.rule,
        reason: deduction.reason(teamOf(match, opponentOf(side)).name, formatDutchDate(isoDate(match.date))),
        createdById: deduction.actorId,
      },
    });
  }
}
