/**
 * The match-day core (issue 15): one pure transition for every change to a match on match
 * day, whichever way it arrives (the table at the match night, the paper form afterwards,
 * the supervisor). `applyMatchCommand(state, command, settings, now)` checks the command
 * against the rules and the match as it stands, and answers the new state, what happened
 * (events, for the audit log and the live pages) and, instead, every reason it is refused
 * (problems, Dutch messages with a stable code). It computes the seats the rules score
 * (Regel 5B/5C/12A absent and late pairs, Regel 14 substitution violations, Regel 38
 * removed players) once per command, so a person's entry at such a seat gives way.
 *
 * Regel 15 at the table: each set at each table is entered by one pair and signed by the
 * opposing pair; the signature is irrevocable. The opposing pair may refuse with a comment
 * instead: a dispute for the supervisor (Regel 35B), who decides (keeps or replaces the
 * score) with a reason, or corrects an impossible signed score. When every seat is signed,
 * decided or credited by the rules, both clubs confirm the night and the result locks.
 */
import { amsterdamDay, compareDates, IsoDate } from '../dates';
import { Act, Actor, actorOfRole, authority, AuthorityAnswer, AuthorityPhase } from './authority';
import { CompetitionSettings } from '../settings';
import { finalConsequences, FinalConsequences } from './final-consequences';
import { setTableLabel } from './labels';
import { Lineup } from './lineup';
import { matchCredits, TeamFacts } from './match-facts';
import { CreditReason, matchTotals, seatKey, SetResult, validateMatchSets } from './match-result';
import { EntryRole, entryOpensText, LOCKED_MESSAGE, phaseOf, resultEntryWindow, ResultAction, resultTransition, shortDutchDate } from './result-flow';
import { positions, tablePlan } from './rotation';
import { Game, GameKind, gamePoints, setTotalsFromGames } from './scores';
import { GameEntry, parseSeatEntries, SeatEntry, StoredGame } from './seat-entry';
import { opponentOf, Side, SIDES } from './side';
import { locateRemovedPlayer, PlayerRemoval, removalGames, splitVoided, voidableGames } from './supervisor-actions';
import { isRegel4Violation, Substitution } from './substitutions';

/** How a seat got its score: typed by a person (GAMES, TOTALS) or by the rules. */
export type SeatSource = 'GAMES' | 'TOTALS' | CreditReason | 'AVERAGE';

export const PLAYED_SOURCES: readonly SeatSource[] = Object.freeze(['GAMES', 'TOTALS']);
/** The credits this core keeps up to date (a forfeit or an average is the federation's decision). */
export const RULE_CREDIT_SOURCES: readonly SeatSource[] = Object.freeze(['MISSING_PAIR', 'SUBSTITUTION_VIOLATION', 'PLAYER_REMOVED']);

/** One set at one table, with the table's entry and signature (all null for a paper entry or a credit). */
export interface Seat extends SetResult {
  source: SeatSource;
  games: StoredGame[];
  enteredBySide: Side | null;
  enteredAt: Date | null;
  signedBySide: Side | null;
  signedAt: Date | null;
  refusedBySide: Side | null;
  refusedAt: Date | null;
  refusalComment: string | null;
  decidedAt: Date | null;
  decisionReason: string | null;
}

/** A substitution as recorded; `violation` is what the rules found (null: legal). Player ids are labels; the member ids are for storing. */
export interface StateSubstitution extends Substitution {
  id: string;
  violation: string | null;
  outMemberId: string;
  inMemberId: string;
  /** Who recorded it: what the supervisor (or the federation) recorded only they withdraw. Absent: a club. */
  recordedByRole?: 'SECRETARY' | 'SUPERVISOR' | 'ADMIN' | null;
}

export type SupervisorActionKind = 'REMOVE_PLAYER' | 'VOID_WRONG_TABLE';

/** A supervisor's action at the table (Regel 22, 38), as stored. */
export interface StateAction {
  id: string;
  kind: SupervisorActionKind;
  setNumber: number;
  tableNumber: number;
  side: Side | null;
  pairNumber: number | null;
  memberId: string | null;
  fromGame: number | null;
  gameNumbers: number[];
  reason: string;
  createdById: string | null;
  /** Regel 22: the entry the void games took with them (for the log and to enter again). */
  voidedEntry: unknown;
}

/** One side's facts. Player ids are whatever the caller uses; readable labels make readable messages. */
export interface StateTeam {
  /** Null while the team recorded no line-up. */
  lineup: Lineup | null;
  /** Regel 5D/5E: the line-up was first saved before the start (null or absent: no line-up, or not known to the caller). */
  composedBeforeMatch?: boolean | null;
  /** In the order they happened. */
  substitutions: StateSubstitution[];
  /** Regel 38: players the supervisor removed from this side's pairs. */
  removals: PlayerRemoval[];
}

export type MatchStatusValue = 'SCHEDULED' | 'PLAYED' | 'NOT_PLAYED' | 'FORFEIT' | 'CANCELLED';

/**
 * How a match became final (RULES.md "Say how it became final"): both team leaders (or the
 * away team on a paper form) confirmed; the correction window ended; the paper form's hours
 * passed; the supervisor decided a refusal; the federation made it final (its confirmation,
 * or a not-played record).
 */
export const FINAL_WAYS = ['BOTH_CONFIRMED', 'CORRECTION_WINDOW', 'PAPER_HOURS', 'SUPERVISOR_DECISION', 'FEDERATION'] as const;
export type FinalWay = (typeof FINAL_WAYS)[number];

/** A table's entry a credit covers, with who sat at the seat when it was played (seatSeating). */
export type DisplacedSeat = Seat & { seating: string };

/** The result columns of a match, as a not-played record found them (given back when the federation reopens it). */
export interface ResultSnapshot {
  status: MatchStatusValue;
  resultState: ResultStateValue;
  homePoints: number | null;
  awayPoints: number | null;
  enteredById: string | null;
  enteredAt: Date | null;
  homeSignedById: string | null;
  homeSignedAt: Date | null;
  awaySignedById: string | null;
  awaySignedAt: Date | null;
  finalDueAt: Date | null;
  finalAt: Date | null;
  finalBy: FinalWay | null;
  seats: Seat[];
}
export type ResultStateValue = 'NONE' | 'ENTERED' | 'CONFIRMED';

/** A plain picture of one match: what the core reads and writes (the columns of Match and MatchSet). */
export interface MatchState {
  id: string;
  /** The match date (the federation's calendar day): paper entry opens on it. */
  date: IsoDate;
  /** The start time, "HH:MM" (the federation's clock). */
  startTime: string;
  /** The teams' ids (a swap turns them round) and names (for messages). */
  teamIds: Record<Side, string>;
  teamNames: Record<Side, string>;
  status: MatchStatusValue;
  resultState: ResultStateValue;
  /** Cached totals of the seats; null while there is no result. */
  homePoints: number | null;
  awayPoints: number | null;
  enteredById: string | null;
  enteredAt: Date | null;
  /** Paper: the home team signed the form. Night: the home club confirmed the night. */
  homeSignedById: string | null;
  homeSignedAt: Date | null;
  /** Paper: the away team confirmed (locked). Night: the away club confirmed the night. */
  awaySignedById: string | null;
  awaySignedAt: Date | null;
  disputedAt: Date | null;
  disputedById: string | null;
  disputeComment: string | null;
  correctedAt: Date | null;
  correctedByRole: string | null;
  correctionReason: string | null;
  /** When the match becomes final by itself (the end of the correction window, or the paper form's hours); null while not complete or once final. */
  finalDueAt: Date | null;
  /** When it became final (resultState CONFIRMED: locked, the official standings count it). */
  finalAt: Date | null;
  /** How it became final; null while not final (or final before this was kept). */
  finalBy?: FinalWay | null;
  /**
   * Seats a table entered that a credit of the rules covers now (a removal, a substitution's
   * violation, a late pair): each comes back exactly as it was, signatures and all, when the
   * credit goes (RULES.md "An undo restores exactly what was there").
   */
  displaced?: DisplacedSeat[];
  /** What the match held before the federation recorded it as not played: back when it reopens the match. */
  beforeNotPlayed?: ResultSnapshot | null;
  teams: Record<Side, StateTeam>;
  /**
   * Read-only facts for Regel 4: per player id (as the teams name them), eligible on the match
   * date by the member lists as they are now. Loaded only when a command makes the match final
   * (the result then asks for it: CommandResult.needsEligibility).
   */
  eligibility?: ReadonlyMap<string, boolean>;
  /** When the match night was opened (table codes handed out): from then on the tables enter the sets, not a club's paper form. */
  nightOpenedAt?: Date | null;
  /** The moment the match begins (its date and start time in the federation's time zone): on the paper path, set 1 has started from then. */
  startsAt?: Date | null;
  /** The supervisor's actions, in the order recorded. */
  actions: StateAction[];
  /** The stored seats, in table-plan order; a seat without an entry is absent. */
  seats: Seat[];
}

/** What was entered for one seat: game by game, or the set totals (home, away). */
export interface ScoreInput {
  games?: readonly GameEntry[];
  totals?: { home: number; away: number };
}

export interface SeatRef {
  setNumber: number;
  tableNumber: number;
}

export type SupervisorRole = 'SUPERVISOR' | 'ADMIN';

/**
 * A pair enters (or replaces) the unsigned score of its set at its table. With `signedBy` the
 * opposing pair already signed it on the device (offline, sent later; issue 16): entry and
 * signature in one. Such a late set is the same set when the seat holds the same score, and a
 * dispute when the seat was signed differently on another device (Regel 15: never overwritten).
 */
export interface TableEnterCommand extends SeatRef, ScoreInput {
  kind: 'TABLE_ENTER';
  enteredBy: Side;
  signedBy?: Side;
}
/** The opposing pair signs the entered score: irrevocable (Regel 15). */
export interface TableSignCommand extends SeatRef {
  kind: 'TABLE_SIGN';
  side: Side;
}
/** The opposing pair refuses to sign, with a comment: a dispute for the supervisor (Regel 35B). */
export interface TableRefuseCommand extends SeatRef {
  kind: 'TABLE_REFUSE';
  side: Side;
  comment: string;
}
/** The supervisor (or administrator) settles a dispute or corrects an impossible signed score, with a reason. */
export interface DecideSetCommand extends SeatRef, ScoreInput {
  kind: 'DECIDE_SET';
  reason: string;
  by: SupervisorRole;
}
/** A club confirms the night; when both have, the result locks. */
export interface ConfirmNightCommand {
  kind: 'CONFIRM_NIGHT';
  side: Side;
  /** The confirming user (stored as homeSignedById / awaySignedById). */
  userId: string | null;
}

/** Who gives a paper command: the user and their role (the entry window depends on it). */
export interface CommandUser {
  userId: string;
  role: EntryRole;
}

/** The paper form, whole (PUT result): replaces every seat a person entered. */
export interface EnterFormCommand {
  kind: 'ENTER_FORM';
  by: CommandUser;
  sets: readonly SeatEntry[];
  reason?: string | null;
}
/** One set of the paper form (PUT sets/:n): replaces the seats a person entered in that set. */
export interface EnterSetCommand {
  kind: 'ENTER_SET';
  by: CommandUser;
  setNumber: number;
  tables: readonly Omit<SeatEntry, 'setNumber'>[];
  reason?: string | null;
}
/** The home team signs the complete form (Regel 15). */
export interface SignFormCommand {
  kind: 'SIGN_FORM';
  by: CommandUser;
  reason?: string | null;
}
/** The away team confirms the signed form: the result locks. */
export interface ConfirmFormCommand {
  kind: 'CONFIRM_FORM';
  by: CommandUser;
  reason?: string | null;
}
/** The away team disagrees, with a comment: back to the home team. */
export interface DisputeFormCommand {
  kind: 'DISPUTE_FORM';
  by: CommandUser;
  comment: string;
}
/** A supervisor or administrator corrects the locked result, with a reason. */
export interface CorrectCommand {
  kind: 'CORRECT';
  by: CommandUser;
  sets: readonly SeatEntry[];
  reason: string;
}

/** A substitution as it happened at the table (Regel 13, 14); the caller checked the members exist. */
export interface SubstituteCommand {
  kind: 'SUBSTITUTE';
  by: CommandUser;
  reason?: string | null;
  side: Side;
  substitution: Omit<StateSubstitution, 'violation' | 'recordedByRole'>;
}
export interface RemoveSubstitutionCommand {
  kind: 'REMOVE_SUBSTITUTION';
  by: CommandUser;
  reason?: string | null;
  id: string;
}
/**
 * A team's line-up was recorded (the caller stores its rows: eligibility needs the member
 * lists); the core brings the credits and the home signature up to date.
 */
export interface SetLineupCommand {
  kind: 'SET_LINEUP';
  by: CommandUser;
  reason?: string | null;
  side: Side;
  lineup: Lineup;
  /** Regel 5D/5E, as the caller decided it from the moment of the first save (absent: unchanged). */
  composedBeforeMatch?: boolean;
  /** Regel 5B/5C: the supervisor records that this pair came late (only its fromSet changes). */
  latePair?: { pairNumber: number };
}
/** Regel 38: the supervisor removes a player from `fromGame` of this set on. */
export interface RemovePlayerCommand {
  kind: 'REMOVE_PLAYER';
  by: CommandUser;
  reason: string;
  id: string;
  setNumber: number;
  tableNumber: number;
  fromGame: number;
  memberId: string;
  /** The player's label (as in the line-ups of the state). */
  playerId: string;
}
/** Regel 22: games played at a wrong table are void. */
export interface VoidWrongTableCommand {
  kind: 'VOID_WRONG_TABLE';
  by: CommandUser;
  reason: string;
  id: string;
  setNumber: number;
  tableNumber: number;
  gameNumbers: readonly number[];
}

/**
 * The scheduled job (or anybody, any time): the match becomes final when its moment came
 * (RULES.md "Finality and authority at the match": the correction window, the paper form's hours).
 */
export interface FinaliseCommand {
  kind: 'FINALISE';
}
/** The supervisor (or administrator) decides the away team's refusal of a paper form, with a reason: the result becomes final. */
export interface DecideFormCommand {
  kind: 'DECIDE_FORM';
  by: CommandUser;
  reason: string;
  /** The form as decided; absent: the form as the home team signed it stands. */
  sets?: readonly SeatEntry[];
}
/** A team leader's remark for the supervisor and the federation (Regel 35B): kept, never reopening anything (the caller stores its row). */
export interface AddRemarkCommand {
  kind: 'ADD_REMARK';
  by: CommandUser;
  text: string;
}

/** The supervisor (or an administrator) withdraws their own Regel 38 removal or Regel 22 void, with a reason, until the match is final. */
export interface WithdrawActionCommand {
  kind: 'WITHDRAW_ACTION';
  by: CommandUser;
  reason: string;
  id: string;
}

