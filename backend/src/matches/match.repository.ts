/**
 * The match repository: between the stored match (MatchRow, loaded once with all its relations
 * by MatchDataService.load under the writer's lock) and the core's plain picture of it
 * (MatchState): the state from that one load, the differences to store after a command (the
 * changed columns, seats, games, substitutions and supervisor's actions; nothing else), and the
 * row as the transaction leaves it (for the audit's "after" and the answer, without reading
 * again).
 */
import { randomUUID } from 'node:crypto';
import { dbDate, isoDate } from '../common/dto';
import { seatKey, SIDES } from '../domain/match';
import { DisplacedSeat, FinalWay, MatchState, ResultSnapshot, Seat, SeatSource, StateAction, StateTeam } from '../domain/match/match-command';
import { Prisma } from '../generated/prisma/client';
import { lineupOf, matchStart, MatchRow, membersById, MemberRow, playerLabels, SetRow, teamFacts, teamIdOf } from './match-row';

type Tx = Prisma.TransactionClient;

/** The match as the core sees it; players are named by their readable label, so the rules' messages name them. */
export function matchStateOf(row: MatchRow, extraMembers: readonly MemberRow[] = []): MatchState {
  const labels = playerLabels(row, extraMembers);
  const name = (id: string) => labels.get(id) ?? id;
  const team = (side: (typeof SIDES)[number]): StateTeam => {
    const facts = teamFacts(row, side, name);
    const rows = row.substitutions.filter((s) => s.teamId === teamIdOf(row, side));
    return {
      lineup: facts.lineup,
      composedBeforeMatch: lineupOf(row, side)?.composedBeforeMatch ?? null,
      substitutions: facts.substitutions.map((s, i) => ({ ...s, id: rows[i].id, violation: rows[i].violation, outMemberId: rows[i].outMemberId, inMemberId: rows[i].inMemberId, recordedByRole: rows[i].recordedByRole })),
      removals: [...(facts.removals ?? [])],
    };
  };
  return {
    id: row.id,
    date: isoDate(row.date),
    startTime: row.startTime,
    teamIds: { HOME: row.homeTeamId, AWAY: row.awayTeamId },
    teamNames: { HOME: row.homeTeam.name, AWAY: row.awayTeam.name },
    status: row.status,
    resultState: row.resultState,
    homePoints: row.homePoints,
    awayPoints: row.awayPoints,
    enteredById: row.enteredById,
    enteredAt: row.enteredAt,
    homeSignedById: row.homeSignedById,
    homeSignedAt: row.homeSignedAt,
    awaySignedById: row.awaySignedById,
    awaySignedAt: row.awaySignedAt,
    disputedAt: row.disputedAt,
    disputedById: row.disputedById,
    disputeComment: row.disputeComment,
    correctedAt: row.correctedAt,
    correctedByRole: row.correctedByRole,
    correctionReason: row.correctionReason,
    finalDueAt: row.finalDueAt,
    finalAt: row.finalAt,
    finalBy: (row.finalBy as FinalWay | null) ?? null,
    displaced: seatsOfJson(row.displacedSeats) as DisplacedSeat[],
    beforeNotPlayed: snapshotOfJson(row.beforeNotPlayed),
    nightOpenedAt: row.nightOpenedAt,
    startsAt: matchStart(row),
    teams: { HOME: team('HOME'), AWAY: team('AWAY') },
    // The action's own columns are the state's (StateAction); the row adds its match, moment and member.
    actions: row.supervisorActions.map(({ matchId: _match, createdAt: _at, member: _member, ...action }): StateAction => action),
    seats: row.sets.map(seatOf),
  };
}

const dateOf = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

/** Seats kept as JSON (the displaced ones, a not-played record's before): their moments as Dates again. */
function seatsOfJson(value: unknown): Seat[] {
  if (!Array.isArray(value)) return [];
  return value.map((seat: Seat) => ({ ...seat, enteredAt: dateOf(seat.enteredAt), signedAt: dateOf(seat.signedAt), refusedAt: dateOf(seat.refusedAt), decidedAt: dateOf(seat.decidedAt) }));
}

