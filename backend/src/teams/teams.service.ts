import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { CreateTeamDto, mapTeam, teamInclude, TeamDto, UpdateTeamDto } from './team.dto';
import { assertSeasonOpen } from '../seasons/season-open';

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
    if (division?.archivedAt) details.push({ field: 'divisionId', message: 'Deze poule is gearchiveerd.' });
    if (club?.archivedAt) details.push({ field: 'clubId', message: 'Deze vereniging is gearchiveerd.' });
    if (details.length) throw new ValidationError('Het team kan niet worden aangemaakt.', details);
    await assertSeasonOpen(this.prisma, division!.seasonId);
    await this.assertUnscheduled(body.divisionId);
    return this.prisma.$transaction(async (tx) => {
      const team = await tx.team.create({ data: { divisionId: body.divisionId, clubId: body.clubId, name: body.name.trim() }, include: teamInclude });
      await this.audit.record({ userId: user.id, action: 'team.create', entityType: 'Team', entityId: team.id, after: mapTeam(team) }, tx);
      return mapTeam(team);
    });
  }

  async update(id: string, body: UpdateTeamDto, user: AuthUser): Promise<TeamDto> {
    const before = await this.get(id);
    await assertSeasonOpen(this.prisma, before.seasonId);
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
    await this.assertUnscheduled(divisionId);
  }

  /**
   * A team joins a division only while its fixture list can still be made anew (no match played
   * or entered: then "vervangen" gives the newcomer its matches); afterwards it would play nobody
   * and stand in the table with nothing.
   */
  private async assertUnscheduled(divisionId: string): Promise<void> {
    const played = await this.prisma.match.count({ where: { divisionId, archivedAt: null, OR: [{ status: { not: 'SCHEDULED' } }, { resultState: { not: 'NONE' } }] } });
    if (played) {
      throw new ConflictError('In deze poule zijn al wedstrijden gespeeld of ingevoerd: een nieuw team zou tegen niemand spelen en het speelschema kan niet meer worden vervangen.', 'MATCHES_PLAYED', [
        { field: 'divisionId', message: 'Deze poule heeft al uitslagen.' },
      ]);
    }
  }

  async archive(id: string, user: AuthUser): Promise<TeamDto> {
    await assertSeasonOpen(this.prisma, (await this.get(id)).seasonId);
    // Its matches would stay in the division's fixtures while the team left the standings.
    const matches = await this.prisma.match.count({ where: { archivedAt: null, OR: [{ homeTeamId: id }, { awayTeamId: id }] } });
    if (matches) throw new ConflictError('Dit team heeft wedstrijden: het blijft in de stand en het speelschema van zijn poule. Leg een wedstrijd die niet gespeeld wordt vast als niet gespeeld.', 'TEAM_HAS_MATCHES');
    const team = await this.prisma.team.update({ where: { id }, data: { archivedAt: new Date() }, include: teamInclude });
    await this.audit.record({ userId: user.id, action: 'team.archive', entityType: 'Team', entityId: id });
    return mapTeam(team);
  }
}