/** The federation moves a match without a result to another date (and start time), with a reason. */
export interface MoveCommand {
  kind: 'MOVE';
  by: CommandUser;
  date: IsoDate;
  startTime: string;
  reason: string;
}
/** The federation turns home and away round for a match without a result, with a reason. */
export interface SwapSidesCommand {
  kind: 'SWAP_SIDES';
  by: CommandUser;
  reason: string;
}
export type NotPlayedStatus = 'NOT_PLAYED' | 'FORFEIT' | 'CANCELLED';
/**
 * The federation records the match as not played (Regel 6–9), with a reason: the outcome as
 * domain/match/not-played.ts computed it (the credited sets and the totals); final at once.
 */
export interface RecordNotPlayedCommand {
  kind: 'RECORD_NOT_PLAYED';
  by: CommandUser;
  reason: string;
  status: NotPlayedStatus;
  seats: readonly (SetResult & { source: SeatSource })[];
  homePoints: number;
  awayPoints: number;
}
/** The federation undoes a record of the match as not played: back to a fixture without result. */
export interface ReopenCommand {
  kind: 'REOPEN';
  by: CommandUser;
  reason: string;
}
/** A whole team was late (Regel 11), or that record is withdrawn: the supervisor (from the match day on) or the federation, with a reason; no score changes. */
export interface TeamLateCommand {
  kind: 'RECORD_TEAM_LATE' | 'WITHDRAW_TEAM_LATE';
  by: CommandUser;
  reason: string;
  side: Side;
}
export type FixtureCommand = MoveCommand | SwapSidesCommand | RecordNotPlayedCommand | ReopenCommand | TeamLateCommand;
/**
 * The commands after which the writer reads the match again: the fixture or the record
 * changed rows the state does not carry (the teams, the move history, deductions). After
 * any other command the writer builds the row from the state (and a builder's own rows).
 */
export const RELOAD_COMMANDS: readonly MatchCommandKind[] = Object.freeze(['MOVE', 'SWAP_SIDES', 'RECORD_NOT_PLAYED', 'REOPEN']);

export type FactsCommand = SubstituteCommand | RemoveSubstitutionCommand | SetLineupCommand | RemovePlayerCommand | VoidWrongTableCommand | WithdrawActionCommand;
/** The commands that change who played (line-ups, substitutions, supervisor's actions). */
export const FACTS_COMMANDS: readonly MatchCommandKind[] = Object.freeze(['SUBSTITUTE', 'REMOVE_SUBSTITUTION', 'SET_LINEUP', 'REMOVE_PLAYER', 'VOID_WRONG_TABLE', 'WITHDRAW_ACTION']);

export type TableCommand = TableEnterCommand | TableSignCommand | TableRefuseCommand | DecideSetCommand | ConfirmNightCommand;
export type PaperCommand = EnterFormCommand | EnterSetCommand | SignFormCommand | ConfirmFormCommand | DisputeFormCommand | DecideFormCommand | CorrectCommand;
export type MatchCommand = TableCommand | PaperCommand | FactsCommand | FinaliseCommand | AddRemarkCommand | FixtureCommand;
export type MatchCommandKind = MatchCommand['kind'];

export type MatchEventKind =
  | 'SET_ENTERED'
  | 'SET_SIGNED'
  | 'SET_DISPUTED'
  | 'SET_DECIDED'
  | 'SEAT_CREDITED'
  /** A table's own entry came back when the credit that covered it went (an undo). */
  | 'SEAT_RESTORED'
  /** A signed seat changed: a correction (the table is told). */
  | 'SEAT_CORRECTED'
  | 'NIGHT_CONFIRMED'
  | 'MATCH_CONFIRMED'
  | 'RESULT_ENTERED'
  | 'RESULT_SIGNED'
  | 'RESULT_DISPUTED'
  | 'RESULT_CORRECTED'
  | 'FACTS_CHANGED'
  | 'MATCH_MOVED'
  | 'SIDES_SWAPPED'
  | 'RECORDED_NOT_PLAYED'
  | 'MATCH_REOPENED'
  | 'TEAM_LATE_CHANGED';

export interface MatchEvent {
  kind: MatchEventKind;
  setNumber?: number;
  tableNumber?: number;
  side?: Side;
}

/** CONFLICT: the match's state does not allow it (409); INVALID: the input is wrong (400); RULE: a rule forbids it (422). */
export type ProblemKind = 'CONFLICT' | 'INVALID' | 'RULE';

export interface Problem {
  code: string;
  kind: ProblemKind;
  /** Dutch, for people. */
  message: string;
  field?: string;
  /** The code of this detail in the error envelope, when it has its own (e.g. REQUIRED). */
  detailCode?: string;
  /** On the first problem: the envelope's message when there are several (default: the first message). */
  summary?: string;
}

export interface CommandResult {
  state: MatchState;
  events: MatchEvent[];
  /** Empty when applied; otherwise `state` is the state given, unchanged. */
  problems: Problem[];
  /**
   * What the final result brings with it (Regel 4, 5D/5E, 11: final-consequences.ts), when the
   * command made the match final or changed who played in a final match, and the state carried
   * the players' eligibility; otherwise null.
   */
  consequences: FinalConsequences | null;
  /** The consequences are due but the state carried no eligibility: apply the command again to the same state with `eligibility` (read-only facts). */
  needsEligibility: boolean;
}

export type CoreSettings = Pick<
  CompetitionSettings,
  'pairsPerTeam' | 'gamesPerSet' | 'missingSetPoints' | 'maxSubstitutions' | 'substitutionsFromSet' | 'correctionWindowMinutes' | 'paperConfirmHours' | 'ineligiblePlayerDeduction' | 'pointsWin' | 'pointsDraw' | 'pointsLoss'
>;

const NOT_PLAYED_LABELS: Partial<Record<MatchStatusValue, string>> = {
  NOT_PLAYED: 'gespeeld zonder tafelscherm (Regel 6)',
  FORFEIT: 'reglementair verloren (Regel 7)',
  CANCELLED: 'afgelast door de bond (Regel 8)',
};
const SIDE_WORDS: Record<Side, string> = { HOME: 'thuiskoppel', AWAY: 'uitkoppel' };

const problem = (code: string, kind: ProblemKind, message: string, field?: string, detailCode?: string): Problem => ({
  code,
  kind,
  message,
  ...(field ? { field } : {}),
  ...(detailCode ? { detailCode } : {}),
});

/** The seat's state at the table, as the table and the console show it. */
export type SeatPhase = 'WAITING' | 'ENTERED' | 'SIGNED' | 'DISPUTED' | 'CREDITED';

export function seatPhase(seat: Seat | undefined): SeatPhase {
  if (!seat) return 'WAITING';
  if (!PLAYED_SOURCES.includes(seat.source)) return 'CREDITED';
  if (seat.refusedAt) return 'DISPUTED';
  if (seat.signedAt || seat.decidedAt) return 'SIGNED';
  return 'ENTERED';
}

/** Signed by the opposing pair, or decided by the supervisor: nobody at the table changes it any more. */
export function isSeatSigned(seat: Seat): boolean {
  return seat.signedAt !== null || seat.decidedAt !== null;
}

function findSeat(state: MatchState, ref: SeatRef): Seat | undefined {
  return state.seats.find((s) => s.setNumber === ref.setNumber && s.tableNumber === ref.tableNumber);
}

function bySeat(a: SeatRef, b: SeatRef): number {
  return a.setNumber - b.setNumber || a.tableNumber - b.tableNumber;
}

/** A seat scored by the rules (no table fields). */
function blankSeat(result: SetResult, source: SeatSource): Seat {
  return {
    ...result,
    source,
    games: [],
    enteredBySide: null,
    enteredAt: null,
    signedBySide: null,
    signedAt: null,
    refusedBySide: null,
    refusedAt: null,
    refusalComment: null,
    decidedAt: null,
    decisionReason: null,
  };
}

/** The domain's game from a stored one. */
export function gameOf(g: Pick<StoredGame, 'winner' | 'kind' | 'points' | 'penaltyRule'>): Game {
  return g.kind === 'PENALTY'
    ? { kind: 'PENALTY', winner: g.winner, rule: g.penaltyRule as Extract<Game, { kind: 'PENALTY' }>['rule'], points: g.points }
    : { kind: g.kind as Exclude<GameKind, 'PENALTY'>, winner: g.winner };
}

function storedGames(games: readonly Game[]): StoredGame[] {
  return games.map((g, i) => ({ gameNumber: i + 1, winner: g.winner, kind: g.kind, points: gamePoints(g).points, penaltyRule: g.kind === 'PENALTY' ? g.rule : null }));
}

function teamFactsOf(state: MatchState): Record<Side, TeamFacts> {
  return { HOME: state.teams.HOME, AWAY: state.teams.AWAY };
}

/**
 * The seats the rules score, brought up to date with the line-ups, substitutions and
 * removals (Regel 5B/5C/12A, 14, 38): a credited seat replaces whatever a person entered
 * there, a credit that no longer applies goes, each substitution's violation is recorded,
 * and a seat where a removed player's pair lost the later games is completed 2–0 (an entry
 * of set totals cannot be split and goes). Matches that were not played keep their seats.
 */
export function settleCredits(state: MatchState, settings: CoreSettings, before: Pick<MatchState, 'teams'> = state): { state: MatchState; events: MatchEvent[] } {
  if (state.status !== 'SCHEDULED' && state.status !== 'PLAYED') return { state, events: [] };
  const { credited, checks, partial } = matchCredits(teamFactsOf(state), settings);
  const teams = { ...state.teams };
  for (const side of SIDES) {
    const subs = state.teams[side].substitutions.map((s, i) => {
      const check = checks[side][i];
      let violation = check.legal ? null : check.reasons.join(' ');
      // Regel 4 once seen stays seen (RULES.md): a line-up saved afterwards with the player among the reserves does not undo it.
      if (isRegel4Violation(s.violation) && !isRegel4Violation(violation)) violation = [s.violation, violation].filter(Boolean).join(' ');
      return s.violation === violation ? s : { ...s, violation };
    });
    teams[side] = { ...state.teams[side], substitutions: subs };
  }
  const wanted = new Map(credited.map((c) => [seatKey(c.setNumber, c.tableNumber), c]));
  const same = (seat: Seat) => {
    const credit = wanted.get(seatKey(seat.setNumber, seat.tableNumber));
    return credit !== undefined && credit.source === seat.source && credit.homePoints === seat.homePoints && credit.awayPoints === seat.awayPoints;
  };
  // A table's entry a credit covers is kept aside, with who sat there when it was played, and
  // comes back as it was when the credit goes while the same players sit there (an undo); when
  // others sit there now (Regel 38A: a substitute came in), the set is played again.
  const displaced = new Map((state.displaced ?? []).map((seat) => [seatKey(seat.setNumber, seat.tableNumber), seat]));
  let seats = state.seats.filter((seat) => {
    if (RULE_CREDIT_SOURCES.includes(seat.source)) return same(seat);
    if (!PLAYED_SOURCES.includes(seat.source)) return true;
    const key = seatKey(seat.setNumber, seat.tableNumber);
    if (!wanted.has(key)) return true;
    displaced.set(key, { ...seat, seating: seatSeating(before.teams, seat) });
    return false;
  });
  const taken = new Set(seats.map((s) => seatKey(s.setNumber, s.tableNumber)));
  const added = credited.filter((c) => !taken.has(seatKey(c.setNumber, c.tableNumber)));
  seats = [...seats, ...added.map(({ source, ...result }) => blankSeat(result, source))];
  const restored: Seat[] = [];
  for (const [key, { seating, ...seat }] of displaced) {
    if (wanted.has(key)) continue;
    displaced.delete(key);
    if (!taken.has(key) && seating === seatSeating(teams, seat)) restored.push(seat);
  }
  seats = [...seats, ...restored];
  for (const loss of partial) {
    const seat = seats.find((s) => s.setNumber === loss.setNumber && s.tableNumber === loss.tableNumber && PLAYED_SOURCES.includes(s.source));
    if (!seat) continue;
    const completed = seat.source === 'TOTALS' ? null : removalGames(seat.games.map(gameOf), loss, settings.gamesPerSet);
    if (completed === null || 'error' in completed) {
      seats = seats.filter((s) => s !== seat);
      continue;
    }
    const games = storedGames(completed.games);
    if (JSON.stringify(games) === JSON.stringify(seat.games)) continue;
    seats = seats.map((s) => (s === seat ? { ...seat, games, ...setTotalsFromGames(completed.games) } : s));
  }
  seats.sort(bySeat);
  const events = [
    ...added.map((c): MatchEvent => ({ kind: 'SEAT_CREDITED', setNumber: c.setNumber, tableNumber: c.tableNumber })),
    ...restored.map((c): MatchEvent => ({ kind: 'SEAT_RESTORED', setNumber: c.setNumber, tableNumber: c.tableNumber })),
  ];
  const kept = [...displaced.values()].sort(bySeat);
  const unchanged = kept.length === (state.displaced ?? []).length && kept.every((seat, i) => seat === state.displaced![i]);
  return { state: { ...state, teams, seats, ...(unchanged ? {} : { displaced: kept }) }, events };
}

/** Who sat at a seat (both pairs, after the substitutions up to its set): whether a kept entry still belongs there. */
function seatSeating(teams: Record<Side, Pick<StateTeam, 'lineup' | 'substitutions'>>, seat: Pick<Seat, 'setNumber' | 'homePairNumber' | 'awayPairNumber'>): string {
  const pair = (side: Side, pairNumber: number) => {
    const { lineup, substitutions } = teams[side];
    const found = lineup?.pairs.find((p) => p.pairNumber === pairNumber && (p.fromSet ?? 1) <= seat.setNumber);
    if (!found) return null;
    let players = [...found.players];
    for (const sub of substitutions) if (sub.pairNumber === pairNumber && sub.setNumber <= seat.setNumber) players = players.map((id) => (id === sub.outPlayerId ? sub.inPlayerId : id));
    return players.sort();
  };
  return JSON.stringify([pair('HOME', seat.homePairNumber), pair('AWAY', seat.awayPairNumber)]);
}

/** Every seat of the table plan has a score. */
export function seatsComplete(state: Pick<MatchState, 'seats'>, settings: Pick<CoreSettings, 'pairsPerTeam'>): boolean {
  const have = new Set(state.seats.map((s) => seatKey(s.setNumber, s.tableNumber)));
  return tablePlan(settings.pairsPerTeam).every((s) => have.has(seatKey(s.setNumber, s.tableNumber)));
}

/** The scores of the seats (not who entered or signed them): what a signature or a confirmation stands for. */
function seatScores(state: Pick<MatchState, 'seats'>): string {
  return JSON.stringify(state.seats.map((s) => [s.setNumber, s.tableNumber, s.source, s.homePoints, s.awayPoints, s.games]));
}