function snapshotOfJson(value: unknown): ResultSnapshot | null {
  if (!value || typeof value !== 'object') return null;
  const kept = value as ResultSnapshot;
  const moments = ['enteredAt', 'homeSignedAt', 'awaySignedAt', 'finalDueAt', 'finalAt'] as const;
  return { ...kept, ...Object.fromEntries(moments.map((m) => [m, dateOf(kept[m])])), seats: seatsOfJson(kept.seats) };
}

/**
 * A supervisor's removal (Regel 38) or void (Regel 22) that was withdrawn (RULES.md "Undo"):
 * the action's row goes, this stays on the match so the tables it touched are told their entry
 * counts again (night-views.ts tableNotices).
 */
export interface WithdrawnAction {
  id: string;
  kind: StateAction['kind'];
  setNumber: number;
  tableNumber: number;
  side: StateAction['side'];
  pairNumber: number | null;
  withdrawnAt: string;
  /** The supervisor's reason for withdrawing it, told to the table (absent in rows from before it was kept). */
  reason?: string | null;
}

/** The withdrawn actions kept on a loaded match. */
export function withdrawnActionsOf(row: Pick<MatchRow, 'withdrawnActions'>): WithdrawnAction[] {
  return Array.isArray(row.withdrawnActions) ? (row.withdrawnActions as unknown as WithdrawnAction[]) : [];
}

/** The column after a command that withdrew actions (the kept ones and these); undefined when it withdrew none. */
function withdrawnActionsAfter(before: MatchRow, after: MatchState, now: Date, reason: string | null): Prisma.JsonValue | undefined {
  const withdrawn = before.supervisorActions.filter((row) => !after.actions.some((a) => a.id === row.id));
  if (!withdrawn.length) return undefined;
  const added = withdrawn.map(({ id, kind, setNumber, tableNumber, side, pairNumber }): WithdrawnAction => ({ id, kind, setNumber, tableNumber, side, pairNumber, withdrawnAt: now.toISOString(), reason }));
  return JSON.parse(JSON.stringify([...withdrawnActionsOf(before), ...added])) as Prisma.JsonValue;
}

/** The JSON columns of the state (null when empty), as stored and as a load gives them back. */
function jsonColumns(state: MatchState): { displacedSeats: Prisma.JsonValue; beforeNotPlayed: Prisma.JsonValue } {
  const json = (value: unknown) => (value == null ? null : (JSON.parse(JSON.stringify(value)) as Prisma.JsonValue));
  return { displacedSeats: json(state.displaced?.length ? state.displaced : null), beforeNotPlayed: json(state.beforeNotPlayed ?? null) };
}

function seatOf(row: SetRow): Seat {
  return {
    setNumber: row.setNumber,
    tableNumber: row.tableNumber,
    homePairNumber: row.homePairNumber,
    awayPairNumber: row.awayPairNumber,
    homePoints: row.homePoints,
    awayPoints: row.awayPoints,
    source: row.source as SeatSource,
    games: row.games.map((g) => ({ gameNumber: g.gameNumber, winner: g.winner, kind: g.kind, points: g.points, penaltyRule: g.penaltyRule })),
    enteredBySide: row.enteredBySide,
    enteredAt: row.enteredAt,
    signedBySide: row.signedBySide,
    signedAt: row.signedAt,
    refusedBySide: row.refusedBySide,
    refusedAt: row.refusedAt,
    refusalComment: row.refusalComment,
    decidedAt: row.decidedAt,
    decisionReason: row.decisionReason,
  };
}

/** The Match columns the core writes. */
const MATCH_COLUMNS = [
  'status',
  'resultState',
  'homePoints',
  'awayPoints',
  'enteredById',
  'enteredAt',
  'homeSignedById',
  'homeSignedAt',
  'awaySignedById',
  'awaySignedAt',
  'disputedAt',
  'disputedById',
  'disputeComment',
  'correctedAt',
  'correctedByRole',
  'correctionReason',
  'finalDueAt',
  'finalAt',
  'finalBy',
] as const satisfies readonly (keyof MatchState & keyof MatchRow)[];

const SEAT_COLUMNS = [
  'homePairNumber',
  'awayPairNumber',
  'homePoints',
  'awayPoints',
  'source',
  'enteredBySide',
  'enteredAt',
  'signedBySide',
  'signedAt',
  'refusedBySide',
  'refusedAt',
  'refusalComment',
  'decidedAt',
  'decisionReason',
] as const satisfies readonly (keyof Seat)[];

