import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { isoDate, todayIso } from '../common/dto';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { FineProposalsService } from './fine-proposals.service';
import type { LateTeamInputDto, MatchRegel11Dto, WithdrawLateTeamInputDto } from './late-teams.dto';

/**
 * A whole team late (te laat aanwezig, Regel 11; RULES.md "Fines", decision 2026-11-26): a
 * Regel 11 occurrence of the team's club, recorded by the supervisor (from the match day on)
 * or an administrator, with a reason. It changes no score: only the club's count and the
 * fines that follow from it. Withdrawing it renumbers the club's other occurrences.
 */
@Injectable()
export class LateTeamsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly fines: FineProposalsService,
  ) {}

  async list(matchId: string): Promise<MatchRegel11Dto> {
    await this.match(matchId);
    const rows = await this.prisma.incompleteAppearance.findMany({
      where: { matchId },
      include: { team: { select: { name: true } } },
      orderBy: { createdAt: 'asc' },
    });
    return {
      matchId,
      appearances: rows.map((r) => ({ id: r.id, teamId: r.teamId, teamName: r.team.name, kind: r.kind, occurrence: r.occurrence, reason: r.reason })),
    };
  }

  async record(matchId: string, body: LateTeamInputDto, user: AuthUser): Promise<MatchRegel11Dto> {
    await this.prisma.$transaction(async (tx) => {
      const match = await this.match(matchId, tx);
      this.assertTeam(match, body.teamId);
      if (user.role === 'SUPERVISOR' && isoDate(match.date) > todayIso()) {
        const message = `De wedstrijd is pas op ${isoDate(match.date).split('-').reverse().join('-')}: de wedstrijdleider legt een te laat team vast vanaf de wedstrijddag.`;
        throw new ConflictError(message, 'ENTRY_NOT_OPEN');
      }
      if (match.status !== 'SCHEDULED' && match.status !== 'PLAYED') {
        throw new ConflictError('Deze wedstrijd is niet gespeeld: een team kan er niet te laat zijn. Een team met te weinig koppels is een reglementair verlies (Regel 7).', 'MATCH_NOT_PLAYED');
      }
      const existing = await tx.incompleteAppearance.findUnique({ where: { matchId_teamId: { matchId, teamId: body.teamId } } });
      if (existing) {
        const message =
          existing.kind === 'LATE'
            ? 'Dit team is bij deze wedstrijd al als te laat vastgelegd.'
            : 'Dit team telt bij deze wedstrijd al als onvolledig; per wedstrijd telt een team één keer voor Regel 11.';
        throw new ConflictError(message, 'ALREADY_COUNTED');
      }
      await this.fines.incompleteOrLate(tx, { matchId, teamId: body.teamId, actorId: user.id, kind: 'LATE', reason: body.reason });
    });
    return this.list(matchId);
  }

  async withdraw(matchId: string, teamId: string, body: WithdrawLateTeamInputDto, user: AuthUser): Promise<MatchRegel11Dto> {
    await this.prisma.$transaction(async (tx) => {
      const match = await this.match(matchId, tx);
      this.assertTeam(match, teamId);
      const withdrawn = await this.fines.withdrawIncomplete(tx, { matchId, teamIds: [teamId], kind: 'LATE', actorId: user.id, reason: body.reason });
      if (!withdrawn) throw new NotFoundError('Vastlegging van een te laat team');
    });
    return this.list(matchId);
  }

  private async match(matchId: string, db: Pick<PrismaService, 'match'> = this.prisma) {
    const match = await db.match.findFirst({ where: { id: matchId, archivedAt: null }, select: { id: true, date: true, status: true, homeTeamId: true, awayTeamId: true } });
    if (!match) throw new NotFoundError('Wedstrijd');
    return match;
  }

  private assertTeam(match: { homeTeamId: string; awayTeamId: string }, teamId: string): void {
    if (teamId === match.homeTeamId || teamId === match.awayTeamId) return;
    throw new ValidationError('Dit team speelt deze wedstrijd niet.', [{ field: 'teamId', message: 'Kies een team van deze wedstrijd.' }]);
  }
}
