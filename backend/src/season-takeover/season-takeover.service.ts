import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { isoDate, todayIso } from '../common/dto';
import { AppError, ConflictError, NotFoundError } from '../common/errors';
import { planTakeOver } from '../domain/season-takeover';
import { seasonStatus } from '../domain/season-status';
import { PrismaService } from '../prisma/prisma.service';
import type { TakeOverInputDto, TakeOverResultDto } from './season-takeover.dto';

/** Copies the previous season's divisions and teams into a season being prepared (planTakeOver decides what goes). */
@Injectable()
export class SeasonTakeOverService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async takeOver(seasonId: string, body: TakeOverInputDto, user: AuthUser): Promise<TakeOverResultDto> {
    return this.prisma.$transaction(async (tx) => {
      // One take-over at a time per season: the second waits here and then finds the divisions.
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM seasons WHERE id = ${seasonId}::uuid FOR UPDATE`;
      if (!locked.length) throw new NotFoundError('Seizoen');
      const season = await tx.season.findUniqueOrThrow({ where: { id: seasonId }, include: { _count: { select: { divisions: true } } } });
      if (seasonStatus({ startsOn: isoDate(season.startsOn), endsOn: isoDate(season.endsOn), archived: season.archivedAt !== null }, todayIso()) === 'CLOSED') {
        throw new ConflictError(`Seizoen ${season.name} is afgesloten; poules en teams overnemen kan alleen in een seizoen dat nog komt.`, 'SEASON_CLOSED');
      }
      if (season._count.divisions > 0) {
        throw new ConflictError(
          `Seizoen ${season.name} heeft al ${season._count.divisions === 1 ? 'een poule' : `${season._count.divisions} poules`}; overnemen kan alleen in een seizoen zonder poules, zodat er niets dubbel komt.`,
          'DIVISIONS_EXIST',
        );
      }
      const from = body.fromSeasonId
        ? await tx.season.findUnique({ where: { id: body.fromSeasonId } })
        : await tx.season.findFirst({ where: { id: { not: seasonId }, startsOn: { lt: season.startsOn } }, orderBy: { startsOn: 'desc' } });
      if (!from) {
        if (body.fromSeasonId) throw new NotFoundError('Seizoen om van over te nemen', 'FROM_SEASON_NOT_FOUND');
        throw new AppError(404, 'NO_PREVIOUS_SEASON', `Er is geen seizoen dat vóór ${season.name} begon: er is niets over te nemen.`);
      }
      if (from.id === seasonId) throw new ConflictError('Een seizoen kan niet van zichzelf overnemen; kies een ander seizoen.', 'SAME_SEASON');

      const source = await tx.division.findMany({
        where: { seasonId: from.id },
        include: { teams: { include: { club: { select: { name: true, archivedAt: true } } }, orderBy: { name: 'asc' } } },
      });
      const plan = planTakeOver(
        source.map((d) => ({
          name: d.name,
          level: d.level,
          archived: d.archivedAt !== null,
          teams: d.teams.map((t) => ({ name: t.name, clubId: t.clubId, clubName: t.club.name, archived: t.archivedAt !== null, clubArchived: t.club.archivedAt !== null })),
        })),
      );
      let teams = 0;
      for (const division of plan.divisions) {
        const created = await tx.division.create({ data: { seasonId, name: division.name, level: division.level } });
        await tx.team.createMany({ data: division.teams.map((t) => ({ divisionId: created.id, clubId: t.clubId, name: t.name })) });
        teams += division.teams.length;
      }
      const result = { from: { id: from.id, name: from.name }, divisions: plan.divisions.length, teams, skipped: plan.skipped };
      await this.audit.record({ userId: user.id, action: 'season.take-over', entityType: 'Season', entityId: seasonId, after: result }, tx);
      return result;
    });
  }
}