/**
 * After every command: the credits, and the cached totals (null while there is no
 * result). A signature or a club's confirmation stands for complete, unchanged scores:
 * both lapse when the credits change a seat or a seat is emptied before the result is locked.
 */
function finish(state: MatchState, settings: CoreSettings, now: Date, before: Pick<MatchState, 'teams'> = state): { state: MatchState; events: MatchEvent[] } {
  // A match recorded as not played keeps the totals its record gave (Regel 8: from averages, without sets).
  if (NOT_PLAYED_LABELS[state.status]) return { state, events: [] };
  const settled = settleCredits(state, settings, before);
  let next = settled.state;
  const none = next.resultState === 'NONE';
  const totals = matchTotals(next.seats);
  next = { ...next, homePoints: none ? null : totals.homePoints, awayPoints: none ? null : totals.awayPoints };
  if (!seatsComplete(next, settings) || seatScores(state) !== seatScores(next)) next = lapseConfirmations(next);
  const due = finalDueAt(next, settings, now);
  if (due?.getTime() !== next.finalDueAt?.getTime()) next = { ...next, finalDueAt: due };
  return { state: next, events: settled.events };
}

// ---------------------------------------------------------------------------------------------
// Finality (RULES.md "Finality and authority at the match"): complete → final at the end of the
// correction window, or earlier on both team leaders' confirmation; a paper form not confirmed
// within its hours after the home signature becomes final by itself.

const MINUTE = 60_000;

/** Every seat signed, decided or credited, no refusal waiting for the supervisor and both line-ups there. */
export function tableComplete(state: MatchState, settings: Pick<CoreSettings, 'pairsPerTeam'>): boolean {
  return nightProblems(state, settings).length === 0;
}

/**
 * When a match that is not final yet becomes final by itself, or null: a table-played match
 * `correctionWindowMinutes` after it became complete (the moment stays while it stays
 * complete; it starts again when it completes again); a paper form `paperConfirmHours`
 * after the home signature while the away team neither confirmed nor refused it.
 */
export function finalDueAt(state: MatchState, settings: Pick<CoreSettings, 'pairsPerTeam' | 'correctionWindowMinutes' | 'paperConfirmHours'>, now: Date): Date | null {
  if (state.resultState !== 'ENTERED' || state.status !== 'PLAYED') return null;
  if (tableComplete(state, settings)) return state.finalDueAt ?? new Date(now.getTime() + settings.correctionWindowMinutes * MINUTE);
  // A table-played match has no paper clock: it is signed at the tables (RULES.md, revised 2026-12-06).
  if (playedAtTables(state)) return null;
  const waiting = state.seats.some((s) => seatPhase(s) === 'DISPUTED');
  if (state.homeSignedAt && !state.disputedAt && !waiting && seatsComplete(state, settings)) {
    return new Date(state.homeSignedAt.getTime() + settings.paperConfirmHours * 60 * MINUTE);
  }
  return null;
}

/**
 * The one place a match becomes final: locked, and the official standings count it
 * (MATCH_CONFIRMED, the live pages' event; the writer brings Regel 4 and the fines into
 * effect on it).
 */
export function becomeFinal(state: MatchState, now: Date, finalBy: FinalWay): { state: MatchState; events: MatchEvent[] } {
  const next: MatchState = { ...state, status: 'PLAYED', resultState: 'CONFIRMED', finalAt: now, finalBy, finalDueAt: null, disputedAt: null, disputedById: null, disputeComment: null };
  return { state: next, events: [{ kind: 'MATCH_CONFIRMED' }] };
}

const clockTime = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit' });

const dayOf = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', weekday: 'long', day: 'numeric', month: 'long' });
/** Beyond this, "om 11:12" alone would read as today: the day is named too (a paper form's 48 hours). */
const NAME_THE_DAY_AFTER_MS = 12 * 60 * 60_000;

/**
 * "definitief om 22:41" / "wordt definitief om 22:41" (the federation's clock), or null while
 * neither; a moment more than 12 hours ahead names its day: "wordt definitief op dinsdag 1
 * december om 11:12".
 */
export function finalityText(match: Pick<MatchState, 'resultState' | 'finalAt' | 'finalDueAt'>, now: Date = new Date()): string | null {
  if (match.resultState === 'CONFIRMED') return match.finalAt ? `definitief om ${clockTime.format(match.finalAt)}` : 'definitief';
  if (match.finalDueAt) {
    const far = match.finalDueAt.getTime() - now.getTime() > NAME_THE_DAY_AFTER_MS;
    return `wordt definitief ${far ? `op ${dayOf.format(match.finalDueAt)} ` : ''}om ${clockTime.format(match.finalDueAt)}`;
  }
  return null;
}

/** RULES.md "Say how it became final": the words for each way, the same on every screen, print and mail. */
export const FINAL_WAY_WORDS: Readonly<Record<FinalWay, string>> = Object.freeze({
  BOTH_CONFIRMED: 'bevestigd door beide teams',
  CORRECTION_WINDOW: 'definitief na het correctievenster',
  PAPER_HOURS: 'definitief na 48 uur',
  SUPERVISOR_DECISION: 'definitief na beslissing van de wedstrijdleider',
  FEDERATION: 'definitief gemaakt door de bond',
});

export type FinalityFacts = Pick<MatchState, 'status' | 'resultState' | 'finalAt' | 'finalDueAt' | 'homeSignedAt' | 'correctedAt' | 'correctedByRole'> & {
  finalBy?: string | null;
  nightOpenedAt?: Date | null;
};

/**
 * How the match stands on its way to final, in the words of RULES.md ("Say how it became
 * final"): "bevestigd door beide teams", "definitief na het correctievenster", "definitief na
 * 48 uur", "definitief na beslissing van de wedstrijdleider", "gecorrigeerd door de bond" once
 * final; "compleet, wordt definitief om 22:41" in the correction window; "ondertekend door de
 * thuisploeg, wordt definitief op dinsdag 1 december om 11:12" for a signed paper form; null
 * while neither (nobody is told a confirmation is needed when it is not).
 */
export function finalityWords(match: FinalityFacts, now: Date = new Date(), paperHours = 48): string | null {
  if (match.resultState === 'CONFIRMED') {
    if (NOT_PLAYED_LABELS[match.status]) return 'vastgesteld door de bond';
    const correctedAfter = match.correctedAt && match.finalAt && match.correctedAt.getTime() > match.finalAt.getTime();
    if (correctedAfter) return match.correctedByRole === 'ADMIN' ? 'gecorrigeerd door de bond' : 'gecorrigeerd door de wedstrijdleider';
    const way = FINAL_WAYS.find((w) => w === match.finalBy);
    if (!way) return 'definitief';
    return way === 'PAPER_HOURS' ? `definitief na ${paperHours} uur` : FINAL_WAY_WORDS[way];
  }
  if (!match.finalDueAt) return null;
  const when = (finalityText({ resultState: 'ENTERED', finalAt: null, finalDueAt: match.finalDueAt }, now) ?? '').replace(/^wordt definitief /, '');
  return match.homeSignedAt && !match.nightOpenedAt ? `ondertekend door de thuisploeg, wordt definitief ${when}` : `compleet, wordt definitief ${when}`;
}

function finalise(state: MatchState, settings: CoreSettings, now: Date): Transition {
  const open = openProblems(state);
  if (open.length) return { problems: open };
  const due = finalDueAt(state, settings, now);
  if (due === null) return { problems: [problem('NOT_COMPLETE', 'CONFLICT', 'Deze wedstrijd is nog niet volledig (of wacht op de wedstrijdleider); hij wordt nog niet definitief.')] };
  if (due.getTime() > now.getTime()) return { problems: [problem('NOT_DUE', 'CONFLICT', `Deze wedstrijd ${finalityText({ resultState: 'ENTERED', finalAt: null, finalDueAt: due }, now)}.`)] };
  return becomeFinal(state, now, tableComplete(state, settings) ? 'CORRECTION_WINDOW' : 'PAPER_HOURS');
}

function addRemark(state: MatchState, cmd: AddRemarkCommand): Transition {
  const text = cmd.text?.trim() ?? '';
  if (!text) return { problems: [problem('VALIDATION_FAILED', 'INVALID', 'Schrijf de opmerking voor de wedstrijdleider en de bond.', 'text', 'REQUIRED')] };
  const label = NOT_PLAYED_LABELS[state.status];
  if (label) return { problems: [problem('MATCH_NOT_PLAYED', 'CONFLICT', `Deze wedstrijd is vastgelegd als ${label}; een opmerking hoort bij een gespeelde wedstrijd.`)] };
  // Kept (the caller stores it) and shown to the supervisor and the federation: the match itself does not change.
  return { state, events: [] };
}

function openProblems(state: MatchState): Problem[] {
  const notPlayed = notPlayedProblems(state);
  if (notPlayed.length) return notPlayed;
  if (state.resultState === 'CONFIRMED') return [problem('RESULT_LOCKED', 'CONFLICT', LOCKED_MESSAGE)];
  return [];
}

/** A match recorded as not played takes no facts of play (the federation reopens it first). */
function notPlayedProblems(state: MatchState): Problem[] {
  const label = NOT_PLAYED_LABELS[state.status];
  return label ? [problem('MATCH_NOT_PLAYED', 'CONFLICT', `Deze wedstrijd is vastgelegd als ${label}; de bondsbeheerder kan dat eerst terugdraaien.`)] : [];
}

function seatProblems(ref: SeatRef, settings: CoreSettings): Problem[] {
  const n = settings.pairsPerTeam;
  if (positions(n).includes(ref.setNumber) && positions(n).includes(ref.tableNumber)) return [];
  return [problem('SEAT_NOT_IN_PLAN', 'INVALID', `${setTableLabel(ref.setNumber, ref.tableNumber)} bestaat niet: een wedstrijd heeft ${n} sets aan ${n} tafels.`, 'setNumber')];
}

function creditedProblem(seat: Seat): Problem {
  return problem(
    'SEAT_CREDITED',
    'RULE',
    `${setTableLabel(seat.setNumber, seat.tableNumber)} is door de regels bepaald (${seat.homePoints}–${seat.awayPoints}); hier wordt geen uitslag ingevoerd of ondertekend.`,
  );
}

/**
 * The score typed for one seat as the seat to store (validated by the same rules as the
 * paper form: every game, or a possible set score; Regel 38 completes a removal set), or
 * the problems.
 */
function scoredSeat(state: MatchState, ref: SeatRef, input: ScoreInput, settings: CoreSettings): { seat: Seat } | { problems: Problem[] } {
  const { credited, partial } = matchCredits(teamFactsOf(state), settings);
  const credit = credited.find((c) => c.setNumber === ref.setNumber && c.tableNumber === ref.tableNumber);
  if (credit) return { problems: [creditedProblem(blankSeat(credit, credit.source))] };
  const entry = { ...ref, games: input.games, homePoints: input.totals?.home, awayPoints: input.totals?.away };
  const { seats, errors } = parseSeatEntries([entry], settings, credited, () => (input.games ? 'games' : 'totals'), partial);
  if (errors.length) return { problems: errors.map((e) => problem('INVALID_SCORE', 'INVALID', e.message, e.field)) };
  const { games, source, ...result } = seats[0];
  return { seat: { ...blankSeat(result, source), games } };
}

function replaceSeat(state: MatchState, seat: Seat): MatchState {
  const others = state.seats.filter((s) => s.setNumber !== seat.setNumber || s.tableNumber !== seat.tableNumber);
  return { ...state, seats: [...others, seat].sort(bySeat) };
}

/** A changed score lapses both clubs' confirmations (nobody confirms what changed after). */
function lapseConfirmations(state: MatchState): MatchState {
  if (state.resultState === 'CONFIRMED') return state;
  return { ...state, homeSignedAt: null, homeSignedById: null, awaySignedAt: null, awaySignedById: null };
}

function entered(state: MatchState, now: Date): MatchState {
  if (state.resultState !== 'NONE') return { ...state, status: 'PLAYED' };
  return { ...state, status: 'PLAYED', resultState: 'ENTERED', enteredAt: now };
}

type Transition = { state: MatchState; events: MatchEvent[] } | { problems: Problem[] };

const scoreText = (seat: Pick<Seat, 'homePoints' | 'awayPoints'>) => `${seat.homePoints}–${seat.awayPoints}`;

function tableEnter(state: MatchState, cmd: TableEnterCommand, settings: CoreSettings, now: Date): Transition {
  const where = setTableLabel(cmd.setNumber, cmd.tableNumber);
  const current = findSeat(state, cmd);
  // A late copy of what the pairs signed or disputed (a second phone, an outbox sending again):
  // the same set, nothing changes and nothing is refused, not even after the result locked.
  // (After the supervisor's decision the table enters nothing, the same score included.)
  const settled = current !== undefined && PLAYED_SOURCES.includes(current.source) && current.decidedAt === null && (current.signedAt !== null || current.refusedAt !== null);
  if (settled && seatProblems(cmd, settings).length === 0) {
    const copy = scoredSeat(state, cmd, cmd, settings);
    if (!('problems' in copy) && sameScore(current, copy.seat)) return { state, events: [] };
  }
  const refused = [...openProblems(state), ...seatProblems(cmd, settings)];
  if (refused.length) return { problems: refused };
  if (cmd.signedBy !== undefined && cmd.signedBy === cmd.enteredBy) {
    return {
      problems: [
        problem('SIGN_OWN_ENTRY', 'RULE', `Het ${SIDE_WORDS[cmd.enteredBy]} heeft ${where.toLowerCase()} ingevoerd; het ${SIDE_WORDS[opponentOf(cmd.enteredBy)]} tekent (of weigert) (Regel 15).`, 'signedBy'),
      ],
    };
  }
  if (current && !PLAYED_SOURCES.includes(current.source)) return { problems: [creditedProblem(current)] };
  const scored = scoredSeat(state, cmd, cmd, settings);
  if ('problems' in scored) return scored;
  const event = (kind: MatchEventKind, side?: Side): MatchEvent => ({ kind, setNumber: cmd.setNumber, tableNumber: cmd.tableNumber, ...(side ? { side } : {}) });
  // Signed differently on another device before this signed set arrived: a dispute for the
  // supervisor, naming both scores (the late one is also kept in the command log), never an overwrite.
  const late = `${scoreText(scored.seat)} (ingevoerd door het ${SIDE_WORDS[cmd.enteredBy]}, ondertekend door het ${SIDE_WORDS[cmd.signedBy ?? opponentOf(cmd.enteredBy)]})`;
  if (current?.refusedAt) {
    if (cmd.signedBy === undefined) return { problems: [problem('SET_DISPUTED', 'CONFLICT', `${where} is betwist; de wedstrijdleider beslist over de stand (Regel 35B).`)] };
    // Already a dispute: the late signed score is added to what the supervisor reads (once).
    const line = `Ook ondertekend op een ander toestel: ${late}.`;
    if (current.refusalComment?.includes(late)) return { state, events: [] };
    const next = replaceSeat(state, { ...current, refusalComment: [current.refusalComment, line].filter(Boolean).join(' ') });
    return { state: next, events: [event('SET_DISPUTED', cmd.signedBy)] };
  }
  if (current && isSeatSigned(current)) {
    if (cmd.signedBy === undefined || current.decidedAt !== null) {
      return { problems: [problem('SET_ALREADY_SIGNED', 'CONFLICT', `${where} is al ondertekend en staat vast (Regel 15); alleen de wedstrijdleider kan een onmogelijke stand nog corrigeren.`)] };
    }
    const first = `${scoreText(current)}${current.enteredBySide && current.signedBySide ? ` (ingevoerd door het ${SIDE_WORDS[current.enteredBySide]}, ondertekend door het ${SIDE_WORDS[current.signedBySide]})` : ''}`;
    const comment = `${where} is op twee toestellen verschillend ondertekend: eerst ${first}, later ${late}. De wedstrijdleider beslist welke stand geldt (Regel 15, 35B).`;
    const next = replaceSeat(state, { ...current, refusedBySide: cmd.signedBy, refusedAt: now, refusalComment: comment });
    return { state: next, events: [event('SET_DISPUTED', cmd.signedBy)] };
  }
  const signature = cmd.signedBy === undefined ? {} : { signedBySide: cmd.signedBy, signedAt: now };
  const seat: Seat = { ...scored.seat, enteredBySide: cmd.enteredBy, enteredAt: now, ...signature };
  const next = lapseConfirmations(entered(replaceSeat(state, seat), now));
  return { state: next, events: [event('SET_ENTERED', cmd.enteredBy), ...(cmd.signedBy ? [event('SET_SIGNED', cmd.signedBy)] : [])] };
}

