import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { dbDate, todayIso } from '../common/dto';
import { NotFoundError, ValidationError } from '../common/errors';
import type { CompetitionSettings } from '../domain/settings';
import {
  dueDate,
  FORFEIT_FINE_RULES,
  proposeForfeitFine,
  proposeIncompleteFine,
  proposeLineupMissingFine,
  proposeNoScreenFine,
  type FineProposal,
  type FineRule,
} from '../domain/fines/fines';
import type { Prisma } from '../generated/prisma/client';
import type { ForfeitCause } from '../generated/prisma/enums';
import { lockClubFines, seasonSettings } from './fine-rows';

type Tx = Prisma.TransactionClient;

interface MatchFacts {
  id: string;
  seasonId: string;
  teams: { id: string; clubId: string }[];
  forfeitCause: ForfeitCause | null;
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

  /**
   * Regel 7/9A: `forfeitingTeamId` forfeited `matchId`; the fine goes to the affected club. The
   * rule follows the cause stored on the match (derived from the recorded facts, see
   * domain/match/not-played.ts): Regel 7 for too few pairs or a late call-off, 9A otherwise.
   * A forfeit with too few pairs is also an incomplete appearance (Regel 11).
   */
  async forfeit(tx: Tx, fact: { matchId: string; forfeitingTeamId: string; actorId: string | null }): Promise<void> {
    const match = await this.match(tx, fact.matchId);
    const offender = teamIn(match, fact.forfeitingTeamId);
    const affected = match.teams.find((t) => t.id !== offender.id) ?? offender;
    await lockClubFines(tx, match.seasonId, [offender.clubId]);
    if (match.forfeitCause === 'TOO_FEW_PAIRS') await this.incompleteOrLate(tx, { matchId: match.id, teamId: offender.id, actorId: fact.actorId });
    if (await this.alreadyProposed(tx, match.id, offender.id, FORFEIT_FINE_RULES)) return;
    const settings = await seasonSettings(tx, match.seasonId);
    const proposal = proposeForfeitFine({ offendingClubId: offender.clubId, affectedClubId: affected.clubId }, match.forfeitCause ?? 'OTHER', settings);
    await this.create(tx, match, offender, proposal, settings, fact.actorId);
  }

  /**
   * Regel 11: `teamId` was incomplete or late at `matchId` (fewer than pairsPerTeam pairs
   * from set 1, or a Regel 7 forfeit with too few pairs). Every occurrence is recorded; the
   * club's 3rd, 6th, … in a season over all its teams is fined (RULES.md "Fines": "vereniging").
   */
  async incompleteOrLate(tx: Tx, fact: { matchId: string; teamId: string; actorId: string | null }): Promise<void> {
    const match = await this.match(tx, fact.matchId);
    const team = teamIn(match, fact.teamId);
    await lockClubFines(tx, match.seasonId, [team.clubId]);
    if (await tx.incompleteAppearance.findUnique({ where: { matchId_teamId: { matchId: match.id, teamId: team.id } } })) return;
    const earlier = await tx.incompleteAppearance.count({ where: { seasonId: match.seasonId, team: { clubId: team.clubId } } });
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
      select: { id: true, forfeitCause: true, division: { select: { seasonId: true } }, homeTeam: { select: { id: true, clubId: true } }, awayTeam: { select: { id: true, clubId: true } } },
    });
    if (!match) throw new NotFoundError('Wedstrijd');
    return { id: match.id, seasonId: match.division.seasonId, teams: [match.homeTeam, match.awayTeam], forfeitCause: match.forfeitCause };
  }

  /** Any earlier fine for this match, team and rule, whatever its status (a discard stands). */
  private async alreadyProposed(tx: Tx, matchId: string, teamId: string, rules: readonly FineRule[]): Promise<boolean> {
    return (await tx.fine.count({ where: { matchId, teamId, rule: { in: [...rules] } } })) > 0;
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
