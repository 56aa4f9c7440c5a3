/**
 * Regel 15 at the table (RULES.md "Signatures", way a): each set at each table is entered by
 * one pair and signed by the opposing pair; the signature is irrevocable. The opposing pair may
 * refuse with a comment instead: a dispute for the supervisor (Regel 35B). When every seat is
 * signed, decided or credited the night is complete; both clubs may confirm it early.
 */
import { becomeFinal } from './finality';
import { setTableLabel } from './labels';
import { matchCredits } from './match-facts';
import { seatKey } from './match-result';
import { blankSeat, ConfirmNightCommand, CoreSettings, creditedProblem, entered, findSeat, isSeatSigned, lapseConfirmations, MatchEvent, MatchEventKind, MatchState, openProblems, PLAYED_SOURCES, Problem, problem, replaceSeat, sameScore, ScoreInput, Seat, seatPhase, seatProblems, SeatRef, SIDE_WORDS, TableEnterCommand, TableRefuseCommand, TableSignCommand, teamFactsOf, Transition } from './match-state';
import { tablePlan } from './rotation';
import { parseSeatEntries } from './seat-entry';
import { opponentOf, Side, SIDES } from './side';

/**
 * The score typed for one seat as the seat to store (validated by the same rules as the
 * paper form: every game, or a possible set score; Regel 38 completes a removal set), or
 * the problems.
 */
export function scoredSeat(state: MatchState, ref: SeatRef, input: ScoreInput, settings: CoreSettings): { seat: Seat } | { problems: Problem[] } {
  const { credited, partial } = matchCredits(teamFactsOf(state), settings);
  const credit = credited.find((c) => c.setNumber === ref.setNumber && c.tableNumber === ref.tableNumber);
  if (credit) return { problems: [creditedProblem(blankSeat(credit, credit.source))] };
  const entry = { ...ref, games: input.games, homePoints: input.totals?.home, awayPoints: input.totals?.away };
  const { seats, errors } = parseSeatEntries([entry], settings, credited, () => (input.games ? 'games' : 'totals'), partial);
  if (errors.length) return { problems: errors.map((e) => problem('INVALID_SCORE', 'INVALID', e.message, e.field)) };
  const { games, source, ...result } = seats[0];
  return { seat: { ...blankSeat(result, source), games } };
}

export const scoreText = (seat: Pick<Seat, 'homePoints' | 'awayPoints'>) => `${seat.homePoints}–${seat.awayPoints}`;

export function tableEnter(state: MatchState, cmd: TableEnterCommand, settings: CoreSettings, now: Date): Transition {
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
export function answerable(state: MatchState, cmd: TableSignCommand | TableRefuseCommand, settings: CoreSettings): { seat: Seat } | { problems: Problem[] } {
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

export function tableSign(state: MatchState, cmd: TableSignCommand, settings: CoreSettings, now: Date): Transition {
  const found = answerable(state, cmd, settings);
  if ('problems' in found) return found;
  const next = replaceSeat(state, { ...found.seat, signedBySide: cmd.side, signedAt: now });
  return { state: next, events: [{ kind: 'SET_SIGNED', setNumber: cmd.setNumber, tableNumber: cmd.tableNumber, side: cmd.side }] };
}

export function tableRefuse(state: MatchState, cmd: TableRefuseCommand, settings: CoreSettings, now: Date): Transition {
  const comment = cmd.comment?.trim() ?? '';
  if (!comment) return { problems: [problem('COMMENT_REQUIRED', 'INVALID', 'Schrijf erbij wat er volgens u niet klopt; de wedstrijdleider beslist (Regel 35B).', 'comment')] };
  const found = answerable(state, cmd, settings);
  if ('problems' in found) return found;
  const next = replaceSeat(state, { ...found.seat, refusedBySide: cmd.side, refusedAt: now, refusalComment: comment });
  return { state: next, events: [{ kind: 'SET_DISPUTED', setNumber: cmd.setNumber, tableNumber: cmd.tableNumber, side: cmd.side }] };
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

export function confirmNight(state: MatchState, cmd: ConfirmNightCommand, settings: CoreSettings, now: Date): Transition {
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