/** The checks signing and refusing share: an entered, unsigned, undisputed set, answered by the opposing pair. */
function answerable(state: MatchState, cmd: TableSignCommand | TableRefuseCommand, settings: CoreSettings): { seat: Seat } | { problems: Problem[] } {
  const refused = [...openProblems(state), ...seatProblems(cmd, settings)];
  if (refused.length) return { problems: refused };
  const where = setTableLabel(cmd.setNumber, cmd.tableNumber);
  const seat = findSeat(state, cmd);
  if (seat && !PLAYED_SOURCES.includes(seat.source)) return { problems: [creditedProblem(seat)] };
  if (!seat || seat.enteredBySide === null) {
    return { problems: [problem('SET_NOT_ENTERED', 'CONFLICT', `${where} is nog niet aan tafel ingevoerd; er is niets om te ondertekenen.`)] };
  }
  if (isSeatSigned(seat)) return { problems: [problem('SET_ALREADY_SIGNED', 'CONFLICT', `${where} is al ondertekend en staat vast (Regel 15).`)] };
  if (seat.refusedAt) return { problems: [problem('SET_DISPUTED', 'CONFLICT', `${where} is betwist; de wedstrijdleider beslist over de stand (Regel 35B).`)] };
  if (cmd.side === seat.enteredBySide) {
    return {
      problems: [
        problem(
          'SIGN_OWN_ENTRY',
          'RULE',
          `Het ${SIDE_WORDS[seat.enteredBySide]} heeft ${where.toLowerCase()} ingevoerd; het ${SIDE_WORDS[opponentOf(seat.enteredBySide)]} tekent (of weigert) (Regel 15).`,
          'side',
        ),
      ],
    };
  }
  return { seat };
}

function tableSign(state: MatchState, cmd: TableSignCommand, settings: CoreSettings, now: Date): Transition {
  const found = answerable(state, cmd, settings);
  if ('problems' in found) return found;
  const next = replaceSeat(state, { ...found.seat, signedBySide: cmd.side, signedAt: now });
  return { state: next, events: [{ kind: 'SET_SIGNED', setNumber: cmd.setNumber, tableNumber: cmd.tableNumber, side: cmd.side }] };
}

function tableRefuse(state: MatchState, cmd: TableRefuseCommand, settings: CoreSettings, now: Date): Transition {
  const comment = cmd.comment?.trim() ?? '';
  if (!comment) return { problems: [problem('COMMENT_REQUIRED', 'INVALID', 'Schrijf erbij wat er volgens u niet klopt; de wedstrijdleider beslist (Regel 35B).', 'comment')] };
  const found = answerable(state, cmd, settings);
  if ('problems' in found) return found;
  const next = replaceSeat(state, { ...found.seat, refusedBySide: cmd.side, refusedAt: now, refusalComment: comment });
  return { state: next, events: [{ kind: 'SET_DISPUTED', setNumber: cmd.setNumber, tableNumber: cmd.tableNumber, side: cmd.side }] };
}

function decideSet(state: MatchState, cmd: DecideSetCommand, settings: CoreSettings, now: Date): Transition {
  const reason = cmd.reason?.trim() ?? '';
  if (!reason) return { problems: [problem('REASON_REQUIRED', 'INVALID', 'Geef een reden voor deze beslissing; beide koppels zien hem aan tafel.', 'reason')] };
  const label = NOT_PLAYED_LABELS[state.status];
  if (label) return { problems: [problem('MATCH_NOT_PLAYED', 'CONFLICT', `Deze wedstrijd is vastgelegd als ${label}; de bondsbeheerder kan dat eerst terugdraaien.`)] };
  const seatErrors = seatProblems(cmd, settings);
  if (seatErrors.length) return { problems: seatErrors };
  const current = findSeat(state, cmd);
  if (current && !PLAYED_SOURCES.includes(current.source)) return { problems: [creditedProblem(current)] };
  const replaces = cmd.games !== undefined || cmd.totals !== undefined;
  // What the decision does depends on the seat (each table enters and signs its own part of the
  // set): giving a score where the table entered none or is still at it is entering (the
  // table's); a decision without a score on an entry nobody refused is signing (the table's);
  // deciding a refusal is the supervisor's; changing a signed score is a correction; once final
  // only the federation corrects (the authority table).
  const signedAtTable = current !== undefined && current.refusedAt === null && isSeatSigned(current);
  const [phase, act]: [AuthorityPhase, Act] =
    state.resultState === 'CONFIRMED'
      ? ['FINAL', 'CHANGE_SIGNED_SCORE']
      : !current
        ? ['BEFORE_SET', replaces ? 'ENTER_SCORE' : 'DECIDE_REFUSAL']
        : current.refusedAt !== null
          ? ['DURING_SET', 'DECIDE_REFUSAL']
          : signedAtTable
            ? ['AFTER_SIGNATURE', 'CHANGE_SIGNED_SCORE']
            : ['DURING_SET', replaces ? 'ENTER_SCORE' : 'SIGN_OR_REFUSE'];
  const denied = authorityProblems(authority(cmd.by, phase, act), reason);
  if (denied.length) return { problems: denied };
  if (!replaces && !current) {
    return { problems: [problem('SET_NOT_ENTERED', 'INVALID', `${setTableLabel(cmd.setNumber, cmd.tableNumber)} heeft nog geen stand: vul de partijen of de setstand in.`, 'games')] };
  }
  let seat: Seat = current!;
  if (replaces) {
    const scored = scoredSeat(state, cmd, cmd, settings);
    if ('problems' in scored) return scored;
    seat = { ...scored.seat, enteredBySide: current?.enteredBySide ?? null, enteredAt: current?.enteredAt ?? null, signedBySide: current?.signedBySide ?? null, signedAt: current?.signedAt ?? null };
  }
  seat = { ...seat, refusedBySide: null, refusedAt: null, refusalComment: null, decidedAt: now, decisionReason: reason };
  let next = replaceSeat(state, seat);
  const changed = !current || current.homePoints !== seat.homePoints || current.awayPoints !== seat.awayPoints || JSON.stringify(current.games) !== JSON.stringify(seat.games);
  if (state.resultState === 'CONFIRMED') {
    if (changed) next = { ...next, correctedAt: now, correctedByRole: cmd.by, correctionReason: reason };
  } else {
    if (changed && signedAtTable) next = corrected(next, cmd.by, reason, now);
    next = entered(changed ? lapseConfirmations(next) : next, now);
  }
  return { state: next, events: [{ kind: 'SET_DECIDED', setNumber: cmd.setNumber, tableNumber: cmd.tableNumber }] };
}

/** Why the night cannot be confirmed yet: seats without a score or a signature, open disputes, missing line-ups. */
export function nightProblems(state: MatchState, settings: Pick<CoreSettings, 'pairsPerTeam'>): string[] {
  const missing = SIDES.filter((side) => state.teams[side].lineup === null).map((side) => `De spelerslijst van de ${side === 'HOME' ? 'thuisploeg' : 'uitploeg'} ontbreekt nog (Regel 5).`);
  const seats = new Map(state.seats.map((s) => [seatKey(s.setNumber, s.tableNumber), s]));
  const open = tablePlan(settings.pairsPerTeam).flatMap((ref) => {
    const phase = seatPhase(seats.get(seatKey(ref.setNumber, ref.tableNumber)));
    const where = setTableLabel(ref.setNumber, ref.tableNumber);
    if (phase === 'WAITING') return [`${where}: nog niet ingevoerd.`];
    if (phase === 'ENTERED') return [`${where}: nog niet ondertekend.`];
    if (phase === 'DISPUTED') return [`${where}: betwist, de wedstrijdleider beslist nog.`];
    return [];
  });
  return [...missing, ...open];
}

function confirmNight(state: MatchState, cmd: ConfirmNightCommand, settings: CoreSettings, now: Date): Transition {
  const refused = openProblems(state);
  if (refused.length) return { problems: refused };
  const open = nightProblems(state, settings);
  if (open.length) {
    const summary = open.length === 1 ? open[0] : `er staan nog ${open.length} zaken open (sets, tafels of spelerslijsten), o.a. ${open[0]}`;
    return { problems: open.map((m, i) => ({ ...problem('NIGHT_NOT_COMPLETE', 'RULE', m), ...(i === 0 ? { summary: `De avond is nog niet rond: ${summary}` } : {}) })) };
  }
  const signedAt = cmd.side === 'HOME' ? state.homeSignedAt : state.awaySignedAt;
  if (signedAt) {
    return { problems: [problem('ALREADY_CONFIRMED', 'CONFLICT', `De ${cmd.side === 'HOME' ? 'thuisploeg' : 'uitploeg'} heeft de avond al bevestigd; de andere ploeg bevestigt nog.`)] };
  }
  let next: MatchState =
    cmd.side === 'HOME' ? { ...state, homeSignedAt: now, homeSignedById: cmd.userId } : { ...state, awaySignedAt: now, awaySignedById: cmd.userId };
  const events: MatchEvent[] = [{ kind: 'NIGHT_CONFIRMED', side: cmd.side }];
  // Both team leaders confirmed: final before the end of the correction window.
  if (next.homeSignedAt && next.awaySignedAt) {
    const final = becomeFinal(next, now, 'BOTH_CONFIRMED');
    return { state: final.state, events: [...events, ...final.events] };
  }
  return { state: next, events };
}

// ---------------------------------------------------------------------------------------------
// The paper form (RULES.md "Signatures", way b): the home team enters and signs, the away team
// confirms (locks) or disputes; afterwards only a supervisor or administrator corrects.

function playableProblems(state: MatchState): Problem[] {
  const label = NOT_PLAYED_LABELS[state.status];
  return label ? [problem('MATCH_NOT_PLAYED', 'CONFLICT', `Deze wedstrijd is vastgelegd als ${label}; de bondsbeheerder kan dat eerst terugdraaien.`)] : [];
}

function transitionProblems(state: MatchState, action: ResultAction): Problem[] {
  const result = resultTransition(phaseOf(state), action);
  if (!('refused' in result)) return [];
  const { code, message } = result.refused;
  return [problem(code, code === 'HOME_NOT_SIGNED' ? 'RULE' : 'CONFLICT', message)];
}

/** Paper entry, signing and confirmation open on the match day; an administrator earlier, with a reason. */
function entryWindowProblems(state: MatchState, by: CommandUser, reason: string | null | undefined, now: Date): Problem[] {
  const window = resultEntryWindow(state.date, amsterdamDay(now), by.role);
  if (!window.open) {
    const message = `${entryOpensText(window.opensOn)}: de uitslag wordt op of na de wedstrijddag ingevoerd, ondertekend en bevestigd.`;
    return [problem('ENTRY_NOT_OPEN', 'CONFLICT', message, 'date', 'ENTRY_NOT_OPEN')];
  }
  if (window.early && !reason) {
    const message = `De wedstrijd is pas op ${shortDutchDate(state.date)}: geef een reden om de uitslag eerder vast te leggen (komt in het logboek).`;
    return [problem('VALIDATION_FAILED', 'INVALID', message, 'reason', 'REQUIRED')];
  }
  return [];
}

/** A set refused at the table waits for the supervisor (Regel 35B): nobody enters over it and the result does not lock. */
function disputedProblem(seat: SeatRef): Problem {
  return problem('SET_DISPUTED', 'CONFLICT', `${setTableLabel(seat.setNumber, seat.tableNumber)} is aan tafel betwist; de wedstrijdleider beslist eerst over de stand (Regel 35B).`);
}

/** Both line-ups recorded, no set waiting for the supervisor and every seat of the table plan scored (Regel 5, 15, 35B). */
function completeProblems(state: MatchState, settings: CoreSettings): Problem[] {
  const missing = SIDES.filter((side) => state.teams[side].lineup === null).map((side) => state.teamNames[side]);
  if (missing.length) return [problem('LINEUP_MISSING', 'RULE', `De spelerslijst van ${missing.join(' en ')} ontbreekt nog (Regel 5, 15).`)];
  const disputed = state.seats.filter((s) => seatPhase(s) === 'DISPUTED');
  if (disputed.length) return disputed.map(disputedProblem);
  const errors = validateMatchSets(state.seats, settings);
  if (!errors.length) return [];
  const summary = `De uitslag is nog niet volledig: ${errors.length === 1 ? errors[0] : `${errors.length} sets ontbreken of kloppen niet, o.a. ${errors[0]}`}`;
  return errors.map((message, i) => ({ ...problem('INCOMPLETE_RESULT', 'RULE', message, 'sets'), ...(i === 0 ? { summary } : {}) }));
}

const sameScore = (a: Seat, b: Seat) => a.homePoints === b.homePoints && a.awayPoints === b.awayPoints && a.source === b.source && JSON.stringify(a.games) === JSON.stringify(b.games);

/**
 * Replaces what a person entered (in one set, or in the whole match) by these seats, after
 * checking every one; the rules' seats cannot be entered. A seat signed at the table stays
 * as signed: entering the same score again keeps it, another score is refused (Regel 15).
 */
