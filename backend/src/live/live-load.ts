/**
 * The rows of the live answers (liveMatchSelect's shape, LiveMatchRow; LiveService maps them) in one
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
import { TEAM, toDate } from '../matches/match-load';
import type { RawReader } from '../prisma/pooled-queries';

const teamSelect = { id: true, name: true, club: { select: { name: true, venue: true, city: true } } } as const;
const nameSelect = { familyName: true, namePrefix: true, doNotPublish: true } as const;

/**
 * Only what the live pages show: no given names, member numbers or birth dates are read. The
 * rows are read by the statement below; this select is their shape (LiveMatchRow), and
 * Prisma's read of it the yardstick of live-load.api.spec.ts.
 */
export const liveMatchSelect = {
  id: true,
  divisionId: true,
  round: true,
  date: true,
  startTime: true,
  status: true,
  resultState: true,
  homeSignedAt: true,
  // How it became final, or becomes final (finalityWords), and the entries a credit covers (a correction).
  finalAt: true,
  finalDueAt: true,
  finalBy: true,
  correctedAt: true,
  correctedByRole: true,
  nightOpenedAt: true,
  displacedSeats: true,
  homePoints: true,
  awayPoints: true,
  homeTeamId: true,
  awayTeamId: true,
  homeTeam: { select: teamSelect },
  awayTeam: { select: teamSelect },
  division: { select: { name: true, season: { select: { name: true, settings: { select: { pairsPerTeam: true, liveScores: true, paperConfirmHours: true } } } } } },
  sets: { select: { setNumber: true, tableNumber: true, homePoints: true, awayPoints: true, source: true, enteredBySide: true, signedBySide: true, decidedAt: true, refusedAt: true } },
  lineups: { select: { teamId: true, players: { select: { memberId: true, pairNumber: true, fromSet: true, member: { select: nameSelect } } } } },
  substitutions: { select: { teamId: true, setNumber: true, pairNumber: true, outMemberId: true, inMemberId: true, inMember: { select: nameSelect } }, orderBy: [{ setNumber: 'asc' }, { createdAt: 'asc' }] },
} satisfies Prisma.MatchSelect;

export type LiveMatchRow = Prisma.MatchGetPayload<{ select: typeof liveMatchSelect }>;

const NAME = (alias: string) => `json_build_object('familyName', ${alias}."familyName", 'namePrefix', ${alias}."namePrefix", 'doNotPublish', ${alias}."doNotPublish")`;

function statement(ids: readonly string[]): Prisma.Sql {
  return Prisma.sql`
    SELECT json_build_object(
      'id', m.id, 'divisionId', m."divisionId", 'round', m.round, 'date', m.date, 'startTime', m."startTime",
      'status', m.status, 'resultState', m."resultState", 'homeSignedAt', m."homeSignedAt",
      'finalAt', m."finalAt", 'finalDueAt', m."finalDueAt", 'finalBy', m."finalBy", 'correctedAt', m."correctedAt", 'correctedByRole', m."correctedByRole",
      'nightOpenedAt', m."nightOpenedAt", 'displacedSeats', m."displacedSeats",
      'homePoints', m."homePoints", 'awayPoints', m."awayPoints", 'homeTeamId', m."homeTeamId", 'awayTeamId', m."awayTeamId",
      'homeTeam', ${TEAM('homeTeamId', { clubId: false })},
      'awayTeam', ${TEAM('awayTeamId', { clubId: false })},
      'division', (
        SELECT json_build_object('name', d.name, 'season', (
          SELECT json_build_object('name', s.name, 'settings', (
            SELECT json_build_object('pairsPerTeam', ss."pairsPerTeam", 'liveScores', ss."liveScores", 'paperConfirmHours', ss."paperConfirmHours") FROM season_settings ss WHERE ss."seasonId" = s.id))
            FROM seasons s WHERE s.id = d."seasonId"))
          FROM divisions d WHERE d.id = m."divisionId"),
      'sets', coalesce((
        SELECT json_agg(json_build_object('setNumber', ms."setNumber", 'tableNumber', ms."tableNumber", 'homePoints', ms."homePoints", 'awayPoints', ms."awayPoints",
                                          'source', ms.source, 'enteredBySide', ms."enteredBySide", 'signedBySide', ms."signedBySide", 'decidedAt', ms."decidedAt", 'refusedAt', ms."refusedAt")
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
  for (const field of ['date', 'homeSignedAt', 'finalAt', 'finalDueAt', 'correctedAt', 'nightOpenedAt']) row[field] = toDate(row[field]);
  for (const set of row.sets as Json[]) {
    set.decidedAt = toDate(set.decidedAt);
    set.refusedAt = toDate(set.refusedAt);
  }
  return row;
}

/** The live rows of these matches (not archived), in no particular order; a missing id has none. */
export async function loadLiveMatchRows(db: RawReader, ids: readonly string[]): Promise<LiveMatchRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<{ row: string }[]>(statement(ids));
  return rows.map((r) => liveRowOf(r.row) as unknown as LiveMatchRow);
}