const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

function changedColumns<T, K extends keyof T>(before: T, after: T, columns: readonly K[]): Partial<Pick<T, K>> {
  const data: Partial<Pick<T, K>> = {};
  for (const column of columns) if (!same(before[column], after[column])) data[column] = after[column];
  return data;
}

/** A stored game's own columns (beside its id and set). */
const GAME_FIELDS = ['gameNumber', 'winner', 'kind', 'points', 'penaltyRule'] as const satisfies readonly (keyof Seat['games'][number])[];

/** Whether two seats have the same games: GAME_FIELDS of each, in order (compared on every seat of the match at each write). */
export function sameGames(a: Seat, b: Seat): boolean {
  return a.games.length === b.games.length && a.games.every((g, i) => GAME_FIELDS.every((field) => g[field] === b.games[i][field]));
}

// ---- statements whose values PostgreSQL types from JSON ------------------------------------
// A row goes over as one JSON parameter and jsonb_populate_record(set) turns it into the
// table's own row type: enums, timestamps (an ISO instant into a UTC timestamp column, as
// Prisma stores a DateTime) and dates come out as the columns want them. The column names
// come from the fixed lists in this file, never from a request.

const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ');

/** UPDATE these columns of one row to these values; `also` adds assignments of its own (the version). */
function updateStatement(table: string, id: string, values: Record<string, unknown>, also: readonly string[] = []): Prisma.Sql {
  const assignments = [...Object.keys(values).map((c) => `"${c}" = r."${c}"`), ...also].join(', ');
  return Prisma.sql`UPDATE ${Prisma.raw(table)} t SET ${Prisma.raw(assignments)}
    FROM jsonb_populate_record(NULL::${Prisma.raw(table)}, ${JSON.stringify(values)}::jsonb) r WHERE t.id = ${id}::uuid`;
}

/** INSERT these rows (these columns of each); `then` adds an ON CONFLICT clause. */
function insertStatement(table: string, columns: readonly string[], rows: readonly Record<string, unknown>[], then = ''): Prisma.Sql {
  return Prisma.sql`INSERT INTO ${Prisma.raw(table)} (${Prisma.raw(quoted(columns))})
    SELECT ${Prisma.raw(quoted(columns))} FROM jsonb_populate_recordset(NULL::${Prisma.raw(table)}, ${JSON.stringify(rows)}::jsonb)${Prisma.raw(then)}`;
}

const GAME_COLUMNS = ['id', 'matchSetId', ...GAME_FIELDS] as const;
const NEW_SET_COLUMNS = ['id', 'matchId', 'setNumber', 'tableNumber', ...SEAT_COLUMNS, 'createdAt', 'updatedAt'] as const;

/** A seat's games as rows of this set, each with the id it is stored with (`ids`, by game number: recorded there). */
const gameRows = (matchSetId: string, seat: Seat, ids: Map<number, string>) =>
  seat.games.map((g) => {
    const id = randomUUID();
    ids.set(g.gameNumber, id);
    return { id, matchSetId, gameNumber: g.gameNumber, winner: g.winner, kind: g.kind, points: g.points, penaltyRule: g.penaltyRule ?? null };
  });

/** Only the defined values: an undefined one leaves its column as it is (as Prisma's update does). */
const defined = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));

/**
 * Several statements as one (data-modifying WITH queries, then `main`, or nothing more):
 * one round trip. They see the same snapshot and must not touch the same rows; foreign keys
 * are checked at the end, so a new set and its games go together.
 */
export function oneStatement(parts: readonly Prisma.Sql[], main: Prisma.Sql = Prisma.sql`SELECT 1`): Prisma.Sql {
  if (!parts.length) return main;
  return Prisma.sql`WITH ${Prisma.join(parts.map((part, i) => Prisma.sql`${Prisma.raw(`w${i}`)} AS (${part})`), ', ')} ${main}`;
}

