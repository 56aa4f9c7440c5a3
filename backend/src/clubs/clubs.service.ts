import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { dbDate, todayIso } from '../common/dto';
import { ConflictError, NotFoundError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { ClubDetailDto, ClubDto, CreateClubDto, mapClub, UpdateClubDto } from './club.dto';

@Injectable()
export class ClubsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async list(includeArchived: boolean): Promise<ClubDto[]> {
    const clubs = await this.prisma.club.findMany({ where: includeArchived ? {} : { archivedAt: null }, orderBy: { name: 'asc' } });
    return clubs.map(mapClub);
  }

  async get(id: string): Promise<ClubDetailDto> {
    const club = await this.prisma.club.findUnique({
      where: { id },
      include: {
        teams: {
          where: { archivedAt: null },
          include: { division: { include: { season: true } } },
          orderBy: [{ division: { season: { startsOn: 'desc' } } }, { name: 'asc' }],
        },
      },
    });
    if (!club) throw new NotFoundError('Vereniging');
    return {
      ...mapClub(club),
      teams: club.teams.map((t) => ({
        id: t.id,
        name: t.name,
        divisionId: t.divisionId,
        divisionName: t.division.name,
        seasonId: t.division.seasonId,
        seasonName: t.division.season.name,
      })),
    };
  }

  async create(body: CreateClubDto, user: AuthUser): Promise<ClubDto> {
    return this.prisma.$transaction(async (tx) => {
      const club = await tx.club.create({ data: { name: body.name.trim(), city: body.city?.trim() || null, venue: body.venue?.trim() || null } });
      await this.audit.record({ userId: user.id, action: 'club.create', entityType: 'Club', entityId: club.id, after: club }, tx);
      return mapClub(club);
    });
  }

  async update(id: string, body: UpdateClubDto, user: AuthUser): Promise<ClubDto> {
    const before = await this.prisma.club.findUnique({ where: { id } });
    if (!before) throw new NotFoundError('Vereniging');
    return this.prisma.$transaction(async (tx) => {
      const club = await tx.club.update({
        where: { id },
        data: { name: body.name?.trim(), city: body.city === undefined ? undefined : body.city.trim() || null, venue: body.venue === undefined ? undefined : body.venue.trim() || null },
      });
      await this.audit.record({ userId: user.id, action: 'club.update', entityType: 'Club', entityId: id, before, after: club }, tx);
      return mapClub(club);
    });
  }

  async archive(id: string, user: AuthUser): Promise<ClubDto> {
    const before = await this.prisma.club.findUnique({ where: { id } });
    if (!before) throw new NotFoundError('Vereniging');
    // Archived once: archiving again changes nothing (the date it was archived stays).
    if (before.archivedAt) return mapClub(before);
    // A club that still plays this season (or the next) keeps its place: its teams, their
    // fixtures and its secretaries' work stay in use.
    const playing = await this.prisma.team.findFirst({
      where: { clubId: id, archivedAt: null, division: { archivedAt: null, season: { archivedAt: null, endsOn: { gte: dbDate(todayIso()) } } } },
      include: { division: { select: { name: true, season: { select: { name: true } } } } },
      orderBy: { name: 'asc' },
    });
    if (playing) {
      throw new ConflictError(
        `Deze vereniging speelt nog met ${playing.name} in ${playing.division.name} (${playing.division.season.name}). Archiveer eerst dat team, of archiveer de vereniging als het seizoen voorbij is.`,
        'CLUB_HAS_TEAMS',
      );
    }
    const club = await this.prisma.club.update({ where: { id }, data: { archivedAt: new Date() } });
    await this.audit.record({ userId: user.id, action: 'club.archive', entityType: 'Club', entityId: id, before, after: club });
    return mapClub(club);
  }
}
