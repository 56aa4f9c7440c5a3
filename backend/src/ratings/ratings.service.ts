import { Injectable, Logger } from '@nestjs/common';
import { toCsv } from '../common/csv';
import { NotFoundError } from '../common/errors';
import { displayRating, isProvisional, newcomerRating, RATING_SETTINGS } from '../domain/ratings/ratings';
import { Grouped, pairStatistics, playerStatistics, SeatLine, seatLines } from '../domain/ratings/statistics';
import { AuditService } from '../audit/audit.service';
import { assertClubAccess } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { familyNameOf, fullNameOf, unpublishedName } from '../matches/match-row';
import { LiveEvents } from '../live/live-events';
import { PrismaService } from '../prisma/prisma.service';
import { loadPlayMatches } from './ratings-data';
import { RatingsStoreService } from './ratings-store.service';
import type {
  ClubRatingEntryDto, ClubTallyDto, PairPageDto, PlayerPageDto, PlayerRefDto, PublicationResultDto, RatingEntryDto, RatingListDto, RatingListQueryDto,
  RecentMatchDto, SeasonTallyDto,
} from './ratings.dto';

interface PersonRow {
  id: string;
  familyName: string;
  namePrefix: string | null;
  givenNames: string;
  doNotPublish: boolean;
}

/** How the public names a member: family name, or "speler van <club>" when not published. Never given names or numbers. */
export function publicRef(member: PersonRow | undefined, clubName: string | null): PlayerRefDto {
  if (!member || member.doNotPublish) return { id: null, name: unpublishedName(clubName), clubName };
  return { id: member.id, name: familyNameOf(member), clubName };
}

const RECENT = 10;

@Injectable()
export class RatingsService {
  private readonly logger = new Logger(RatingsService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly store: RatingsStoreService,
    private readonly audit: AuditService,
    private readonly live: LiveEvents,
  ) {}

  private people(ids: readonly string[]): Promise<PersonRow[]> {
    return this.prisma.member.findMany({ where: { id: { in: [...ids] } }, select: { id: true, familyName: true, namePrefix: true, givenNames: true, doNotPublish: true } });
  }

