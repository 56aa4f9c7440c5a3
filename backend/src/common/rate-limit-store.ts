/**
 * The throttles' records in PostgreSQL (`rate_limit_records`), so that every API process
 * counts alike: each count is one atomic statement (INSERT … ON CONFLICT … RETURNING), so two
 * processes never both see the same count. The decisions (how long to wait after so many
 * failures, when a window is over) stay pure functions in the throttles; this store only
 * counts. Times are epoch milliseconds of the caller's clock (injectable in tests).
 *
 * Old rows go by themselves: at most every CLEANUP_EVERY_MS a write also deletes the rows
 * untouched for RETENTION_MS (longer than any throttle remembers anything).
 */
import { Prisma } from '../generated/prisma/client';
import type { PrismaService } from '../prisma/prisma.service';

/** Longer than every window and every forgetAfterMs of the throttles (a day). */
export const RETENTION_MS = 25 * 60 * 60_000;
const CLEANUP_EVERY_MS = 10 * 60_000;

export interface WindowCount {
  /** Requests in the current window, this one included; 0 when not counted (blocked). */
  count: number;
  startedAt: number;
  /** Set when the `unlessBlocked` record was still blocked: nothing was counted. */
  blockedUntil: number | null;
}

type Db = Pick<PrismaService, '$queryRaw' | '$executeRaw' | '$transaction' | 'direct'>;

