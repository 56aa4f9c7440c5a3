import { Injectable } from '@nestjs/common';
import { assertClubAccess } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import type { DownloadFile } from '../common/download';
import { isoDate, todayIso } from '../common/dto';
import { NotFoundError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { byMemberName, collator, entryInclude, mapEntry, MemberListDto, MemberListEntryDto, MemberListOverviewDto } from './member-list.dto';
import { memberListCsv, memberListXlsx } from './member-list-export';
import { deadlineStatus, listDeadline, loadSeason, matchesPlayed, SeasonContext } from './member-list.store';
import { TransfersService } from './transfers.service';
import { namesForClubs } from '../matches/match.dto';
import { assertOpen } from '../seasons/season-open';

/** Members on the list first, then the removed ones; each group by family name, then given names. */
function byListOrder(a: MemberListEntryDto, b: MemberListEntryDto): number {
  return Number(a.removedAt !== null) - Number(b.removedAt !== null) || byMemberName(a, b);
}


@Injectable()
export class MemberListsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly transfers: TransfersService,
  ) {}

  /**
   * The season and club of a list, once the caller is known to act for that club; for a
   * change (`change`), once the season is known to be open (not archived).
   */
  async context(seasonId: string, clubId: string, user: AuthUser, change = false): Promise<{ season: SeasonContext; club: { id: string; name: string } }> {
    assertClubAccess(user, clubId);
    const [season, club] = await Promise.all([loadSeason(this.prisma, seasonId), this.prisma.club.findUnique({ where: { id: clubId } })]);
    if (change) assertOpen(season);
    if (!club) throw new NotFoundError('Vereniging');
    return { season, club };
  }

  async get(seasonId: string, clubId: string, user: AuthUser): Promise<MemberListDto> {
    const { season, club } = await this.context(seasonId, clubId, user);
    await this.transfers.settle(season);
    const list = await this.prisma.memberList.findUnique({
      where: { seasonId_clubId: { seasonId, clubId } },
      include: { entries: { include: entryInclude } },
    });
    const rows = list?.entries ?? [];
    const away = list ? await this.transferredAway(list.id, user) : [];
    const played = await matchesPlayed(this.prisma, seasonId, clubId, [...rows, ...away].map((row) => row.memberId));
    const today = todayIso();
    const entries = rows.map((row) => mapEntry(row, today, played.get(row.memberId) ?? 0)).sort(byListOrder);
    return {
      id: list?.id ?? null,
      seasonId,
      seasonName: season.name,
      seasonArchived: season.archivedAt !== null,
      clubId,
      clubName: club.name,
      deadline: listDeadline(season),
      deadlineStatus: deadlineStatus(list?.firstSubmittedAt ?? null, season),
      firstSubmittedAt: list?.firstSubmittedAt?.toISOString() ?? null,
      lastChangedAt: list?.updatedAt.toISOString() ?? null,
      memberCount: entries.filter((entry) => entry.removedAt === null).length,
      entries,
      transferredAway: away.map(({ memberId, ...member }) => ({ ...member, matchesPlayed: played.get(memberId) ?? 0 })),
    };
  }

  /**
   * The members whose registration on this list ended because their entry moved to another
   * club's list (member_list_periods, kept by the database on a transfer), each once, by the
   * latest day they left. Named as the member's club allows (namesForClubs): the member is now
   * the other club's, so one that club marked "niet publiceren" is "speler van <club>" to the old
   * club's secretary; the federation reads the family name.
   */
  private async transferredAway(listId: string, user: AuthUser): Promise<{ memberId: string; name: string; toClubName: string; leftOn: string }[]> {
    const periods = await this.prisma.memberListPeriod.findMany({
      where: { memberListId: listId, entry: { memberListId: { not: listId } } },
      include: {
        entry: {
          select: { memberId: true, member: { select: { familyName: true, namePrefix: true, doNotPublish: true } }, memberList: { select: { club: { select: { id: true, name: true } } } } },
        },
      },
      orderBy: [{ endedOn: 'desc' }, { createdAt: 'desc' }],
    });
    const seen = new Set<string>();
    return periods
      .filter((period) => !seen.has(period.entryId) && seen.add(period.entryId))
      .map(({ entry, endedOn }) => {
        const { id, name: toClubName } = entry.memberList.club;
        return { memberId: entry.memberId, name: namesForClubs(user, [id])(entry.member, toClubName), toClubName, leftOn: isoDate(endedOn) };
      });
  }

  async overview(seasonId: string): Promise<MemberListOverviewDto> {
    const season = await loadSeason(this.prisma, seasonId);
    await this.transfers.settle(season);
    const [clubs, lists, counts] = await Promise.all([
      this.prisma.club.findMany({ where: { OR: [{ archivedAt: null }, { memberLists: { some: { seasonId } } }] } }),
      this.prisma.memberList.findMany({ where: { seasonId } }),
      this.prisma.memberListEntry.groupBy({ by: ['memberListId'], where: { seasonId, removedAt: null }, _count: { _all: true } }),
    ]);
    const listByClub = new Map(lists.map((list) => [list.clubId, list]));
    const countByList = new Map(counts.map((count) => [count.memberListId, count._count._all]));
    return {
      seasonId,
      seasonName: season.name,
      deadline: listDeadline(season),
      lists: clubs
        .sort((a, b) => collator.compare(a.name, b.name))
        .map((club) => {
          const list = listByClub.get(club.id);
          return {
            clubId: club.id,
            clubName: club.name,
            listId: list?.id ?? null,
            deadlineStatus: deadlineStatus(list?.firstSubmittedAt ?? null, season),
            firstSubmittedAt: list?.firstSubmittedAt?.toISOString() ?? null,
            lastChangedAt: list?.updatedAt.toISOString() ?? null,
            memberCount: (list && countByList.get(list.id)) ?? 0,
          };
        }),
    };
  }

  /** The members on the list (not the removed ones) as CSV for Dutch Excel, or as .xlsx. */
  async download(seasonId: string, clubId: string, format: 'csv' | 'xlsx', user: AuthUser): Promise<DownloadFile> {
    const list = await this.get(seasonId, clubId, user);
    const entries = list.entries.filter((entry) => entry.removedAt === null);
    const baseName = `moederlijst ${list.clubName} ${list.seasonName}`.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase();
    return format === 'csv'
      ? { filename: `${baseName}.csv`, contentType: 'text/csv; charset=utf-8', body: memberListCsv(entries) }
      : {
          filename: `${baseName}.xlsx`,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          body: await memberListXlsx(entries, `Moederlijst ${list.seasonName}`),
        };
  }
}
