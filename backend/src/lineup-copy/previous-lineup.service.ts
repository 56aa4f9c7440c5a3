import { Injectable } from '@nestjs/common';
import { assertClubAccess } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { isoDate } from '../common/dto';
import { AppError, NotFoundError } from '../common/errors';
import { copyLineup } from '../domain/lineup-copy';
import { oneMatchPerDayMessages } from '../domain/match/one-match-per-day';
import { familyNameOf, fullNameOf } from '../matches/match-row';
import { PlayerEligibilityService } from '../member-lists/player-eligibility.service';
import { PrismaService } from '../prisma/prisma.service';
import { SeasonsService } from '../seasons/seasons.service';
import type { PreviousLineupDto } from './previous-lineup.dto';

const teamName = { select: { name: true, clubId: true } } as const;

/**
 * Reads the team's line-up of its previous match this season and asks the pure copyLineup
 * which of its players may play this match (the member lists and sanctions on this date,
 * and the other line-ups of this date). Stores nothing.
 */
@Injectable()
export class PreviousLineupService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly seasons: SeasonsService,
    private readonly eligibility: PlayerEligibilityService,
  ) {}

  async draft(matchId: string, teamId: string, user: AuthUser): Promise<PreviousLineupDto> {
    const match = await this.prisma.match.findFirst({
      where: { id: matchId, archivedAt: null },
      select: { id: true, date: true, startTime: true, homeTeamId: true, awayTeamId: true, homeTeam: teamName, awayTeam: teamName, division: { select: { seasonId: true } } },
    });
    if (!match) throw new NotFoundError('Wedstrijd');
    const team = teamId === match.homeTeamId ? match.homeTeam : teamId === match.awayTeamId ? match.awayTeam : null;
    if (!team) throw new NotFoundError('Team in deze wedstrijd', 'TEAM_NOT_IN_MATCH');
    assertClubAccess(user, team.clubId);

    // A team plays in one division of one season: its earlier line-ups are this season's.
    const previous = await this.prisma.lineup.findFirst({
      where: {
        teamId,
        players: { some: {} },
        match: { id: { not: match.id }, archivedAt: null, OR: [{ date: { lt: match.date } }, { date: match.date, startTime: { lt: match.startTime } }] },
      },
      orderBy: [{ match: { date: 'desc' } }, { match: { startTime: 'desc' } }],
      include: {
        match: { select: { id: true, date: true, homeTeam: teamName, awayTeam: teamName } },
        players: { include: { member: true }, orderBy: [{ pairNumber: { sort: 'asc', nulls: 'last' } }, { member: { familyName: 'asc' } }, { member: { memberNumber: 'asc' } }] },
      },
    });
    if (!previous) {
      throw new AppError(404, 'NO_PREVIOUS_LINEUP', `${team.name} heeft dit seizoen nog geen eerdere wedstrijd met een spelerslijst: er is niets over te nemen.`);
    }

    const settings = await this.seasons.settings(match.division.seasonId);
    const memberIds = previous.players.map((p) => p.memberId);
    const checks = await this.eligibility.check(this.prisma, { seasonId: match.division.seasonId, clubId: team.clubId, matchDate: isoDate(match.date), settings }, memberIds);
    const refusals = new Map<string, string[]>();
    for (const [memberId, result] of checks) {
      if (!result.eligible) refusals.set(memberId, result.reasons.map((r) => r.message));
    }
    // One member, one match a day: already on another line-up of this date.
    const elsewhere = await this.prisma.lineupPlayer.findMany({
      where: { memberId: { in: memberIds }, lineup: { matchId: { not: match.id }, match: { date: match.date, archivedAt: null, status: { in: ['SCHEDULED', 'PLAYED'] } } } },
      select: { memberId: true, member: true, lineup: { select: { match: { select: { date: true, homeTeam: teamName, awayTeam: teamName } } } } },
    });
    for (const e of elsewhere) {
      const [message] = oneMatchPerDayMessages([{ player: familyNameOf(e.member), homeTeam: e.lineup.match.homeTeam.name, awayTeam: e.lineup.match.awayTeam.name, date: isoDate(e.lineup.match.date) }]);
      refusals.set(e.memberId, [...(refusals.get(e.memberId) ?? []), message]);
    }

    const copy = copyLineup(
      previous.players.map((p) => ({ memberId: p.memberId, name: fullNameOf(p.member), pairNumber: p.pairNumber })),
      refusals,
      { pairsPerTeam: settings.pairsPerTeam, maxReserves: settings.maxSubstitutions },
    );
    return {
      fromMatch: { matchId: previous.match.id, date: isoDate(previous.match.date), homeTeam: previous.match.homeTeam.name, awayTeam: previous.match.awayTeam.name },
      ...copy,
    };
  }
}
