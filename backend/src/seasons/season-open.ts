/**
 * An archived season is closed: it is read (standings, results, fines, member lists) but no
 * longer set up or changed. Archiving is the administrator's act of closing a season; every
 * change to what belongs to it is refused with one message, whatever the path: the season and
 * its settings, divisions, teams and fixtures, the fine catalog and new fines, member lists.
 *
 * Decisions (RULES.md does not settle them):
 * - Recording that a fine was paid or waived stays open: money comes in after a season closes.
 * - The match itself (line-ups, results, corrections) keeps its own rules of finality.
 */
import { ConflictError, NotFoundError } from '../common/errors';
import type { Prisma } from '../generated/prisma/client';

type Db = Pick<Prisma.TransactionClient, 'season'>;

export class SeasonArchivedError extends ConflictError {
  constructor(name: string) {
    super(`Het seizoen ${name} is gearchiveerd: het is nog in te zien, maar niet meer te wijzigen.`, 'SEASON_ARCHIVED');
  }
}

/** Refuses a change to an archived season (409 SEASON_ARCHIVED), for a caller that loaded the season already. */
export function assertOpen(season: { name: string; archivedAt: Date | string | null }): void {
  if (season.archivedAt) throw new SeasonArchivedError(season.name);
}

/** The same, by the season's id; 404 when there is no such season. */
export async function assertSeasonOpen(db: Db, seasonId: string): Promise<void> {
  const season = await db.season.findUnique({ where: { id: seasonId }, select: { name: true, archivedAt: true } });
  if (!season) throw new NotFoundError('Seizoen');
  assertOpen(season);
}
