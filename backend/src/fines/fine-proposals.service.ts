import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { dbDate, todayIso } from '../common/dto';
import { NotFoundError, ValidationError } from '../common/errors';
import type { CompetitionSettings } from '../domain/settings';
import {
  dueDate,
  proposeForfeitFine,
  proposeIncompleteFine,
  proposeLineupMissingFine,
  proposeNoScreenFine,
  type FineProposal,
  type FineRule,
} from '../domain/fines/fines';
import type { Prisma } from '../generated/prisma/client';
import { lockClubFines, seasonSettings } from './fine-rows';

type Tx = Prisma.TransactionClient;

interface MatchFacts {
  id: string;
  seasonId: string;
  teams: { id: string; clubId: string }[];
}

const LINEUP_RULES: FineRule[] = ['5D', '5E'];

/**
 * Contract between match day and fines: when a fact is recorded, the match-day
 * services call these methods inside their transaction; each one proposes the fine
 * the rules give (status PROPOSED), with the amount derived from the season's history.
 * Every method is idempotent per (match, team, rule): calling it twice proposes once,
 * and a proposal an administrator discarded is not proposed again.
 */
@Injectable()
export class FineProposalsService {
  constructor(private readonly audit: AuditService) {}

  /** Regel 5D/5E: the line-up of `teamId` was not composed before match `matchId`. */
  async lineupMissing(tx: Tx, fact: { matchId: string; teamId: string; actorId: string | null }): Promise<void> {
    const match = await this.match(tx, fact.matchId);
    const team = teamIn(match, fact.teamId);
    await lockClubFines(tx, match.seasonId, [team.clubId]);
    if (await this.alreadyProposed(tx, match.id, team.id, LINEUP_RULES)) return;
    // Regel 5E counts the club's earlier line-up fines this season, discarded ones excepted.
    const previous = await tx.fine.count({ where: { seasonId: match.seasonId, clubId: team.clubId, rule: { in: LINEUP_RULES }, status: { not: 'DISCARDED' } } });
    const settings = await seasonSettings(tx, match.seasonId);
    await this.create(tx, match, team, proposeLineupMissingFine(previous, settings), settings, fact.actorId);
  }

  /** Regel 7/9A: `forfeitingTeamId` forfeited `matchId`; the fine goes to the affected club. */
  async forfeit(tx: Tx, fact: { matchId: string; forfeitingTeamId: string; actorId: string | null }): Promise<void> {
    const match = await this.match(tx, fact.matchId);
    const offender = teamIn(match, fact.forfeitingTeamId);
    const affected = match.teams.find((t) => t.id !== offender.id) ?? offender;
    await lockClubFines(tx, match.seasonId, [offender.clubId]);
    if (await this.alreadyProposed(tx, match.id, offender.id, ['9A'])) return;
    const settings = await seasonSettings(tx, match.seasonId);
    const proposal = proposeForfeitFine({ offendingClubId: offender.clubId, affectedClubId: affected.clubId }, settings);
    await this.create(tx, match, offender, proposal, settings, fact.actorId);
  }

  /**
   * Regel 11: `teamId` was incomplete or late at `matchId` (fewer than pairsPerTeam pairs
   * from set 1). Every occurrence is recorded; the 3rd, 6th, … in a season is fined.
   */
  async incompleteOrLate(tx: Tx, fact: { matchId: string; teamId: string; actorId: string | null }): Promise<void> {
    const match = await this.match(tx, fact.matchId);
    const team = teamIn(match, fact.teamId);
    await lockClubFines(tx, match.seasonId, [team.clubId]);
    if (await tx.incompleteAppearance.findUnique({ where: { matchId_teamId: { matchId: match.id, teamId: team.id } } })) return;
    const earlier = await tx.incompleteAppearance.count({ where: { seasonId: match.seasonId, teamId: team.id } });
    const appearance = await tx.incompleteAppearance.create({
      data: { seasonId: match.seasonId, teamId: team.id, matchId: match.id, occurrence: earlier + 1, recordedById: fact.actorId },
    });
    await this.audit.record(
      { userId: fact.actorId, action: 'fine.incomplete-appearance', entityType: 'IncompleteAppearance', entityId: appearance.id, after: appearance },
      tx,
    );
    const settings = await seasonSettings(tx, match.seasonId);
    const proposal = proposeIncompleteFine(appearance.occurrence, settings);
    if (proposal) await this.create(tx, match, team, proposal, settings, fact.actorId);
  }

  /** Regel 6: `matchId` was played without table screen; both clubs, amount set by the board. */
  async noTableScreen(tx: Tx, fact: { matchId: string; actorId: string | null }): Promise<void> {
    const match = await this.match(tx, fact.matchId);
    await lockClubFines(tx, match.seasonId, match.teams.map((t) => t.clubId));
    const settings = await seasonSettings(tx, match.seasonId);
    for (const team of match.teams) {
      if (await this.alreadyProposed(tx, match.id, team.id, ['6'])) continue;
      await this.create(tx, match, team, proposeNoScreenFine(), settings, fact.actorId);
    }
  }

  private async match(tx: Tx, matchId: string): Promise<MatchFacts> {
    const match = await tx.match.findUnique({
      where: { id: matchId },
      select: { id: true, division: { select: { seasonId: true } }, homeTeam: { select: { id: true, clubId: true } }, awayTeam: { select: { id: true, clubId: true } } },
    });
    if (!match) throw new NotFoundError('Wedstrijd');
    return { id: match.id, seasonId: match.division.seasonId, teams: [match.homeTeam, match.awayTeam] };
  }

  /** Any earlier fine for this match, team and rule, whatever its status (a discard stands). */
  private async alreadyProposed(tx: Tx, matchId: string, teamId: string, rules: FineRule[]): Promise<boolean> {
    return (await tx.fine.count({ where: { matchId, teamId, rule: { in: rules } } })) > 0;
  }

  private async create(tx: Tx, match: MatchFacts, team: { id: string; clubId: string }, proposal: FineProposal, settings: CompetitionSettings, actorId: string | null) {
    // Provisional dates: confirming the proposal issues it anew (Regel 12B counts from then).
    const issuedOn = todayIso();
    const fine = await tx.fine.create({
      data: {
        seasonId: match.seasonId,
        clubId: team.clubId,
        teamId: team.id,
        matchId: match.id,
        rule: proposal.rule,
        reason: proposal.reason,
        // Regel 6: 0 until the board sets the amount when it confirms.
        amountCents: proposal.amountCents ?? 0,
        issuedOn: dbDate(issuedOn),
        dueOn: dbDate(dueDate(issuedOn, settings)),
        beneficiary: proposal.beneficiary.kind,
        beneficiaryClubId: proposal.beneficiary.kind === 'CLUB' ? proposal.beneficiary.clubId : null,
        status: 'PROPOSED',
        createdById: actorId,
      },
    });
    await this.audit.record({ userId: actorId, action: 'fine.propose', entityType: 'Fine', entityId: fine.id, after: fine }, tx);
  }
}

function teamIn(match: MatchFacts, teamId: string): { id: string; clubId: string } {
  const team = match.teams.find((t) => t.id === teamId);
  if (!team) throw new ValidationError('Dit team speelt deze wedstrijd niet.', [{ field: 'teamId', message: 'Dit team speelt deze wedstrijd niet.' }]);
  return team;
}
