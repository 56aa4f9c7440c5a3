import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import type { Side } from '../domain/match';
import { FineProposalsService } from '../fines/fine-proposals.service';
import { sideOf } from './match-row';
import { commandUser, MatchWriterService } from './match-writer.service';
import type { LateTeamInputDto, MatchRegel11Dto, WithdrawLateTeamInputDto } from './late-teams.dto';

/**
 * A whole team late (te laat aanwezig, Regel 11; RULES.md "Fines", decision 2026-11-26): a
 * Regel 11 occurrence of the team's club, recorded by the supervisor (from the match day on)
 * or an administrator, with a reason: a command of the match core (its log, idempotency, live event). It changes no score: only the club's count and the
 * fines that follow from it. Withdrawing it renumbers the club's other occurrences.
 */
@Injectable()
export class LateTeamsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly fines: FineProposalsService,
    private readonly writer: MatchWriterService,
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

  /** The RECORD_TEAM_LATE command of the match core (who may, and when, is the core's); the occurrence and its fines once applied. */
  async record(matchId: string, body: LateTeamInputDto, user: AuthUser): Promise<MatchRegel11Dto> {
    await this.writer.apply(
      matchId,
      async (_tx, match) => ({
        command: { kind: 'RECORD_TEAM_LATE', by: commandUser(user), reason: body.reason, side: this.sideOfTeam(match, body.teamId) },
        // Once the core allowed it (who, when, a match that was played): once per team and match.
        after: async (tx) => {
          const existing = await tx.incompleteAppearance.findUnique({ where: { matchId_teamId: { matchId, teamId: body.teamId } } });
          if (existing) {
            const message =
              existing.kind === 'LATE'
                ? 'Dit team is bij deze wedstrijd al als te laat vastgelegd.'
                : 'Dit team telt bij deze wedstrijd al als onvolledig; per wedstrijd telt een team één keer voor Regel 11.';
            throw new ConflictError(message, 'ALREADY_COUNTED');
          }
          await this.fines.incompleteOrLate(tx, { matchId, teamId: body.teamId, actorId: user.id, kind: 'LATE', reason: body.reason });
        },
      }),
      { user, actor: user.id, action: 'match.team-late', reason: body.reason, idempotencyKey: body.idempotencyKey },
    );
    return this.list(matchId);
  }

  /** The WITHDRAW_TEAM_LATE command of the match core; the club's other occurrences are renumbered. */
  async withdraw(matchId: string, teamId: string, body: WithdrawLateTeamInputDto, user: AuthUser): Promise<MatchRegel11Dto> {
    await this.writer.apply(
      matchId,
      async (_tx, match) => ({
        command: { kind: 'WITHDRAW_TEAM_LATE', by: commandUser(user), reason: body.reason, side: this.sideOfTeam(match, teamId) },
        after: async (tx) => {
          const withdrawn = await this.fines.withdrawIncomplete(tx, { matchId, teamIds: [teamId], kind: 'LATE', actorId: user.id, reason: body.reason });
          if (!withdrawn) throw new NotFoundError('Vastlegging van een te laat team');
        },
      }),
      { user, actor: user.id, action: 'match.team-late.withdraw', reason: body.reason, idempotencyKey: body.idempotencyKey },
    );
    return this.list(matchId);
  }

  private sideOfTeam(match: { homeTeamId: string; awayTeamId: string }, teamId: string): Side {
    const side = sideOf(match, teamId);
    if (side) return side;
    throw new ValidationError('Dit team speelt deze wedstrijd niet.', [{ field: 'teamId', message: 'Kies een team van deze wedstrijd.' }]);
  }

  private async match(matchId: string, db: Pick<PrismaService, 'match'> = this.prisma) {
    const match = await db.match.findFirst({ where: { id: matchId, archivedAt: null }, select: { id: true, date: true, status: true, homeTeamId: true, awayTeamId: true } });
    if (!match) throw new NotFoundError('Wedstrijd');
    return match;
  }

}