function replaceSeats(state: MatchState, entries: readonly SeatEntry[], settings: CoreSettings, field: (i: number) => string, setNumber?: number): { state: MatchState } | { problems: Problem[] } {
  const { credited, partial } = matchCredits(teamFactsOf(state), settings);
  const { seats, errors } = parseSeatEntries(entries, settings, credited, field, partial);
  if (errors.length) {
    const summary = errors.length === 1 ? errors[0].message : `${errors.length} uitslagen kloppen niet. ${errors[0].message}`;
    return { problems: errors.map((e, i) => ({ ...problem('INVALID_SCORE', 'INVALID', e.message, e.field), ...(i === 0 ? { summary } : {}) })) };
  }
  const typed = new Map(seats.map(({ games, source, ...result }) => [seatKey(result.setNumber, result.tableNumber), { ...blankSeat(result, source), games }]));
  const cleared = (s: Seat) => PLAYED_SOURCES.includes(s.source) && (setNumber === undefined || s.setNumber === setNumber);
  const kept: Seat[] = [];
  const changed: Seat[] = [];
  for (const seat of state.seats) {
    if (!cleared(seat)) {
      kept.push(seat);
      continue;
    }
    // An unsigned, undisputed entry gives way; a signed or disputed seat stays as it is.
    if (seatPhase(seat) === 'ENTERED') continue;
    const key = seatKey(seat.setNumber, seat.tableNumber);
    const replacement = typed.get(key);
    if (replacement && sameScore(seat, replacement)) {
      typed.delete(key);
      kept.push(seat);
    } else changed.push(seat);
  }
  if (changed.length) {
    return {
      problems: changed.map((seat) =>
        seatPhase(seat) === 'DISPUTED'
          ? disputedProblem(seat)
          : problem('SET_ALREADY_SIGNED', 'CONFLICT', `${setTableLabel(seat.setNumber, seat.tableNumber)} is aan tafel ondertekend en staat vast (Regel 15); alleen de wedstrijdleider kan die stand nog corrigeren.`),
      ),
    };
  }
  return { state: { ...state, seats: [...kept, ...typed.values()].sort(bySeat) } };
}

/** A seat a table touched: entered, signed or refused with its code (a paper form sets none of these). */
const byTable = (s: Seat): boolean => s.enteredBySide !== null || s.signedBySide !== null || s.refusedBySide !== null;

/**
 * A match played at the tables (its night opened, or a table entered a set): the tables enter
 * their own sets (the authority table: ENTER_SCORE is the table's), so a club's paper form is
 * refused and the federation's needs a reason (a correction once a table signed).
 */
function atTablesAnswer(state: MatchState, cmd: EnterFormCommand | EnterSetCommand): AuthorityAnswer | null {
  const tableSeats = state.seats.filter(byTable);
  if (!state.nightOpenedAt && !tableSeats.length) return null;
  const phase: AuthorityPhase = tableSeats.some((s) => s.signedAt !== null) ? 'AFTER_SIGNATURE' : 'DURING_SET';
  return authority(actorOfRole(cmd.by.role), phase, 'ENTER_SCORE');
}

function enterForm(state: MatchState, cmd: EnterFormCommand | EnterSetCommand, settings: CoreSettings, now: Date): Transition {
  const atTables = atTablesAnswer(state, cmd);
  const refused = [...openProblems(state), ...(atTables ? authorityProblems(atTables, cmd.reason) : []), ...disputeWaitsProblems(state, cmd.by), ...transitionProblems(state, 'ENTER'), ...entryWindowProblems(state, cmd.by, cmd.reason, now)];
  if (refused.length) return { problems: refused.slice(0, 1) };
  let replaced: { state: MatchState } | { problems: Problem[] };
  if (cmd.kind === 'ENTER_SET') {
    if (!positions(settings.pairsPerTeam).includes(cmd.setNumber)) {
      const message = `Set ${cmd.setNumber} bestaat niet: een wedstrijd heeft ${settings.pairsPerTeam} sets.`;
      return { problems: [problem('INVALID_SCORE', 'INVALID', message, 'setNumber')] };
    }
    const entries = cmd.tables.map((t) => ({ ...t, setNumber: cmd.setNumber }));
    replaced = replaceSeats(state, entries, settings, (i) => `tables.${i}`, cmd.setNumber);
  } else {
    replaced = replaceSeats(state, cmd.sets, settings, (i) => `sets.${i}`);
  }
  if ('problems' in replaced) return replaced;
  if (atTables && cmd.by.role === 'ADMIN') {
    // The federation records a table-played match on paper, with a reason: its seats stand as decided (RULES.md, revised 2026-12-06).
    const old = new Set(replaced.state === state ? [] : state.seats);
    const reason = cmd.reason?.trim() || null;
    replaced = { state: { ...replaced.state, seats: replaced.state.seats.map((seat) => (old.has(seat) ? seat : { ...seat, decidedAt: now, decisionReason: reason })) } };
  }
  // Settle first: a typed seat the rules score gives way, and only then is it known whether anything was entered.
  const settled = settleCredits(replaced.state, settings).state;
  const played = settled.seats.some((s) => PLAYED_SOURCES.includes(s.source));
  // Every entry lapses the home signature (and a club's confirmation of the night): the home
  // team signs explicitly after the summary (Regel 15). A dispute stays.
  const entry: MatchState = lapseConfirmations({
    ...settled,
    status: played ? 'PLAYED' : 'SCHEDULED',
    resultState: played ? 'ENTERED' : 'NONE',
    enteredById: played ? cmd.by.userId : null,
    enteredAt: played ? now : null,
  });
  // The federation's paper entry over what a table signed is a correction (publicly marked).
  const next = atTables?.kind === 'REASON' && atTables.correction ? corrected(entry, cmd.by.role, cmd.reason, now) : entry;
  return { state: next, events: [{ kind: 'RESULT_ENTERED', ...(cmd.kind === 'ENTER_SET' ? { setNumber: cmd.setNumber } : {}) }] };
}

/**
 * RULES.md "A table-played match is signed at the tables": a secretary's (or supervisor's)
 * paper signature or confirmation is refused until the night is complete, and then means
 * confirming the night for that side. The federation may still record the result on paper:
 * with a reason, as a correction, and then it is final.
 */
function formAtTables(state: MatchState, cmd: SignFormCommand | ConfirmFormCommand, settings: CoreSettings, now: Date): Transition {
  const side: Side = cmd.kind === 'SIGN_FORM' ? 'HOME' : 'AWAY';
  if (cmd.by.role !== 'ADMIN') return confirmNight(state, { kind: 'CONFIRM_NIGHT', side, userId: cmd.by.userId }, settings, now);
  const refused = [...openProblems(state), ...authorityProblems({ kind: 'REASON', correction: true }, cmd.reason)];
  if (refused.length) return { problems: refused.slice(0, 1) };
  const incomplete = completeProblems(state, settings);
  if (incomplete.length) return { problems: incomplete };
  const signed = { ...state, awaySignedById: cmd.by.userId, awaySignedAt: now, homeSignedById: state.homeSignedById ?? cmd.by.userId, homeSignedAt: state.homeSignedAt ?? now };
  return becomeFinal(corrected(signed, 'ADMIN', cmd.reason, now), now, 'FEDERATION');
}

function signForm(state: MatchState, cmd: SignFormCommand, settings: CoreSettings, now: Date): Transition {
  if (playedAtTables(state)) return formAtTables(state, cmd, settings, now);
  const refused = [...playableProblems(state), ...disputeWaitsProblems(state, cmd.by), ...transitionProblems(state, 'SIGN'), ...entryWindowProblems(state, cmd.by, cmd.reason, now)];
  if (refused.length) return { problems: refused.slice(0, 1) };
  const incomplete = completeProblems(state, settings);
  if (incomplete.length) return { problems: incomplete };
  const next: MatchState = { ...state, homeSignedById: cmd.by.userId, homeSignedAt: now, disputedAt: null, disputedById: null, disputeComment: null };
  // The away club already confirmed the night (and nothing changed since: that would have lapsed it): both signed, the result locks.
  if (next.awaySignedAt !== null) {
    const final = becomeFinal(next, now, 'BOTH_CONFIRMED');
    return { state: final.state, events: [{ kind: 'RESULT_SIGNED', side: 'HOME' }, ...final.events] };
  }
  return { state: next, events: [{ kind: 'RESULT_SIGNED', side: 'HOME' }] };
}

function confirmForm(state: MatchState, cmd: ConfirmFormCommand, settings: CoreSettings, now: Date): Transition {
  if (playedAtTables(state)) return formAtTables(state, cmd, settings, now);
  const open = openProblems(state);
  if (open.length) return { problems: open };
  if (state.resultState === 'NONE') return { problems: [problem('NOTHING_TO_CONFIRM', 'CONFLICT', 'Er is nog geen uitslag ingevoerd om te bevestigen.')] };
  const window = entryWindowProblems(state, cmd.by, cmd.reason, now);
  if (window.length) return { problems: window };
  const incomplete = completeProblems(state, settings);
  if (incomplete.length) return { problems: incomplete };
  // An administrator signs for both teams when needed (e.g. one club's two teams).
  if (cmd.by.role !== 'ADMIN') {
    const refused = transitionProblems(state, 'CONFIRM');
    if (refused.length) return { problems: refused };
  }
  return becomeFinal(
    {
      ...state,
      awaySignedById: cmd.by.userId,
      awaySignedAt: now,
      homeSignedById: state.homeSignedById ?? cmd.by.userId,
      homeSignedAt: state.homeSignedAt ?? now,
    },
    now,
    cmd.by.role === 'ADMIN' ? 'FEDERATION' : 'BOTH_CONFIRMED',
  );
}

/**
 * Regel 35B: a club does not dispute what its pairs signed at the table or what the supervisor
 * decided; only the pairs protest, by refusing to sign. A team leader adds a remark instead.
 */
function clubDisputeProblems(state: MatchState): Problem[] {
  const settled = state.seats.filter((s) => PLAYED_SOURCES.includes(s.source) && isSeatSigned(s));
  if (!settled.length) return [];
  const message =
    'De sets van deze wedstrijd zijn aan tafel ondertekend of door de wedstrijdleider beslist; een vereniging kan ze niet betwisten (Regel 35B: alleen de koppels protesteren, door niet te tekenen). Voeg een opmerking toe voor de wedstrijdleider en de bond.';
  return [problem('CLUB_DISPUTE_REFUSED', 'RULE', message)];
}

/** The paper form's refusal waits for the supervisor, not for the home team (no loop): only an administrator changes the form meanwhile. */
function disputeWaitsProblems(state: MatchState, by: CommandUser): Problem[] {
  if (phaseOf(state) !== 'DISPUTED' || by.role === 'ADMIN') return [];
  return [problem('DISPUTE_WITH_SUPERVISOR', 'CONFLICT', 'De uitploeg heeft het formulier niet bevestigd; de wedstrijdleider beslist nu (Regel 35B). Het formulier wordt intussen niet gewijzigd of opnieuw ondertekend.')];
}

/** The supervisor decides the away team's refusal of the paper form, with a reason: the form as decided becomes final. */
function decideForm(state: MatchState, cmd: DecideFormCommand, settings: CoreSettings, now: Date): Transition {
  const reason = cmd.reason?.trim() ?? '';
  if (!reason) return { problems: [problem('VALIDATION_FAILED', 'INVALID', 'Geef een reden voor deze beslissing.', 'reason', 'REQUIRED')] };
  const open = openProblems(state);
  if (open.length) return { problems: open };
  if (phaseOf(state) !== 'DISPUTED') return { problems: [problem('NOT_DISPUTED', 'CONFLICT', 'Er ligt geen weigering van de uitploeg bij de wedstrijdleider voor deze uitslag.')] };
  let decided = state;
  if (cmd.sets) {
    const replaced = replaceSeats(state, cmd.sets, settings, (i) => `sets.${i}`);
    if ('problems' in replaced) return replaced;
    decided = settleCredits(replaced.state, settings).state;
  }
  const incomplete = completeProblems(decided, settings);
  if (incomplete.length) return { problems: incomplete };
  return becomeFinal(decided, now, cmd.by.role === 'ADMIN' ? 'FEDERATION' : 'SUPERVISOR_DECISION');
}

function disputeForm(state: MatchState, cmd: DisputeFormCommand, now: Date): Transition {
  const refused = [...playableProblems(state), ...clubDisputeProblems(state), ...transitionProblems(state, 'DISPUTE'), ...entryWindowProblems(state, cmd.by, null, now)];
  if (refused.length) return { problems: refused.slice(0, 1) };
  const next = { ...state, homeSignedById: null, homeSignedAt: null, disputedAt: now, disputedById: cmd.by.userId, disputeComment: cmd.comment };
  return { state: next, events: [{ kind: 'RESULT_DISPUTED', side: 'AWAY' }] };
}

function correct(state: MatchState, cmd: CorrectCommand, settings: CoreSettings, now: Date): Transition {
  const refused = [...playableProblems(state), ...transitionProblems(state, 'CORRECT'), ...authorityProblems(authority(actorOfRole(cmd.by.role), 'FINAL', 'CHANGE_SIGNED_SCORE'), cmd.reason)];
  if (refused.length) return { problems: refused.slice(0, 1) };
  const replaced = replaceSeats(state, cmd.sets, settings, (i) => `sets.${i}`);
  if ('problems' in replaced) return replaced;
  const settled = settleCredits(replaced.state, settings).state;
  const incomplete = completeProblems(settled, settings);
  if (incomplete.length) return { problems: incomplete };
  // Shown on the public match page: the reason and the date, not who.
  const next = { ...settled, correctedAt: now, correctedByRole: cmd.by.role === 'ADMIN' ? 'ADMIN' : 'SUPERVISOR', correctionReason: cmd.reason };
  return { state: next, events: [{ kind: 'RESULT_CORRECTED' }] };
}

// ---------------------------------------------------------------------------------------------
// Who played: line-ups, substitutions (Regel 13, 14) and the supervisor's actions (Regel 22, 38).

/**
 * Line-ups and substitutions: open until the result is locked; after that only an
 * administrator changes them, with a reason (it changes the Regel 4, 12A and 14 consequences).
 */
export function factsOpenProblems(state: Pick<MatchState, 'status' | 'resultState'>, by: CommandUser, reason: string | null | undefined): Problem[] {
  const label = NOT_PLAYED_LABELS[state.status];
  if (label) return [problem('MATCH_NOT_PLAYED', 'CONFLICT', `Deze wedstrijd is vastgelegd als ${label}; de bondsbeheerder kan dat eerst terugdraaien.`)];
  if (state.resultState !== 'CONFIRMED') return [];
  if (by.role !== 'ADMIN') return [problem('RESULT_LOCKED', 'CONFLICT', LOCKED_MESSAGE)];
  if (!reason) return [{ ...problem('VALIDATION_FAILED', 'INVALID', 'Geef een reden voor deze wijziging.', 'reason', 'REQUIRED'), summary: 'De uitslag staat al vast: geef een reden voor deze wijziging.' }];
  return [];
}

