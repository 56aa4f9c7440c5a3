/**
 * Who played (RULES.md "The match", "Finality and authority at the match"): the line-up with
 * its pairs, late pairs and reserves (fixed when set 1 starts), and substitutions from set 3
 * (Regel 5, 13, 14). A club cannot change who sat at a table for a set that has started; what
 * the supervisor recorded only the supervisor or the federation changes again.
 */
import { Act, actorOfRole, authority, AuthorityAnswer, AuthorityPhase } from './authority';
import { Lineup } from './lineup';
import { authorityProblems, byTable, CommandUser, CoreSettings, corrected, isSeatSigned, lapseConfirmations, MatchState, NOT_PLAYED_LABELS, PLAYED_SOURCES, Problem, problem, RemoveSubstitutionCommand, seatPhase, SetLineupCommand, StateSubstitution, SubstituteCommand, Transition } from './match-state';
import { EntryRole, LOCKED_MESSAGE } from './result-flow';
import { positions } from './rotation';
import { Side, SIDES } from './side';
import { isRegel4Violation } from './substitutions';


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
export function formFacts(state: MatchState): string {
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
export function afterFacts(before: MatchState, next: MatchState): MatchState {
  if (before.resultState === 'CONFIRMED' || formFacts(before) === formFacts(next)) return next;
  return lapseConfirmations(next);
}


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
  const signed = state.seats.some((s) => s.setNumber >= setNumber && (side === 'HOME' ? s.homePairNumber : s.awayPairNumber) === pairNumber && PLAYED_SOURCES.includes(s.source) && isSeatSigned(s));
  return signed ? 'AFTER_SIGNATURE' : phase;
}

/** Who sits in each pair in a set: pairs playing by then (fromSet), after the substitutions up to that set. */
export function seating(lineup: Lineup, substitutions: readonly StateSubstitution[], setNumber: number): string {
  const pairs = new Map(lineup.pairs.filter((p) => (p.fromSet ?? 1) <= setNumber).map((p) => [p.pairNumber, [...p.players]]));
  for (const sub of substitutions.filter((s) => s.setNumber <= setNumber)) {
    const players = pairs.get(sub.pairNumber);
    if (players) pairs.set(sub.pairNumber, players.map((id) => (id === sub.outPlayerId ? sub.inPlayerId : id)));
  }
  return JSON.stringify([...pairs.entries()].sort((a, b) => a[0] - b[0]).map(([n, players]) => [n, [...players].sort()]));
}

/** The earliest set in which a new line-up seats other players than the stored one (null: the same in every set). */
export function firstChangedSet(before: Lineup, after: Lineup, substitutions: readonly StateSubstitution[], settings: Pick<CoreSettings, 'pairsPerTeam'>): number | null {
  return positions(settings.pairsPerTeam).find((set) => seating(before, substitutions, set) !== seating(after, substitutions, set)) ?? null;
}

export const reservesOf = (lineup: Lineup) => JSON.stringify([...lineup.reserves].sort());

/**
 * The new line-up with the late marks (who recorded that a pair came late): a late pair the
 * supervisor or the federation records now gets its mark; a pair keeps its mark while its
 * first set stays.
 */
export function withLateMarks(before: Lineup | null, after: Lineup, late: { pairNumber: number; by: EntryRole } | null): Lineup {
  const pairs = after.pairs.map((pair) => {
    const old = before?.pairs.find((p) => p.pairNumber === pair.pairNumber);
    let mark = old && (old.fromSet ?? 1) === (pair.fromSet ?? 1) ? (old.lateRecordedBy ?? null) : null;
    if (late?.pairNumber === pair.pairNumber) mark = (pair.fromSet ?? 1) > 1 && late.by !== 'SECRETARY' ? late.by : null;
    return { ...pair, lateRecordedBy: mark };
  });
  return { ...after, pairs };
}

/** The sets from which a late pair the supervisor recorded would change (its first set, or the pair gone). */
export function lateMarksWithdrawn(before: Lineup, after: Lineup): number[] {
  return before.pairs.flatMap((pair) => {
    if (!pair.lateRecordedBy) return [];
    const now = after.pairs.find((p) => p.pairNumber === pair.pairNumber);
    return now && (now.fromSet ?? 1) === (pair.fromSet ?? 1) ? [] : [Math.min(pair.fromSet ?? 1, now?.fromSet ?? 1)];
  });
}

/** Of several answers for one change: a refusal first, then a correction, then a reason. */
export function strictest(answers: readonly AuthorityAnswer[]): AuthorityAnswer {
  return (
    answers.find((a) => a.kind === 'REFUSED') ??
    answers.find((a) => a.kind === 'REASON' && a.correction) ??
    answers.find((a) => a.kind === 'REASON') ??
    { kind: 'ALLOWED' }
  );
}

export function changeTeam(state: MatchState, cmd: SubstituteCommand | RemoveSubstitutionCommand | SetLineupCommand, settings: CoreSettings, now: Date): Transition {
  const refused = factsOpenProblems(state, cmd.by, cmd.reason);
  if (refused.length) return { problems: refused };
  const actor = actorOfRole(cmd.by.role);
  const check = (act: Act, setNumber: number) => authority(actor, setPhaseAt(state, setNumber, settings, now), act);
  // A club's change to one pair is judged by that pair's seats; the supervisor's and the federation's by the set's.
  const clubPhase = (side: Side, pairNumber: number, setNumber: number) => (actor === 'CLUB' ? pairPhase(state, side, pairNumber, setNumber, settings) : setPhase(state, setNumber, settings));
  let answer: AuthorityAnswer = { kind: 'ALLOWED' };
  const teams = { ...state.teams };
  if (cmd.kind === 'SUBSTITUTE') {
    if (SIDES.some((side) => state.teams[side].substitutions.some((sub) => sub.id === cmd.substitution.id))) {
      return { problems: [problem('DUPLICATE_ID', 'INVALID', 'Deze wissel is al vastgelegd.', 'id')] };
    }
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
