/**
 * The paper form (RULES.md "Signatures", way b): the home team enters and signs, the away team
 * confirms or refuses (a refusal goes to the supervisor, not back into a loop); afterwards only
 * the federation corrects. At a match played at the tables the form's signature and
 * confirmation are the night's (RULES.md, revised 2026-12-06).
 */
import { amsterdamDay } from '../dates';
import { actorOfRole, authority, AuthorityAnswer, AuthorityPhase } from './authority';
import { settleCredits } from './credits';
import { becomeFinal } from './finality';
import { setTableLabel } from './labels';
import { matchCredits } from './match-facts';
import { seatKey, validateMatchSets } from './match-result';
import { authorityProblems, blankSeat, bySeat, byTable, CommandUser, ConfirmFormCommand, CoreSettings, CorrectCommand, corrected, DecideFormCommand, DisputeFormCommand, EnterFormCommand, EnterSetCommand, isSeatSigned, lapseConfirmations, MatchState, openProblems, playableProblems, PLAYED_SOURCES, playedAtTables, Problem, problem, sameScore, Seat, seatPhase, SeatRef, SignFormCommand, teamFactsOf, Transition } from './match-state';
import { entryOpensText, phaseOf, ResultAction, resultEntryWindow, resultTransition, shortDutchDate } from './result-flow';
import { positions } from './rotation';
import { parseSeatEntries, SeatEntry } from './seat-entry';
import { Side, SIDES } from './side';
import { confirmNight } from './table-entry';

export function transitionProblems(state: MatchState, action: ResultAction): Problem[] {
  const result = resultTransition(phaseOf(state), action);
  if (!('refused' in result)) return [];
  const { code, message } = result.refused;
  return [problem(code, code === 'HOME_NOT_SIGNED' ? 'RULE' : 'CONFLICT', message)];
}