/** What the home signature covers besides the scores: who played in which pair, the reserves and the substitutions. */
function formFacts(state: MatchState): string {
  const lineupFacts = (lineup: Lineup | null) =>
    lineup && {
      pairs: [...lineup.pairs].sort((a, b) => a.pairNumber - b.pairNumber).map((p) => [p.pairNumber, p.fromSet ?? 1, [...p.players].sort()]),
      reserves: [...lineup.reserves].sort(),
    };
  const subFacts = (s: StateSubstitution) => [s.setNumber, s.pairNumber, s.outMemberId, s.inMemberId];
  return JSON.stringify(SIDES.map((side) => [lineupFacts(state.teams[side].lineup), state.teams[side].substitutions.map(subFacts)]));
}

/**
 * After a change to who played: a signature or a club's confirmation stands for the whole
 * form (Regel 15), so a change to either team's players or substitutions lapses both until
 * they sign again (nobody confirms a form they did not see).
 */
function afterFacts(before: MatchState, next: MatchState): MatchState {
  if (before.resultState === 'CONFIRMED' || formFacts(before) === formFacts(next)) return next;
  return lapseConfirmations(next);
}

// ---------------------------------------------------------------------------------------------
// Authority (domain/match/authority.ts): the phase of the set a change touches, and the answer.

/**
 * The phase of one set (RULES.md: "the set starts" = the first entry or signature at any
 * table for that set): FINAL once the match is final; BEFORE_SET while no seat of the set
 * holds a person's entry; AFTER_SIGNATURE once every seat of it is signed, decided or credited.
 */
export function setPhase(state: Pick<MatchState, 'resultState' | 'seats'>, setNumber: number, settings: Pick<CoreSettings, 'pairsPerTeam'>): AuthorityPhase {
  if (state.resultState === 'CONFIRMED') return 'FINAL';
  const seats = state.seats.filter((s) => s.setNumber === setNumber);
  if (!seats.some((s) => PLAYED_SOURCES.includes(s.source))) return 'BEFORE_SET';
  const settled = seats.filter((s) => seatPhase(s) === 'SIGNED' || seatPhase(s) === 'CREDITED').length;
  return settled >= settings.pairsPerTeam ? 'AFTER_SIGNATURE' : 'DURING_SET';
}

/**
 * RULES.md: "the set starts" = the first entry or signature at any table for that set, "or the
 * start time of the match for set 1 when the paper path is used": no night was opened, no
 * table entered anything, and the match's start time has passed. Then who sat at a table in
 * set 1 is fixed for a club as for a night whose first set began; the federation changes it
 * with a reason.
 */
export function paperSetStarted(state: Pick<MatchState, 'nightOpenedAt' | 'startsAt' | 'seats'>, setNumber: number, now: Date): boolean {
  if (setNumber !== 1 || state.nightOpenedAt || !state.startsAt) return false;
  return !state.seats.some(byTable) && now.getTime() >= state.startsAt.getTime();
}

/** The phase of one set at `now`: setPhase, with set 1 of a paper match begun at the match's start time. */
export function setPhaseAt(state: Pick<MatchState, 'resultState' | 'seats' | 'nightOpenedAt' | 'startsAt'>, setNumber: number, settings: Pick<CoreSettings, 'pairsPerTeam'>, now: Date): AuthorityPhase {
  const phase = setPhase(state, setNumber, settings);
  return phase === 'BEFORE_SET' && paperSetStarted(state, setNumber, now) ? 'DURING_SET' : phase;
}

/**
 * The phase of a change to who sits in one pair from `setNumber` on (a substitution, or its
 * withdrawal): the set's, but after the signature as soon as a seat of that pair in that set or
 * a later one is signed or decided, though other tables still play (RULES.md: after a set's
 * signature the club changes nothing of it).
 */
export function pairPhase(state: Pick<MatchState, 'resultState' | 'seats'>, side: Side, pairNumber: number, setNumber: number, settings: Pick<CoreSettings, 'pairsPerTeam'>): AuthorityPhase {
  const phase = setPhase(state, setNumber, settings);
  if (phase !== 'BEFORE_SET' && phase !== 'DURING_SET') return phase;
  const signed = state.seats.some((s) => s.setNumber >= setNumber && (side === 'HOME' ? s.homePairNumber : s.awayPairNumber) === pairNumber && seatPhase(s) === 'SIGNED');
  return signed ? 'AFTER_SIGNATURE' : phase;
}

/** The authority table's answer as problems: refused, or a reason missing. */
function authorityProblems(answer: AuthorityAnswer, reason: string | null | undefined): Problem[] {
  if (answer.kind === 'REFUSED') {
    const kind: ProblemKind = answer.code === 'RESULT_LOCKED' || answer.code === 'SET_ALREADY_SIGNED' ? 'CONFLICT' : 'RULE';
    return [problem(answer.code, kind, answer.message)];
  }
  if (answer.kind === 'REASON' && !reason?.trim()) {
    return [{ ...problem('VALIDATION_FAILED', 'INVALID', 'Geef een reden voor deze wijziging.', 'reason', 'REQUIRED'), summary: 'Geef een reden voor deze wijziging (komt in het logboek).' }];
  }
  return [];
}

/** The state marked as corrected (shown publicly as "Gecorrigeerd": the reason and the date, not who). */
function corrected(state: MatchState, role: string, reason: string | null | undefined, now: Date): MatchState {
  return { ...state, correctedAt: now, correctedByRole: role === 'ADMIN' ? 'ADMIN' : 'SUPERVISOR', correctionReason: reason?.trim() || state.correctionReason };
}

/** Who sits in each pair in a set: pairs playing by then (fromSet), after the substitutions up to that set. */
function seating(lineup: Lineup, substitutions: readonly StateSubstitution[], setNumber: number): string {
  const pairs = new Map(lineup.pairs.filter((p) => (p.fromSet ?? 1) <= setNumber).map((p) => [p.pairNumber, [...p.players]]));
  for (const sub of substitutions.filter((s) => s.setNumber <= setNumber)) {
    const players = pairs.get(sub.pairNumber);
    if (players) pairs.set(sub.pairNumber, players.map((id) => (id === sub.outPlayerId ? sub.inPlayerId : id)));
  }
  return JSON.stringify([...pairs.entries()].sort((a, b) => a[0] - b[0]).map(([n, players]) => [n, [...players].sort()]));
}

/** The earliest set in which a new line-up seats other players than the stored one (null: the same in every set). */
function firstChangedSet(before: Lineup, after: Lineup, substitutions: readonly StateSubstitution[], settings: Pick<CoreSettings, 'pairsPerTeam'>): number | null {
  return positions(settings.pairsPerTeam).find((set) => seating(before, substitutions, set) !== seating(after, substitutions, set)) ?? null;
}

const reservesOf = (lineup: Lineup) => JSON.stringify([...lineup.reserves].sort());

/**
 * The new line-up with the late marks (who recorded that a pair came late): a late pair the
 * supervisor or the federation records now gets its mark; a pair keeps its mark while its
 * first set stays.
 */
function withLateMarks(before: Lineup | null, after: Lineup, late: { pairNumber: number; by: EntryRole } | null): Lineup {
  const pairs = after.pairs.map((pair) => {
    const old = before?.pairs.find((p) => p.pairNumber === pair.pairNumber);
    let mark = old && (old.fromSet ?? 1) === (pair.fromSet ?? 1) ? (old.lateRecordedBy ?? null) : null;
    if (late?.pairNumber === pair.pairNumber) mark = (pair.fromSet ?? 1) > 1 && late.by !== 'SECRETARY' ? late.by : null;
    return { ...pair, lateRecordedBy: mark };
  });
  return { ...after, pairs };
}

/** The sets from which a late pair the supervisor recorded would change (its first set, or the pair gone). */
function lateMarksWithdrawn(before: Lineup, after: Lineup): number[] {
  return before.pairs.flatMap((pair) => {
    if (!pair.lateRecordedBy) return [];
    const now = after.pairs.find((p) => p.pairNumber === pair.pairNumber);
    return now && (now.fromSet ?? 1) === (pair.fromSet ?? 1) ? [] : [Math.min(pair.fromSet ?? 1, now?.fromSet ?? 1)];
  });
}

/** Of several answers for one change: a refusal first, then a correction, then a reason. */
function strictest(answers: readonly AuthorityAnswer[]): AuthorityAnswer {
  return (
    answers.find((a) => a.kind === 'REFUSED') ??
    answers.find((a) => a.kind === 'REASON' && a.correction) ??
    answers.find((a) => a.kind === 'REASON') ??
    { kind: 'ALLOWED' }
  );
}

function changeTeam(state: MatchState, cmd: SubstituteCommand | RemoveSubstitutionCommand | SetLineupCommand, settings: CoreSettings, now: Date): Transition {
  const refused = factsOpenProblems(state, cmd.by, cmd.reason);
  if (refused.length) return { problems: refused };
  const actor = actorOfRole(cmd.by.role);
  const check = (act: Act, setNumber: number) => authority(actor, setPhaseAt(state, setNumber, settings, now), act);
  // A club's change to one pair is judged by that pair's seats; the supervisor's and the federation's by the set's.
  const clubPhase = (side: Side, pairNumber: number, setNumber: number) => (actor === 'CLUB' ? pairPhase(state, side, pairNumber, setNumber, settings) : setPhase(state, setNumber, settings));
  let answer: AuthorityAnswer = { kind: 'ALLOWED' };
  const teams = { ...state.teams };
  if (cmd.kind === 'SUBSTITUTE') {
    if (!state.teams[cmd.side].lineup) {
      return { problems: [problem('LINEUP_MISSING', 'RULE', 'Leg eerst de spelerslijst van dit team vast; een invaller moet op de reservelijst staan (Regel 13).')] };
    }
    answer = authority(actor, clubPhase(cmd.side, cmd.substitution.pairNumber, cmd.substitution.setNumber), 'SUBSTITUTE');
    // In the order they happened: by set, then as recorded (as they are read back).
    const subs = teams[cmd.side].substitutions;
    const at = subs.filter((s) => s.setNumber <= cmd.substitution.setNumber).length;
    const recorded: StateSubstitution = { ...cmd.substitution, violation: null, recordedByRole: cmd.by.role };
    teams[cmd.side] = { ...teams[cmd.side], substitutions: [...subs.slice(0, at), recorded, ...subs.slice(at)] };
  } else if (cmd.kind === 'REMOVE_SUBSTITUTION') {
    const side = SIDES.find((s) => state.teams[s].substitutions.some((sub) => sub.id === cmd.id));
    if (!side) return { problems: [problem('NOT_FOUND', 'CONFLICT', 'Wissel niet gevonden.')] };
    const sub = state.teams[side].substitutions.find((x) => x.id === cmd.id)!;
    // What the supervisor (or the federation) recorded, only they withdraw, with a reason.
    // A Regel 4 case, once seen, is withdrawn the same way (RULES.md "Regel 4 once seen stays seen").
    const bySupervisor = sub.recordedByRole === 'SUPERVISOR' || sub.recordedByRole === 'ADMIN' || isRegel4Violation(sub.violation);
    answer = authority(actor, clubPhase(side, sub.pairNumber, sub.setNumber), bySupervisor ? 'WITHDRAW_SUPERVISOR_RECORD' : 'WITHDRAW_SUBSTITUTION');
    teams[side] = { ...teams[side], substitutions: teams[side].substitutions.filter((x) => x.id !== cmd.id) };
  } else {
    const before = state.teams[cmd.side].lineup;
    const lineup = withLateMarks(before, cmd.lineup, cmd.latePair ? { pairNumber: cmd.latePair.pairNumber, by: cmd.by.role } : null);
    // The first composition is always the club's (Regel 5D/5E judge its moment); after that, who sat at a started set stays.
    const changedFrom = before ? firstChangedSet(before, lineup, state.teams[cmd.side].substitutions, settings) : null;
    if (cmd.latePair) {
      // A late pair (Regel 5B/5C) concerns only that pair's seats before it plays: refused once one of them holds an entry.
      const { pairNumber } = cmd.latePair;
      const until = Math.max(...[before, lineup].map((l) => l?.pairs.find((p) => p.pairNumber === pairNumber)?.fromSet ?? 1));
      const seated = state.seats.some((s) => s.setNumber < until && (cmd.side === 'HOME' ? s.homePairNumber : s.awayPairNumber) === pairNumber && PLAYED_SOURCES.includes(s.source));
      answer = authority(actor, state.resultState === 'CONFIRMED' ? 'FINAL' : seated ? 'DURING_SET' : 'BEFORE_SET', 'LATE_PAIR');
    } else {
      const answers: AuthorityAnswer[] = [];
      // A late pair the supervisor recorded only the supervisor or the federation changes again (RULES.md).
      const withdrawn = before ? lateMarksWithdrawn(before, lineup) : [];
      if (withdrawn.length) answers.push(check('WITHDRAW_SUPERVISOR_RECORD', Math.min(...withdrawn)));
      if (changedFrom !== null) answers.push(check('LINEUP', changedFrom));
      else if (state.resultState === 'CONFIRMED') answers.push(authority(actor, 'FINAL', 'LINEUP'));
      // Reserves are part of the line-up, fixed when set 1 starts (RULES.md, revised 2026-12-06).
      if (before && reservesOf(before) !== reservesOf(lineup)) answers.push(check('RESERVES', 1));
      answer = strictest(answers);
    }
    teams[cmd.side] = { ...teams[cmd.side], lineup, ...(cmd.composedBeforeMatch === undefined ? {} : { composedBeforeMatch: cmd.composedBeforeMatch }) };
  }
  const problems = authorityProblems(answer, cmd.reason);
  if (problems.length) return { problems };
  let next = afterFacts(state, { ...state, teams });
  // Every change to a final match is a correction (RULES.md), as is one the table marks so.
  if (state.resultState === 'CONFIRMED' || (answer.kind === 'REASON' && answer.correction)) next = corrected(next, cmd.by.role, cmd.reason, now);
  return { state: next, events: [{ kind: 'FACTS_CHANGED', ...(cmd.kind === 'REMOVE_SUBSTITUTION' ? {} : { side: cmd.side }) }] };
}

function invalidAction(field: string, message: string): Problem {
  return problem('INVALID_SUPERVISOR_ACTION', 'INVALID', message, field);
}

function newAction(cmd: RemovePlayerCommand | VoidWrongTableCommand, data: Partial<StateAction>): StateAction {
  return {
    id: cmd.id,
    kind: cmd.kind,
    setNumber: cmd.setNumber,
    tableNumber: cmd.tableNumber,
    side: null,
    pairNumber: null,
    memberId: null,
    fromGame: null,
    gameNumbers: [],
    reason: cmd.reason,
    createdById: cmd.by.userId,
    voidedEntry: null,
    ...data,
  };
}

