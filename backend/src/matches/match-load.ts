/**
 * The match as matchInclude loads it (match-row.ts), in one hand-written statement: every write,
 * table page and console view starts with this load, and Prisma's relation joins made
 * PostgreSQL look up and sort the games of each of a night's 36 sets on their own and build
 * JSONB around them (3 ms of the database per load), then took the API another 1.3 ms to
 * turn it back into objects. Here the database builds plain JSON (row_to_json of each row,
 * so every column the schema has and nothing else), the API parses it once and turns the
 * DateTime fields into Dates, as Prisma does (a timestamp as UTC, a @db.Date as UTC midnight).
 * A line-up's players find their member each by its key (a scalar subquery; OFFSET 0 keeps it
 * to one lookup per player), not by a scan of the member table, which grows with the federation.
 *
 * Same shape, same order as Prisma's: a spec (match-load.api.spec.ts) compares the two on
 * matches with every relation filled. A column added to one of these tables comes along by
 * itself; a DateTime or list column must be named below too (the spec fails until it is).
 */
import { Prisma } from '../generated/prisma/client';
import type { RawReader } from '../prisma/pooled-queries';
import type { MatchRow } from './match-row';

type Json = Record<string, unknown>;

/** The team of the match row `m` in this column, as matchSummaryInclude selects it (the live pages' read: without its club's id). */
export const TEAM = (column: string, { clubId = true } = {}) => Prisma.raw(`(
    SELECT json_build_object('id', t.id, 'name', t.name, ${clubId ? `'clubId', t."clubId", ` : ''}'club', json_build_object('name', c.name, 'venue', c.venue, 'city', c.city))
      FROM teams t JOIN clubs c ON c.id = t."clubId" WHERE t.id = m."${column}")`);

/**
 * The setting a table write's lock statement sets (for its transaction only): the sets' and
 * games' triggers read it (their WHEN, migration 20261130080000_match_touched_by_sets), because in
 * such a transaction every change to a set or game comes with the match row's own update; a new
 * name needs a migration as well.
 */
export const LOCKED_SETTING = 'tsbn.locked';

/** One statement, one JSON value: the match row and its relations as matchInclude selects them. */
function statement(id: string): Prisma.Sql {
  return Prisma.sql`
    SELECT json_build_object(
      'match', row_to_json(m),
      'homeTeam', ${TEAM('homeTeamId')},
      'awayTeam', ${TEAM('awayTeamId')},
      'division', (
        SELECT json_build_object('id', d.id, 'name', d.name, 'seasonId', d."seasonId", 'season', (
          SELECT json_build_object('name', s.name, 'startsOn', s."startsOn", 'endsOn', s."endsOn",
                                   'settings', (SELECT row_to_json(ss) FROM season_settings ss WHERE ss."seasonId" = s.id))
            FROM seasons s WHERE s.id = d."seasonId"))
          FROM divisions d WHERE d.id = m."divisionId"),
      'lineups', coalesce((
        SELECT json_agg(row_to_json(x))
          FROM (SELECT l.*, coalesce((
                  SELECT json_agg(row_to_json(p) ORDER BY p."pairNumber" ASC NULLS LAST, p.member->>'familyName' ASC, p.member->>'memberNumber' ASC)
                    FROM (SELECT lp.*, (SELECT row_to_json(mem) FROM members mem WHERE mem.id = lp."memberId") AS member
                            FROM lineup_players lp WHERE lp."lineupId" = l.id OFFSET 0) p), '[]') AS players
                  FROM lineups l WHERE l."matchId" = m.id) x), '[]'),
      'substitutions', coalesce((
        SELECT json_agg(row_to_json(x) ORDER BY x."setNumber", x."createdAt")
          FROM (SELECT su.*, row_to_json(i) AS "inMember", row_to_json(o) AS "outMember"
                  FROM substitutions su JOIN members i ON i.id = su."inMemberId" JOIN members o ON o.id = su."outMemberId"
                 WHERE su."matchId" = m.id) x), '[]'),
      'sets', coalesce((
        SELECT json_agg(row_to_json(x) ORDER BY x."setNumber", x."tableNumber")
          FROM (SELECT ms.*, coalesce((SELECT json_agg(row_to_json(g) ORDER BY g."gameNumber") FROM games g WHERE g."matchSetId" = ms.id), '[]') AS games
                  FROM match_sets ms WHERE ms."matchId" = m.id) x), '[]'),
      'moves', coalesce((SELECT json_agg(row_to_json(mv) ORDER BY mv."createdAt") FROM match_moves mv WHERE mv."matchId" = m.id), '[]'),
      'deductions', coalesce((SELECT json_agg(row_to_json(pd) ORDER BY pd."createdAt") FROM point_deductions pd WHERE pd."matchId" = m.id), '[]'),
      'supervisorActions', coalesce((
        SELECT json_agg(row_to_json(x) ORDER BY x."createdAt")
          FROM (SELECT sa.*, row_to_json(mem) AS member FROM supervisor_actions sa LEFT JOIN members mem ON mem.id = sa."memberId" WHERE sa."matchId" = m.id) x), '[]')
    )::text AS row
    FROM matches m
    WHERE m.id = ${id}::uuid AND m."archivedAt" IS NULL`;
}

