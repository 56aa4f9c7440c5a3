import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { CreateTeamDto, mapTeam, teamInclude, TeamDto, UpdateTeamDto } from './team.dto';

@Injectable()
export class TeamsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async get(id: string): Promise<TeamDto> {
    const team = await this.prisma.team.findUnique({ where: { id }, include: teamInclude });
    if (!team) throw new NotFoundError('Team');
    return mapTeam(team);
  }

  async create(body: CreateTeamDto, user: AuthUser): Promise<TeamDto> {
    const [division, club] = await Promise.all([
      this.prisma.division.findUnique({ where: { id: body.divisionId } }),
      this.prisma.club.findUnique({ where: { id: body.clubId } }),
    ]);
    const details = [];
    if (!division) details.push({ field: 'divisionId', message: 'Deze poule bestaat niet.' });
    if (!club) details.push({ field: 'clubId', message: 'Deze vereniging bestaat niet.' });
    if (details.length) throw new ValidationError('Het team kan niet worden aangemaakt.', details);
    return this.prisma.$transaction(async (tx) => {
      const team = await tx.team.create({ data: { divisionId: body.divisionId, clubId: body.clubId, name: body.name.trim() }, include: teamInclude });
      await this.audit.record({ userId: user.id, action: 'team.create', entityType: 'Team', entityId: team.id, after: mapTeam(team) }, tx);
      return mapTeam(team);
    });
  }

  async update(id: string, body: UpdateTeamDto, user: AuthUser): Promise<TeamDto> {
    const before = await this.get(id);
    if (body.divisionId && body.divisionId !== before.divisionId) await this.assertMovable(before, body.divisionId);
    return this.prisma.$transaction(async (tx) => {
      const team = await tx.team.update({ where: { id }, data: { name: body.name?.trim(), divisionId: body.divisionId }, include: teamInclude });
      await this.audit.record({ userId: user.id, action: 'team.update', entityType: 'Team', entityId: id, before, after: mapTeam(team) }, tx);
      return mapTeam(team);
    });
  }

  /** A team moves to another division of the same season only while it has no fixtures. */
  private async assertMovable(team: TeamDto, divisionId: string): Promise<void> {
    const [division, matches] = await Promise.all([
      this.prisma.division.findUnique({ where: { id: divisionId } }),
      this.prisma.match.count({ where: { OR: [{ homeTeamId: team.id }, { awayTeamId: team.id }] } }),
    ]);
    if (!division || division.seasonId !== team.seasonId) {
      throw new ValidationError('Het team kan niet worden verplaatst.', [{ field: 'divisionId', message: 'Kies een poule van hetzelfde seizoen.' }]);
    }
    if (matches) throw new ConflictError('Dit team heeft al wedstrijden in zijn poule; verplaatsen zou de stand van beide poules veranderen.', 'TEAM_HAS_MATCHES');
  }

  async archive(id: string, user: AuthUser): Promise<TeamDto> {
    await this.get(id);
    const team = await this.prisma.team.update({ where: { id }, data: { archivedAt: new Date() }, include: teamInclude });
    await this.audit.record({ userId: user.id, action: 'team.archive', entityType: 'Team', entityId: id });
    return mapTeam(team);
  }
}