/** Paper entry, signing and confirmation open on the match day; an administrator earlier, with a reason. */
export function entryWindowProblems(state: MatchState, by: CommandUser, reason: string | null | undefined, now: Date): Problem[] {
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
export function disputedProblem(seat: SeatRef): Problem {
  return problem('SET_DISPUTED', 'CONFLICT', `${setTableLabel(seat.setNumber, seat.tableNumber)} is aan tafel betwist; de wedstrijdleider beslist eerst over de stand (Regel 35B).`);
}

/** Both line-ups recorded, no set waiting for the supervisor and every seat of the table plan scored (Regel 5, 15, 35B). */
export function completeProblems(state: MatchState, settings: CoreSettings): Problem[] {
  const missing = SIDES.filter((side) => state.teams[side].lineup === null).map((side) => state.teamNames[side]);
  if (missing.length) return [problem('LINEUP_MISSING', 'RULE', `De spelerslijst van ${missing.join(' en ')} ontbreekt nog (Regel 5, 15).`)];
  const disputed = state.seats.filter((s) => seatPhase(s) === 'DISPUTED');
  if (disputed.length) return disputed.map(disputedProblem);
  const errors = validateMatchSets(state.seats, settings);
  if (!errors.length) return [];
  const summary = `De uitslag is nog niet volledig: ${errors.length === 1 ? errors[0] : `${errors.length} sets ontbreken of kloppen niet, o.a. ${errors[0]}`}`;
  return errors.map((message, i) => ({ ...problem('INCOMPLETE_RESULT', 'RULE', message, 'sets'), ...(i === 0 ? { summary } : {}) }));
}

/**
 * Replaces what a person entered (in one set, or in the whole match) by these seats, after
 * checking every one; the rules' seats cannot be entered. A seat signed at the table stays
 * as signed: entering the same score again keeps it, another score is refused (Regel 15).
 */
export function replaceSeats(state: MatchState, entries: readonly SeatEntry[], settings: CoreSettings, field: (i: number) => string, setNumber?: number): { state: MatchState } | { problems: Problem[] } {
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

/**
 * A match played at the tables (its night opened, or a table entered a set): the tables enter
 * their own sets (the authority table: ENTER_SCORE is the table's), so a club's paper form is
 * refused and the federation's needs a reason (a correction once a table signed).
 */
export function atTablesAnswer(state: MatchState, cmd: EnterFormCommand | EnterSetCommand): AuthorityAnswer | null {
  const tableSeats = state.seats.filter(byTable);
  if (!state.nightOpenedAt && !tableSeats.length) return null;
  const phase: AuthorityPhase = tableSeats.some((s) => s.signedAt !== null) ? 'AFTER_SIGNATURE' : 'DURING_SET';
  return authority(actorOfRole(cmd.by.role), phase, 'ENTER_SCORE');
}

export function enterForm(state: MatchState, cmd: EnterFormCommand | EnterSetCommand, settings: CoreSettings, now: Date): Transition {
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
  // The federation records a table-played match on paper, with a reason: its seats stand as decided (RULES.md, revised 2026-12-06).
  if (atTables && cmd.by.role === 'ADMIN') replaced = { state: typedAsDecided(state, replaced.state, cmd.reason, now) };
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
export function formAtTables(state: MatchState, cmd: SignFormCommand | ConfirmFormCommand, settings: CoreSettings, now: Date): Transition {
  const side: Side = cmd.kind === 'SIGN_FORM' ? 'HOME' : 'AWAY';
  if (cmd.by.role !== 'ADMIN') return confirmNight(state, { kind: 'CONFIRM_NIGHT', side, userId: cmd.by.userId }, settings, now);
  const refused = [...openProblems(state), ...authorityProblems({ kind: 'REASON', correction: true }, cmd.reason)];
  if (refused.length) return { problems: refused.slice(0, 1) };
  const incomplete = completeProblems(state, settings);
  if (incomplete.length) return { problems: incomplete };
  const signed = { ...state, awaySignedById: cmd.by.userId, awaySignedAt: now, homeSignedById: state.homeSignedById ?? cmd.by.userId, homeSignedAt: state.homeSignedAt ?? now };
  return becomeFinal(corrected(signed, 'ADMIN', cmd.reason, now), now, 'FEDERATION');
}

export function signForm(state: MatchState, cmd: SignFormCommand, settings: CoreSettings, now: Date): Transition {
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

export function confirmForm(state: MatchState, cmd: ConfirmFormCommand, settings: CoreSettings, now: Date): Transition {
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
export function clubDisputeProblems(state: MatchState): Problem[] {
  const settled = state.seats.filter((s) => PLAYED_SOURCES.includes(s.source) && isSeatSigned(s));
  if (!settled.length) return [];
  const message =
    'De sets van deze wedstrijd zijn aan tafel ondertekend of door de wedstrijdleider beslist; een vereniging kan ze niet betwisten (Regel 35B: alleen de koppels protesteren, door niet te tekenen). Voeg een opmerking toe voor de wedstrijdleider en de bond.';
  return [problem('CLUB_DISPUTE_REFUSED', 'RULE', message)];
}

/** The paper form's refusal waits for the supervisor, not for the home team (no loop): only an administrator changes the form meanwhile. */
export function disputeWaitsProblems(state: MatchState, by: CommandUser): Problem[] {
  if (phaseOf(state) !== 'DISPUTED' || by.role === 'ADMIN') return [];
  return [problem('DISPUTE_WITH_SUPERVISOR', 'CONFLICT', 'De uitploeg heeft het formulier niet bevestigd; de wedstrijdleider beslist nu (Regel 35B). Het formulier wordt intussen niet gewijzigd of opnieuw ondertekend.')];
}

/** The supervisor decides the away team's refusal of the paper form, with a reason: the form as decided becomes final. */
/** The seats typed into `state` (not in `before`) as decided with this reason: a form the supervisor or the federation gives at a match the tables played. */
export function typedAsDecided(before: MatchState, state: MatchState, reason: string | null | undefined, now: Date): MatchState {
  const old = new Set(before.seats);
  const why = reason?.trim() || null;
  return { ...state, seats: state.seats.map((seat) => (old.has(seat) ? seat : { ...seat, decidedAt: now, decisionReason: why })) };
}

export function decideForm(state: MatchState, cmd: DecideFormCommand, settings: CoreSettings, now: Date): Transition {
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
  // At a match the tables played, the form the supervisor decides stands as decided, seat by seat (nothing stays only entered).
  if (playedAtTables(state) || playedAtTables(decided)) decided = { ...decided, seats: decided.seats.map((seat) => (seatPhase(seat) === 'ENTERED' ? { ...seat, decidedAt: now, decisionReason: reason } : seat)) };
  const incomplete = completeProblems(decided, settings);
  if (incomplete.length) return { problems: incomplete };
  return becomeFinal(decided, now, cmd.by.role === 'ADMIN' ? 'FEDERATION' : 'SUPERVISOR_DECISION');
}

export function disputeForm(state: MatchState, cmd: DisputeFormCommand, now: Date): Transition {
  const refused = [...playableProblems(state), ...clubDisputeProblems(state), ...transitionProblems(state, 'DISPUTE'), ...entryWindowProblems(state, cmd.by, null, now)];
  if (refused.length) return { problems: refused.slice(0, 1) };
  const next = { ...state, homeSignedById: null, homeSignedAt: null, disputedAt: now, disputedById: cmd.by.userId, disputeComment: cmd.comment };
  return { state: next, events: [{ kind: 'RESULT_DISPUTED', side: 'AWAY' }] };
}

export function correct(state: MatchState, cmd: CorrectCommand, settings: CoreSettings, now: Date): Transition {
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
