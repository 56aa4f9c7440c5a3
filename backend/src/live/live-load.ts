/**
 * The rows of the live answers (LiveService: liveMatchSelect's shape, LiveMatchRow) in one
 * hand-written statement for any number of matches. Through Prisma's relation joins the read of
 * a window's changed matches took the database some 9 ms a call on a match night (the night's
 * second statement after the match load), building JSONB around every relation; here it builds
 * plain JSON of just the columns the live pages show, and the API parses it once and turns the
 * DateTime fields into Dates as Prisma does (match-load.ts toDate).
 *
 * Same shape as Prisma's: a spec (live-load.api.spec.ts) compares the two, and the live answers
 * they give. Unlike Prisma's (which leaves them in the table's order) the sets, line-ups and
 * players come in a fixed order, so every API process names the same state's answer alike.
 */
import { Prisma } from '../generated/prisma/client';
import { toDate } from '../matches/match-load';

/** A Prisma client, or the pool's own queries (prisma/pooled-queries.ts). */
type Db = { $queryRaw<T>(sql: Prisma.Sql): PromiseLike<T> };

const TEAM = (column: string) =>
  Prisma.raw(`(SELECT json_build_object('id', t.id, 'name', t.name, 'club', json_build_object('name', c.name, 'venue', c.venue, 'city', c.city))
      FROM teams t JOIN clubs c ON c.id = t."clubId" WHERE t.id = m."${column}")`);

const NAME = (alias: string) => `json_build_object('familyName', ${alias}."familyName", 'namePrefix', ${alias}."namePrefix", 'doNotPublish', ${alias}."doNotPublish")`;

function statement(ids: readonly string[]): Prisma.Sql {
  return Prisma.sql`
    SELECT json_build_object(
      'id', m.id, 'divisionId', m."divisionId", 'round', m.round, 'date', m.date, 'startTime', m."startTime",
      'status', m.status, 'resultState', m."resultState", 'homeSignedAt', m."homeSignedAt",
      'homePoints', m."homePoints", 'awayPoints', m."awayPoints", 'homeTeamId', m."homeTeamId", 'awayTeamId', m."awayTeamId",
      'homeTeam', ${TEAM('homeTeamId')},
      'awayTeam', ${TEAM('awayTeamId')},
      'division', (
        SELECT json_build_object('name', d.name, 'season', (
          SELECT json_build_object('name', s.name, 'settings', (
            SELECT json_build_object('pairsPerTeam', ss."pairsPerTeam", 'liveScores', ss."liveScores") FROM season_settings ss WHERE ss."seasonId" = s.id))
            FROM seasons s WHERE s.id = d."seasonId"))
          FROM divisions d WHERE d.id = m."divisionId"),
      'sets', coalesce((
        SELECT json_agg(json_build_object('setNumber', ms."setNumber", 'tableNumber', ms."tableNumber", 'homePoints', ms."homePoints", 'awayPoints', ms."awayPoints",
                                          'source', ms.source, 'enteredBySide', ms."enteredBySide", 'signedBySide', ms."signedBySide", 'decidedAt', ms."decidedAt")
                        ORDER BY ms."setNumber", ms."tableNumber")
          FROM match_sets ms WHERE ms."matchId" = m.id), '[]'),
      'lineups', coalesce((
        SELECT json_agg(json_build_object('teamId', l."teamId", 'players', coalesce((
                 SELECT json_agg(json_build_object('memberId', lp."memberId", 'pairNumber', lp."pairNumber", 'fromSet', lp."fromSet",
                                                   'member', (SELECT ${Prisma.raw(NAME('mem'))} FROM members mem WHERE mem.id = lp."memberId"))
                                 ORDER BY lp.id)
                   FROM lineup_players lp WHERE lp."lineupId" = l.id), '[]'))
                        ORDER BY l."teamId")
          FROM lineups l WHERE l."matchId" = m.id), '[]'),
      'substitutions', coalesce((
        SELECT json_agg(json_build_object('teamId', su."teamId", 'setNumber', su."setNumber", 'pairNumber', su."pairNumber",
                                          'outMemberId', su."outMemberId", 'inMemberId', su."inMemberId", 'inMember', ${Prisma.raw(NAME('i'))})
                        ORDER BY su."setNumber", su."createdAt", su.id)
          FROM substitutions su JOIN members i ON i.id = su."inMemberId" WHERE su."matchId" = m.id), '[]')
    )::text AS row
    FROM matches m
    WHERE m.id = ANY(${[...ids]}::uuid[]) AND m."archivedAt" IS NULL`;
}

type Json = Record<string, unknown>;

/** One match's JSON as Prisma gives the live select: its DateTime fields as Dates. */
function liveRowOf(text: string): Json {
  const row = JSON.parse(text) as Json;
  for (const field of ['date', 'homeSignedAt']) row[field] = toDate(row[field]);
  for (const set of row.sets as Json[]) set.decidedAt = toDate(set.decidedAt);
  return row;
}

/** The live rows of these matches (not archived), in no particular order; a missing id has none. */
export async function loadLiveMatchRows<T>(db: Db, ids: readonly string[]): Promise<T[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<{ row: string }[]>(statement(ids));
  return rows.map((r) => liveRowOf(r.row) as T);
}
