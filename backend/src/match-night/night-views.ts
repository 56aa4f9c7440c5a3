/**
 * Shapes a match (one load, `MatchRow`) into what a table sees and what the supervisor's
 * console sees. Players appear by family name only (Regel 15): never given names, member
 * numbers or ids.
 */
import { isoDate } from '../common/dto';
import { GAME_KIND_POINTS, PENALTY_POINTS, PENALTY_RULES, pairPlayersAt, positions, seatKey, tablePlan } from '../domain/match';
import { inPairOrder } from '../domain/pair-order';
import type { CompetitionSettings } from '../domain/settings';
import { finalityWords } from '../domain/match/match-command';
import { mapCountedScore, mapMatchSummary } from '../matches/match.dto';
import { withdrawnActionsOf } from '../matches/match.repository';
import { familyNameOf, lineupOf, MatchRow, MemberRow, pairsOf, teamIdOf } from '../matches/match-row';
import { consequenceOf } from '../matches/supervisor-actions.service';
import type { ConsoleMatchDto, ConsoleTableDto, GameKindPointsDto, PenaltyRulePointsDto, TableNoticeDto, TablePairDto, TableSetDto, TableViewDto } from './match-night.dto';
import { currentSet, SEAT_STATES, seatAlerts, seatDone, SeatState, seatState } from './table-state';

type Settings = Pick<CompetitionSettings, 'pairsPerTeam' | 'gamesPerSet' | 'cancelledMatchPoints'> & Partial<Pick<CompetitionSettings, 'paperConfirmHours'>>;
type Side = 'HOME' | 'AWAY';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * Who sits in a side's pairs, set by set: the line-up's pair with the substitutions by then, by
 * family name. The line-up's pairs and the side's substitutions are read once per side, not
 * once per seat (a table page asks for every set of both sides).
 */
function sidePairs(match: MatchRow, side: Side): (pairNumber: number, setNumber: number) => TablePairDto {
  const lineup = lineupOf(match, side);
  const pairs = lineup ? pairsOf(inPairOrder(lineup.players)) : [];
  const teamId = teamIdOf(match, side);
  const subs = match.substitutions.filter((s) => s.teamId === teamId);
  const members = new Map<string, MemberRow>();
  for (const p of pairs.flatMap((p) => p.players)) members.set(p.memberId, p.member);
  for (const s of subs) members.set(s.inMemberId, s.inMember).set(s.outMemberId, s.outMember);
  const changes = subs.map((s) => ({ setNumber: s.setNumber, pairNumber: s.pairNumber, outPlayerId: s.outMemberId, inPlayerId: s.inMemberId }));
  return (pairNumber, setNumber) => {
    const pair = pairs.find((p) => p.pairNumber === pairNumber);
    if (!pair || pair.players[0].fromSet > setNumber) return { number: pairNumber, names: [] };
    const ids = pairPlayersAt(
      pair.players.map((p) => p.memberId),
      pairNumber,
      changes,
      setNumber,
    );
    return { number: pairNumber, names: ids.map((id) => familyNameOf(members.get(id)!)) };
  };
}

/** Every seat of one table, set by set, with its state. */
function tableSets(match: MatchRow, settings: Settings, tableNumber: number): (TableSetDto & { row: MatchRow['sets'][number] | undefined })[] {
  const stored = new Map(match.sets.map((row) => [seatKey(row.setNumber, row.tableNumber), row]));
  const confirmed = match.resultState === 'CONFIRMED';
  const [home, away] = [sidePairs(match, 'HOME'), sidePairs(match, 'AWAY')];
  return tablePlan(settings.pairsPerTeam)
    .filter((seat) => seat.tableNumber === tableNumber)
    .map((seat) => {
      const row = stored.get(seatKey(seat.setNumber, seat.tableNumber));
      return {
        row,
        setNumber: seat.setNumber,
        homePair: home(seat.homePairNumber, seat.setNumber),
        awayPair: away(seat.awayPairNumber, seat.setNumber),
        state: seatState(row, confirmed),
        source: row?.source ?? null,
        games: (row?.games ?? []).map((g) => ({ gameNumber: g.gameNumber, winner: g.winner, kind: g.kind, points: g.points, penaltyRule: g.penaltyRule })),
        homePoints: row?.homePoints ?? null,
        awayPoints: row?.awayPoints ?? null,
        enteredBySide: row?.enteredBySide ?? null,
        enteredAt: iso(row?.enteredAt ?? null),
        signedBySide: row?.signedBySide ?? null,
        signedAt: iso(row?.signedAt ?? null),
        refusedBySide: row?.refusedBySide ?? null,
        refusalComment: row?.refusalComment ?? null,
        decisionReason: row?.decisionReason ?? null,
        decidedAt: iso(row?.decidedAt ?? null),
      };
    });
}

/** What a table is told when the supervisor withdraws an action that touched it (RULES.md "Undo"). */
export const WITHDRAWN_NOTICE: Record<'REMOVE_PLAYER' | 'VOID_WRONG_TABLE', string> = {
  REMOVE_PLAYER: 'De wedstrijdleider heeft de verwijdering ingetrokken; uw ingevoerde stand geldt weer.',
  VOID_WRONG_TABLE: 'De wedstrijdleider heeft het vervallen van de partijen ingetrokken; uw ingevoerde stand geldt weer.',
};

