import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';

/**
 * Contract between match day and fines: when a fact is recorded, the match-day
 * services call these methods inside their transaction; each one proposes the fine
 * the rules give (status PROPOSED), with the amount derived from the season's history.
 * Every method is idempotent per (match, team, rule): calling it twice proposes once.
 *
 * TODO(fines issue): implement; until then these record nothing.
 */
@Injectable()
export class FineProposalsService {
  /** Regel 5D/5E: the line-up of `teamId` was not composed before match `matchId`. */
  async lineupMissing(_tx: Prisma.TransactionClient, _fact: { matchId: string; teamId: string; actorId: string | null }): Promise<void> {}

  /** Regel 7/9A: `forfeitingTeamId` forfeited `matchId`; the fine goes to the affected club. */
  async forfeit(_tx: Prisma.TransactionClient, _fact: { matchId: string; forfeitingTeamId: string; actorId: string | null }): Promise<void> {}

  /** Regel 11: `teamId` was incomplete or late at `matchId` (fewer than pairsPerTeam pairs from set 1). */
  async incompleteOrLate(_tx: Prisma.TransactionClient, _fact: { matchId: string; teamId: string; actorId: string | null }): Promise<void> {}

  /** Regel 6: `matchId` was played without table screen; both clubs, amount set by the board. */
  async noTableScreen(_tx: Prisma.TransactionClient, _fact: { matchId: string; actorId: string | null }): Promise<void> {}
}
