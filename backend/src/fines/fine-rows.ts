/** What every fine query loads, and the small database helpers the fine services share. */
import type { CompetitionSettings } from '../domain/settings';
import type { Prisma } from '../generated/prisma/client';
import { mapSettings } from '../seasons/season.dto';

export const FINE_INCLUDE = {
  club: { select: { name: true } },
  team: { select: { name: true } },
  beneficiaryClub: { select: { name: true } },
  match: { select: { id: true, date: true, round: true, homeTeam: { select: { name: true } }, awayTeam: { select: { name: true } } } },
  memberList: { select: { id: true, clubId: true, seasonId: true } },
} satisfies Prisma.FineInclude;

export type FineRow = Prisma.FineGetPayload<{ include: typeof FINE_INCLUDE }>;

type Db = Prisma.TransactionClient;

/** The season's settings read inside the caller's transaction. */
export async function seasonSettings(db: Db, seasonId: string): Promise<CompetitionSettings> {
  return mapSettings(await db.seasonSettings.findUnique({ where: { seasonId } }));
}

/**
 * Serialises fine decisions per (season, club) until the transaction ends, so two
 * requests cannot both propose the same fine or both count the same history.
 */
export async function lockClubFines(db: Db, seasonId: string, clubIds: readonly string[]): Promise<void> {
  for (const clubId of [...new Set(clubIds)].sort()) {
    await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`fines:${seasonId}:${clubId}`}, 0))`;
  }
}
