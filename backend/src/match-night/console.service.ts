import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { dbDate, todayIso } from '../common/dto';
import { ForbiddenError } from '../common/errors';
import type { CompetitionSettings } from '../domain/settings';
import type { Prisma } from '../generated/prisma/client';
import { MatchDataService } from '../matches/match-data.service';
import { matchInclude, MatchRow } from '../matches/match-row';
import { PrismaService } from '../prisma/prisma.service';
import type { ConsoleMatchDto, MatchNightsQueryDto } from './match-night.dto';
import { mapConsoleMatch } from './night-views';

/** A secretary sees the console of their own club's matches only (home or away). */
export function assertConsoleAccess(user: AuthUser, match: { homeTeam: { clubId: string }; awayTeam: { clubId: string } }): void {
  if (user.role === 'ADMIN' || user.role === 'SUPERVISOR') return;
  if (user.role === 'SECRETARY' && user.clubId !== null && (user.clubId === match.homeTeam.clubId || user.clubId === match.awayTeam.clubId)) return;
  throw new ForbiddenError('U kunt alleen de wedstrijden van uw eigen vereniging volgen.', 'OTHER_CLUB');
}

/** The supervisor's console: every table of a match, or of every match of a day (at one venue), with what needs attention. */
@Injectable()
export class ConsoleService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly data: MatchDataService,
  ) {}

  async day(query: MatchNightsQueryDto, user: AuthUser): Promise<ConsoleMatchDto[]> {
    const where: Prisma.MatchWhereInput = { archivedAt: null, date: dbDate(query.date ?? todayIso()) };
    const and: Prisma.MatchWhereInput[] = [];
    if (query.venueClubId) and.push({ homeTeam: { clubId: query.venueClubId } });
    if (user.role === 'SECRETARY') and.push({ OR: [{ homeTeam: { clubId: user.clubId ?? '' } }, { awayTeam: { clubId: user.clubId ?? '' } }] });
    if (user.role !== 'ADMIN' && user.role !== 'SUPERVISOR' && user.role !== 'SECRETARY') return [];
    const matches = await this.prisma.match.findMany({
      where: { ...where, AND: and },
      include: matchInclude,
      orderBy: [{ startTime: 'asc' }, { homeTeam: { club: { name: 'asc' } } }, { homeTeam: { name: 'asc' } }],
    });
    const settings = new Map<string, CompetitionSettings>();
    for (const seasonId of new Set(matches.map((m) => m.division.seasonId))) settings.set(seasonId, await this.data.settings(seasonId));
    return matches.map((m: MatchRow) => mapConsoleMatch(m, settings.get(m.division.seasonId)!));
  }

  async match(matchId: string, user: AuthUser): Promise<ConsoleMatchDto> {
    const match = await this.data.load(matchId);
    assertConsoleAccess(user, match);
    return mapConsoleMatch(match, await this.data.settings(match.division.seasonId));
  }
}
