/**
 * Finality (RULES.md "Finality and authority at the match"): a table-played match is complete
 * when every seat is signed, decided or credited, and final at the end of the correction window
 * or earlier on both team leaders' confirmation; a paper form signed by the home team is final
 * after its hours. How it became final is kept and said in the same words everywhere. And what
 * must hold after every command, whichever it is (invariantGuards).
 */
import { Actor, actorOfRole } from './authority';
import { seatsComplete } from './credits';
import { setTableLabel } from './labels';
import { seatKey } from './match-result';
import { AddRemarkCommand, byTable, CoreSettings, corrected, FINAL_WAYS, FinalWay, isSeatSigned, MatchCommand, MatchCommandKind, MatchEvent, MatchState, NOT_PLAYED_LABELS, openProblems, PLAYED_SOURCES, playedAtTables, problem, Problem, RULE_CREDIT_SOURCES, sameScore, Seat, seatPhase, Transition } from './match-state';
import { EntryRole } from './result-flow';
import { tablePlan } from './rotation';
import { nightProblems } from './table-entry';


export const MINUTE = 60_000;

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

export const clockTime = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit' });

export const dayOf = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', weekday: 'long', day: 'numeric', month: 'long' });

/** Beyond this, "om 11:12" alone would read as today: the day is named too (a paper form's 48 hours). */
export const NAME_THE_DAY_AFTER_MS = 12 * 60 * 60_000;

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
    // Corrected when it became final (the federation's paper record of a table-played match) or after.
    const correctedAfter = match.correctedAt && match.finalAt && match.correctedAt.getTime() >= match.finalAt.getTime();
    if (correctedAfter) return match.correctedByRole === 'ADMIN' ? 'gecorrigeerd door de bond' : 'gecorrigeerd door de wedstrijdleider';
    const way = FINAL_WAYS.find((w) => w === match.finalBy);
    if (!way) return 'definitief';
    return way === 'PAPER_HOURS' ? `definitief na ${paperHours} uur` : FINAL_WAY_WORDS[way];
  }
  if (!match.finalDueAt) return null;
  const when = (finalityText({ resultState: 'ENTERED', finalAt: null, finalDueAt: match.finalDueAt }, now) ?? '').replace(/^wordt definitief /, '');
  return match.homeSignedAt && !match.nightOpenedAt ? `ondertekend door de thuisploeg, wordt definitief ${when}` : `compleet, wordt definitief ${when}`;
}

export function finalise(state: MatchState, settings: CoreSettings, now: Date): Transition {
  const open = openProblems(state);
  if (open.length) return { problems: open };
  const due = finalDueAt(state, settings, now);
  if (due === null) return { problems: [problem('NOT_COMPLETE', 'CONFLICT', 'Deze wedstrijd is nog niet volledig (of wacht op de wedstrijdleider); hij wordt nog niet definitief.')] };
  if (due.getTime() > now.getTime()) return { problems: [problem('NOT_DUE', 'CONFLICT', `Deze wedstrijd ${finalityText({ resultState: 'ENTERED', finalAt: null, finalDueAt: due }, now)}.`)] };
  return becomeFinal(state, now, tableComplete(state, settings) ? 'CORRECTION_WINDOW' : 'PAPER_HOURS');
}

export function addRemark(state: MatchState, cmd: AddRemarkCommand): Transition {
  const text = cmd.text?.trim() ?? '';
  if (!text) return { problems: [problem('VALIDATION_FAILED', 'INVALID', 'Schrijf de opmerking voor de wedstrijdleider en de bond.', 'text', 'REQUIRED')] };
  const label = NOT_PLAYED_LABELS[state.status];
  if (label) return { problems: [problem('MATCH_NOT_PLAYED', 'CONFLICT', `Deze wedstrijd is vastgelegd als ${label}; een opmerking hoort bij een gespeelde wedstrijd.`)] };
  // Kept (the caller stores it) and shown to the supervisor and the federation: the match itself does not change.
  return { state, events: [] };
}