/** A failure record that, while blocked, stops a request from being counted at all. */
export interface Blocker {
  kind: string;
  key: string;
  forgetAfterMs: number;
}

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export class RateLimitStore {
  private lastCleanup = -Infinity;

  constructor(private readonly db: Db) {}

  /** One more request in the fixed window of (kind, key): hitAll with one record. */
  async hit(kind: string, key: string, now: number, windowMs: number, unlessBlocked?: Blocker): Promise<WindowCount> {
    const { counts, blockedUntil } = await this.hitAll([{ kind, key }], now, windowMs, unlessBlocked);
    return { ...(counts[0] ?? { count: 0, startedAt: 0 }), blockedUntil };
  }

  /**
   * One more request in the fixed window of each (kind, key), in one statement; a window
   * `windowMs` old starts anew. With `unlessBlocked`: when that failure record is blocked at
   * `now` (and not forgotten), nothing is counted and its blockedUntil is returned. The rows are
   * taken in (kind, key) order, so concurrent statements never wait for each other in a circle.
   * With `lookup` (a SELECT of one value, in the same round trip): what it found, or null; it
   * is read whatever the counts decide.
   */
  async hitAll(
    records: { kind: string; key: string }[],
    now: number,
    windowMs: number,
    unlessBlocked?: Blocker,
    lookup: Prisma.Sql = Prisma.sql`SELECT NULL::text`,
  ): Promise<{ counts: { count: number; startedAt: number }[]; blockedUntil: number | null; found: unknown }> {
    this.maybeCleanup(now);
    const [blockKind, blockKey, forget] = unlessBlocked ? [unlessBlocked.kind, unlessBlocked.key, unlessBlocked.forgetAfterMs] : ['', '', 0];
    // bigint columns come back as text (pg): read with Number().
    // Every request's count goes straight to pg (PrismaService.direct): the hottest statement of a match night.
    const rows = await this.db.direct.$queryRaw<{ blockedUntil: string | null; found: unknown; kind: string | null; key: string | null; count: number | null; startedAt: string | null }[]>(Prisma.sql`
      WITH found AS (${lookup} LIMIT 1), blocked AS (
        SELECT "blockedUntilMs" AS until FROM rate_limit_records
        WHERE kind = ${blockKind} AND key = ${blockKey} AND "blockedUntilMs" > ${now}::bigint AND "touchedAtMs" > ${now}::bigint - ${forget}::bigint
      ), up AS (
        INSERT INTO rate_limit_records AS r (kind, key, count, "startedAtMs", "touchedAtMs")
        SELECT w.kind, w.key, 1, ${now}::bigint, ${now}::bigint
        FROM unnest(${records.map((r) => r.kind)}::text[], ${records.map((r) => r.key)}::text[]) AS w(kind, key)
        WHERE NOT EXISTS (SELECT 1 FROM blocked)
        ORDER BY w.kind, w.key
        ON CONFLICT (kind, key) DO UPDATE SET
          count = CASE WHEN r."startedAtMs" <= ${now}::bigint - ${windowMs}::bigint THEN 1 ELSE r.count + 1 END,
          "startedAtMs" = CASE WHEN r."startedAtMs" <= ${now}::bigint - ${windowMs}::bigint THEN ${now}::bigint ELSE r."startedAtMs" END,
          "touchedAtMs" = ${now}::bigint
        RETURNING r.kind, r.key, r.count, r."startedAtMs"
      )
      SELECT (SELECT until FROM blocked) AS "blockedUntil", (SELECT * FROM found) AS found, up.kind, up.key, up.count, up."startedAtMs" AS "startedAt"
      FROM (SELECT 1) AS one LEFT JOIN up ON true`);
    const blocked = rows[0]?.blockedUntil;
    const byRecord = new Map(rows.filter((r) => r.kind !== null).map((r) => [`${r.kind}\n${r.key}`, { count: num(r.count), startedAt: num(r.startedAt) }]));
    return {
      counts: blocked !== null && blocked !== undefined ? [] : records.map((r) => byRecord.get(`${r.kind}\n${r.key}`) ?? { count: 0, startedAt: 0 }),
      blockedUntil: blocked === null || blocked === undefined ? null : Number(blocked),
      found: rows[0]?.found ?? null,
    };
  }

  /**
   * One more failure of (kind, key); a record whose last failure is `forgetAfterMs` old starts
   * anew. `delayAfter(failures)` (the throttle's pure rule) gives the wait from `now`; a second
   * statement stores it only when there is one. Returns the failures counted.
   */
  async fail(kind: string, key: string, now: number, forgetAfterMs: number, delayAfter: (failures: number) => number): Promise<number> {
    this.maybeCleanup(now);
    const rows = await this.db.$queryRaw<{ count: number }[]>`
      INSERT INTO rate_limit_records AS r (kind, key, count, "startedAtMs", "touchedAtMs")
      VALUES (${kind}, ${key}, 1, ${now}::bigint, ${now}::bigint)
      ON CONFLICT (kind, key) DO UPDATE SET
        count = CASE WHEN r."touchedAtMs" <= ${now}::bigint - ${forgetAfterMs}::bigint THEN 1 ELSE r.count + 1 END,
        "blockedUntilMs" = CASE WHEN r."touchedAtMs" <= ${now}::bigint - ${forgetAfterMs}::bigint THEN NULL ELSE r."blockedUntilMs" END,
        "startedAtMs" = CASE WHEN r."touchedAtMs" <= ${now}::bigint - ${forgetAfterMs}::bigint THEN ${now}::bigint ELSE r."startedAtMs" END,
        "touchedAtMs" = ${now}::bigint
      RETURNING r.count`;
    const failures = num(rows[0]?.count);
    const delay = delayAfter(failures);
    if (delay > 0) {
      await this.db.$executeRaw`
        UPDATE rate_limit_records SET "blockedUntilMs" = GREATEST(COALESCE("blockedUntilMs", 0), ${now + delay}::bigint)
        WHERE kind = ${kind} AND key = ${key}`;
    }
    return failures;
  }

  /** The latest blockedUntil of these records (not forgotten at `now`), or 0. */
  async blockedUntil(records: { kind: string; key: string }[], now: number, forgetAfterMs: number): Promise<number> {
    const rows = await this.db.$queryRaw<{ until: bigint | null }[]>`
      SELECT MAX("blockedUntilMs") AS until FROM rate_limit_records
      WHERE (kind, key) IN (SELECT * FROM unnest(${records.map((r) => r.kind)}::text[], ${records.map((r) => r.key)}::text[]))
        AND "touchedAtMs" > ${now}::bigint - ${forgetAfterMs}::bigint`;
    return num(rows[0]?.until);
  }

  async forget(kind: string, key: string): Promise<void> {
    await this.db.$executeRaw`DELETE FROM rate_limit_records WHERE kind = ${kind} AND key = ${key}`;
  }

  /** The request times of these keys within `windowMs` before `now`, per key. */
  async recentHits(kind: string, keys: string[], now: number, windowMs: number): Promise<Map<string, number[]>> {
    const rows = await this.db.$queryRaw<{ key: string; hits: bigint[] }[]>`
      SELECT key, hits FROM rate_limit_records WHERE kind = ${kind} AND key = ANY(${keys}::text[])`;
    return recentByKey(keys, rows, now, windowMs);
  }

  /** Adds a request at `now` to every key (dropping the times older than the window). */
  async addHits(kind: string, keys: string[], now: number, windowMs: number): Promise<void> {
    this.maybeCleanup(now);
    await addHits(this.db, kind, keys, now, windowMs);
  }

  /**
   * Adds a request at `now` to (kind, key), dropping the times older than `windowMs`, and returns
   * the times kept, this one last. One statement under the row's lock: of two concurrent calls
   * the second sees the first one's time, so a decision over the times before one's own (the
   * account throttle's) is the same as if they had come one after the other.
   */
  async appendHit(kind: string, key: string, now: number, windowMs: number): Promise<number[]> {
    this.maybeCleanup(now);
    const rows = await this.db.$queryRaw<{ hits: bigint[] }[]>`
      INSERT INTO rate_limit_records AS r (kind, key, count, "startedAtMs", "touchedAtMs", hits)
      VALUES (${kind}, ${key}, 1, ${now}::bigint, ${now}::bigint, ARRAY[${now}::bigint])
      ON CONFLICT (kind, key) DO UPDATE SET
        hits = ARRAY(SELECT h FROM unnest(r.hits) AS h WHERE h > ${now}::bigint - ${windowMs}::bigint ORDER BY h) || ${now}::bigint,
        "touchedAtMs" = ${now}::bigint
      RETURNING r.hits`;
    return (rows[0]?.hits ?? []).map(Number);
  }

  /** Takes one request at `at` out of (kind, key) again (appendHit's, for a try that was not let through). */
  async removeHit(kind: string, key: string, at: number): Promise<void> {
    await this.db.$executeRaw`
      UPDATE rate_limit_records
      SET hits = hits[:array_position(hits, ${at}::bigint) - 1] || hits[array_position(hits, ${at}::bigint) + 1:]
      WHERE kind = ${kind} AND key = ${key} AND array_position(hits, ${at}::bigint) IS NOT NULL`;
  }

  /**
   * All or nothing for several keys at once: in one transaction the keys' rows are locked,
   * `decide` (pure) gets their recent request times and says how long to wait; with 0 the
   * request is added to every key.
   */
  async takeHits(kind: string, keys: string[], now: number, windowMs: number, decide: (recent: Map<string, number[]>) => number): Promise<number> {
    this.maybeCleanup(now);
    const sorted = [...new Set(keys)].sort();
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`
        INSERT INTO rate_limit_records (kind, key, "startedAtMs", "touchedAtMs")
        SELECT ${kind}, k, ${now}::bigint, ${now}::bigint FROM unnest(${sorted}::text[]) AS k ORDER BY k
        ON CONFLICT (kind, key) DO NOTHING`;
      const rows = await tx.$queryRaw<{ key: string; hits: bigint[] }[]>`
        SELECT key, hits FROM rate_limit_records WHERE kind = ${kind} AND key = ANY(${sorted}::text[]) ORDER BY key FOR UPDATE`;
      const wait = decide(recentByKey(sorted, rows, now, windowMs));
      if (wait > 0) return wait;
      await addHits(tx, kind, sorted, now, windowMs);
      return 0;
    });
  }

  /** Deletes the rows untouched for RETENTION_MS before `now` (and no longer blocked). */
  async cleanup(now: number): Promise<number> {
    this.lastCleanup = now;
    return this.db.$executeRaw`
      DELETE FROM rate_limit_records
      WHERE "touchedAtMs" < ${now - RETENTION_MS}::bigint AND COALESCE("blockedUntilMs", 0) < ${now}::bigint`;
  }

  private maybeCleanup(now: number): void {
    if (now - this.lastCleanup < CLEANUP_EVERY_MS && now >= this.lastCleanup) return;
    this.lastCleanup = now;
    // Best effort, off the request's path: a failure here only leaves old rows a while longer.
    this.cleanup(now).catch(() => undefined);
  }
}

function recentByKey(keys: string[], rows: { key: string; hits: bigint[] }[], now: number, windowMs: number): Map<string, number[]> {
  const byKey = new Map(keys.map((key) => [key, [] as number[]]));
  for (const row of rows) {
    byKey.set(
      row.key,
      (row.hits ?? [])
        .map(Number)
        .filter((t) => now - t < windowMs)
        .sort((a, b) => a - b),
    );
  }
  return byKey;
}

function addHits(db: Pick<Db, '$executeRaw'>, kind: string, keys: string[], now: number, windowMs: number) {
  return db.$executeRaw`
      INSERT INTO rate_limit_records AS r (kind, key, count, "startedAtMs", "touchedAtMs", hits)
      SELECT ${kind}, k, 1, ${now}::bigint, ${now}::bigint, ARRAY[${now}::bigint] FROM unnest(${keys}::text[]) AS k
      ON CONFLICT (kind, key) DO UPDATE SET
        hits = ARRAY(SELECT h FROM unnest(r.hits) AS h WHERE h > ${now}::bigint - ${windowMs}::bigint ORDER BY h) || ${now}::bigint,
        "touchedAtMs" = ${now}::bigint`;
}
