/**
 * Loads final matches as the plain PlayMatch data the ratings domain rates: one read (each
 * match with its seats, games, line-ups and substitutions), then seats get their members
 * (domain/ratings playersOfPair). "Final" is a locked result of a played match
 * (resultState CONFIRMED, status PLAYED): forfeits, not-played and cancelled matches are not play.
 */
import { Prisma } from '../generated/prisma/client';
import { LineupSeatPlayer, PlayGame, PlayMatch, playersOfPair, SeatSubstitution } from '../domain/ratings/play';
import type { GameKind } from '../domain/match/scores';
import type { Side } from '../domain/match/side';
import type { PrismaService } from '../prisma/prisma.service';

type Db = Pick<PrismaService, '$queryRaw'>;

export const FINAL_SQL = Prisma.sql`m.status = 'PLAYED' AND m."resultState" = 'CONFIRMED' AND m."archivedAt" IS NULL`;

/** Which final matches to load: all, those after a key (the incremental update), or those of some members. */
export type MatchFilter = { all: true } | { fromDate: string } | { memberIds: string[] } | { matchIds: string[] };

function filterSql(filter: MatchFilter): Prisma.Sql {
  if ('fromDate' in filter) return Prisma.sql`AND m."date" >= ${filter.fromDate}::date`;
  if ('matchIds' in filter) return Prisma.sql`AND m.id = ANY(${filter.matchIds}::uuid[])`;
  if ('memberIds' in filter) {
    return Prisma.sql`AND m.id IN (SELECT l."matchId" FROM lineups l JOIN lineup_players lp ON lp."lineupId" = l.id WHERE lp."memberId" = ANY(${filter.memberIds}::uuid[])
      UNION SELECT s."matchId" FROM substitutions s WHERE s."inMemberId" = ANY(${filter.memberIds}::uuid[]))`;
  }
  return Prisma.empty;
}

