/**
 * The supervisor's commands (RULES.md, the authority table's supervisor row): deciding a
 * refused set or correcting a signed one, with a reason; Regel 22 voids and Regel 38 removals;
 * and their undo, which gives every seat back exactly as it was.
 */
import { Act, actorOfRole, authority, AuthorityPhase } from './authority';
import { setTableLabel } from './labels';
import { setPhase } from './lineup-and-reserves';
import { matchCredits } from './match-facts';
import { authorityProblems, blankSeat, CoreSettings, corrected, creditedProblem, DecideSetCommand, entered, findSeat, isSeatSigned, lapseConfirmations, MatchState, NOT_PLAYED_LABELS, notPlayedProblems, PLAYED_SOURCES, Problem, problem, RemovePlayerCommand, replaceSeat, Seat, seatProblems, SeatSource, StateAction, teamFactsOf, Transition, VoidWrongTableCommand, WithdrawActionCommand } from './match-state';
import { tablePlan } from './rotation';
import { StoredGame } from './seat-entry';
import { Side } from './side';
import { locateRemovedPlayer, PlayerRemoval, splitVoided, voidableGames } from './supervisor-actions';
import { scoredSeat } from './table-entry';

export function decideSet(state: MatchState, cmd: DecideSetCommand, settings: CoreSettings, now: Date): Transition {
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
  // Without a score a decision on a final match changes nothing of it (its seats are signed or decided already).
  if (!replaces && state.resultState === 'CONFIRMED') return { state, events: [] };
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
    // The same score again changes nothing of a final match (no decision is added to it).
    if (!changed) return { state, events: [] };
    next = { ...next, correctedAt: now, correctedByRole: cmd.by, correctionReason: reason };
  } else {
    if (changed && signedAtTable) next = corrected(next, cmd.by, reason, now);
    next = entered(changed ? lapseConfirmations(next) : next, now);
  }
  return { state: next, events: [{ kind: 'SET_DECIDED', setNumber: cmd.setNumber, tableNumber: cmd.tableNumber }] };
}

export function invalidAction(field: string, message: string): Problem {
  return problem('INVALID_SUPERVISOR_ACTION', 'INVALID', message, field);
}

export function newAction(cmd: RemovePlayerCommand | VoidWrongTableCommand, data: Partial<StateAction>): StateAction {
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
export function removePlayer(state: MatchState, cmd: RemovePlayerCommand, settings: CoreSettings, now: Date): Transition {
  // Once final the authority table decides (only the federation corrects, with a reason).
  const refused = notPlayedProblems(state);
  if (refused.length) return { problems: refused };
  if (state.actions.some((a) => a.id === cmd.id)) return { problems: [problem('DUPLICATE_ID', 'INVALID', 'Deze beslissing is al vastgelegd.', 'id')] };
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
export function voidWrongTable(state: MatchState, cmd: VoidWrongTableCommand, settings: CoreSettings, now: Date): Transition {
  // Once final the authority table decides (only the federation corrects, with a reason).
  const refused = notPlayedProblems(state);
  if (refused.length) return { problems: refused };
  if (state.actions.some((a) => a.id === cmd.id)) return { problems: [problem('DUPLICATE_ID', 'INVALID', 'Deze beslissing is al vastgelegd.', 'id')] };
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
export function storedSeat(value: unknown): Seat | null {
  if (!value || typeof value !== 'object') return null;
  const seat = value as Record<string, unknown>;
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return { ...(seat as unknown as Seat), enteredAt: date(seat.enteredAt), signedAt: date(seat.signedAt), refusedAt: date(seat.refusedAt), decidedAt: date(seat.decidedAt) };
}

/**
 * Whether the seat was entered, signed, refused or decided again since the entry kept with a
 * removal: its games before the removal differ, or its signature, refusal or decision does.
 */
export function enteredSince(current: Seat, kept: Seat | null, fromGame: number): boolean {
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
export function withdrawAction(state: MatchState, cmd: WithdrawActionCommand, settings: CoreSettings, now: Date): Transition {
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
    // This action's removal only (another, identical one recorded twice stays).
    const at = team.removals.findIndex((r) => r.pairNumber === action.pairNumber && r.setNumber === action.setNumber && r.fromGame === action.fromGame);
    const removals = team.removals.filter((_, i) => i !== at);
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
