/**
 * The match-day core (issue 15, split by rule family in issue 46): one pure transition for
 * every change to a match on match day, whichever way it arrives (the table at the match
 * night, the paper form afterwards, the supervisor, the federation).
 * `applyMatchCommand(state, command, settings, now)` checks the command against the rules and
 * the match as it stands, and answers the new state, what happened (events, for the audit log
 * and the live pages) and, instead, every reason it is refused (problems, Dutch messages with
 * a stable code). The rules live one family per module, as RULES.md orders them:
 * - match-state.ts: the plain picture of a match, its commands and events, and the seat helpers;
 * - lineup-and-reserves.ts: the line-up, its reserves and late pairs, substitutions (Regel 5, 13, 14);
 * - table-entry.ts: a pair enters, the opposing pair signs or refuses (Regel 15, 35B);
 * - supervisor-commands.ts: decisions, Regel 22 voids, Regel 38 removals and their undo;
 * - paper-form.ts: the form entered, signed and confirmed afterwards (Regel 15, way b);
 * - finality.ts: complete, final, how it became final, and what must hold after every command;
 * - credits.ts: the seats the rules score (Regel 5B/5C/12A, 14, 38) and what they cover;
 * - fixture-and-not-played.ts: the federation's moves, swaps and not-played records (Regel 6–9).
 * The authority table (authority.ts) stays data.
 */
import { seatsComplete, seatScores, settleCredits } from './credits';
import { FinalConsequences, finalConsequences } from './final-consequences';
import { addRemark, finalDueAt, finalise, invariantGuards } from './finality';
import { move, recordNotPlayed, reopen, swapSides, teamLate } from './fixture-and-not-played';
import { changeTeam } from './lineup-and-reserves';
import { matchTotals } from './match-result';
import { CommandResult, CoreSettings, FACTS_COMMANDS, lapseConfirmations, MatchCommand, MatchEvent, MatchState, NOT_PLAYED_LABELS, problem, Transition } from './match-state';
import { confirmForm, correct, decideForm, disputeForm, enterForm, signForm } from './paper-form';
import { Side } from './side';
import { decideSet, removePlayer, voidWrongTable, withdrawAction } from './supervisor-commands';
import { confirmNight, tableEnter, tableRefuse, tableSign } from './table-entry';

export type { SeatSource, Seat, StateSubstitution, SupervisorActionKind, StateAction, StateTeam, MatchStatusValue, FinalWay, DisplacedSeat, ResultSnapshot, ResultStateValue, MatchState, ScoreInput, SeatRef, SupervisorRole, TableEnterCommand, TableSignCommand, TableRefuseCommand, DecideSetCommand, ConfirmNightCommand, CommandUser, EnterFormCommand, EnterSetCommand, SignFormCommand, ConfirmFormCommand, DisputeFormCommand, CorrectCommand, SubstituteCommand, RemoveSubstitutionCommand, SetLineupCommand, RemovePlayerCommand, VoidWrongTableCommand, FinaliseCommand, DecideFormCommand, AddRemarkCommand, WithdrawActionCommand, MoveCommand, SwapSidesCommand, NotPlayedStatus, RecordNotPlayedCommand, ReopenCommand, TeamLateCommand, FixtureCommand, FactsCommand, TableCommand, PaperCommand, MatchCommand, MatchCommandKind, MatchEventKind, MatchEvent, ProblemKind, Problem, CommandResult, CoreSettings, SeatPhase } from './match-state';
export { PLAYED_SOURCES, RULE_CREDIT_SOURCES, FINAL_WAYS, RELOAD_COMMANDS, FACTS_COMMANDS, seatPhase, isSeatSigned, gameOf, playedAtTables } from './match-state';
export { settleCredits, seatsComplete } from './credits';
export { nightProblems } from './table-entry';
export { factsOpenProblems, setPhase, paperSetStarted, setPhaseAt, pairPhase } from './lineup-and-reserves';
export type { FinalityFacts } from './finality';
export { tableComplete, finalDueAt, becomeFinal, finalityText, FINAL_WAY_WORDS, finalityWords } from './finality';

/**
 * After every command: the credits, and the cached totals (null while there is no
 * result). A signature or a club's confirmation stands for complete, unchanged scores:
 * both lapse when the credits change a seat or a seat is emptied before the result is locked.
 */
export function finish(state: MatchState, settings: CoreSettings, now: Date, before: Pick<MatchState, 'teams'> = state): { state: MatchState; events: MatchEvent[] } {
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
