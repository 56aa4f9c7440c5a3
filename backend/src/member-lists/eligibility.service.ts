import { Injectable } from '@nestjs/common';
import { assertClubAccess } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { isoDate, todayIso } from '../common/dto';
import { NotFoundError } from '../common/errors';
import { checkEligibility, registrationDeadline } from '../domain/eligibility';
import { PrismaService } from '../prisma/prisma.service';
import { EligiblePlayersDto, entryInclude, toDomainSanction } from './member-list.dto';
import { loadSeason } from './member-list.store';

const collator = new Intl.Collator('nl', { sensitivity: 'base' });

/** Regel 3B and 4 for a team on a date: every member on its club's list, with the reasons why not. */
@Injectable()
export class EligibilityService {
  constructor(private readonly prisma: PrismaService) {}

  async eligiblePlayers(teamId: string, date: string, user: AuthUser): Promise<EligiblePlayersDto> {
    const team = await this.prisma.team.findUnique({ where: { id: teamId }, include: { division: { select: { seasonId: true } }, club: { select: { name: true } } } });
    if (!team) throw new NotFoundError('Team');
    if (user.role === 'SECRETARY') assertClubAccess(user, team.clubId);
    const season = await loadSeason(this.prisma, team.division.seasonId);
    const entries = await this.prisma.memberListEntry.findMany({
      where: { seasonId: season.id, memberList: { clubId: team.clubId } },
      include: entryInclude,
    });
    const onListThatDay = entries
      .map((entry) => ({ entry, removedOn: entry.removedAt ? todayIso(entry.removedAt) : null }))
      .filter(({ removedOn }) => removedOn === null || removedOn > date);
    const players = onListThatDay.map(({ entry, removedOn }) => {
      const { member } = entry;
      const result = checkEligibility({
        clubId: team.clubId,
        matchDate: date,
        settings: season.settings,
        entry: { clubId: team.clubId, clubName: team.club.name, registeredOn: isoDate(entry.registeredOn), removedAt: removedOn },
        sanctions: member.sanctions.map(toDomainSanction),
      });
      return {
        memberId: member.id,
        memberNumber: member.memberNumber,
        familyName: member.familyName,
        namePrefix: member.namePrefix,
        givenNames: member.givenNames,
        eligible: result.eligible,
        reasons: result.reasons,
      };
    });
    players.sort((a, b) => collator.compare(a.familyName, b.familyName) || collator.compare(a.givenNames, b.givenNames));
    return { teamId, date, deadline: registrationDeadline(date, season.settings.registrationLeadWorkingDays), players };
  }
}
