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
import { MatchState, Seat, SeatSource, StateAction, StateTeam } from '../domain/match/match-command';
import type { Prisma } from '../generated/prisma/client';
import { lineupOf, MatchRow, membersById, MemberRow, playerLabels, SetRow, teamFacts, teamIdOf } from './match-row';

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
    nightOpenedAt: row.nightOpenedAt,
    teams: { HOME: team('HOME'), AWAY: team('AWAY') },
    // The action's own columns are the state's (StateAction); the row adds its match, moment and member.
    actions: row.supervisorActions.map(({ matchId: _match, createdAt: _at, member: _member, ...action }): StateAction => action),
    seats: row.sets.map(seatOf),
  };
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

const gamesKey = (seat: Seat) => JSON.stringify(seat.games);

/**
 * Stores what the command changed, and nothing else: the changed Match columns (with a
 * new version when anything changed and the lock did not already count one), the seats
 * created, changed or removed (a seat's games only when they changed), and the
 * substitutions whose violation changed. Answers whether anything was written.
 */
export async function storeStateChanges(tx: Tx, before: MatchRow, after: MatchState, options: { versionCounted: boolean; now: Date }): Promise<boolean> {
  const createdAt = options.now;
  const rows = new Map(before.sets.map((row) => [seatKey(row.setNumber, row.tableNumber), row]));
  const wanted = new Map(after.seats.map((seat) => [seatKey(seat.setNumber, seat.tableNumber), seat]));
  let changed = false;

  const removed = before.sets.filter((row) => !wanted.has(seatKey(row.setNumber, row.tableNumber)));
  if (removed.length) {
    await tx.matchSet.deleteMany({ where: { id: { in: removed.map((row) => row.id) } } });
    changed = true;
  }
  const created: { id: string; seat: Seat }[] = [];
  for (const [key, seat] of wanted) {
    const row = rows.get(key);
    if (!row) {
      created.push({ id: randomUUID(), seat });
      continue;
    }
    const old = seatOf(row);
    const data = changedColumns(old, seat, SEAT_COLUMNS);
    if (Object.keys(data).length) {
      await tx.matchSet.update({ where: { id: row.id }, data });
      changed = true;
    }
    if (gamesKey(old) !== gamesKey(seat)) {
      await tx.game.deleteMany({ where: { matchSetId: row.id } });
      if (seat.games.length) await tx.game.createMany({ data: seat.games.map((g) => ({ matchSetId: row.id, ...g })) });
      changed = true;
    }
  }
  if (created.length) {
    await tx.matchSet.createMany({
      data: created.map(({ id, seat: { games: _games, ...seat } }) => ({ id, matchId: before.id, ...seat })),
    });
    const games = created.flatMap(({ id, seat }) => seat.games.map((g) => ({ matchSetId: id, ...g })));
    if (games.length) await tx.game.createMany({ data: games });
    changed = true;
  }

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
  // The fixture (a move, a swap): the date as the federation's calendar day, the teams by id.
  if (after.date !== isoDate(before.date)) data.date = dbDate(after.date);
  if (after.startTime !== before.startTime) data.startTime = after.startTime;
  if (after.teamIds.HOME !== before.homeTeamId || after.teamIds.AWAY !== before.awayTeamId) {
    data.homeTeamId = after.teamIds.HOME;
    data.awayTeamId = after.teamIds.AWAY;
  }
  changed ||= Object.keys(data).length > 0;
  if (changed) await tx.match.update({ where: { id: before.id }, data: { ...data, ...(options.versionCounted ? {} : { version: { increment: 1 } }) } });
  return changed;
}

/** What a command's builder stored itself, beside the core's state (a line-up's players), and the members it named. */
export interface RowExtras {
  /** The moment the writer stored the new rows with (their createdAt). */
  now: Date;
  /** Members the match did not know yet (a substitute, a new line-up's players). */
  members?: readonly MemberRow[];
  /** The rows the builder stored outside the core's state, applied to the row in memory. */
  patch?: (row: MatchRow) => MatchRow;
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
  const { now } = extras;
  const sets = after.seats.map((seat): SetRow => {
    const row = rows.get(seatKey(seat.setNumber, seat.tableNumber));
    const id = row?.id ?? randomUUID();
    return {
      id,
      matchId: before.id,
      createdAt: row?.createdAt ?? now,
      updatedAt: now,
      ...seat,
      games: seat.games.map((g) => ({ id: randomUUID(), matchSetId: id, ...g })),
    };
  });
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
  const row: MatchRow = { ...before, ...columns, ...teams, date: dbDate(after.date), startTime: after.startTime, version, sets, substitutions, supervisorActions };
  return extras.patch ? extras.patch(row) : row;
}
