/**
 * The match as the core sees it (RULES.md "The match", "Finality and authority at the match"):
 * the plain picture the repository loads and stores, the commands and events, the problems a
 * refusal carries, and the helpers every rule family shares (a seat's phase, the state's
 * refusals while the match is not played or final, a correction's mark).
 */
import { IsoDate } from '../dates';
import { CompetitionSettings } from '../settings';
import { AuthorityAnswer } from './authority';
import { FinalConsequences } from './final-consequences';
import { setTableLabel } from './labels';
import { Lineup } from './lineup';
import { TeamFacts } from './match-facts';
import { CreditReason, SetResult } from './match-result';
import { EntryRole, LOCKED_MESSAGE } from './result-flow';
import { positions } from './rotation';
import { Game, GameKind, gamePoints } from './scores';
import { GameEntry, SeatEntry, StoredGame } from './seat-entry';
import { Side } from './side';
import { Substitution } from './substitutions';
import { PlayerRemoval } from './supervisor-actions';

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
export const RESULT_FIELDS = ['status', 'resultState', 'homePoints', 'awayPoints', 'enteredById', 'enteredAt', 'homeSignedById', 'homeSignedAt', 'awaySignedById', 'awaySignedAt', 'finalDueAt', 'finalAt', 'seats'] as const;

export type ResultSnapshot = Pick<MatchState, (typeof RESULT_FIELDS)[number]> & { finalBy: FinalWay | null };

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

/** The away team refuses, with a comment: the supervisor decides. */
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

export const NOT_PLAYED_LABELS: Partial<Record<MatchStatusValue, string>> = {
  NOT_PLAYED: 'gespeeld zonder tafelscherm (Regel 6)',
  FORFEIT: 'reglementair verloren (Regel 7)',
  CANCELLED: 'afgelast door de bond (Regel 8)',
};

export const SIDE_WORDS: Record<Side, string> = { HOME: 'thuiskoppel', AWAY: 'uitkoppel' };

export const problem = (code: string, kind: ProblemKind, message: string, field?: string, detailCode?: string): Problem => ({
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

export function findSeat(state: MatchState, ref: SeatRef): Seat | undefined {
  return state.seats.find((s) => s.setNumber === ref.setNumber && s.tableNumber === ref.tableNumber);
}

export function bySeat(a: SeatRef, b: SeatRef): number {
  return a.setNumber - b.setNumber || a.tableNumber - b.tableNumber;
}

/** A seat scored by the rules (no table fields). */
export function blankSeat(result: SetResult, source: SeatSource): Seat {
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

export function storedGames(games: readonly Game[]): StoredGame[] {
  return games.map((g, i) => ({ gameNumber: i + 1, winner: g.winner, kind: g.kind, points: gamePoints(g).points, penaltyRule: g.kind === 'PENALTY' ? g.rule : null }));
}

export function teamFactsOf(state: MatchState): Record<Side, TeamFacts> {
  return { HOME: state.teams.HOME, AWAY: state.teams.AWAY };
}

export function openProblems(state: MatchState): Problem[] {
  const notPlayed = notPlayedProblems(state);
  if (notPlayed.length) return notPlayed;
  if (state.resultState === 'CONFIRMED') return [problem('RESULT_LOCKED', 'CONFLICT', LOCKED_MESSAGE)];
  return [];
}

/** A match recorded as not played takes no facts of play (the federation reopens it first). */
export function notPlayedProblems(state: MatchState): Problem[] {
  const label = NOT_PLAYED_LABELS[state.status];
  return label ? [problem('MATCH_NOT_PLAYED', 'CONFLICT', `Deze wedstrijd is vastgelegd als ${label}; de bondsbeheerder kan dat eerst terugdraaien.`)] : [];
}


export function playableProblems(state: MatchState): Problem[] {
  const label = NOT_PLAYED_LABELS[state.status];
  return label ? [problem('MATCH_NOT_PLAYED', 'CONFLICT', `Deze wedstrijd is vastgelegd als ${label}; de bondsbeheerder kan dat eerst terugdraaien.`)] : [];
}

export function seatProblems(ref: SeatRef, settings: CoreSettings): Problem[] {
  const n = settings.pairsPerTeam;
  if (positions(n).includes(ref.setNumber) && positions(n).includes(ref.tableNumber)) return [];
  return [problem('SEAT_NOT_IN_PLAN', 'INVALID', `${setTableLabel(ref.setNumber, ref.tableNumber)} bestaat niet: een wedstrijd heeft ${n} sets aan ${n} tafels.`, 'setNumber')];
}

export function creditedProblem(seat: Seat): Problem {
  return problem(
    'SEAT_CREDITED',
    'RULE',
    `${setTableLabel(seat.setNumber, seat.tableNumber)} is door de regels bepaald (${seat.homePoints}–${seat.awayPoints}); hier wordt geen uitslag ingevoerd of ondertekend.`,
  );
}

export function replaceSeat(state: MatchState, seat: Seat): MatchState {
  const others = state.seats.filter((s) => s.setNumber !== seat.setNumber || s.tableNumber !== seat.tableNumber);
  return { ...state, seats: [...others, seat].sort(bySeat) };
}

/** A changed score lapses both clubs' confirmations (nobody confirms what changed after). */
export function lapseConfirmations(state: MatchState): MatchState {
  if (state.resultState === 'CONFIRMED') return state;
  return { ...state, homeSignedAt: null, homeSignedById: null, awaySignedAt: null, awaySignedById: null };
}

export function entered(state: MatchState, now: Date): MatchState {
  if (state.resultState !== 'NONE') return { ...state, status: 'PLAYED' };
  return { ...state, status: 'PLAYED', resultState: 'ENTERED', enteredAt: now };
}

export type Transition = { state: MatchState; events: MatchEvent[] } | { problems: Problem[] };

export const sameScore = (a: Seat, b: Seat) => a.homePoints === b.homePoints && a.awayPoints === b.awayPoints && a.source === b.source && JSON.stringify(a.games) === JSON.stringify(b.games);

/** A seat a table touched: entered, signed or refused with its code (a paper form sets none of these). */
export const byTable = (s: Seat): boolean => s.enteredBySide !== null || s.signedBySide !== null || s.refusedBySide !== null;

/** Played at the tables: its night was opened, or a table entered a set (RULES.md "A table-played match is signed at the tables"). */
export function playedAtTables(state: Pick<MatchState, 'nightOpenedAt' | 'seats' | 'actions' | 'displaced'>): boolean {
  // A supervisor's action or decision at a table, or a table's entry a credit covers, also says the tables played it.
  return Boolean(state.nightOpenedAt) || state.seats.some((s) => byTable(s) || s.decidedAt !== null) || state.actions.length > 0 || (state.displaced ?? []).some(byTable);
}

/** The authority table's answer as problems: refused, or a reason missing. */
export function authorityProblems(answer: AuthorityAnswer, reason: string | null | undefined): Problem[] {
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
export function corrected(state: MatchState, role: string, reason: string | null | undefined, now: Date): MatchState {
  return { ...state, correctedAt: now, correctedByRole: role === 'ADMIN' ? 'ADMIN' : 'SUPERVISOR', correctionReason: reason?.trim() || state.correctionReason };
}