export async function loadPlayMatches(db: Db, filter: MatchFilter): Promise<PlayMatch[]> {
  // One row per match, its seats, line-up and substitutions as JSON text: Prisma's raw rows
  // cost ~25 µs each, so 115,000 rows of five seasons took 3 s; 1,900 rows of JSON take a tenth.
  const rows = await db.$queryRaw<
    { id: string; seasonId: string; divisionId: string; date: string; startTime: string; homeTeamId: string; homeClubId: string; awayTeamId: string; awayClubId: string; seats: string; players: string; subs: string }[]
  >`
    WITH fm AS (SELECT m.* FROM matches m WHERE ${FINAL_SQL} ${filterSql(filter)}),
    gs AS (
      SELECT g."matchSetId", json_agg(json_build_array(g.winner, g.kind, g.points, g."penaltyRule") ORDER BY g."gameNumber") AS games
      FROM games g JOIN match_sets s ON s.id = g."matchSetId" AND s.source = 'GAMES' JOIN fm ON fm.id = s."matchId" GROUP BY g."matchSetId"),
    ss AS (
      SELECT s."matchId", json_agg(json_build_array(s."setNumber", s."tableNumber", s."homePairNumber", s."awayPairNumber", s."homePoints", s."awayPoints", s.source, gs.games)) AS seats
      FROM match_sets s JOIN fm ON fm.id = s."matchId" LEFT JOIN gs ON gs."matchSetId" = s.id GROUP BY s."matchId"),
    ps AS (
      SELECT l."matchId", json_agg(json_build_array(l."teamId", lp."memberId", lp."pairNumber", lp."fromSet")) AS players
      FROM lineups l JOIN fm ON fm.id = l."matchId" JOIN lineup_players lp ON lp."lineupId" = l.id GROUP BY l."matchId"),
    xs AS (
      SELECT x."matchId", json_agg(json_build_array(x."teamId", x."setNumber", x."pairNumber", x."outMemberId", x."inMemberId") ORDER BY x."setNumber", x."createdAt") AS subs
      FROM substitutions x JOIN fm ON fm.id = x."matchId" GROUP BY x."matchId")
    SELECT m.id, d."seasonId", m."divisionId", m."date"::text AS date, m."startTime", m."homeTeamId", ht."clubId" AS "homeClubId", m."awayTeamId", at."clubId" AS "awayClubId",
      coalesce(ss.seats, '[]'::json)::text AS seats, coalesce(ps.players, '[]'::json)::text AS players, coalesce(xs.subs, '[]'::json)::text AS subs
    FROM fm m JOIN divisions d ON d.id = m."divisionId" JOIN teams ht ON ht.id = m."homeTeamId" JOIN teams at ON at.id = m."awayTeamId"
      LEFT JOIN ss ON ss."matchId" = m.id LEFT JOIN ps ON ps."matchId" = m.id LEFT JOIN xs ON xs."matchId" = m.id`;
  return rows.map((m) => {
    const lineups = new Map<string, LineupSeatPlayer[]>();
    for (const [teamId, memberId, pairNumber, fromSet] of JSON.parse(m.players) as [string, string, number | null, number][]) {
      const list = lineups.get(teamId) ?? [];
      list.push({ memberId, pairNumber, fromSet });
      lineups.set(teamId, list);
    }
    const substitutions = new Map<string, SeatSubstitution[]>();
    for (const [teamId, setNumber, pairNumber, outMemberId, inMemberId] of JSON.parse(m.subs) as [string, number, number, string, string][]) {
      const list = substitutions.get(teamId) ?? [];
      list.push({ setNumber, pairNumber, outMemberId, inMemberId });
      substitutions.set(teamId, list);
    }
    const pair = (teamId: string, pairNumber: number, setNumber: number) => playersOfPair(lineups.get(teamId) ?? [], substitutions.get(teamId) ?? [], pairNumber, setNumber);
    type SeatRow = [number, number, number, number, number, number, string, [Side, GameKind, number, string | null][] | null];
    return {
      id: m.id,
      seasonId: m.seasonId,
      divisionId: m.divisionId,
      date: m.date,
      startTime: m.startTime,
      home: { teamId: m.homeTeamId, clubId: m.homeClubId },
      away: { teamId: m.awayTeamId, clubId: m.awayClubId },
      seats: (JSON.parse(m.seats) as SeatRow[]).map(([setNumber, tableNumber, homePair, awayPair, homePoints, awayPoints, source, games]) => ({
        setNumber,
        tableNumber,
        source,
        homePoints,
        awayPoints,
        homePlayers: pair(m.homeTeamId, homePair, setNumber),
        awayPlayers: pair(m.awayTeamId, awayPair, setNumber),
        games: source === 'GAMES' ? (games ?? []).map(([winner, kind, points, penaltyRule]): PlayGame => ({ winner, kind, points, penaltyRule })) : null,
      })),
    };
  });
}

/**
 * Per match date, the count and a hash of the final matches (id, version, last update):
 * every result write bumps a match's version and updatedAt, so a changed date means a
 * match of that date was made final, corrected, or is no longer final.
 */
export async function dateFingerprints(db: Db): Promise<Record<string, string>> {
  const rows = await db.$queryRaw<{ date: string; fp: string }[]>`
    SELECT m."date"::text AS date, count(*)::text || ':' || sum(hashtext(m.id::text || ':' || m.version || ':' || m."updatedAt"::text))::text AS fp
    FROM matches m WHERE ${FINAL_SQL} GROUP BY m."date"`;
  return Object.fromEntries(rows.map((r) => [r.date, r.fp]));
}

/** The earliest date whose final matches differ from the stored fingerprints, or null. */
export function earliestChange(stored: Record<string, string>, current: Record<string, string>): string | null {
  let earliest: string | null = null;
  for (const date of new Set([...Object.keys(stored), ...Object.keys(current)])) {
    if (stored[date] !== current[date] && (earliest === null || date < earliest)) earliest = date;
  }
  return earliest;
}
