import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { dbDate, isoDate, todayIso } from '../common/dto';
import { NotFoundError, ValidationError } from '../common/errors';
import type { CompetitionSettings } from '../domain/settings';
import {
  dueDate,
  FORFEIT_FINE_RULES,
  planForfeitFine,
  planLineupFines,
  type RecordedForfeitFine,
  type RecordedLineupFine,
  proposeBothIncompleteFine,
  proposeForfeitFine,
  proposeLineupMissingFine,
  proposeNoScreenFine,
  type FineProposal,
  type FineRule,
} from '../domain/fines/fines';
import { planRegel11, withdrawnNote } from '../domain/fines/regel11';
import type { Prisma } from '../generated/prisma/client';
import type { AppearanceKind, ForfeitCause } from '../generated/prisma/enums';
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
    // Proposed as a first offence; renumberLineupFines then puts it in its place in match order.
    const settings = await seasonSettings(tx, match.seasonId);
    await this.create(tx, match, team, proposeLineupMissingFine(0, settings), settings, fact.actorId);
    await this.renumberLineupFines(tx, match.seasonId, team.clubId, fact.actorId);
  }

  /**
   * Regel 5D/5E count a club's line-up offences of the season in match order, discarded
   * proposals excepted (planLineupFines): after an offence is added or a proposal discarded,
   * the club's proposals are brought in line (rule, amount, text); confirmed fines stay.
   */
  async renumberLineupFines(tx: Tx, seasonId: string, clubId: string, actorId: string | null): Promise<void> {
    const fines = await tx.fine.findMany({
      where: { seasonId, clubId, rule: { in: LINEUP_RULES } },
      select: { id: true, status: true, rule: true, amountCents: true, reason: true, changeReason: true, createdAt: true, match: { select: { date: true, startTime: true } } },
    });
    const settings = await seasonSettings(tx, seasonId);
    const recorded: RecordedLineupFine[] = fines.map((fine) => ({
      id: fine.id,
      status: fine.status,
      rule: fine.rule as FineRule,
      amountCents: fine.amountCents,
      reason: fine.reason,
      amountChanged: fine.changeReason !== null,
      matchAt: fine.match ? `${isoDate(fine.match.date)} ${fine.match.startTime}` : '9999',
      recordedAt: fine.createdAt.toISOString(),
    }));
    for (const { id, proposal } of planLineupFines(recorded, settings)) {
      const before = await tx.fine.findUniqueOrThrow({ where: { id } });
      const after = await tx.fine.update({ where: { id }, data: { rule: proposal.rule, amountCents: proposal.amountCents ?? before.amountCents, reason: proposal.reason } });
      await this.audit.record({ userId: actorId, action: 'fine.renumber', entityType: 'Fine', entityId: id, before, after, reason: 'Regel 5D/5E: de overtredingen van de vereniging in volgorde van de wedstrijden' }, tx);
    }
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
    const settings = await seasonSettings(tx, match.seasonId);
    const proposal = proposeForfeitFine({ offendingClubId: offender.clubId, affectedClubId: affected.clubId }, match.forfeitCause ?? 'OTHER', settings);
    // Recorded again with another cause (reopened, then recorded anew): the other rule's proposal is withdrawn.
    const recorded = await tx.fine.findMany({ where: { matchId: match.id, teamId: offender.id, rule: { in: [...FORFEIT_FINE_RULES] } }, select: { id: true, rule: true, status: true } });
    const plan = planForfeitFine(recorded as RecordedForfeitFine[], proposal.rule);
    for (const fineId of plan.withdraw) {
      const before = await tx.fine.findUniqueOrThrow({ where: { id: fineId } });
      const note = `Ingetrokken: de wedstrijd is opnieuw vastgelegd als reglementair verlies onder Regel ${proposal.rule}.`;
      const after = await tx.fine.update({ where: { id: fineId }, data: { status: 'DISCARDED', waivedReason: note } });
      await this.audit.record({ userId: fact.actorId, action: 'fine.withdraw', entityType: 'Fine', entityId: fineId, before, after }, tx);
    }
    if (plan.propose) await this.create(tx, match, offender, proposal, settings, fact.actorId);
  }

  /**
   * Both teams incomplete (RULES.md "Fines"): each team a Regel 7 case and a Regel 11
   * occurrence; each club is fined, the federation the beneficiary. Once per match and team.
   */
  async bothIncomplete(tx: Tx, fact: { matchId: string; actorId: string | null }): Promise<void> {
    const match = await this.match(tx, fact.matchId);
    await lockClubFines(tx, match.seasonId, match.teams.map((t) => t.clubId));
    const settings = await seasonSettings(tx, match.seasonId);
    for (const team of match.teams) {
      await this.incompleteOrLate(tx, { matchId: match.id, teamId: team.id, actorId: fact.actorId });
      if (await this.alreadyProposed(tx, match.id, team.id, FORFEIT_FINE_RULES)) continue;
      await this.create(tx, match, team, proposeBothIncompleteFine(settings), settings, fact.actorId);
    }
  }

  /**
   * Regel 11: `teamId` was incomplete or late at `matchId` (fewer than pairsPerTeam pairs
   * from set 1, a Regel 7 forfeit with too few pairs, or the whole team late). One occurrence
   * per team per match; the club's occurrences that stand are numbered in match order and the
   * 3rd, 6th, … in a season over all its teams is fined once (renumberIncomplete).
   */
  async incompleteOrLate(tx: Tx, fact: { matchId: string; teamId: string; actorId: string | null; kind?: AppearanceKind; reason?: string | null }): Promise<void> {
    const match = await this.match(tx, fact.matchId);
    const team = teamIn(match, fact.teamId);
    await lockClubFines(tx, match.seasonId, [team.clubId]);
    if (await tx.incompleteAppearance.findUnique({ where: { matchId_teamId: { matchId: match.id, teamId: team.id } } })) return;
    const earlier = await tx.incompleteAppearance.count({ where: { seasonId: match.seasonId, team: { clubId: team.clubId } } });
    const appearance = await tx.incompleteAppearance.create({
      data: { seasonId: match.seasonId, teamId: team.id, matchId: match.id, occurrence: earlier + 1, kind: fact.kind ?? 'INCOMPLETE', reason: fact.reason ?? null, recordedById: fact.actorId },
    });
    await this.audit.record(
      { userId: fact.actorId, action: 'fine.incomplete-appearance', entityType: 'IncompleteAppearance', entityId: appearance.id, after: appearance },
      tx,
    );
    await this.renumberIncomplete(tx, match.seasonId, team.clubId, fact.actorId);
  }

  /**
   * Regel 11: the occurrence of `teamId` at `matchId` no longer stands (the match was reopened,
   * or the record withdrawn). The club's other occurrences are renumbered and its fines follow.
   * Returns whether there was one.
   */
  async withdrawIncomplete(tx: Tx, fact: { matchId: string; teamIds?: readonly string[]; kind?: AppearanceKind; actorId: string | null; reason?: string }): Promise<boolean> {
    const which = { matchId: fact.matchId, ...(fact.teamIds ? { teamId: { in: [...fact.teamIds] } } : {}), ...(fact.kind ? { kind: fact.kind } : {}) };
    // Nothing recorded (the usual case): one query, no lock.
    if ((await tx.incompleteAppearance.count({ where: which })) === 0) return false;
    const match = await this.match(tx, fact.matchId);
    const teams = fact.teamIds ? fact.teamIds.map((id) => teamIn(match, id)) : match.teams;
    await lockClubFines(tx, match.seasonId, teams.map((t) => t.clubId));
    const gone = await tx.incompleteAppearance.findMany({ where: { ...which, teamId: { in: teams.map((t) => t.id) } } });
    for (const appearance of gone) {
      await tx.incompleteAppearance.delete({ where: { id: appearance.id } });
      await this.audit.record({ userId: fact.actorId, action: 'fine.incomplete-appearance.withdraw', entityType: 'IncompleteAppearance', entityId: appearance.id, before: appearance, reason: fact.reason }, tx);
    }
    for (const clubId of new Set(teams.filter((t) => gone.some((a) => a.teamId === t.id)).map((t) => t.clubId))) {
      await this.renumberIncomplete(tx, match.seasonId, clubId, fact.actorId);
    }
    return gone.length > 0;
  }

  /**
   * Regel 11 (RULES.md decision 2026-11-26): numbers the club's standing occurrences in the
   * season and proposes, moves or withdraws its Regel 11 fines as planRegel11 decides. The
   * caller holds the club's fine lock.
   */
  async renumberIncomplete(tx: Tx, seasonId: string, clubId: string, actorId: string | null): Promise<void> {
    const rows = await tx.incompleteAppearance.findMany({
      where: { seasonId, team: { clubId } },
      select: { id: true, matchId: true, teamId: true, occurrence: true, createdAt: true, match: { select: { date: true, startTime: true } } },
    });
    const fines = await tx.fine.findMany({ where: { seasonId, clubId, rule: '11' }, select: { id: true, incompletePlace: true, status: true, matchId: true, teamId: true } });
    const settings = await seasonSettings(tx, seasonId);
    const plan = planRegel11(
      rows.map((r) => ({ id: r.id, matchId: r.matchId, teamId: r.teamId, matchDate: isoDate(r.match.date), startTime: r.match.startTime, recordedAt: r.createdAt })),
      fines.map((f) => ({ id: f.id, place: f.incompletePlace, status: f.status, matchId: f.matchId, teamId: f.teamId })),
      settings,
    );
    const current = new Map(rows.map((r) => [r.id, r.occurrence]));
    for (const { id, occurrence } of plan.numbering) {
      if (current.get(id) !== occurrence) await tx.incompleteAppearance.update({ where: { id }, data: { occurrence } });
    }
    for (const { fineId, place } of plan.withdraw) {
      const before = await tx.fine.findUniqueOrThrow({ where: { id: fineId } });
      const after = await tx.fine.update({ where: { id: fineId }, data: { status: 'DISCARDED', incompletePlace: null, waivedReason: withdrawnNote(place) } });
      await this.audit.record({ userId: actorId, action: 'fine.withdraw', entityType: 'Fine', entityId: fineId, before, after }, tx);
    }
    for (const { fineId, occurrence } of plan.move) {
      const before = await tx.fine.findUniqueOrThrow({ where: { id: fineId } });
      const after = await tx.fine.update({ where: { id: fineId }, data: { matchId: occurrence.matchId, teamId: occurrence.teamId } });
      await this.audit.record({ userId: actorId, action: 'fine.move', entityType: 'Fine', entityId: fineId, before, after }, tx);
    }
    for (const { place, occurrence, proposal } of plan.propose) {
      await this.create(tx, { id: occurrence.matchId, seasonId }, { id: occurrence.teamId, clubId }, proposal, settings, actorId, place);
    }
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

  private async create(
    tx: Tx,
    match: Pick<MatchFacts, 'id' | 'seasonId'>,
    team: { id: string; clubId: string },
    proposal: FineProposal,
    settings: CompetitionSettings,
    actorId: string | null,
    incompletePlace: number | null = null,
  ) {
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
        incompletePlace,
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
