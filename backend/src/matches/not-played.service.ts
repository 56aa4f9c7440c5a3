import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { ConflictError, ValidationError } from '../common/errors';
import { NotPlayed, notPlayedOutcome, Side } from '../domain/match';
import type { MatchStatus } from '../generated/prisma/enums';
import { FineProposalsService } from '../fines/fine-proposals.service';
import { storeMatchDeductions } from './deductions';
import { MatchDetailDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import { MatchRow, sideOf, teamOf } from './match-row';
import { MatchWriterService, Tx } from './match-writer.service';
import type { NotPlayedInputDto, NotPlayedKindInput, ReopenInputDto } from './result.dto';

const STATUS_OF: Record<NotPlayedKindInput, MatchStatus> = { NO_TABLE_SCREEN: 'NOT_PLAYED', FORFEIT: 'FORFEIT', CANCELLED: 'CANCELLED' };
const NOT_PLAYED_STATUSES: readonly MatchStatus[] = Object.values(STATUS_OF);
/** Deductions that follow from the match itself (Regel 4, 6); recording the match anew replaces them. */
const MATCH_RULES = ['4', '6'];

/**
 * Matches that are not played (Regel 6–9), recorded by an administrator: the score,
 * competition-point deductions as their own rows, and the fines the facts give. The
 * result counts as confirmed at once.
 */
@Injectable()
export class NotPlayedService {
  constructor(
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
    private readonly fines: FineProposalsService,
  ) {}

  async record(matchId: string, body: NotPlayedInputDto, user: AuthUser): Promise<MatchDetailDto> {
    const teams = await this.data.teams(matchId);
    const offendingSide = this.offendingSide(teams, body);
    const options = { user, action: 'match.not-played', version: body.version, reason: body.reason };
    return this.writer.write(matchId, options, async (tx, match, settings) => {
      const outcome = notPlayedOutcome(await this.domainInput(tx, match, body, offendingSide), settings);
      await this.clearResult(tx, match.id);
      if (outcome.sets.length) await tx.matchSet.createMany({ data: outcome.sets.map((s) => ({ matchId: match.id, ...s })) });
      await storeMatchDeductions(tx, match, outcome, {
        rule: '6',
        reason: (opponent, date) => `Wedstrijd tegen ${opponent} op ${date} gespeeld zonder tafelscherm (Regel 6).`,
        actorId: user.id,
      });
      const forfeitingTeamId = offendingSide ? teamOf(match, offendingSide).id : null;
      await tx.match.update({
        where: { id: match.id },
        data: {
          status: STATUS_OF[body.kind],
          resultState: 'CONFIRMED',
          homePoints: outcome.homePoints,
          awayPoints: outcome.awayPoints,
          forfeitingTeamId,
          forfeitCause: body.kind === 'FORFEIT' ? body.cause : null,
          statusReason: body.reason,
          homeIneligible: false,
          awayIneligible: false,
        },
      });
      if (forfeitingTeamId) await this.fines.forfeit(tx, { matchId: match.id, forfeitingTeamId, actorId: user.id });
      if (body.kind === 'NO_TABLE_SCREEN') await this.fines.noTableScreen(tx, { matchId: match.id, actorId: user.id });
    });
  }

  /** Undoes a record of a match as not played: back to a fixture without result. Fines already proposed stay for the administrator to discard. */
  async reopen(matchId: string, body: ReopenInputDto, user: AuthUser): Promise<MatchDetailDto> {
    await this.data.teams(matchId);
    const options = { user, action: 'match.reopen', version: body.version, reason: body.reason };
    return this.writer.write(matchId, options, async (tx, match, settings) => {
      if (!NOT_PLAYED_STATUSES.includes(match.status)) {
        throw new ConflictError('Alleen een wedstrijd die als niet gespeeld is vastgelegd, kan worden heropend.', 'NOT_RECORDED_AS_NOT_PLAYED');
      }
      await this.clearResult(tx, match.id);
      await tx.match.update({
        where: { id: match.id },
        data: {
          status: 'SCHEDULED',
          resultState: 'NONE',
          homePoints: null,
          awayPoints: null,
          forfeitingTeamId: null,
          forfeitCause: null,
          statusReason: null,
          homeIneligible: false,
          awayIneligible: false,
          enteredById: null,
          enteredAt: null,
          homeSignedById: null,
          homeSignedAt: null,
          awaySignedById: null,
          awaySignedAt: null,
        },
      });
      await this.writer.settleCredits(tx, match.id, settings);
    });
  }

  private offendingSide(teams: { homeTeamId: string; awayTeamId: string }, body: NotPlayedInputDto): Side | null {
    const extra = body.kind !== 'FORFEIT' && (body.offendingTeamId !== undefined || body.cause !== undefined);
    if (extra) {
      throw new ValidationError('Een team in gebreke en een oorzaak horen alleen bij een reglementair verlies.', [
        { field: body.offendingTeamId !== undefined ? 'offendingTeamId' : 'cause', message: 'Alleen bij FORFEIT.' },
      ]);
    }
    if (body.kind !== 'FORFEIT') return null;
    const side = body.offendingTeamId ? sideOf(teams, body.offendingTeamId) : null;
    const details = [
      ...(side ? [] : [{ field: 'offendingTeamId', message: 'Kies het team van deze wedstrijd dat in gebreke bleef.' }]),
      ...(body.cause ? [] : [{ field: 'cause', message: 'Kies de oorzaak van het reglementaire verlies.' }]),
    ];
    if (details.length) throw new ValidationError('Geef aan welk team in gebreke bleef en waarom.', details);
    return side;
  }

  private async domainInput(tx: Tx, match: MatchRow, body: NotPlayedInputDto, offendingSide: Side | null): Promise<NotPlayed> {
    if (body.kind === 'FORFEIT') return { kind: 'FORFEIT', offendingSide: offendingSide!, cause: body.cause! };
    if (body.kind === 'NO_TABLE_SCREEN') return { kind: 'NO_TABLE_SCREEN' };
    const home = await this.previousPointsFor(tx, match, match.homeTeamId);
    const away = await this.previousPointsFor(tx, match, match.awayTeamId);
    return { kind: 'CANCELLED', homePreviousPointsFor: home, awayPreviousPointsFor: away };
  }

  /** Regel 8: the team's game points in every match the standings count as played, before this match's date. */
  private async previousPointsFor(tx: Tx, match: MatchRow, teamId: string): Promise<number[]> {
    const matches = await tx.match.findMany({
      where: {
        archivedAt: null,
        id: { not: match.id },
        resultState: 'CONFIRMED',
        status: { in: ['PLAYED', 'FORFEIT'] },
        date: { lt: match.date },
        OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }],
      },
      select: { homeTeamId: true, homePoints: true, awayPoints: true },
    });
    return matches.map((m) => (m.homeTeamId === teamId ? m.homePoints : m.awayPoints) ?? 0);
  }

  private async clearResult(tx: Tx, matchId: string): Promise<void> {
    await tx.matchSet.deleteMany({ where: { matchId } });
    await tx.pointDeduction.deleteMany({ where: { matchId, rule: { in: MATCH_RULES } } });
  }
}
