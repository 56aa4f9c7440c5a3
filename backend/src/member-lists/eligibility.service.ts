import { Injectable } from '@nestjs/common';
import { assertClubAccess } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { NotFoundError } from '../common/errors';
import { registrationDeadline } from '../domain/eligibility';
import { PrismaService } from '../prisma/prisma.service';
import { byMemberName, EligiblePlayersDto } from './member-list.dto';
import { loadSeason } from './member-list.store';
import { PlayerEligibilityService } from './player-eligibility.service';

/** Regel 3B and 4 for a team on a date: every member on its club's list, with the reasons why not. */
@Injectable()
export class EligibilityService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly players: PlayerEligibilityService,
  ) {}

  async eligiblePlayers(teamId: string, date: string, user: AuthUser): Promise<EligiblePlayersDto> {
    const team = await this.prisma.team.findUnique({ where: { id: teamId }, include: { division: { select: { seasonId: true } } } });
    if (!team) throw new NotFoundError('Team');
    assertClubAccess(user, team.clubId);
    const season = await loadSeason(this.prisma, team.division.seasonId);
    const candidates = await this.players.candidates(this.prisma, { seasonId: season.id, clubId: team.clubId, matchDate: date, settings: season.settings });
    const players = candidates.map(({ member, result }) => ({
      memberId: member.id,
      memberNumber: member.memberNumber,
      familyName: member.familyName,
      namePrefix: member.namePrefix,
      givenNames: member.givenNames,
      eligible: result.eligible,
      reasons: result.reasons,
      eligibleFrom: result.eligibleFrom,
    }));
    players.sort(byMemberName);
    return { teamId, date, deadline: registrationDeadline(date, season.settings.registrationLeadWorkingDays), players };
  }
}