export interface StoredChanges {
  /** Whether anything was (or is to be) written. */
  changed: boolean;
  /** The seats whose own columns are written (changed or new), by seatKey: their row gets a new updatedAt. */
  seatsWritten: Set<string>;
  /** The seats whose games are written (changed, or a new seat's), by seatKey. */
  gamesWritten: Set<string>;
  /** The ids a new seat's row and new games are stored with (by seatKey; games by number). */
  setIds: Map<string, string>;
  gameIds: Map<string, Map<number, string>>;
  /**
   * The changes of the match row, its sets and their games, not yet run: the writer runs them
   * in one round trip, on their own (oneStatement) or with the command log and the audit entry.
   */
  statements: Prisma.Sql[];
}

/**
 * Stores what the command changed, and nothing else: the changed Match columns (with a
 * new version when anything changed and the lock did not already count one), the seats
 * created, changed or removed (a seat's games only when they changed), and the
 * substitutions whose violation changed. The substitutions and supervisor's actions (rare)
 * are written here; the match row, sets and games come back as statements to run.
 */
export async function storeStateChanges(tx: Tx, before: MatchRow, after: MatchState, options: { versionCounted: boolean; now: Date; reason?: string | null }): Promise<StoredChanges> {
  const createdAt = options.now;
  const rows = new Map(before.sets.map((row) => [seatKey(row.setNumber, row.tableNumber), row]));
  const wanted = new Map(after.seats.map((seat) => [seatKey(seat.setNumber, seat.tableNumber), seat]));
  const statements: Prisma.Sql[] = [];

  const removed = before.sets.filter((row) => !wanted.has(seatKey(row.setNumber, row.tableNumber)));
  // Their games go with them (ON DELETE CASCADE).
  if (removed.length) statements.push(Prisma.sql`DELETE FROM match_sets WHERE id = ANY(${removed.map((row) => row.id)}::uuid[])`);
  const seatsWritten = new Set<string>();
  const gamesWritten = new Set<string>();
  const setIds = new Map<string, string>();
  const gameIds = new Map<string, Map<number, string>>();
  const idsOf = (key: string) => gameIds.get(key) ?? gameIds.set(key, new Map()).get(key)!;
  const created: { id: string; key: string; seat: Seat }[] = [];
  for (const [key, seat] of wanted) {
    const row = rows.get(key);
    if (!row) {
      const id = randomUUID();
      setIds.set(key, id);
      seatsWritten.add(key);
      gamesWritten.add(key);
      created.push({ id, key, seat });
      continue;
    }
    const old = seatOf(row);
    const data = defined(changedColumns(old, seat, SEAT_COLUMNS));
    if (Object.keys(data).length) {
      statements.push(updateStatement('match_sets', row.id, { ...data, updatedAt: options.now }));
      seatsWritten.add(key);
    }
    if (!sameGames(old, seat)) {
      gamesWritten.add(key);
      // The new games replace the old by number; numbers no longer there go (two statements on different rows).
      const numbers = seat.games.map((g) => g.gameNumber);
      statements.push(Prisma.sql`DELETE FROM games WHERE "matchSetId" = ${row.id}::uuid AND NOT ("gameNumber" = ANY(${numbers}::int[]))`);
      if (seat.games.length) {
        const update = ['winner', 'kind', 'points', 'penaltyRule'].map((c) => `"${c}" = EXCLUDED."${c}"`).join(', ');
        const games = gameRows(row.id, seat, idsOf(key));
        // A number the seat had keeps its row, and so its id (ON CONFLICT … DO UPDATE): the new id goes only with a new number.
        for (const g of row.games) if (idsOf(key).has(g.gameNumber)) idsOf(key).set(g.gameNumber, g.id);
        statements.push(insertStatement('games', GAME_COLUMNS, games, ` ON CONFLICT ("matchSetId", "gameNumber") DO UPDATE SET ${update}`));
      }
    }
  }
  if (created.length) {
    statements.push(insertStatement('match_sets', NEW_SET_COLUMNS, created.map(({ id, seat: { games: _games, ...seat } }) => ({ id, matchId: before.id, ...seat, createdAt, updatedAt: createdAt }))));
    const games = created.flatMap(({ id, key, seat }) => gameRows(id, seat, idsOf(key)));
    if (games.length) statements.push(insertStatement('games', GAME_COLUMNS, games));
  }
  let changed = statements.length > 0;

  const kept = new Set(SIDES.flatMap((side) => after.teams[side].substitutions.map((s) => s.id)));
  const gone = before.substitutions.filter((s) => !kept.has(s.id));
  if (gone.length) {
    await tx.substitution.deleteMany({ where: { id: { in: gone.map((s) => s.id) } } });
    changed = true;
  }
  for (const side of SIDES) {
    for (const sub of after.teams[side].substitutions) {
      const row = before.substitutions.find((s) => s.id === sub.id);
      if (!row) {
        const { id, setNumber, pairNumber, outMemberId, inMemberId, violation, recordedByRole } = sub;
        await tx.substitution.create({ data: { id, matchId: before.id, teamId: teamIdOf(before, side), setNumber, pairNumber, outMemberId, inMemberId, violation, recordedByRole: recordedByRole ?? null, createdAt } });
        changed = true;
      } else if (row.violation !== sub.violation) {
        await tx.substitution.update({ where: { id: sub.id }, data: { violation: sub.violation } });
        changed = true;
      }
    }
  }
  // A withdrawn action (RULES.md "Undo"): the command log and the audit keep it.
  const withdrawn = before.supervisorActions.filter((row) => !after.actions.some((a) => a.id === row.id));
  if (withdrawn.length) {
    await tx.supervisorAction.deleteMany({ where: { id: { in: withdrawn.map((row) => row.id) } } });
    changed = true;
  }
  const actions = after.actions.filter((a) => !before.supervisorActions.some((row) => row.id === a.id));
  for (const { voidedEntry, ...action } of actions) {
    await tx.supervisorAction.create({
      data: {
        ...action,
        matchId: before.id,
        createdAt,
        ...(voidedEntry == null ? {} : { voidedEntry: JSON.parse(JSON.stringify(voidedEntry)) as Prisma.InputJsonValue }),
      },
    });
    changed = true;
  }

  const data = changedColumns(before as unknown as MatchState, after, MATCH_COLUMNS) as Prisma.MatchUncheckedUpdateInput;
  const json = jsonColumns(after);
  for (const column of ['displacedSeats', 'beforeNotPlayed'] as const) {
    if (JSON.stringify(before[column] ?? null) !== JSON.stringify(json[column])) (data as Record<string, unknown>)[column] = json[column];
  }
  const withdrawnActions = withdrawnActionsAfter(before, after, options.now, options.reason ?? null);
  if (withdrawnActions !== undefined) (data as Record<string, unknown>).withdrawnActions = withdrawnActions;
  // The fixture (a move, a swap): the date as the federation's calendar day, the teams by id.
  if (after.date !== isoDate(before.date)) data.date = dbDate(after.date);
  if (after.startTime !== before.startTime) data.startTime = after.startTime;
  if (after.teamIds.HOME !== before.homeTeamId || after.teamIds.AWAY !== before.awayTeamId) {
    data.homeTeamId = after.teamIds.HOME;
    data.awayTeamId = after.teamIds.AWAY;
  }
  const values = defined(data as Record<string, unknown>);
  changed ||= Object.keys(values).length > 0;
  if (changed) statements.push(updateStatement('matches', before.id, { ...values, updatedAt: options.now }, options.versionCounted ? [] : ['version = t.version + 1']));
  return { changed, statements, seatsWritten, gamesWritten, setIds, gameIds };
}