/** Who gives a command, as the authority table names them (the clock: the scheduled finalising), and the reason it carries. */
export function commandActor(command: MatchCommand): { actor: Actor | 'CLOCK'; role: EntryRole | null; reason: string | null } {
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
export const standsSigned = (seat: Seat) => PLAYED_SOURCES.includes(seat.source) && isSeatSigned(seat);

/** The club commands that may end the clock: confirming, refusing (which goes to the supervisor), and the home signature that starts it. */
export const CLUB_CLOCK_COMMANDS: readonly MatchCommandKind[] = Object.freeze(['CONFIRM_NIGHT', 'CONFIRM_FORM', 'DISPUTE_FORM', 'SIGN_FORM', 'ADD_REMARK']);

/**
 * What RULES.md says must hold after every command, whichever command it is and however it
 * got there ("Finality and authority at the match", revised 2026-12-06):
 * - every change to a signed seat is a correction: refused for a club, a table and the clock;
 *   the supervisor's or the federation's needs a reason and marks the match corrected (the
 *   table is told: SEAT_CORRECTED);
 * - nothing a club does stops or moves the clock of a complete or signed match;
 * - a final match has a score for every seat.
 */
export function invariantGuards(before: MatchState, after: MatchState, command: MatchCommand, settings: CoreSettings, now: Date): Transition {
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
  // Nor does it take away a signature or a confirmation its own team leader or the other club gave.
  // An undo gives every seat it changed back (RULES.md "An undo restores exactly what was there"): a seat a credit
  // covered before the undo that is left empty, its table's entry kept but not given back (others sit there now), is refused.
  if (command.kind === 'WITHDRAW_ACTION' || command.kind === 'REMOVE_SUBSTITUTION') {
    const covered = new Set(before.seats.filter((s) => RULE_CREDIT_SOURCES.includes(s.source)).map((s) => seatKey(s.setNumber, s.tableNumber)));
    const lost = (next.displaced ?? []).find((d) => covered.has(seatKey(d.setNumber, d.tableNumber)) && !afterSeats.has(seatKey(d.setNumber, d.tableNumber)));
    if (lost) {
      const where = setTableLabel(lost.setNumber, lost.tableNumber);
      return { problems: [problem('UNDO_WOULD_EMPTY', 'CONFLICT', `Intrekken kan zo niet: ${where.toLowerCase()} kreeg dan zijn stand van tafel niet terug, want er speelt intussen een invaller. Trek eerst die wissel in, of beslis die set.`)] };
    }
  }
  const clock = before.finalDueAt;
  const clockMoved = clock !== null && next.finalDueAt?.getTime() !== clock.getTime();
  const signatureLapsed = (before.homeSignedAt !== null && next.homeSignedAt === null) || (before.awaySignedAt !== null && next.awaySignedAt === null);
  if (actor === 'CLUB' && before.resultState === 'ENTERED' && next.resultState !== 'CONFIRMED' && (clockMoved || signatureLapsed) && !CLUB_CLOCK_COMMANDS.includes(command.kind)) {
    return { problems: [clockRunsProblem(before, now)] };
  }
  if (next.resultState === 'CONFIRMED' && next.status === 'PLAYED' && !seatsComplete(next, settings) && (before.resultState !== 'CONFIRMED' || seatsComplete(before, settings))) {
    const have = new Set(next.seats.map((s) => seatKey(s.setNumber, s.tableNumber)));
    const empty = tablePlan(settings.pairsPerTeam).find((s) => !have.has(seatKey(s.setNumber, s.tableNumber)))!;
    const message = `Dan zou ${setTableLabel(empty.setNumber, empty.tableNumber).toLowerCase()} van deze definitieve wedstrijd geen stand hebben; een definitieve wedstrijd heeft er een voor elke set aan elke tafel. Geef eerst die stand (als correctie).`;
    return { problems: [problem('FINAL_SEAT_EMPTY', 'CONFLICT', message)] };
  }
  // A seat a table entered counts once signed or decided (RULES.md "A final match has a score for every seat": entered and signed, decided, or credited).
  // At a match the tables played that holds for every seat; on a paper form, for the seats a table touched.
  const atTables = playedAtTables(next);
  const unsigned =
    next.resultState === 'CONFIRMED' && before.resultState !== 'CONFIRMED'
      ? next.seats.find((s) => (atTables || byTable(s)) && (seatPhase(s) === 'ENTERED' || seatPhase(s) === 'DISPUTED'))
      : undefined;
  if (unsigned) {
    const where = setTableLabel(unsigned.setNumber, unsigned.tableNumber);
    const message = `${where} is ingevoerd maar niet ondertekend${seatPhase(unsigned) === 'DISPUTED' ? ' (betwist)' : ''}; de wedstrijd wordt pas definitief als elke set ondertekend, beslist of door de regels bepaald is.`;
    return { problems: [problem('NIGHT_NOT_COMPLETE', 'RULE', message)] };
  }
  return { state: next, events };
}

/** RULES.md "Nothing a club does stops the clock": the refusal, saying when the match becomes final. */
export function clockRunsProblem(state: MatchState, now: Date): Problem {
  const when = finalityText(state, now);
  const what = state.homeSignedAt && !playedAtTables(state) ? 'Het formulier is ondertekend door de thuisploeg' : state.finalDueAt ? 'De wedstrijd is compleet' : 'De avond is al bevestigd';
  return problem(
    'CLOCK_RUNS',
    'CONFLICT',
    `${when ? `${what} en ${when}` : what}: een vereniging wijzigt nu niets meer aan de uitslag of aan wie er speelde. Schrijf een opmerking voor de wedstrijdleider als er iets niet klopt.`,
  );
}
