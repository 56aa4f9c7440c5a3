/**
 * The fixture and the record of a match not played (RULES.md "Matches that are not played",
 * Regel 6–9): the federation's acts, each with a reason. A record keeps what it replaced, so
 * reopening gives it back.
 */
import { amsterdamDay, compareDates } from '../dates';
import { blankSeat, bySeat, corrected, MatchState, MoveCommand, NOT_PLAYED_LABELS, PLAYED_SOURCES, Problem, problem, RecordNotPlayedCommand, ReopenCommand, RESULT_FIELDS, ResultSnapshot, RULE_CREDIT_SOURCES, SwapSidesCommand, TeamLateCommand, Transition } from './match-state';
import { shortDutchDate } from './result-flow';


export const ADMIN_ONLY = problem('FORBIDDEN', 'CONFLICT', 'Dit doet de bond (een beheerder), met een reden.');

export function reasonProblem(reason: string | null | undefined, what: string): Problem[] {
  return reason?.trim() ? [] : [problem('VALIDATION_FAILED', 'INVALID', `Geef een reden ${what}.`, 'reason', 'REQUIRED')];
}

/** Moving or turning round is for a match without any result: no seat a person entered, nothing recorded. */
export function unplayedProblems(state: MatchState): Problem[] {
  const played = state.seats.some((s) => PLAYED_SOURCES.includes(s.source));
  // The supervisor's actions (a removal, a void) are facts of the evening, recorded for a side: the match is under way.
  if (state.status !== 'SCHEDULED' || state.resultState !== 'NONE' || played || state.actions.length > 0) {
    return [problem('MATCH_HAS_RESULT', 'CONFLICT', 'Deze wedstrijd heeft al een uitslag of een beslissing van de wedstrijdleider, of is als niet gespeeld vastgelegd; hij kan niet meer worden verplaatst of omgedraaid.')];
  }
  return [];
}

export function move(state: MatchState, cmd: MoveCommand): Transition {
  if (cmd.by.role !== 'ADMIN') return { problems: [ADMIN_ONLY] };
  const problems = [...reasonProblem(cmd.reason, 'voor het verplaatsen'), ...unplayedProblems(state)];
  if (problems.length) return { problems };
  if (cmd.date === state.date && cmd.startTime === state.startTime) {
    return { problems: [problem('SAME_MOMENT', 'CONFLICT', 'De wedstrijd staat al op deze datum en aanvangstijd.', 'date')] };
  }
  return { state: { ...state, date: cmd.date, startTime: cmd.startTime }, events: [{ kind: 'MATCH_MOVED' }] };
}

/** Home and away change places: each team keeps its own line-up and substitutions; the credits follow from the new sides. */
export function swapSides(state: MatchState, cmd: SwapSidesCommand): Transition {
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
export function recordNotPlayed(state: MatchState, cmd: RecordNotPlayedCommand, now: Date): Transition {
  if (cmd.by.role !== 'ADMIN') return { problems: [ADMIN_ONLY] };
  const problems = reasonProblem(cmd.reason, 'waarom de wedstrijd niet gespeeld is');
  if (problems.length) return { problems };
  const seats = cmd.seats.map(({ source, ...result }) => blankSeat(result, source)).sort(bySeat);
  // What the record replaces comes back when the federation reopens the match (RULES.md "An undo restores exactly what was there").
  const hadResult = !NOT_PLAYED_LABELS[state.status] && (state.resultState !== 'NONE' || state.seats.some((s) => PLAYED_SOURCES.includes(s.source)));
  const beforeNotPlayed = hadResult ? snapshotOf(state) : (state.beforeNotPlayed ?? null);
  // Every change to a final match is a correction (RULES.md), a record over another record included.
  const recorded: MatchState = state.resultState === 'CONFIRMED' ? corrected(state, 'ADMIN', cmd.reason, now) : state;
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

export function snapshotOf(state: MatchState): ResultSnapshot {
  const picked = Object.fromEntries(RESULT_FIELDS.map((field) => [field, state[field]])) as Omit<ResultSnapshot, 'finalBy'>;
  return { ...picked, finalBy: state.finalBy ?? null };
}

/** A match without a result: what a reopened match holds when the record replaced none. */
const NO_RESULT: ResultSnapshot = {
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
  seats: [],
};

export function reopen(state: MatchState, cmd: ReopenCommand, now: Date): Transition {
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
  // The record's sets go; finish() credits what the line-ups give.
  return { state: { ...reopened, ...NO_RESULT }, events: [{ kind: 'MATCH_REOPENED' }] };
}

/** Regel 11, a whole team late: the match itself does not change (the caller keeps the occurrence and the fines). */
export function teamLate(state: MatchState, cmd: TeamLateCommand, now: Date): Transition {
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