/** What a command's builder stored itself, beside the core's state (a line-up's players), and the members it named. */
export interface RowExtras {
  /** The moment the writer stored the new rows with (their createdAt). */
  now: Date;
  /** The command's reason (kept with an action it withdraws). */
  reason?: string | null;
  /** Members the match did not know yet (a substitute, a new line-up's players). */
  members?: readonly MemberRow[];
  /** The rows the builder stored outside the core's state, applied to the row in memory. */
  patch?: (row: MatchRow) => MatchRow;
  /**
   * What storeStateChanges wrote: with it the row is the one a load would give after the
   * transaction, ids and updatedAt included (a table write keeps it for the next write, see
   * match-row-cache.ts); without it (a row for the rules before anything is stored) new rows get
   * ids of their own and every seat today's updatedAt.
   */
  stored?: Pick<StoredChanges, 'changed' | 'seatsWritten' | 'setIds' | 'gameIds'>;
}

const byTime = (a: { createdAt: Date }, b: { createdAt: Date }) => a.createdAt.getTime() - b.createdAt.getTime();

/**
 * The row as the transaction left it, from the row read before and the state after: for
 * the audit's "after" and the answer (no second read). Seats keep their row ids where
 * they had one; substitutions and supervisor's actions the command added are built from
 * the state and the members the builder named, in the order a load would give them
 * (matchInclude); what the builder stored itself comes in through `extras.patch`.
 */
