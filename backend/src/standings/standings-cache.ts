/**
 * The standings of a division change only when its data changes, but reading 380 matches
 * through Prisma costs ~15 ms of CPU per request. So the loaded data (and what is computed
 * from it) is kept per division, together with a fingerprint of everything it came from;
 * a request first reads the fingerprint (one small SQL query) and reloads only when it
 * changed, so a confirmed result shows in the next request, also with several API
 * processes. Requests that arrive while a fingerprint read for their division is under
 * way share it (single flight): under load one query serves many requests, and a result
 * is at most that one query (milliseconds) late.
 */
import type { PrismaService } from '../prisma/prisma.service';
import type { DivisionStandingsData } from './standings-data';
import { makeRoomFor } from '../common/bounded';

/** Divisions kept; the oldest entry goes first. A federation has a handful per season. */
const MAX_ENTRIES = 200;

export interface CacheEntry {
  fingerprint: string;
  data: DivisionStandingsData;
  /** Results computed from `data` (standings per round, positions), by key. */
  views: Map<string, unknown>;
}

/**
 * Changes to any of these show in the fingerprint: matches (count, last update: every result
 * write goes through Prisma's @updatedAt), teams and their clubs (names, withdrawals),
 * deductions and play-offs (count and a sum of row hashes: they have no updatedAt), the
 * season's settings (competition points) and its last day (whether the standings are final,
 * Regel 41). Null when the division does not exist.
 */
export async function readFingerprint(prisma: PrismaService, divisionId: string): Promise<string | null> {
  const [row] = await prisma.$queryRaw<{ fingerprint: string | null }[]>`
    SELECT CASE WHEN dv.id IS NULL THEN NULL ELSE concat_ws('|',
      (SELECT count(*) || ':' || coalesce(max(m."updatedAt")::text, '') FROM "matches" m WHERE m."divisionId" = dv.id),
      (SELECT count(*) || ':' || coalesce(max(t."updatedAt")::text, '') || ':' || coalesce(max(c."updatedAt")::text, '')
         FROM "teams" t JOIN "clubs" c ON c.id = t."clubId" WHERE t."divisionId" = dv.id),
      (SELECT count(*) || ':' || coalesce(sum(hashtext(concat_ws(':', d.id, d.points, d.rule, d.reason, d."matchId"))), 0)
         FROM "point_deductions" d JOIN "teams" t ON t.id = d."teamId" WHERE t."divisionId" = dv.id),
      (SELECT count(*) || ':' || coalesce(sum(hashtext(concat_ws(':', p.id, p."winnerTeamId", p."loserTeamId"))), 0)
         FROM "playoffs" p WHERE p."divisionId" = dv.id),
      (SELECT coalesce(s."updatedAt"::text, '') FROM "season_settings" s WHERE s."seasonId" = dv."seasonId"),
      (SELECT se."endsOn"::text FROM "seasons" se WHERE se.id = dv."seasonId")
    ) END AS fingerprint
    FROM (SELECT ${divisionId}::uuid AS wanted) w LEFT JOIN "divisions" dv ON dv.id = w.wanted`;
  return row?.fingerprint ?? null;
}

export class StandingsCache {
  private readonly entries = new Map<string, CacheEntry>();
  /** Fingerprint reads in progress, per division. */
  private readonly checks = new Map<string, Promise<string | null>>();
  /** Loads in progress, so fifty requests after a change share one reload. */
  private readonly loading = new Map<string, Promise<CacheEntry>>();

  /** The division's fingerprint: the read under way for it, or a new one. */
  fingerprint(divisionId: string, read: () => Promise<string | null>): Promise<string | null> {
    let check = this.checks.get(divisionId);
    if (!check) {
      check = read().finally(() => this.checks.delete(divisionId));
      this.checks.set(divisionId, check);
    }
    return check;
  }

  /** After a write of this process: the next request reads a new fingerprint. */
  forget(divisionId: string): void {
    this.checks.delete(divisionId);
  }

  /** The entry for this fingerprint: cached, being loaded, or loaded now with `load`. */
  async get(divisionId: string, fingerprint: string, load: () => Promise<DivisionStandingsData>): Promise<CacheEntry> {
    const cached = this.entries.get(divisionId);
    if (cached?.fingerprint === fingerprint) return cached;
    const key = `${divisionId}|${fingerprint}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load()
        .then((data) => this.store(divisionId, { fingerprint, data, views: new Map() }))
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private store(divisionId: string, entry: CacheEntry): CacheEntry {
    this.entries.delete(divisionId);
    makeRoomFor(this.entries, divisionId, MAX_ENTRIES);
    this.entries.set(divisionId, entry);
    return entry;
  }
}

/** A value computed once from an entry's data. */
export function view<T>(entry: CacheEntry, key: string, compute: () => T): T {
  if (!entry.views.has(key)) entry.views.set(key, compute());
  return entry.views.get(key) as T;
}
