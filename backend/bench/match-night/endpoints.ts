/**
 * Every path, body and answer shape the match-night bench depends on, in one place
 * (docs/match-night.md, "HTTP API"): when the API changes, only this file changes.
 */
import { seatGames } from '../../test/helpers';

export type Side = 'HOME' | 'AWAY';

export const paths = {
  login: '/api/auth/login',
  /** Touches no database: readiness of the spawned API. */
  liveness: '/api/health/live',
  lineup: (matchId: string, teamId: string) => `/api/matches/${matchId}/lineups/${teamId}`,
  /** Opening the night: POST → MatchNightDto with each table's code. */
  night: (matchId: string) => `/api/matches/${matchId}/night`,
  tableView: (code: string) => `/api/table/${code}`,
  tableSet: (code: string, setNumber: number) => `/api/table/${code}/sets/${setNumber}`,
  tableSign: (code: string, setNumber: number) => `/api/table/${code}/sets/${setNumber}/sign`,
  /** A spectator of one match: the event stream and the live picture it refreshes. */
  /** `withAnswer`: an app, whose messages bring the whole answer (?answer=1); otherwise a page, whose messages bring its version. */
  matchEvents: (matchId: string, withAnswer: boolean) => `/api/public/matches/${matchId}/events${withAnswer ? '?answer=1' : ''}`,
  /** `version`: the one the page's message announced (the page reads ?v=<version>, the dashboard asks the API for it). */
  matchLive: (matchId: string, version?: string | null) => `/api/public/matches/${matchId}/live${version ? `?version=${version}` : ''}`,
  /** A spectator of a whole round of a division (the match-night page). */
  roundEvents: (divisionId: string, round: number, withAnswer: boolean) => `/api/public/rounds/events?divisionId=${divisionId}&round=${round}${withAnswer ? '&answer=1' : ''}`,
  roundLive: (divisionId: string, round: number, version?: string | null) => `/api/public/rounds/live?divisionId=${divisionId}&round=${round}${version ? `&version=${version}` : ''}`,
};

/** The table codes of an opened night (MatchNightDto.tables). */
export function tableCodesOf(night: unknown): { tableNumber: number; code: string }[] {
  const tables = (night as { tables?: { tableNumber: number; code: string }[] }).tables;
  if (!Array.isArray(tables)) throw new Error(`opening the night answered without tables: ${JSON.stringify(night).slice(0, 300)}`);
  return tables.map((t) => ({ tableNumber: t.tableNumber, code: t.code.replace(/-/g, '') }));
}

/** PUT /api/table/{code}/sets/{n}: the entering pair's four games. */
export function enterBody(setNumber: number, tableNumber: number, enteredBy: Side, idempotencyKey: string) {
  return { enteredBy, games: seatGames(setNumber, tableNumber), idempotencyKey };
}

/** POST …/sign: the opposing pair signs. */
export function signBody(side: Side, idempotencyKey: string) {
  return { side, idempotencyKey };
}

/**
 * What a live stream's message carries (live-streams.ts ChangeMessage): on `change` the
 * matches that changed and how; on `change` and `ready` the topic's live answer (as GET
 * …/live answers it) and its version, when the API could read it. Without it the page reads
 * the live picture again.
 */
export interface ChangeMessage {
  matchIds: string[];
  kinds: string[];
  at: string | null;
  version: string | null;
  live: unknown;
}

export function parseChange(event: string, data: string): ChangeMessage | null {
  if (event !== 'change' && event !== 'ready') return null;
  try {
    const m = JSON.parse(data) as Partial<ChangeMessage>;
    return {
      matchIds: Array.isArray(m.matchIds) ? m.matchIds : [],
      kinds: Array.isArray(m.kinds) ? m.kinds : [],
      at: typeof m.at === 'string' ? m.at : null,
      version: typeof m.version === 'string' ? m.version : null,
      live: m.live ?? null,
    };
  } catch {
    return null;
  }
}

/** A seat's state on the live picture that shows its score (LiveTableDto.state). */
const PUBLIC_SEAT_STATES = new Set(['SIGNED', 'DECIDED', 'CREDITED']);

/** The seats a live picture (LiveMatchDto, or LiveRoundDto's matches) shows as signed, as "matchId/set/table". */
export function signedSeatsOf(dto: unknown): Set<string> {
  type LiveMatch = { id: string; sets: { setNumber: number; tables: { tableNumber: number; state: string }[] }[] };
  const seen = new Set<string>();
  const matches = (dto as { matches?: LiveMatch[] }).matches ?? [dto as LiveMatch];
  for (const match of matches) {
    for (const set of match.sets ?? []) {
      for (const table of set.tables ?? []) if (PUBLIC_SEAT_STATES.has(table.state)) seen.add(`${match.id}/${set.setNumber}/${table.tableNumber}`);
    }
  }
  return seen;
}
