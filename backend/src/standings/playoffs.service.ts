import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { dbDate } from '../common/dto';
import { ErrorDetail, NotFoundError, RuleViolationError, ValidationError } from '../common/errors';
import { computeStandings } from '../domain/standings/standings';
import { PrismaService } from '../prisma/prisma.service';
import { StandingsService } from './standings.service';
import { CreatePlayoffDto, mapPlayoff, PlayoffDto } from './standings.dto';

const withTeams = { winnerTeam: { select: { name: true } }, loserTeam: { select: { name: true } } } as const;

@Injectable()
export class PlayoffsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly standings: StandingsService,
  ) {}

  async list(divisionId: string): Promise<PlayoffDto[]> {
    const division = await this.prisma.division.findUnique({
      where: { id: divisionId },
      select: { playoffs: { include: withTeams, orderBy: [{ date: 'asc' }, { createdAt: 'asc' }] } },
    });
    if (!division) throw new NotFoundError('Poule');
    return division.playoffs.map(mapPlayoff);
  }

  /**
   * Regel 41: records the result of a play-off between two teams that share a position.
   * Decision: refused (422) when the current standings do not put them level on
   * everything, so a mistyped team cannot reorder the table.
   */
  async create(divisionId: string, body: CreatePlayoffDto, user: AuthUser): Promise<PlayoffDto> {
    const data = await this.standings.data(divisionId);
    const known = new Set(data.input.teams.map((t) => t.teamId));
    const details: ErrorDetail[] = [];
    if (!known.has(body.winnerTeamId)) details.push({ field: 'winnerTeamId', message: 'Dit team speelt niet in deze poule.' });
    if (!known.has(body.loserTeamId)) details.push({ field: 'loserTeamId', message: 'Dit team speelt niet in deze poule.' });
    if (body.winnerTeamId === body.loserTeamId) details.push({ field: 'loserTeamId', message: 'Winnaar en verliezer moeten verschillende teams zijn.' });
    if (details.length) throw new ValidationError('De beslissingswedstrijd kan niet worden vastgelegd.', details);

    const rows = computeStandings(data.input);
    const position = (teamId: string) => rows.find((r) => r.teamId === teamId)!;
    const [winner, loser] = [position(body.winnerTeamId), position(body.loserTeamId)];
    if (!winner.shared || winner.position !== loser.position) {
      throw new RuleViolationError(
        `${winner.teamName} en ${loser.teamName} delen geen plaats in de stand; een beslissingswedstrijd is alleen nodig bij gelijke stand op alles (Regel 41).`,
        'PLAYOFF_NOT_NEEDED',
      );
    }
    const created = await this.prisma.$transaction(async (tx) => {
      const playoff = await tx.playoff.create({
        data: { divisionId, winnerTeamId: body.winnerTeamId, loserTeamId: body.loserTeamId, date: dbDate(body.date) },
        include: withTeams,
      });
      await this.audit.record({ userId: user.id, action: 'playoff.create', entityType: 'Playoff', entityId: playoff.id, after: mapPlayoff(playoff) }, tx);
      return mapPlayoff(playoff);
    });
    this.standings.changed(divisionId);
    return created;
  }

  /** Removes a play-off result recorded by mistake; the tie it decided is shared again. */
  async remove(id: string, user: AuthUser): Promise<PlayoffDto> {
    const playoff = await this.prisma.playoff.findUnique({ where: { id }, include: withTeams });
    if (!playoff) throw new NotFoundError('Beslissingswedstrijd');
    const before = mapPlayoff(playoff);
    await this.prisma.$transaction(async (tx) => {
      await tx.playoff.delete({ where: { id } });
      await this.audit.record({ userId: user.id, action: 'playoff.delete', entityType: 'Playoff', entityId: id, before }, tx);
    });
    this.standings.changed(playoff.divisionId);
    return before;
  }
}