/** A timestamp column as JSON ("2026-11-27T20:15:00.123", UTC without a zone) or a @db.Date ("2026-11-27"): the Date Prisma gives. */
export function toDate(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00.000Z`);
  return new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`);
}

/** The DateTime fields of each model in the load (schema.prisma). */
const DATES = {
  match: ['date', 'calledOffAt', 'enteredAt', 'homeSignedAt', 'awaySignedAt', 'disputedAt', 'correctedAt', 'nightOpenedAt', 'nightEndsAt', 'finalDueAt', 'finalAt', 'archivedAt', 'createdAt', 'updatedAt'],
  season: ['startsOn', 'endsOn'],
  settings: ['createdAt', 'updatedAt'],
  lineup: ['createdAt', 'updatedAt'],
  player: ['createdAt'],
  member: ['birthDate', 'createdAt', 'updatedAt'],
  substitution: ['createdAt'],
  set: ['enteredAt', 'signedAt', 'refusedAt', 'decidedAt', 'createdAt', 'updatedAt'],
  move: ['fromDate', 'toDate', 'createdAt'],
  deduction: ['createdAt'],
  action: ['createdAt'],
} as const;

function dated<T extends Json | null>(row: T, fields: readonly string[]): T {
  if (row === null) return row;
  for (const field of fields) if (field in row) (row as Json)[field] = toDate(row[field]);
  return row;
}

/** A scalar list column stored as NULL: Prisma gives an empty list. */
function listed<T extends Json>(row: T, field: string): T {
  if (row[field] === null) (row as Json)[field] = [];
  return row;
}

const member = (row: Json | null) => dated(row, DATES.member);

/** The JSON of the statement as the MatchRow Prisma would have given. */
export function matchRowOf(text: string): MatchRow {
  const parsed = JSON.parse(text) as Record<string, Json | Json[] | null>;
  const division = parsed.division as Json;
  const season = division.season as Json;
  dated(season, DATES.season);
  dated(season.settings as Json | null, DATES.settings);
  const lineups = (parsed.lineups as Json[]).map((lineup) => {
    dated(lineup, DATES.lineup);
    for (const player of lineup.players as Json[]) {
      listed(dated(player, DATES.player), 'ineligibilityReasons');
      member(player.member as Json);
    }
    return lineup;
  });
  const substitutions = (parsed.substitutions as Json[]).map((s) => {
    member(s.inMember as Json);
    member(s.outMember as Json);
    return dated(s, DATES.substitution);
  });
  const sets = (parsed.sets as Json[]).map((s) => dated(s, DATES.set));
  const moves = (parsed.moves as Json[]).map((m) => dated(m, DATES.move));
  const deductions = (parsed.deductions as Json[]).map((d) => dated(d, DATES.deduction));
  const supervisorActions = (parsed.supervisorActions as Json[]).map((a) => {
    member(a.member as Json | null);
    return listed(dated(a, DATES.action), 'gameNumbers');
  });
  return {
    ...dated(parsed.match as Json, DATES.match),
    homeTeam: parsed.homeTeam,
    awayTeam: parsed.awayTeam,
    division,
    lineups,
    substitutions,
    sets,
    moves,
    deductions,
    supervisorActions,
  } as unknown as MatchRow;
}