  private async clubNames(ids: readonly string[]): Promise<Map<string, string>> {
    const clubs = await this.prisma.club.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true } });
    return new Map(clubs.map((c) => [c.id, c.name]));
  }

  /** Each member's club: the club of their latest member-list entry (latest season). */
  private async currentClubs(memberIds: readonly string[]): Promise<Map<string, { clubId: string; clubName: string }>> {
    const rows = await this.prisma.$queryRaw<{ memberId: string; clubId: string; clubName: string }[]>`
      SELECT DISTINCT ON (e."memberId") e."memberId", c.id AS "clubId", c.name AS "clubName"
      FROM member_list_entries e JOIN member_lists l ON l.id = e."memberListId" JOIN clubs c ON c.id = l."clubId" JOIN seasons s ON s.id = e."seasonId"
      WHERE e."memberId" = ANY(${[...memberIds]}::uuid[])
      ORDER BY e."memberId", s."startsOn" DESC, (e."removedAt" IS NULL) DESC`;
    return new Map(rows.map((r) => [r.memberId, { clubId: r.clubId, clubName: r.clubName }]));
  }

  /** The rating list (federation, a season or a division): published members only. */
  async list(query: RatingListQueryDto): Promise<RatingListDto> {
    await this.store.refresh();
    let title = 'Ranglijst van de bond';
    let memberIds: string[] | null = null;
    if (query.divisionId) {
      const division = await this.prisma.division.findUnique({ where: { id: query.divisionId }, select: { name: true, season: { select: { name: true } } } });
      if (!division) throw new NotFoundError('Poule');
      title = `Ranglijst ${division.name} (${division.season.name})`;
      memberIds = (
        await this.prisma.$queryRaw<{ memberId: string }[]>`
          SELECT DISTINCT rp."memberId" FROM rating_points rp JOIN matches m ON m.id = rp."matchId" WHERE m."divisionId" = ${query.divisionId}::uuid`
      ).map((r) => r.memberId);
    } else if (query.seasonId) {
      const season = await this.prisma.season.findUnique({ where: { id: query.seasonId }, select: { name: true } });
      if (!season) throw new NotFoundError('Seizoen');
      title = `Ranglijst seizoen ${season.name}`;
      memberIds = (
        await this.prisma.$queryRaw<{ memberId: string }[]>`
          SELECT DISTINCT rp."memberId" FROM rating_points rp JOIN matches m ON m.id = rp."matchId" JOIN divisions d ON d.id = m."divisionId" WHERE d."seasonId" = ${query.seasonId}::uuid`
      ).map((r) => r.memberId);
    }
    const ratings = await this.prisma.playerRating.findMany({ where: memberIds ? { memberId: { in: memberIds } } : {} });
    const people = new Map((await this.people(ratings.map((r) => r.memberId))).map((p) => [p.id, p]));
    const clubs = await this.currentClubs(ratings.map((r) => r.memberId));
    const sort = query.sort ?? 'rating';
    const rows = ratings
      .filter((r) => people.get(r.memberId) && !people.get(r.memberId)!.doNotPublish)
      .map((r) => ({ r, person: people.get(r.memberId)!, shown: displayRating(r), club: clubs.get(r.memberId)?.clubName ?? null }));
    const byName = (a: (typeof rows)[number], b: (typeof rows)[number]) => familyNameOf(a.person).localeCompare(familyNameOf(b.person), 'nl') || (a.r.memberId < b.r.memberId ? -1 : 1);
    rows.sort((a, b) => {
      if (sort === 'name') return byName(a, b);
      if (sort === 'sets') return b.r.sets - a.r.sets || b.shown - a.shown || byName(a, b);
      return b.shown - a.shown || b.r.sets - a.r.sets || byName(a, b);
    });
    const entries: RatingEntryDto[] = rows.map(({ r, person, shown, club }, i) => ({
      rank: i + 1,
      player: publicRef(person, club),
      rating: shown,
      provisional: isProvisional(r.sets),
      sets: r.sets,
    }));
    return { title, provisionalSets: RATING_SETTINGS.provisionalSets, newcomerRating: newcomerRating(), sort, entries };
  }

  async listCsv(query: RatingListQueryDto): Promise<Buffer> {
    const list = await this.list(query);
    return toCsv([
      ['Plaats', 'Speler', 'Vereniging', 'Rating (%)', 'Voorlopig', 'Sets'],
      ...list.entries.map((e) => [e.rank, e.player.name, e.player.clubName ?? '', e.rating.toFixed(1).replace('.', ','), e.provisional ? 'ja' : 'nee', e.sets]),
    ]);
  }

  /** A published member (404 for an unknown or unpublished one: the public never learns which). */
  private async publishedMember(id: string): Promise<PersonRow> {
    const [member] = await this.people([id]);
    if (!member || member.doNotPublish) throw new NotFoundError('Speler');
    return member;
  }

  private async views(lines: readonly SeatLine[], personIds: readonly string[]) {
    const people = new Map((await this.people(personIds)).map((p) => [p.id, p]));
    const clubNames = await this.clubNames([...new Set(lines.flatMap((l) => [l.clubId, l.opponentClubId]))]);
    const seasons = new Map(
      (await this.prisma.season.findMany({ where: { id: { in: [...new Set(lines.map((l) => l.seasonId))] } }, select: { id: true, name: true } })).map((s) => [s.id, s.name]),
    );
    const seasonTallies = (groups: Grouped<string>[]): SeasonTallyDto[] => groups.map((g) => ({ seasonId: g.key, seasonName: seasons.get(g.key) ?? '', tally: g.tally }));
    const clubTallies = (groups: Grouped<string>[]): ClubTallyDto[] => groups.map((g) => ({ clubId: g.key, clubName: clubNames.get(g.key) ?? '', tally: g.tally }));
    const recent = (): RecentMatchDto[] => {
      const byMatch = new Map<string, RecentMatchDto>();
      for (const l of lines) {
        const m = byMatch.get(l.matchId) ?? { matchId: l.matchId, date: l.date, opponentClubName: clubNames.get(l.opponentClubId) ?? '', sets: 0, pointsFor: 0, pointsAgainst: 0 };
        m.sets += 1;
        m.pointsFor += l.pointsFor;
        m.pointsAgainst += l.pointsAgainst;
        byMatch.set(l.matchId, m);
      }
      return [...byMatch.values()].reverse().slice(0, RECENT);
    };
    const lastClub = lines.length ? (clubNames.get(lines[lines.length - 1].clubId) ?? null) : null;
    return { people, clubNames, seasonTallies, clubTallies, recent, lastClub };
  }

  async player(id: string): Promise<PlayerPageDto> {
    await this.store.refresh();
    const member = await this.publishedMember(id);
    const lines = seatLines(await loadPlayMatches(this.prisma, { memberIds: [id] }), id);
    const stats = playerStatistics(lines);
    const view = await this.views(lines, [id, ...stats.partners.map((p) => p.key)]);
    const partnerClub = new Map(lines.map((l) => [l.partnerId, view.clubNames.get(l.clubId) ?? null]));
    const rating = await this.prisma.playerRating.findUnique({ where: { memberId: id } });
    const points = await this.prisma.ratingPoint.findMany({ where: { memberId: id }, orderBy: { seq: 'asc' } });
    const clubName = view.lastClub ?? (await this.currentClubs([id])).get(id)?.clubName ?? null;
    return {
      player: publicRef(member, clubName),
      rating: rating ? displayRating(rating) : newcomerRating(),
      provisional: isProvisional(rating?.sets ?? 0),
      sets: rating?.sets ?? 0,
      provisionalSets: RATING_SETTINGS.provisionalSets,
      history: points.map((p) => ({ date: p.date.toISOString().slice(0, 10), matchId: p.matchId, rating: displayRating(p), sets: p.sets })),
      career: stats.career,
      seasons: view.seasonTallies(stats.seasons),
      partners: stats.partners.map((p) => ({ partner: publicRef(view.people.get(p.key), partnerClub.get(p.key) ?? null), tally: p.tally })),
      opponentClubs: view.clubTallies(stats.opponentClubs),
      recentMatches: view.recent(),
    };
  }

  async pair(a: string, b: string): Promise<PairPageDto> {
    await this.store.refresh();
    const [first, second] = [await this.publishedMember(a), await this.publishedMember(b)];
    const stats = pairStatistics(await loadPlayMatches(this.prisma, { memberIds: [a] }), a, b);
    if (stats.career.sets === 0) throw new NotFoundError('Koppel');
    const view = await this.views(stats.lines, [a, b]);
    const ratings = await this.prisma.playerRating.findMany({ where: { memberId: { in: [a, b] } } });
    const shown = (id: string) => {
      const r = ratings.find((x) => x.memberId === id);
      return r ? displayRating(r) : newcomerRating();
    };
    return {
      players: [publicRef(first, view.lastClub), publicRef(second, view.lastClub)],
      ratings: [shown(a), shown(b)],
      career: stats.career,
      seasons: view.seasonTallies(stats.seasons),
      opponentClubs: view.clubTallies(stats.opponentClubs),
      recentMatches: view.recent(),
    };
  }

  /** A club's rated players, published ones only (the public club page). */
  async clubPlayers(clubId: string, sort: RatingListQueryDto['sort']): Promise<RatingListDto> {
    const club = await this.prisma.club.findUnique({ where: { id: clubId }, select: { name: true } });
    if (!club) throw new NotFoundError('Vereniging');
    const list = await this.list({ sort });
    const entries = list.entries.filter((e) => e.player.clubName === club.name).map((e, i) => ({ ...e, rank: i + 1 }));
    return { ...list, title: `Spelers van ${club.name}`, entries };
  }

  /** The club's members with ratings and full names: the own club's secretary and the federation. */
  async clubMembers(user: AuthUser, clubId: string): Promise<ClubRatingEntryDto[]> {
    assertClubAccess(user, clubId);
    await this.store.refresh();
    const members = await this.prisma.member.findMany({
      where: { listEntries: { some: { memberList: { clubId }, removedAt: null } } },
      select: { id: true, familyName: true, namePrefix: true, givenNames: true, doNotPublish: true },
    });
    const ratings = new Map((await this.prisma.playerRating.findMany({ where: { memberId: { in: members.map((m) => m.id) } } })).map((r) => [r.memberId, r]));
    return members
      .map((m) => {
        const r = ratings.get(m.id);
        return { memberId: m.id, fullName: fullNameOf(m), doNotPublish: m.doNotPublish, rating: r ? displayRating(r) : null, provisional: isProvisional(r?.sets ?? 0), sets: r?.sets ?? 0 };
      })
      .sort((x, y) => (y.rating ?? -1) - (x.rating ?? -1) || x.fullName.localeCompare(y.fullName, 'nl'));
  }

  /** "Niet publiceren": the federation, or the secretary of a club with the member on its list. */
  async setPublication(user: AuthUser, memberId: string, doNotPublish: boolean): Promise<PublicationResultDto> {
    const entries = await this.prisma.memberListEntry.findMany({ where: { memberId, removedAt: null }, select: { memberList: { select: { clubId: true } } } });
    if (entries.length === 0) throw new NotFoundError('Lid');
    if (user.role !== 'ADMIN') {
      const clubIds = entries.map((e) => e.memberList.clubId);
      assertClubAccess(user, clubIds.includes(user.clubId ?? '') ? user.clubId! : clubIds[0]);
    }
    const { member, changed } = await this.prisma.$transaction(async (tx) => {
      const before = await tx.member.findUniqueOrThrow({ where: { id: memberId }, select: { doNotPublish: true } });
      const after = await tx.member.update({ where: { id: memberId }, data: { doNotPublish }, select: { id: true, doNotPublish: true } });
      await this.audit.record({ userId: user.id, action: 'member.publication', entityType: 'Member', entityId: memberId, before, after: { doNotPublish } }, tx);
      return { member: after, changed: before.doNotPublish !== doNotPublish };
    });
    // Stored either way: should the bus not be told, the live pages still follow within their 3 s (30 s in a round).
    if (changed) await this.tellLivePages(memberId).catch((error: Error) => this.logger.warn(`Live-pagina's niet direct bijgewerkt na "niet publiceren": ${error.message}`));
    return { memberId: member.id, doNotPublish: member.doNotPublish };
  }

  /**
   * After the commit: the live pages of the member's matches still being played (not final,
   * or their night still open) name them anew at once, not only once their cached answer is
   * 3 s old (30 s inside a round). Not the match writer's change, so an event of its own.
   */
  private async tellLivePages(memberId: string): Promise<void> {
    const now = new Date();
    const matches = await this.prisma.$queryRaw<{ id: string; divisionId: string; round: number }[]>`
      SELECT m.id::text, m."divisionId"::text AS "divisionId", m.round FROM matches m
       WHERE m."archivedAt" IS NULL AND (m."finalAt" IS NULL OR m."nightEndsAt" > ${now})
         AND (EXISTS (SELECT 1 FROM lineups l JOIN lineup_players lp ON lp."lineupId" = l.id WHERE l."matchId" = m.id AND lp."memberId" = ${memberId}::uuid)
              OR EXISTS (SELECT 1 FROM substitutions s WHERE s."matchId" = m.id AND ${memberId}::uuid IN (s."inMemberId", s."outMemberId")))`;
    for (const match of matches) this.live.emit({ matchId: match.id, divisionId: match.divisionId, round: match.round, kind: 'PUBLICATION', at: now });
  }
}
