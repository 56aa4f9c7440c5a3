/**
 * Loads final matches as the plain PlayMatch data the ratings domain rates: five set-based
 * reads (matches, seats, games, line-ups, substitutions), then seats get their members
 * (domain/ratings playersOfPair). "Final" is a locked result of a played match
 * (resultState CONFIRMED, status PLAYED): forfeits, not-played and cancelled matches are not play.
 */
import { Prisma } from '../generated/prisma/client';
import { LineupSeatPlayer, PlayGame, PlayMatch, playersOfPair, SeatSubstitution } from '../domain/ratings/play';
import type { GameKind } from '../domain/match/scores';
import type { Side } from '../domain/match/side';
import type { PrismaService } from '../prisma/prisma.service';

type Db = Pick<PrismaService, '$queryRaw'>;

/** The order key of a match in SQL, compared byte-wise like the domain's matchKey. */
export const MATCH_KEY_SQL = Prisma.sql`(m."date"::text || '|' || m."startTime" || '|' || m.id::text) COLLATE "C"`;
export const FINAL_SQL = Prisma.sql`m.status = 'PLAYED' AND m."resultState" = 'CONFIRMED' AND m."archivedAt" IS NULL`;

/** Which final matches to load: all, those after a key (the incremental update), or those of some members. */
export type MatchFilter = { all: true } | { afterKey: string } | { memberIds: string[] } | { matchIds: string[] };

function filterSql(filter: MatchFilter): Prisma.Sql {
  if ('afterKey' in filter) return Prisma.sql`AND ${MATCH_KEY_SQL} > ${filter.afterKey}`;
  if ('matchIds' in filter) return Prisma.sql`AND m.id = ANY(${filter.matchIds}::uuid[])`;
  if ('memberIds' in filter) {
    return Prisma.sql`AND m.id IN (SELECT l."matchId" FROM lineups l JOIN lineup_players lp ON lp."lineupId" = l.id WHERE lp."memberId" = ANY(${filter.memberIds}::uuid[])
      UNION SELECT s."matchId" FROM substitutions s WHERE s."inMemberId" = ANY(${filter.memberIds}::uuid[]))`;
  }
  return Prisma.empty;
}

export async function loadPlayMatches(db: Db, filter: MatchFilter): Promise<PlayMatch[]> {
  const where = Prisma.sql`${FINAL_SQL} ${filterSql(filter)}`;
  const final = Prisma.sql`SELECT m.id FROM matches m WHERE ${where}`;
  const [matches, seats, games, players, subs] = await Promise.all([
    db.$queryRaw<{ id: string; seasonId: string; divisionId: string; date: string; startTime: string; homeTeamId: string; homeClubId: string; awayTeamId: string; awayClubId: string }[]>`
      SELECT m.id, d."seasonId", m."divisionId", m."date"::text AS date, m."startTime", m."homeTeamId", ht."clubId" AS "homeClubId", m."awayTeamId", at."clubId" AS "awayClubId"
      FROM matches m JOIN divisions d ON d.id = m."divisionId" JOIN teams ht ON ht.id = m."homeTeamId" JOIN teams at ON at.id = m."awayTeamId"
      WHERE ${where}`,
    db.$queryRaw<{ id: string; matchId: string; setNumber: number; tableNumber: number; homePairNumber: number; awayPairNumber: number; homePoints: number; awayPoints: number; source: string }[]>`
      SELECT s.id, s."matchId", s."setNumber", s."tableNumber", s."homePairNumber", s."awayPairNumber", s."homePoints", s."awayPoints", s.source::text AS source
      FROM match_sets s WHERE s."matchId" IN (${final})`,
    db.$queryRaw<{ matchSetId: string; gameNumber: number; winner: Side; kind: GameKind; points: number; penaltyRule: string | null }[]>`
      SELECT g."matchSetId", g."gameNumber", g.winner::text AS winner, g.kind::text AS kind, g.points, g."penaltyRule"
      FROM games g JOIN match_sets s ON s.id = g."matchSetId" WHERE s.source = 'GAMES' AND s."matchId" IN (${final})
      ORDER BY g."matchSetId", g."gameNumber"`,
    db.$queryRaw<{ matchId: string; teamId: string; memberId: string; pairNumber: number | null; fromSet: number }[]>`
      SELECT l."matchId", l."teamId", lp."memberId", lp."pairNumber", lp."fromSet"
      FROM lineups l JOIN lineup_players lp ON lp."lineupId" = l.id WHERE l."matchId" IN (${final})`,
    db.$queryRaw<{ matchId: string; teamId: string; setNumber: number; pairNumber: number; outMemberId: string; inMemberId: string }[]>`
      SELECT s."matchId", s."teamId", s."setNumber", s."pairNumber", s."outMemberId", s."inMemberId"
      FROM substitutions s WHERE s."matchId" IN (${final}) ORDER BY s."setNumber", s."createdAt"`,
  ]);
  const gamesBySet = new Map<string, PlayGame[]>();
  for (const g of games) {
    const list = gamesBySet.get(g.matchSetId) ?? [];
    list.push({ winner: g.winner, kind: g.kind, points: g.points, penaltyRule: g.penaltyRule });
    gamesBySet.set(g.matchSetId, list);
  }
  const lineups = new Map<string, LineupSeatPlayer[]>();
  for (const p of players) {
    const key = `${p.matchId}/${p.teamId}`;
    const list = lineups.get(key) ?? [];
    list.push({ memberId: p.memberId, pairNumber: p.pairNumber, fromSet: p.fromSet });
    lineups.set(key, list);
  }
  const substitutions = new Map<string, SeatSubstitution[]>();
  for (const s of subs) {
    const key = `${s.matchId}/${s.teamId}`;
    const list = substitutions.get(key) ?? [];
    list.push(s);
    substitutions.set(key, list);
  }
  const byId = new Map<string, PlayMatch>();
  for (const m of matches) {
    byId.set(m.id, {
      id: m.id,
      seasonId: m.seasonId,
      divisionId: m.divisionId,
      date: m.date,
      startTime: m.startTime,
      home: { teamId: m.homeTeamId, clubId: m.homeClubId },
      away: { teamId: m.awayTeamId, clubId: m.awayClubId },
      seats: [],
    });
  }
  for (const s of seats) {
    const match = byId.get(s.matchId);
    if (!match) continue;
    const pair = (teamId: string, pairNumber: number) =>
      playersOfPair(lineups.get(`${s.matchId}/${teamId}`) ?? [], substitutions.get(`${s.matchId}/${teamId}`) ?? [], pairNumber, s.setNumber);
    match.seats.push({
      setNumber: s.setNumber,
      tableNumber: s.tableNumber,
      source: s.source,
      homePoints: s.homePoints,
      awayPoints: s.awayPoints,
      homePlayers: pair(match.home.teamId, s.homePairNumber),
      awayPlayers: pair(match.away.teamId, s.awayPairNumber),
      games: s.source === 'GAMES' ? (gamesBySet.get(s.id) ?? []) : null,
    });
  }
  return [...byId.values()];
}

/** Count and hash of the final matches up to `key` (everything a rating run up to there came from). */
export async function prefixFingerprint(db: Db, key: string): Promise<string> {
  const [row] = await db.$queryRaw<{ fp: string }[]>`
    SELECT count(*)::text || ':' || coalesce(sum(hashtext(m.id::text || ':' || m.version || ':' || m."updatedAt"::text)), 0)::text AS fp
    FROM matches m WHERE ${FINAL_SQL} AND ${MATCH_KEY_SQL} <= ${key}`;
  return row.fp;
}