/** Regel 38: the player's side and pair at that seat, then every following game of the pair is lost 2–0 (settleCredits). */
function removePlayer(state: MatchState, cmd: RemovePlayerCommand, settings: CoreSettings, now: Date): Transition {
  // Once final the authority table decides (only the federation corrects, with a reason).
  const refused = notPlayedProblems(state);
  if (refused.length) return { problems: refused };
  const answer = authority(actorOfRole(cmd.by.role), setPhase(state, cmd.setNumber, settings), 'VOID_OR_REMOVE');
  const denied = authorityProblems(answer, cmd.reason);
  if (denied.length) return { problems: denied };
  const pairs = (side: Side) => {
    const lineup = state.teams[side].lineup;
    return lineup && new Map(lineup.pairs.map((p) => [p.pairNumber, [...p.players]]));
  };
  const located = locateRemovedPlayer(
    { setNumber: cmd.setNumber, tableNumber: cmd.tableNumber, fromGame: cmd.fromGame, playerId: cmd.playerId },
    { pairs: { HOME: pairs('HOME'), AWAY: pairs('AWAY') }, substitutions: { HOME: state.teams.HOME.substitutions, AWAY: state.teams.AWAY.substitutions } },
    settings,
  );
  if ('error' in located) return { problems: [invalidAction(located.error.startsWith('Partij') ? 'gameNumber' : 'memberId', located.error)] };
  const removal: PlayerRemoval = { side: located.side, pairNumber: located.pairNumber, playerId: cmd.playerId, setNumber: cmd.setNumber, fromGame: cmd.fromGame };
  const team = state.teams[located.side];
  // What the table entered at the removal seat, so that withdrawing the removal gives it back.
  const entry = findSeat(state, cmd);
  const tableEntry = entry && PLAYED_SOURCES.includes(entry.source) ? { seat: entry } : null;
  // Who played changed: both confirmations lapse (Regel 15). In a signed set it is a correction.
  const changed = lapseConfirmations({
    ...state,
    teams: { ...state.teams, [located.side]: { ...team, removals: [...team.removals, removal] } },
    actions: [...state.actions, newAction(cmd, { side: located.side, pairNumber: located.pairNumber, memberId: cmd.memberId, fromGame: cmd.fromGame, voidedEntry: tableEntry })],
  });
  const next = answer.kind === 'REASON' && answer.correction ? corrected(changed, cmd.by.role, cmd.reason, now) : changed;
  return { state: next, events: [{ kind: 'FACTS_CHANGED', setNumber: cmd.setNumber, tableNumber: cmd.tableNumber, side: located.side }] };
}

/** Regel 22: the void games do not count; the seat's entry goes (kept with the action) and is entered again once played at the right table. */
function voidWrongTable(state: MatchState, cmd: VoidWrongTableCommand, settings: CoreSettings, now: Date): Transition {
  // Once final the authority table decides (only the federation corrects, with a reason).
  const refused = notPlayedProblems(state);
  if (refused.length) return { problems: refused };
  const answer = authority(actorOfRole(cmd.by.role), setPhase(state, cmd.setNumber, settings), 'VOID_OR_REMOVE');
  const denied = authorityProblems(answer, cmd.reason);
  if (denied.length) return { problems: denied };
  const where = setTableLabel(cmd.setNumber, cmd.tableNumber);
  const n = settings.pairsPerTeam;
  if (cmd.setNumber > n || cmd.tableNumber > n) return { problems: [invalidAction('tableNumber', `${where} bestaat niet: een wedstrijd heeft ${n} sets aan ${n} tafels.`)] };
  const games = voidableGames(cmd.gameNumbers, settings.gamesPerSet);
  if ('error' in games) return { problems: [invalidAction('gameNumbers', games.error)] };
  const seat = findSeat(state, cmd);
  const credit = seat && !PLAYED_SOURCES.includes(seat.source) ? seat : matchCredits(teamFactsOf(state), settings).credited.find((c) => c.setNumber === cmd.setNumber && c.tableNumber === cmd.tableNumber);
  if (credit) {
    return { problems: [problem('SEAT_CREDITED', 'RULE', `${where} is door de regels bepaald (${credit.homePoints}–${credit.awayPoints}); daar zijn geen partijen gespeeld die kunnen vervallen.`)] };
  }
  const split = seat ? splitVoided(seat.games, games.games) : null;
  // The whole seat too (signatures and all): withdrawing the void gives it back exactly (RULES.md "Undo").
  const voidedEntry = seat && { source: seat.source, homePoints: seat.homePoints, awayPoints: seat.awayPoints, voided: split!.voided, kept: split!.kept, seat };
  // Games no longer count: both confirmations lapse (Regel 15). In a signed set it is a correction.
  const voided = lapseConfirmations({
    ...state,
    seats: seat ? state.seats.filter((s) => s !== seat) : state.seats,
    actions: [...state.actions, newAction(cmd, { gameNumbers: games.games, voidedEntry })],
  });
  const next = answer.kind === 'REASON' && answer.correction ? corrected(voided, cmd.by.role, cmd.reason, now) : voided;
  return { state: next, events: [{ kind: 'FACTS_CHANGED', setNumber: cmd.setNumber, tableNumber: cmd.tableNumber }] };
}

/** A seat as kept in an action's JSON (dates as strings once stored). */
function storedSeat(value: unknown): Seat | null {
  if (!value || typeof value !== 'object') return null;
  const seat = value as Record<string, unknown>;
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return { ...(seat as unknown as Seat), enteredAt: date(seat.enteredAt), signedAt: date(seat.signedAt), refusedAt: date(seat.refusedAt), decidedAt: date(seat.decidedAt) };
}

/**
 * Whether the seat was entered, signed, refused or decided again since the entry kept with a
 * removal: its games before the removal differ, or its signature, refusal or decision does.
 */
function enteredSince(current: Seat, kept: Seat | null, fromGame: number): boolean {
  if (!kept) return true;
  const played = (seat: Seat) => JSON.stringify(seat.games.filter((g) => g.gameNumber < fromGame));
  const at = (d: Date | null) => d?.getTime() ?? null;
  return played(current) !== played(kept) || at(current.signedAt) !== at(kept.signedAt) || at(current.refusedAt) !== at(kept.refusedAt) || at(current.decidedAt) !== at(kept.decidedAt) || current.enteredBySide !== kept.enteredBySide;
}

/**
 * RULES.md "Undo": the supervisor withdraws their own Regel 38 removal or Regel 22 void, with a
 * reason, until the match is final; the credited games return to what the table entered (the
 * removal seat as entered; the void seat as entered, now decided by the supervisor's reason).
 */
function withdrawAction(state: MatchState, cmd: WithdrawActionCommand, settings: CoreSettings, now: Date): Transition {
  // Once final the authority table decides (only the federation corrects, with a reason).
  const refused = notPlayedProblems(state);
  if (refused.length) return { problems: refused };
  const action = state.actions.find((a) => a.id === cmd.id);
  if (!action) return { problems: [problem('NOT_FOUND', 'CONFLICT', 'Beslissing niet gevonden.')] };
  const answer = authority(actorOfRole(cmd.by.role), setPhase(state, action.setNumber, settings), 'WITHDRAW_SUPERVISOR_RECORD');
  const denied = authorityProblems(answer, cmd.reason);
  if (denied.length) return { problems: denied };
  if (cmd.by.role === 'SUPERVISOR' && action.createdById !== null && action.createdById !== cmd.by.userId) {
    return { problems: [problem('NOT_OWN_ACTION', 'RULE', 'Een wedstrijdleider trekt alleen de eigen beslissing in; de bond kan elke beslissing intrekken, met een reden.')] };
  }
  const where = setTableLabel(action.setNumber, action.tableNumber);
  let next: MatchState = { ...state, actions: state.actions.filter((a) => a.id !== action.id) };
  const kept = (action.voidedEntry ?? null) as { seat?: unknown; source?: SeatSource; homePoints?: number; awayPoints?: number; voided?: StoredGame[]; kept?: StoredGame[] } | null;
  if (action.kind === 'REMOVE_PLAYER') {
    const side = action.side!;
    const team = state.teams[side];
    const removals = team.removals.filter((r) => !(r.pairNumber === action.pairNumber && r.setNumber === action.setNumber && r.fromGame === action.fromGame));
    next = { ...next, teams: { ...next.teams, [side]: { ...team, removals } } };
    const entered = storedSeat(kept?.seat);
    const current = findSeat(state, action);
    if (current && PLAYED_SOURCES.includes(current.source) && enteredSince(current, entered, action.fromGame ?? 1)) {
      // Entered (and perhaps signed) again after the removal: that entry stands, signature and
      // all (Regel 15). Only its games credited for the removal (Regel 38, from the removal on) go
      // back to what the table entered before it; the stored entry is the one thing that says so.
      const before = new Map((entered?.games ?? []).map((g) => [g.gameNumber, g]));
      const lifted = current.games.filter((g) => g.penaltyRule === '38' && g.gameNumber >= (action.fromGame ?? 1));
      const unknown = lifted.filter((g) => !before.has(g.gameNumber)).map((g) => g.gameNumber);
      if (unknown.length) {
        return {
          problems: [
            problem('SEAT_ENTERED_AGAIN', 'CONFLICT', `${where} is na de verwijdering opnieuw ingevoerd, en wat de tafel voor partij ${unknown.join(' en ')} speelde is niet bekend; beslis eerst die stand, dan kan de verwijdering worden ingetrokken.`),
          ],
        };
      }
      const games = current.games.map((g) => (lifted.includes(g) ? before.get(g.gameNumber)! : g));
      const homePoints = games.filter((g) => g.winner === 'HOME').reduce((sum, g) => sum + g.points, 0);
      const awayPoints = games.filter((g) => g.winner === 'AWAY').reduce((sum, g) => sum + g.points, 0);
      next = replaceSeat(next, { ...current, games, homePoints, awayPoints, decidedAt: now, decisionReason: cmd.reason.trim() });
    } else if (entered) next = replaceSeat(next, entered);
  } else {
    const current = findSeat(state, action);
    if (current) {
      return { problems: [problem('SEAT_ENTERED_AGAIN', 'CONFLICT', `${where} is intussen opnieuw gespeeld en ingevoerd; de vervallen partijen komen niet terug. Corrigeer zo nodig die stand.`)] };
    }
    const whole = storedSeat(kept?.seat);
    if (whole) next = replaceSeat(next, whole);
    else if (kept?.source) {
      // Kept before 2026-12-07 without the whole seat: the games come back, decided by the supervisor's reason.
      const plan = tablePlan(settings.pairsPerTeam).find((s) => s.setNumber === action.setNumber && s.tableNumber === action.tableNumber)!;
      const games = [...(kept.voided ?? []), ...(kept.kept ?? [])].sort((a, b) => a.gameNumber - b.gameNumber);
      const seat: Seat = { ...blankSeat({ ...plan, homePoints: kept.homePoints ?? 0, awayPoints: kept.awayPoints ?? 0 }, kept.source), games, decidedAt: now, decisionReason: cmd.reason.trim() };
      next = replaceSeat(next, seat);
    }
  }
  next = lapseConfirmations(next);
  if (answer.kind === 'REASON' && answer.correction) next = corrected(next, cmd.by.role, cmd.reason, now);
  return { state: next, events: [{ kind: 'FACTS_CHANGED', setNumber: action.setNumber, tableNumber: action.tableNumber, ...(action.side ? { side: action.side } : {}) }] };
}

// ---------------------------------------------------------------------------------------------
// The fixture and the record of a match not played: the federation's acts (RULES.md "Finality and
// authority at the match": only the federation changes the season), each with a reason.

const ADMIN_ONLY = problem('FORBIDDEN', 'CONFLICT', 'Dit doet de bond (een beheerder), met een reden.');

function reasonProblem(reason: string | null | undefined, what: string): Problem[] {
  return reason?.trim() ? [] : [problem('VALIDATION_FAILED', 'INVALID', `Geef een reden ${what}.`, 'reason', 'REQUIRED')];
}

/** Moving or turning round is for a match without any result: no seat a person entered, nothing recorded. */
function unplayedProblems(state: MatchState): Problem[] {
  const played = state.seats.some((s) => PLAYED_SOURCES.includes(s.source));
  if (state.status !== 'SCHEDULED' || state.resultState !== 'NONE' || played) {
    return [problem('MATCH_HAS_RESULT', 'CONFLICT', 'Deze wedstrijd heeft al een uitslag of is als niet gespeeld vastgelegd; hij kan niet meer worden verplaatst of omgedraaid.')];
  }
  return [];
}

function move(state: MatchState, cmd: MoveCommand): Transition {
  if (cmd.by.role !== 'ADMIN') return { problems: [ADMIN_ONLY] };
  const problems = [...reasonProblem(cmd.reason, 'voor het verplaatsen'), ...unplayedProblems(state)];
  if (problems.length) return { problems };
  if (cmd.date === state.date && cmd.startTime === state.startTime) {
    return { problems: [problem('SAME_MOMENT', 'CONFLICT', 'De wedstrijd staat al op deze datum en aanvangstijd.', 'date')] };
  }
  return { state: { ...state, date: cmd.date, startTime: cmd.startTime }, events: [{ kind: 'MATCH_MOVED' }] };
}

/** Home and away change places: each team keeps its own line-up and substitutions; the credits follow from the new sides. */
function swapSides(state: MatchState, cmd: SwapSidesCommand): Transition {
  if (cmd.by.role !== 'ADMIN') return { problems: [ADMIN_ONLY] };
  const problems = [...reasonProblem(cmd.reason, 'voor het omdraaien'), ...unplayedProblems(state)];
  if (problems.length) return { problems };
  const next: MatchState = {
    ...state,
    teamIds: { HOME: state.teamIds.AWAY, AWAY: state.teamIds.HOME },
    teamNames: { HOME: state.teamNames.AWAY, AWAY: state.teamNames.HOME },
    teams: { HOME: state.teams.AWAY, AWAY: state.teams.HOME },
    // The credits of the old sides go; finish() credits anew from the new ones.
    seats: state.seats.filter((s) => !RULE_CREDIT_SOURCES.includes(s.source)),
  };
  return { state: next, events: [{ kind: 'SIDES_SWAPPED' }] };
}

