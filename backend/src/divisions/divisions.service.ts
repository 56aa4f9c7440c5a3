import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { ConflictError, NotFoundError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { CreateDivisionDto, DivisionDto, mapDivision, UpdateDivisionDto } from './division.dto';
import { assertSeasonOpen } from '../seasons/season-open';

const withTeams = {
  teams: { where: { archivedAt: null }, include: { club: { select: { name: true } } }, orderBy: { name: 'asc' as const } },
};

@Injectable()
export class DivisionsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async list(seasonId: string, includeArchived: boolean): Promise<DivisionDto[]> {
    const divisions = await this.prisma.division.findMany({
      where: { seasonId, ...(includeArchived ? {} : { archivedAt: null }) },
      include: withTeams,
      orderBy: [{ level: 'asc' }, { name: 'asc' }],
    });
    return divisions.map(mapDivision);
  }

  async get(id: string): Promise<DivisionDto> {
    const division = await this.prisma.division.findUnique({ where: { id }, include: withTeams });
    if (!division) throw new NotFoundError('Poule');
    return mapDivision(division);
  }

  async create(body: CreateDivisionDto, user: AuthUser): Promise<DivisionDto> {
    await assertSeasonOpen(this.prisma, body.seasonId);
    return this.prisma.$transaction(async (tx) => {
      const division = await tx.division.create({ data: { seasonId: body.seasonId, name: body.name.trim(), level: body.level ?? 1 }, include: withTeams });
      await this.audit.record({ userId: user.id, action: 'division.create', entityType: 'Division', entityId: division.id, after: division }, tx);
      return mapDivision(division);
    });
  }

  async update(id: string, body: UpdateDivisionDto, user: AuthUser): Promise<DivisionDto> {
    const before = await this.get(id);
    await assertSeasonOpen(this.prisma, before.seasonId);
    return this.prisma.$transaction(async (tx) => {
      const division = await tx.division.update({ where: { id }, data: { name: body.name?.trim(), level: body.level }, include: withTeams });
      await this.audit.record({ userId: user.id, action: 'division.update', entityType: 'Division', entityId: id, before, after: mapDivision(division) }, tx);
      return mapDivision(division);
    });
  }

  async archive(id: string, user: AuthUser): Promise<DivisionDto> {
    const before = await this.prisma.division.findUnique({ where: { id }, include: withTeams });
    if (!before) throw new NotFoundError('Poule');
    await assertSeasonOpen(this.prisma, before.seasonId);
    // Archived once: archiving again changes nothing (the date it was archived stays).
    if (before.archivedAt) return mapDivision(before);
    // Its fixtures and standings would vanish from the season while their results stand.
    const matches = await this.prisma.match.count({ where: { divisionId: id, archivedAt: null } });
    if (matches) {
      throw new ConflictError(
        'Deze poule heeft wedstrijden: ze blijft in het speelschema en de stand van het seizoen. Archiveer het hele seizoen als het voorbij is.',
        'DIVISION_HAS_MATCHES',
      );
    }
    const division = await this.prisma.division.update({ where: { id }, data: { archivedAt: new Date() }, include: withTeams });
    await this.audit.record({ userId: user.id, action: 'division.archive', entityType: 'Division', entityId: id });
    return mapDivision(division);
  }
}
