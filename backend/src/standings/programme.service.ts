import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { SeasonsService } from '../seasons/seasons.service';
import {
  ClubProgrammeDto,
  ClubTeamProgrammeDto,
  DivisionProgrammeDto,
  mapPublicMatch,
  PublicMatchDto,
  publicMatchSelect,
  ProgrammeRoundDto,
} from './programme.dto';
import { StandingsService } from './standings.service';

const byDate = (a: PublicMatchDto, b: PublicMatchDto) =>
  a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.round - b.round;

function groupByRound(matches: PublicMatchDto[]): ProgrammeRoundDto[] {
  const rounds = new Map<number, PublicMatchDto[]>();
  for (const match of matches) rounds.set(match.round, [...(rounds.get(match.round) ?? []), match]);
  return [...rounds]
    .sort(([a], [b]) => a - b)
    .map(([round, list]) => {
      const sorted = list.sort(byDate);
      return { round, firstDate: sorted[0].date, matches: sorted };
    });
}

/** Public fixtures and results: per division by round, and per club. */
@Injectable()
export class ProgrammeService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly seasons: SeasonsService,
    private readonly standings: StandingsService,
  ) {}

  async division(divisionId: string): Promise<DivisionProgrammeDto> {
    const division = await this.prisma.division.findUnique({
      where: { id: divisionId },
      select: { id: true, name: true, seasonId: true, matches: { where: { archivedAt: null }, select: publicMatchSelect } },
    });
    if (!division) throw new NotFoundError('Poule');
    const rounds = groupByRound(division.matches.map(mapPublicMatch));
    return {
      divisionId: division.id,
      divisionName: division.name,
      seasonId: division.seasonId,
      nextRound: rounds.find((r) => r.matches.some((m) => !m.confirmed))?.round ?? null,
      rounds,
    };
  }

  /** A club's teams in a season (default: the current one) with results, upcoming matches and place. */
  async club(clubId: string, seasonId?: string): Promise<ClubProgrammeDto> {
    const season = await this.season(seasonId);
    const matches = { where: { archivedAt: null }, select: publicMatchSelect };
    const club = await this.prisma.club.findUnique({
      where: { id: clubId },
      select: {
        id: true,
        name: true,
        teams: {
          where: { archivedAt: null, division: { seasonId: season?.id ?? '00000000-0000-0000-0000-000000000000', archivedAt: null } },
          orderBy: { name: 'asc' },
          select: { id: true, name: true, divisionId: true, division: { select: { name: true } }, homeMatches: matches, awayMatches: matches },
        },
      },
    });
    if (!club) throw new NotFoundError('Vereniging');
    const teams = await Promise.all(
      club.teams.map(async (team): Promise<ClubTeamProgrammeDto> => {
        const all = [...team.homeMatches, ...team.awayMatches].map(mapPublicMatch).sort(byDate);
        const standings = await this.standings.standings(team.divisionId);
        const row = standings.rounds.length ? standings.rows.find((r) => r.teamId === team.id) : undefined;
        return {
          teamId: team.id,
          teamName: team.name,
          divisionId: team.divisionId,
          divisionName: team.division.name,
          position: row?.position ?? null,
          shared: row?.shared ?? false,
          results: all.filter((m) => m.confirmed).reverse(),
          upcoming: all.filter((m) => !m.confirmed),
        };
      }),
    );
    return { clubId: club.id, clubName: club.name, seasonId: season?.id ?? null, seasonName: season?.name ?? null, teams };
  }

  private async season(seasonId?: string): Promise<{ id: string; name: string } | null> {
    const id = seasonId ?? (await this.seasons.currentId());
    if (!id) return null;
    const season = await this.prisma.season.findUnique({ where: { id }, select: { id: true, name: true } });
    if (!season && seasonId) throw new NotFoundError('Seizoen');
    return season;
  }
}