/** Regel 6–9: the outcome replaces whatever the match had; the result is final at once. */
function recordNotPlayed(state: MatchState, cmd: RecordNotPlayedCommand, now: Date): Transition {
  if (cmd.by.role !== 'ADMIN') return { problems: [ADMIN_ONLY] };
  const problems = reasonProblem(cmd.reason, 'waarom de wedstrijd niet gespeeld is');
  if (problems.length) return { problems };
  const seats = cmd.seats.map(({ source, ...result }) => blankSeat(result, source)).sort(bySeat);
  // What the record replaces comes back when the federation reopens the match (RULES.md "An undo restores exactly what was there").
  const hadResult = !NOT_PLAYED_LABELS[state.status] && (state.resultState !== 'NONE' || state.seats.some((s) => PLAYED_SOURCES.includes(s.source)));
  const beforeNotPlayed = hadResult ? snapshotOf(state) : (state.beforeNotPlayed ?? null);
  const recorded: MatchState = state.resultState === 'CONFIRMED' && !NOT_PLAYED_LABELS[state.status] ? corrected(state, 'ADMIN', cmd.reason, now) : state;
  const next: MatchState = {
    ...recorded,
    beforeNotPlayed,
    finalBy: 'FEDERATION',
    status: cmd.status,
    resultState: 'CONFIRMED',
    homePoints: cmd.homePoints,
    awayPoints: cmd.awayPoints,
    seats,
    disputedAt: null,
    disputedById: null,
    disputeComment: null,
    finalDueAt: null,
    finalAt: now,
  };
  return { state: next, events: [{ kind: 'RECORDED_NOT_PLAYED' }] };
}

function snapshotOf(state: MatchState): ResultSnapshot {
  const { status, resultState, homePoints, awayPoints, enteredById, enteredAt, homeSignedById, homeSignedAt, awaySignedById, awaySignedAt, finalDueAt, finalAt, seats } = state;
  return { status, resultState, homePoints, awayPoints, enteredById, enteredAt, homeSignedById, homeSignedAt, awaySignedById, awaySignedAt, finalDueAt, finalAt, finalBy: state.finalBy ?? null, seats };
}

function reopen(state: MatchState, cmd: ReopenCommand, now: Date): Transition {
  if (cmd.by.role !== 'ADMIN') return { problems: [ADMIN_ONLY] };
  const problems = reasonProblem(cmd.reason, 'voor het heropenen');
  if (problems.length) return { problems };
  if (!NOT_PLAYED_LABELS[state.status]) {
    return { problems: [problem('NOT_RECORDED_AS_NOT_PLAYED', 'CONFLICT', 'Alleen een wedstrijd die als niet gespeeld is vastgelegd, kan worden heropend.')] };
  }
  // The record was final: undoing it is a correction (RULES.md "Everything is a correction once final"). The result
  // the record replaced comes back as it was (its signatures, its finality).
  const reopened = corrected(state, 'ADMIN', cmd.reason, now);
  if (state.beforeNotPlayed) return { state: { ...reopened, ...state.beforeNotPlayed, beforeNotPlayed: null }, events: [{ kind: 'MATCH_REOPENED' }] };
  const next: MatchState = {
    ...reopened,
    status: 'SCHEDULED',
    resultState: 'NONE',
    homePoints: null,
    awayPoints: null,
    enteredById: null,
    enteredAt: null,
    homeSignedById: null,
    homeSignedAt: null,
    awaySignedById: null,
    awaySignedAt: null,
    finalDueAt: null,
    finalAt: null,
    finalBy: null,
    // The record's sets go; finish() credits what the line-ups give.
    seats: [],
  };
  return { state: next, events: [{ kind: 'MATCH_REOPENED' }] };
}

/** Regel 11, a whole team late: the match itself does not change (the caller keeps the occurrence and the fines). */
function teamLate(state: MatchState, cmd: TeamLateCommand, now: Date): Transition {
  if (cmd.by.role !== 'ADMIN' && cmd.by.role !== 'SUPERVISOR') return { problems: [problem('FORBIDDEN', 'CONFLICT', 'Dit doet de wedstrijdleider (of de bond), met een reden.')] };
  const problems = reasonProblem(cmd.reason, cmd.kind === 'RECORD_TEAM_LATE' ? 'waarom het team te laat was' : 'voor het intrekken');
  if (problems.length) return { problems };
  if (cmd.kind === 'RECORD_TEAM_LATE') {
    if (cmd.by.role === 'SUPERVISOR' && compareDates(amsterdamDay(now), state.date) < 0) {
      return { problems: [problem('ENTRY_NOT_OPEN', 'CONFLICT', `De wedstrijd is pas op ${shortDutchDate(state.date)}: de wedstrijdleider legt een te laat team vast vanaf de wedstrijddag.`)] };
    }
    if (NOT_PLAYED_LABELS[state.status]) {
      return { problems: [problem('MATCH_NOT_PLAYED', 'CONFLICT', 'Deze wedstrijd is niet gespeeld: een team kan er niet te laat zijn. Een team met te weinig koppels is een reglementair verlies (Regel 7).')] };
    }
  }
  return { state, events: [{ kind: 'TEAM_LATE_CHANGED', side: cmd.side }] };
}

/** Who gives a command, as the authority table names them (the clock: the scheduled finalising), and the reason it carries. */
function commandActor(command: MatchCommand): { actor: Actor | 'CLOCK'; role: EntryRole | null; reason: string | null } {
  switch (command.kind) {
    case 'TABLE_ENTER':
    case 'TABLE_SIGN':
    case 'TABLE_REFUSE':
      return { actor: 'TABLE', role: null, reason: null };
    case 'DECIDE_SET':
      return { actor: command.by, role: command.by, reason: command.reason };
    case 'CONFIRM_NIGHT':
      return { actor: 'CLUB', role: 'SECRETARY', reason: null };
    case 'FINALISE':
      return { actor: 'CLOCK', role: null, reason: null };
    case 'DISPUTE_FORM':
      return { actor: actorOfRole(command.by.role), role: command.by.role, reason: command.comment };
    case 'ADD_REMARK':
      return { actor: actorOfRole(command.by.role), role: command.by.role, reason: null };
    default:
      return { actor: actorOfRole(command.by.role), role: command.by.role, reason: command.reason ?? null };
  }
}

/** A seat signed at the table or decided by the supervisor (not waiting for a decision): its score stands (Regel 15). */
const standsSigned = (seat: Seat) => PLAYED_SOURCES.includes(seat.source) && isSeatSigned(seat) && seat.refusedAt === null;

/** The club commands that may end the clock: confirming, refusing (which goes to the supervisor), and the home signature that starts it. */
const CLUB_CLOCK_COMMANDS: readonly MatchCommandKind[] = Object.freeze(['CONFIRM_NIGHT', 'CONFIRM_FORM', 'DISPUTE_FORM', 'SIGN_FORM', 'ADD_REMARK']);

/**
 * What RULES.md says must hold after every command, whichever command it is and however it
 * got there ("Finality and authority at the match", revised 2026-12-06):
 * - every change to a signed seat is a correction: refused for a club, a table and the clock;
 *   the supervisor's or the federation's needs a reason and marks the match corrected (the
 *   table is told: SEAT_CORRECTED);
 * - nothing a club does stops or moves the clock of a complete or signed match;
 * - a final match has a score for every seat.
 */
function invariantGuards(before: MatchState, after: MatchState, command: MatchCommand, settings: CoreSettings, now: Date): Transition {
  const { actor, role, reason } = commandActor(command);
  let next = after;
  const events: MatchEvent[] = [];
  const afterSeats = new Map(after.seats.map((seat) => [seatKey(seat.setNumber, seat.tableNumber), seat]));
  const changedSigned = before.seats.filter((seat) => {
    if (!standsSigned(seat)) return false;
    const now = afterSeats.get(seatKey(seat.setNumber, seat.tableNumber));
    return !now || !sameScore(seat, now);
  });
  if (changedSigned.length) {
    const where = setTableLabel(changedSigned[0].setNumber, changedSigned[0].tableNumber);
    if (actor !== 'SUPERVISOR' && actor !== 'ADMIN') {
      return { problems: [problem('SET_ALREADY_SIGNED', 'CONFLICT', `${where} is ondertekend en staat vast (Regel 15); alleen de wedstrijdleider kan die stand nog corrigeren, met een reden.`)] };
    }
    if (!reason?.trim()) {
      return { problems: [{ ...problem('VALIDATION_FAILED', 'INVALID', `Dit wijzigt ${where.toLowerCase()}, die al ondertekend is: geef een reden voor deze correctie.`, 'reason', 'REQUIRED'), summary: 'Geef een reden voor deze correctie (komt in het logboek en de tafel ziet hem).' }] };
    }
    if (next.correctedAt?.getTime() !== now.getTime()) next = corrected(next, role ?? 'SUPERVISOR', reason, now);
    events.push(...changedSigned.map((seat): MatchEvent => ({ kind: 'SEAT_CORRECTED', setNumber: seat.setNumber, tableNumber: seat.tableNumber })));
  }
  const clock = before.finalDueAt;
  if (actor === 'CLUB' && clock && before.resultState === 'ENTERED' && next.resultState !== 'CONFIRMED' && next.finalDueAt?.getTime() !== clock.getTime() && !CLUB_CLOCK_COMMANDS.includes(command.kind)) {
    return { problems: [clockRunsProblem(before, now)] };
  }
  if (next.resultState === 'CONFIRMED' && next.status === 'PLAYED' && !seatsComplete(next, settings) && (before.resultState !== 'CONFIRMED' || seatsComplete(before, settings))) {
    const have = new Set(next.seats.map((s) => seatKey(s.setNumber, s.tableNumber)));
    const empty = tablePlan(settings.pairsPerTeam).find((s) => !have.has(seatKey(s.setNumber, s.tableNumber)))!;
    const message = `Dan zou ${setTableLabel(empty.setNumber, empty.tableNumber).toLowerCase()} van deze definitieve wedstrijd geen stand hebben; een definitieve wedstrijd heeft er een voor elke set aan elke tafel. Geef eerst die stand (als correctie).`;
    return { problems: [problem('FINAL_SEAT_EMPTY', 'CONFLICT', message)] };
  }
  return { state: next, events };
}

/** RULES.md "Nothing a club does stops the clock": the refusal, saying when the match becomes final. */
function clockRunsProblem(state: MatchState, now: Date): Problem {
  const when = finalityText(state, now);
  const what = state.homeSignedAt && !playedAtTables(state) ? 'Het formulier is ondertekend door de thuisploeg' : 'De wedstrijd is compleet';
  return problem(
    'CLOCK_RUNS',
    'CONFLICT',
    `${what} en ${when}: een vereniging wijzigt nu niets meer aan de uitslag of aan wie er speelde. Schrijf een opmerking voor de wedstrijdleider als er iets niet klopt.`,
  );
}

/** Played at the tables: its night was opened, or a table entered a set (RULES.md "A table-played match is signed at the tables"). */
export function playedAtTables(state: Pick<MatchState, 'nightOpenedAt' | 'seats'>): boolean {
  return Boolean(state.nightOpenedAt) || state.seats.some(byTable);
}

/**
 * Applies one command to a match. Pure: the same state, command, settings and moment
 * always give the same answer. Problems mean nothing changed.
 */
export function applyMatchCommand(state: MatchState, command: MatchCommand, settings: CoreSettings, now: Date): CommandResult {
  let result: Transition;
  switch (command.kind) {
    case 'TABLE_ENTER':
      result = tableEnter(state, command, settings, now);
      break;
    case 'TABLE_SIGN':
      result = tableSign(state, command, settings, now);
      break;
    case 'TABLE_REFUSE':
      result = tableRefuse(state, command, settings, now);
      break;
    case 'DECIDE_SET':
      result = decideSet(state, command, settings, now);
      break;
    case 'CONFIRM_NIGHT':
      result = confirmNight(state, command, settings, now);
      break;
    case 'ENTER_FORM':
    case 'ENTER_SET':
      result = enterForm(state, command, settings, now);
      break;
    case 'SIGN_FORM':
      result = signForm(state, command, settings, now);
      break;
    case 'CONFIRM_FORM':
      result = confirmForm(state, command, settings, now);
      break;
    case 'DISPUTE_FORM':
      result = disputeForm(state, command, now);
      break;
    case 'DECIDE_FORM':
      result = decideForm(state, command, settings, now);
      break;
    case 'CORRECT':
      result = correct(state, command, settings, now);
      break;
    case 'FINALISE':
      result = finalise(state, settings, now);
      break;
    case 'ADD_REMARK':
      result = addRemark(state, command);
      break;
    case 'SUBSTITUTE':
    case 'REMOVE_SUBSTITUTION':
    case 'SET_LINEUP':
      result = changeTeam(state, command, settings, now);
      break;
    case 'REMOVE_PLAYER':
      result = removePlayer(state, command, settings, now);
      break;
    case 'VOID_WRONG_TABLE':
      result = voidWrongTable(state, command, settings, now);
      break;
    case 'WITHDRAW_ACTION':
      result = withdrawAction(state, command, settings, now);
      break;
    case 'MOVE':
      result = move(state, command);
      break;
    case 'SWAP_SIDES':
      result = swapSides(state, command);
      break;
    case 'RECORD_NOT_PLAYED':
      result = recordNotPlayed(state, command, now);
      break;
    case 'REOPEN':
      result = reopen(state, command, now);
      break;
    case 'RECORD_TEAM_LATE':
    case 'WITHDRAW_TEAM_LATE':
      result = teamLate(state, command, now);
      break;
    default: {
      const unknown: never = command;
      return { state, events: [], problems: [problem('UNKNOWN_COMMAND', 'INVALID', `Onbekende opdracht: ${String((unknown as { kind?: unknown }).kind)}.`)], consequences: null, needsEligibility: false };
    }
  }
  if ('problems' in result) return { state, events: [], problems: result.problems, consequences: null, needsEligibility: false };
  const finished = finish(result.state, settings, now, state);
  const guarded = invariantGuards(state, finished.state, command, settings, now);
  if ('problems' in guarded) return { state, events: [], problems: guarded.problems, consequences: null, needsEligibility: false };
  const events = [...result.events, ...finished.events, ...guarded.events];
  const next = guarded.state;
  // Made final now, or who played changed in a final match: Regel 4 and the fines follow (again: the same facts give the same answer).
  const due = next.resultState === 'CONFIRMED' && (events.some((e) => e.kind === 'MATCH_CONFIRMED') || (FACTS_COMMANDS.includes(command.kind) && state.resultState === 'CONFIRMED'));
  if (!due) return { state: next, events, problems: [], consequences: null, needsEligibility: false };
  if (!state.eligibility) return { state: next, events, problems: [], consequences: null, needsEligibility: true };
  return { state: next, events, problems: [], consequences: consequencesOf(next, settings, state.eligibility), needsEligibility: false };
}

/** Regel 4, 5D/5E and 11 for a final match, from its state and the players' eligibility (by the state's player ids). */
export function consequencesOf(state: MatchState, settings: CoreSettings, eligible: ReadonlyMap<string, boolean>): FinalConsequences {
  const team = (side: Side) => {
    const { lineup, substitutions, removals, composedBeforeMatch } = state.teams[side];
    return { lineup, substitutions, removals, composedBeforeMatch: composedBeforeMatch ?? null, substitutionViolations: substitutions.map((s) => s.violation ?? null) };
  };
  return finalConsequences({ status: state.status, sets: state.seats, teams: { HOME: team('HOME'), AWAY: team('AWAY') }, eligible }, settings);
}