export function rowAfter(before: MatchRow, after: MatchState, version: number, extras: RowExtras = { now: new Date() }): MatchRow {
  const rows = new Map(before.sets.map((row) => [seatKey(row.setNumber, row.tableNumber), row]));
  const { now, stored } = extras;
  const sets = after.seats
    .map((seat): SetRow => {
      const key = seatKey(seat.setNumber, seat.tableNumber);
      const row = rows.get(key);
      const id = row?.id ?? stored?.setIds.get(key) ?? randomUUID();
      const gameIds = stored?.gameIds.get(key);
      const oldIds = new Map(row?.games.map((g) => [g.gameNumber, g.id]));
      return {
        id,
        matchId: before.id,
        createdAt: row?.createdAt ?? now,
        updatedAt: row && stored && !stored.seatsWritten.has(key) ? row.updatedAt : now,
        ...seat,
        games: seat.games
          .map((g) => ({ id: gameIds?.get(g.gameNumber) ?? oldIds.get(g.gameNumber) ?? randomUUID(), matchSetId: id, gameNumber: g.gameNumber, winner: g.winner, kind: g.kind, points: g.points, penaltyRule: g.penaltyRule ?? null }))
          .sort((a, b) => a.gameNumber - b.gameNumber),
      };
    })
    // As a load orders them (match-load.ts).
    .sort((a, b) => a.setNumber - b.setNumber || a.tableNumber - b.tableNumber);
  const members = membersById(before, extras.members ?? []);
  const member = (id: string) => {
    const found = members.get(id);
    if (!found) throw new Error(`rowAfter: lid ${id} is niet geladen`);
    return found;
  };
  const knownSubstitutions = new Map(before.substitutions.map((row) => [row.id, row]));
  const substitutions = SIDES.flatMap((side) =>
    after.teams[side].substitutions.map((sub): MatchRow['substitutions'][number] => {
      const row = knownSubstitutions.get(sub.id);
      if (row) return { ...row, violation: sub.violation };
      const { id, setNumber, pairNumber, outMemberId, inMemberId, violation, recordedByRole } = sub;
      return { id, matchId: before.id, teamId: teamIdOf(before, side), setNumber, pairNumber, outMemberId, inMemberId, violation, recordedByRole: recordedByRole ?? null, createdAt: now, outMember: member(outMemberId), inMember: member(inMemberId) };
    }),
  ).sort((a, b) => a.setNumber - b.setNumber || byTime(a, b));
  const knownActions = new Map(before.supervisorActions.map((row) => [row.id, row]));
  const supervisorActions = after.actions
    .map((a): MatchRow['supervisorActions'][number] => {
      const row = knownActions.get(a.id);
      if (row) return row;
      const voidedEntry = a.voidedEntry == null ? null : (JSON.parse(JSON.stringify(a.voidedEntry)) as MatchRow['supervisorActions'][number]['voidedEntry']);
      return { ...a, matchId: before.id, voidedEntry, createdAt: now, member: a.memberId ? member(a.memberId) : null };
    })
    .sort(byTime);
  const columns = Object.fromEntries(MATCH_COLUMNS.map((c) => [c, after[c]])) as Pick<MatchRow, (typeof MATCH_COLUMNS)[number]>;
  const swapped = after.teamIds.HOME !== before.homeTeamId;
  const teams = swapped ? { homeTeamId: before.awayTeamId, awayTeamId: before.homeTeamId, homeTeam: before.awayTeam, awayTeam: before.homeTeam } : {};
  const updatedAt = stored?.changed ? now : before.updatedAt;
  const withdrawnActions = withdrawnActionsAfter(before, after, now, extras.reason ?? null) ?? before.withdrawnActions;
  const row: MatchRow = { ...before, ...columns, ...jsonColumns(after), withdrawnActions, ...teams, date: dbDate(after.date), startTime: after.startTime, version, updatedAt, sets, substitutions, supervisorActions };
  return extras.patch ? extras.patch(row) : row;
}
