import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { NotFoundError } from '../common/errors';
import type { CompetitionSettings } from '../domain/settings';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { SeasonsService } from '../seasons/seasons.service';
import { mapSettings } from '../seasons/season.dto';
import type { MatchHistoryEntryDto } from './fixtures.dto';
import { DivisionMatchesDto, groupByRound, mapMatchDetail, mapMatchSummary, MatchDetailDto, MatchSummaryDto, MatchViewer, namesFor } from './match.dto';
import { loadMatchRow } from './match-load';
import { MatchRow, matchSummaryInclude } from './match-row';
import { describeMatchEntry } from '../domain/audit-descriptions';

type Db = Prisma.TransactionClient;

const fixtureOrder: Prisma.MatchOrderByWithRelationInput[] = [{ round: 'asc' }, { date: 'asc' }, { homeTeam: { name: 'asc' } }];

/** Reads matches and shapes the public answers. */
@Injectable()
export class MatchDataService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly seasons: SeasonsService,
    private readonly audit: AuditService,
  ) {}

  /**
   * The match with everything matchInclude names, in one hand-written statement (match-load.ts):
   * in the caller's transaction, or else straight on the pool (a table page, the console, a live
   * answer: the most-read statement of a match night needs nothing of Prisma's engine).
   */
  async load(id: string, db?: Db): Promise<MatchRow> {
    const match = await loadMatchRow(db ?? this.prisma.direct, id);
    if (!match) throw new NotFoundError('Wedstrijd');
    return match;
  }

  /** Just enough to decide who may act: the teams and their clubs. */
  async teams(id: string) {
    const match = await this.prisma.match.findFirst({
      where: { id, archivedAt: null },
      select: { id: true, homeTeamId: true, awayTeamId: true, homeTeam: { select: { clubId: true } }, awayTeam: { select: { clubId: true } } },
    });
    if (!match) throw new NotFoundError('Wedstrijd');
    return match;
  }

  /** Inside a transaction pass `tx`: a second connection per transaction starves the pool under load. */
  settings(seasonId: string, tx?: Prisma.TransactionClient): Promise<CompetitionSettings> {
    return this.seasons.settings(seasonId, tx);
  }

  /** The settings of a loaded match's season: they come with the load (matchInclude), no read. */
  settingsOf(match: Pick<MatchRow, 'division'>): CompetitionSettings {
    return mapSettings(match.division.season.settings);
  }

  /**
   * The match page, players named as this viewer may read them (namesFor): without a viewer, as
   * the public reads them ("speler van <club>" for a member not published).
   */
  async detail(id: string, viewer?: MatchViewer): Promise<MatchDetailDto> {
    const match = await this.load(id);
    return mapMatchDetail(match, this.settingsOf(match), namesFor(viewer, match));
  }

  async division(divisionId: string): Promise<DivisionMatchesDto> {
    const division = await this.prisma.division.findUnique({
      where: { id: divisionId },
      include: { matches: { where: { archivedAt: null }, include: matchSummaryInclude, orderBy: fixtureOrder } },
    });
    if (!division) throw new NotFoundError('Poule');
    const settings = await this.settings(division.seasonId);
    return {
      divisionId: division.id,
      divisionName: division.name,
      seasonId: division.seasonId,
      rounds: groupByRound(division.matches.map((m) => mapMatchSummary(m, settings))),
    };
  }

  async team(teamId: string): Promise<MatchSummaryDto[]> {
    const team = await this.prisma.team.findUnique({ where: { id: teamId }, select: { id: true, division: { select: { seasonId: true } } } });
    if (!team) throw new NotFoundError('Team');
    const settings = await this.settings(team.division.seasonId);
    const matches = await this.prisma.match.findMany({
      where: { archivedAt: null, OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }] },
      include: matchSummaryInclude,
      orderBy: [{ date: 'asc' }, { round: 'asc' }],
    });
    return matches.map((m) => mapMatchSummary(m, settings));
  }

  async history(id: string): Promise<MatchHistoryEntryDto[]> {
    await this.teams(id);
    const entries = await this.audit.history('Match', id);
    return entries.map((e) => ({
      id: e.id,
      action: e.action,
      description: describeMatchEntry({ action: e.action, before: e.before, after: e.after, role: e.user?.role }),
      userName: e.user?.name ?? null,
      createdAt: e.createdAt.toISOString(),
      reason: e.reason,
      before: e.before,
      after: e.after,
    }));
  }
}
