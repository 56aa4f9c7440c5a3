/**
 * Database steps shared by the member-list services. Every function takes the
 * transaction client, so callers decide what happens atomically.
 */
import { randomUUID } from 'node:crypto';
import { dbDate, todayIso } from '../common/dto';
import { NotFoundError } from '../common/errors';
import { isListLate, memberListDeadline } from '../domain/eligibility';
import type { Prisma } from '../generated/prisma/client';
import { mapSeason, SeasonDto } from '../seasons/season.dto';
import type { DeadlineStatus } from './member-list.dto';

export type Db = Prisma.TransactionClient;

/** A season with its settings, as the list rules need it. */
export type SeasonContext = SeasonDto;

export async function loadSeason(db: Db, seasonId: string): Promise<SeasonContext> {
  const season = await db.season.findUnique({ where: { id: seasonId }, include: { settings: true } });
  if (!season) throw new NotFoundError('Seizoen');
  return mapSeason(season);
}

export async function loadSeasons(db: Db): Promise<SeasonContext[]> {
  const seasons = await db.season.findMany({ include: { settings: true }, orderBy: { startsOn: 'asc' } });
  return seasons.map(mapSeason);
}

export function listDeadline(season: SeasonContext): string {
  return memberListDeadline(season.startsOn, season.settings);
}

/** Regel 1, from the list's first submission (a moment, judged by its date in the Netherlands). */
export function deadlineStatus(firstSubmittedAt: Date | null, season: SeasonContext): DeadlineStatus {
  if (!firstSubmittedAt) return 'NOT_SUBMITTED';
  return isListLate(todayIso(firstSubmittedAt), season.startsOn, season.settings) ? 'LATE' : 'ON_TIME';
}

/**
 * The club's list for the season, created (empty, not submitted) when missing, and locked
 * for this transaction so two uploads for one club never interleave.
 */
export async function lockList(db: Db, seasonId: string, clubId: string) {
  await db.$executeRaw`
    INSERT INTO member_lists (id, "seasonId", "clubId", status, "createdAt", "updatedAt")
    VALUES (${randomUUID()}::uuid, ${seasonId}::uuid, ${clubId}::uuid, 'DRAFT', now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
    ON CONFLICT ("seasonId", "clubId") DO NOTHING`;
  const [list] = await db.$queryRaw<{ id: string; status: 'DRAFT' | 'SUBMITTED'; firstSubmittedAt: Date | null }[]>`
    SELECT id, status, "firstSubmittedAt" FROM member_lists WHERE "seasonId" = ${seasonId}::uuid AND "clubId" = ${clubId}::uuid FOR UPDATE`;
  return list;
}

/**
 * Marks a change to the list; `submittedOn` (a registration date) makes it count as submitted:
 * the list was first submitted when its first member was registered (an administrator's
 * earlier registration date moves that moment back).
 */
export async function touchList(db: Db, list: { id: string; firstSubmittedAt: Date | null }, submittedOn?: string) {
  let firstSubmittedAt = list.firstSubmittedAt;
  if (submittedOn !== undefined) {
    const candidate = submittedOn === todayIso() ? new Date() : new Date(`${submittedOn}T12:00:00.000Z`);
    if (!firstSubmittedAt || candidate < firstSubmittedAt) firstSubmittedAt = candidate;
  }
  return db.memberList.update({
    where: { id: list.id },
    data: { updatedAt: new Date(), firstSubmittedAt, ...(firstSubmittedAt ? { status: 'SUBMITTED' as const } : {}) },
  });
}

/**
 * Matches each member played for the club in the season (Regel 4 history that removal must
 * keep): on the line-up of a match that was played (a result entered, at the table or on
 * paper). A line-up composed for a match still to come is no match played.
 */
export async function matchesPlayed(db: Db, seasonId: string, clubId: string, memberIds: string[]): Promise<Map<string, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db.lineupPlayer.groupBy({
    by: ['memberId'],
    where: { memberId: { in: memberIds }, lineup: { team: { clubId }, match: { division: { seasonId }, status: 'PLAYED', archivedAt: null } } },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.memberId, row._count._all]));
}

/** Puts a member on a club's list for a season, moving their entry there if they are on another list. */
export async function placeOnList(db: Db, input: { seasonId: string; clubId: string; memberId: string; registeredOn: string }) {
  const list = await lockList(db, input.seasonId, input.clubId);
  const before = await db.memberListEntry.findUnique({
    where: { seasonId_memberId: { seasonId: input.seasonId, memberId: input.memberId } },
    include: { memberList: { select: { id: true, clubId: true, firstSubmittedAt: true } } },
  });
  const data = { memberListId: list.id, registeredOn: dbDate(input.registeredOn), registeredOnReason: null, removedAt: null };
  const entry = before
    ? await db.memberListEntry.update({ where: { id: before.id }, data })
    : await db.memberListEntry.create({ data: { ...data, seasonId: input.seasonId, memberId: input.memberId } });
  if (before && before.memberListId !== list.id) await touchList(db, before.memberList);
  await touchList(db, list);
  return { before, entry };
}