/**
 * The supervisor's actions that touch this table: a void at it (Regel 22), a removal of a pair
 * that plays at it afterwards (Regel 38), and each of them withdrawn (RULES.md "Undo": the
 * table's own entry counts again), in the order they happened.
 */
function tableNotices(match: MatchRow, settings: Settings, tableNumber: number): TableNoticeDto[] {
  const plan = tablePlan(settings.pairsPerTeam).filter((s) => s.tableNumber === tableNumber);
  const touches = (a: { kind: string; setNumber: number; tableNumber: number; side: Side | null; pairNumber: number | null }) => {
    if (a.kind === 'VOID_WRONG_TABLE') return a.tableNumber === tableNumber;
    return plan.some((s) => s.setNumber >= a.setNumber && (a.side === 'HOME' ? s.homePairNumber : s.awayPairNumber) === a.pairNumber);
  };
  const standing = match.supervisorActions
    .filter(touches)
    .map((a): TableNoticeDto => ({ kind: a.kind, setNumber: a.setNumber, consequence: consequenceOf(a), reason: a.reason, createdAt: a.createdAt.toISOString(), withdrawn: false }));
  const withdrawn = withdrawnActionsOf(match)
    .filter(touches)
    .map((a): TableNoticeDto => ({ kind: a.kind, setNumber: a.setNumber, consequence: WITHDRAWN_NOTICE[a.kind], reason: a.reason ?? null, createdAt: a.withdrawnAt, withdrawn: true }));
  return [...standing, ...withdrawn].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

const GAME_KINDS: GameKindPointsDto[] = (Object.entries(GAME_KIND_POINTS) as [GameKindPointsDto['kind'], number][]).map(([kind, points]) => ({ kind, points }));
const PENALTIES: PenaltyRulePointsDto[] = PENALTY_RULES.map((rule) => ({ rule, points: [...PENALTY_POINTS[rule]] }));

/** Whether a table may still write: the night open and not over, the result not locked, the match to be played. */
export function tableWritable(match: Pick<MatchRow, 'resultState' | 'status' | 'nightEndsAt'>, now: Date): boolean {
  return match.resultState !== 'CONFIRMED' && (match.status === 'SCHEDULED' || match.status === 'PLAYED') && match.nightEndsAt !== null && now < match.nightEndsAt;
}

/** What a phone with this table's code sees: this table of this match, nothing else. */
export function mapTableView(match: MatchRow, settings: Settings, tableNumber: number, now: Date): TableViewDto {
  const sets = tableSets(match, settings, tableNumber).map(({ row: _row, ...set }) => set);
  return {
    match: {
      id: match.id,
      date: isoDate(match.date),
      startTime: match.startTime,
      round: match.round,
      division: match.division.name,
      home: { club: match.homeTeam.club.name, team: match.homeTeam.name },
      away: { club: match.awayTeam.club.name, team: match.awayTeam.name },
    },
    tableNumber,
    locked: match.resultState === 'CONFIRMED',
    finality: finalityWords(match, now, settings.paperConfirmHours),
    writable: tableWritable(match, now),
    nightEndsAt: match.nightEndsAt!.toISOString(),
    gamesPerSet: settings.gamesPerSet,
    gameKinds: GAME_KINDS,
    penaltyRules: PENALTIES,
    currentSet: currentSet(sets),
    sets,
    notices: tableNotices(match, settings, tableNumber),
  };
}

/** Every table of the match with the state of each set, and what needs the supervisor. */
export function mapConsoleMatch(match: MatchRow, settings: Settings): ConsoleMatchDto {
  const tables: ConsoleTableDto[] = positions(settings.pairsPerTeam).map((tableNumber) => {
    const sets = tableSets(match, settings, tableNumber).map(({ row, ...set }) => ({ ...set, alerts: seatAlerts(set.setNumber, tableNumber, row, set.state, settings.gamesPerSet) }));
    return { tableNumber, currentSet: currentSet(sets), sets };
  });
  const seats = tables.flatMap((t) => t.sets);
  const counts = Object.fromEntries(SEAT_STATES.map((state) => [state, seats.filter((s) => s.state === state).length])) as Record<SeatState, number>;
  const alerts = tables
    .flatMap((t) => t.sets.flatMap((s) => s.alerts))
    .sort((a, b) => a.setNumber - b.setNumber || a.tableNumber - b.tableNumber);
  return {
    match: mapMatchSummary(match, settings),
    score: mapCountedScore(match, settings.pairsPerTeam),
    divisionName: match.division.name,
    venue: match.homeTeam.club.venue,
    city: match.homeTeam.club.city,
    nightOpenedAt: iso(match.nightOpenedAt),
    nightEndsAt: iso(match.nightEndsAt),
    counts,
    readyToConfirm: seats.every((s) => seatDone(s.state)) && alerts.length === 0,
    confirmations: { home: iso(match.homeSignedAt), away: iso(match.awaySignedAt) },
    tables,
    alerts,
  };
}