/**
 * The versions of the rows a load reads (their xmin, the transaction that wrote them), in a fixed
 * order: two equal fingerprints mean the same row versions, so the same load. `own`: the match
 * row's version, which also stands for its sets and their games (what a table write changes):
 * every statement that changes a match's sets or games gives the match row a new version too
 * (triggers, migration 20261130080000_match_touched_by_sets), and the API's own writes update it
 * anyway. So the writer carries it forward itself: its transaction's id when it wrote anything.
 * `ref`: everything else the load reads (teams, clubs, division, season, its settings, line-ups
 * and their players' members, substitutions, moves, deductions, supervisor's actions), as a
 * digest. A table or relation added to the load must be added here too, or touch the match row
 * as the sets and games do (match-row-cache.api.spec.ts).
 */
const OWN_FINGERPRINT = Prisma.raw('m.xmin::text');
const REF_FINGERPRINT = Prisma.raw(`md5(concat_ws('|',
    (SELECT t.xmin || ':' || c.xmin FROM teams t JOIN clubs c ON c.id = t."clubId" WHERE t.id = m."homeTeamId"),
    (SELECT t.xmin || ':' || c.xmin FROM teams t JOIN clubs c ON c.id = t."clubId" WHERE t.id = m."awayTeamId"),
    (SELECT d.xmin || ':' || s.xmin || ':' || coalesce(ss.xmin::text, '') FROM divisions d JOIN seasons s ON s.id = d."seasonId" LEFT JOIN season_settings ss ON ss."seasonId" = s.id WHERE d.id = m."divisionId"),
    (SELECT string_agg(l.xmin || '/' || coalesce((
              SELECT string_agg(lp.xmin || ':' || (SELECT mem.xmin FROM members mem WHERE mem.id = lp."memberId"), ',' ORDER BY lp.id)
                FROM lineup_players lp WHERE lp."lineupId" = l.id), ''), ';' ORDER BY l.id)
       FROM lineups l WHERE l."matchId" = m.id),
    (SELECT string_agg(su.xmin || ':' || (SELECT i.xmin FROM members i WHERE i.id = su."inMemberId") || ':' || (SELECT o.xmin FROM members o WHERE o.id = su."outMemberId"), ',' ORDER BY su.id)
       FROM substitutions su WHERE su."matchId" = m.id),
    (SELECT string_agg(mv.xmin::text, ',' ORDER BY mv.id) FROM match_moves mv WHERE mv."matchId" = m.id),
    (SELECT string_agg(pd.xmin::text, ',' ORDER BY pd.id) FROM point_deductions pd WHERE pd."matchId" = m.id),
    (SELECT string_agg(sa.xmin || ':' || coalesce((SELECT mem.xmin FROM members mem WHERE mem.id = sa."memberId")::text, ''), ',' ORDER BY sa.id) FROM supervisor_actions sa WHERE sa."matchId" = m.id)))`);

/** The fingerprint's SQL (for the check that it reads every table the load reads). */
export const FINGERPRINT_SQL = { own: OWN_FINGERPRINT.sql, ref: REF_FINGERPRINT.sql };

export interface Fingerprint {
  own: string;
  ref: string;
}

/** Whether two fingerprints name the same row versions (a kept row against the match as it is). */
export function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
  return a.own === b.own && a.ref === b.ref;
}

/**
 * The match's fingerprint and this transaction's id (as a row's xmin shows it), or null: no
 * such match (or archived). A small statement of its own: a
 * write that finds the match as it kept it loads nothing more.
 */
export async function fingerprintOf(db: RawReader, id: string): Promise<{ fingerprint: Fingerprint; transaction: string } | null> {
  const rows = await db.$queryRaw<{ own: string; ref: string; transaction: string }[]>(Prisma.sql`
    SELECT ${OWN_FINGERPRINT} AS own, ${REF_FINGERPRINT} AS ref, (txid_current() % 4294967296)::text AS transaction
      FROM matches m
     WHERE m.id = ${id}::uuid AND m."archivedAt" IS NULL`);
  if (!rows.length) return null;
  const [{ own, ref, transaction }] = rows;
  return { fingerprint: { own, ref }, transaction };
}

/** The match (not archived) with everything matchInclude names, or null. */
export async function loadMatchRow(db: RawReader, id: string): Promise<MatchRow | null> {
  const rows = await db.$queryRaw<{ row: string }[]>(statement(id));
  return rows.length ? matchRowOf(rows[0].row) : null;
}
