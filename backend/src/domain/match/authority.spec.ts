/**
 * RULES.md "Finality and authority at the match": the authority table, cell by cell, and the
 * core applying it (who played, the supervisor's changes of signed sets, a final match).
 */
import { DEFAULT_SETTINGS } from '../settings';
import { Act, ACTORS, ACTS, Actor, authority, AUTHORITY_PHASES, AuthorityPhase } from './authority';
import { Lineup } from './lineup';
import { applyMatchCommand, CommandResult, CommandUser, MatchCommand, MatchState, setPhase, setPhaseAt } from './match-command';
import { tablePlan } from './rotation';
import { fixtureLineup, fixtureMatchState, fixtureTeam } from './state.fixture';

/**
 * The table as RULES.md writes it, one string per actor and act, four cells (before the set
 * starts | during the set | after its signature | once final): A allowed, R with a reason,
 * C a correction with a reason, or the refusal's code.
 */
const EXPECTED: Record<Actor, Record<Act, string>> = {
  CLUB: {
    LINEUP: 'A SET_STARTED SET_STARTED RESULT_LOCKED',
    RESERVES: 'A RESERVES_FIXED RESERVES_FIXED RESULT_LOCKED',
    SUBSTITUTE: 'A A SET_ALREADY_SIGNED RESULT_LOCKED',
    WITHDRAW_SUBSTITUTION: 'A SET_STARTED SET_STARTED RESULT_LOCKED',
    ENTER_SCORE: 'TABLE_ONLY TABLE_ONLY TABLE_ONLY RESULT_LOCKED',
    SIGN_OR_REFUSE: 'TABLE_ONLY TABLE_ONLY TABLE_ONLY RESULT_LOCKED',
    LATE_PAIR: 'SUPERVISOR_ONLY SUPERVISOR_ONLY SUPERVISOR_ONLY RESULT_LOCKED',
    DECIDE_REFUSAL: 'SUPERVISOR_ONLY SUPERVISOR_ONLY SUPERVISOR_ONLY RESULT_LOCKED',
    VOID_OR_REMOVE: 'SUPERVISOR_ONLY SUPERVISOR_ONLY SUPERVISOR_ONLY RESULT_LOCKED',
    CHANGE_SIGNED_SCORE: 'SUPERVISOR_ONLY SUPERVISOR_ONLY SUPERVISOR_ONLY RESULT_LOCKED',
    WITHDRAW_SUPERVISOR_RECORD: 'SUPERVISOR_ONLY SUPERVISOR_ONLY SUPERVISOR_ONLY RESULT_LOCKED',
  },
  TABLE: {
    LINEUP: 'CLUB_ONLY CLUB_ONLY CLUB_ONLY RESULT_LOCKED',
    RESERVES: 'CLUB_ONLY CLUB_ONLY CLUB_ONLY RESULT_LOCKED',
    SUBSTITUTE: 'SUPERVISOR_ONLY SUPERVISOR_ONLY SUPERVISOR_ONLY RESULT_LOCKED',
    WITHDRAW_SUBSTITUTION: 'SUPERVISOR_ONLY SUPERVISOR_ONLY SUPERVISOR_ONLY RESULT_LOCKED',
    ENTER_SCORE: 'A A SET_ALREADY_SIGNED RESULT_LOCKED',
    SIGN_OR_REFUSE: 'SET_NOT_ENTERED A SET_ALREADY_SIGNED RESULT_LOCKED',
    LATE_PAIR: 'SUPERVISOR_ONLY SUPERVISOR_ONLY SUPERVISOR_ONLY RESULT_LOCKED',
    DECIDE_REFUSAL: 'SUPERVISOR_ONLY SUPERVISOR_ONLY SUPERVISOR_ONLY RESULT_LOCKED',
    VOID_OR_REMOVE: 'SUPERVISOR_ONLY SUPERVISOR_ONLY SUPERVISOR_ONLY RESULT_LOCKED',
    CHANGE_SIGNED_SCORE: 'SUPERVISOR_ONLY SUPERVISOR_ONLY SUPERVISOR_ONLY RESULT_LOCKED',
    WITHDRAW_SUPERVISOR_RECORD: 'SUPERVISOR_ONLY SUPERVISOR_ONLY SUPERVISOR_ONLY RESULT_LOCKED',
  },
  SUPERVISOR: {
    LINEUP: 'CLUB_ONLY CLUB_ONLY CLUB_ONLY RESULT_LOCKED',
    RESERVES: 'CLUB_ONLY R R RESULT_LOCKED',
    SUBSTITUTE: 'R R SET_ALREADY_SIGNED RESULT_LOCKED',
    WITHDRAW_SUBSTITUTION: 'R R R RESULT_LOCKED',
    ENTER_SCORE: 'TABLE_ONLY TABLE_ONLY TABLE_ONLY RESULT_LOCKED',
    SIGN_OR_REFUSE: 'TABLE_ONLY TABLE_ONLY TABLE_ONLY RESULT_LOCKED',
    LATE_PAIR: 'R SET_STARTED SET_STARTED RESULT_LOCKED',
    DECIDE_REFUSAL: 'SET_NOT_ENTERED R SET_ALREADY_SIGNED RESULT_LOCKED',
    VOID_OR_REMOVE: 'R R C RESULT_LOCKED',
    CHANGE_SIGNED_SCORE: 'SET_NOT_SIGNED SET_NOT_SIGNED C RESULT_LOCKED',
    WITHDRAW_SUPERVISOR_RECORD: 'R R R RESULT_LOCKED',
  },
  ADMIN: {
    LINEUP: 'A R R C',
    RESERVES: 'A R R C',
    SUBSTITUTE: 'A R R C',
    WITHDRAW_SUBSTITUTION: 'A R R C',
    ENTER_SCORE: 'R R C C',
    SIGN_OR_REFUSE: 'R R C C',
    LATE_PAIR: 'A R R C',
    DECIDE_REFUSAL: 'R R C C',
    VOID_OR_REMOVE: 'R R C C',
    CHANGE_SIGNED_SCORE: 'R R C C',
    WITHDRAW_SUPERVISOR_RECORD: 'R R R C',
  },
};

const cells = ACTORS.flatMap((actor) => ACTS.flatMap((act) => AUTHORITY_PHASES.map((phase, i): [Actor, Act, AuthorityPhase, string] => [actor, act, phase, EXPECTED[actor][act].split(' ')[i]])));

describe('the authority table (RULES.md): every actor × act × phase', () => {
  test(`has ${ACTORS.length * ACTS.length * AUTHORITY_PHASES.length} cells`, () => {
    expect(cells).toHaveLength(176);
  });

  test.each(cells)('%s, %s, %s: %s', (actor, act, phase, expected) => {
    const answer = authority(actor, phase, act);
    if (expected === 'A') expect(answer).toEqual({ kind: 'ALLOWED' });
    else if (expected === 'R') expect(answer).toEqual({ kind: 'REASON', correction: false });
    else if (expected === 'C') expect(answer).toEqual({ kind: 'REASON', correction: true });
    else {
      expect(answer).toMatchObject({ kind: 'REFUSED', code: expected });
      expect((answer as { message: string }).message).toMatch(/^[A-Z].+[.)]$/);
    }
  });

  test('nobody but the federation changes a final match, and then only as a correction', () => {
    for (const [actor, act, phase] of cells.filter(([, , p]) => p === 'FINAL')) {
      const answer = authority(actor, phase, act);
      if (actor === 'ADMIN') expect(answer).toEqual({ kind: 'REASON', correction: true });
      else expect(answer).toMatchObject({ kind: 'REFUSED', code: 'RESULT_LOCKED' });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The core applies it.

const settings = DEFAULT_SETTINGS;
const T0 = new Date('2026-11-28T20:00:00Z');
const lineup = (prefix: string, extra: Partial<Lineup> = {}): Lineup => ({ ...fixtureLineup(prefix, { reserves: [`${prefix}r1`, `${prefix}r2`] }), ...extra });
const team = fixtureTeam;
function matchState(): MatchState {
  return fixtureMatchState({ teams: { HOME: team(lineup('h')), AWAY: team(lineup('a')) } });
}
function run(state: MatchState, ...commands: MatchCommand[]): CommandResult {
  let result: CommandResult = { state, events: [], problems: [], consequences: null, needsEligibility: false };
  for (const [i, command] of commands.entries()) {
    result = applyMatchCommand(result.state, command, settings, T0);
    if (result.problems.length && i < commands.length - 1) throw new Error(`${command.kind}: ${result.problems[0].message}`);
  }
  return result;
}
const club: CommandUser = { userId: 'away-secretary', role: 'SECRETARY' };
const supervisor: CommandUser = { userId: 'supervisor', role: 'SUPERVISOR' };
const admin: CommandUser = { userId: 'admin', role: 'ADMIN' };
const enter = (setNumber: number, tableNumber: number): MatchCommand => ({ kind: 'TABLE_ENTER', setNumber, tableNumber, enteredBy: 'HOME', totals: { home: 6, away: 2 } });
const sign = (setNumber: number, tableNumber: number): MatchCommand => ({ kind: 'TABLE_SIGN', setNumber, tableNumber, side: 'AWAY' });
const set = (n: number): MatchCommand[] => tablePlan(6).filter((s) => s.setNumber === n).flatMap((s) => [enter(s.setNumber, s.tableNumber), sign(s.setNumber, s.tableNumber)]);
const wholeNight = (): MatchCommand[] => [1, 2, 3, 4, 5, 6].flatMap(set);
const resave = (by: CommandUser, l: Lineup, reason?: string): MatchCommand => ({ kind: 'SET_LINEUP', by, side: 'AWAY', lineup: l, ...(reason ? { reason } : {}) });
const swapped = lineup('a', { pairs: lineup('a').pairs.map((p) => (p.pairNumber === 2 ? { ...p, players: ['ar1', 'a2b'] as const } : p)), reserves: ['a2a', 'ar2'] });
const sub = (by: CommandUser, setNumber = 3, id = 's1'): MatchCommand => ({
  kind: 'SUBSTITUTE',
  by,
  reason: by.role === 'SECRETARY' ? null : 'Blessure',
  side: 'AWAY',
  substitution: { id, setNumber, pairNumber: 2, outPlayerId: 'a2a', inPlayerId: 'ar1', outMemberId: 'a2a', inMemberId: 'ar1' },
});

/** The table where an away pair sits in a set (Regel 22). */
const tableOfAway = (setNumber: number, pairNumber: number) => tablePlan(6).find((s) => s.setNumber === setNumber && s.awayPairNumber === pairNumber)!.tableNumber;

describe('who played (RULES.md): the core asks the authority table', () => {
  test('setPhase: before the first entry, during, after every seat is signed, final', () => {
    const started = run(matchState(), enter(1, 1)).state;
    const signed = run(matchState(), ...set(1)).state;
    expect([setPhase(matchState(), 1, settings), setPhase(started, 1, settings), setPhase(signed, 1, settings), setPhase({ ...signed, resultState: 'CONFIRMED' }, 1, settings)]).toEqual([
      'BEFORE_SET',
      'DURING_SET',
      'AFTER_SIGNATURE',
      'FINAL',
    ]);
  });

  test('setPhaseAt: set 1 of a paper match starts at the start time; a night or a table entry decides by the tables', () => {
    const startsAt = new Date('2026-11-14T19:00:00.000Z');
    const [before, at, after] = [new Date(startsAt.getTime() - 60_000), startsAt, new Date(startsAt.getTime() + 60_000)];
    const paper = { ...matchState(), startsAt };
    expect([before, at, after].map((now) => setPhaseAt(paper, 1, settings, now))).toEqual(['BEFORE_SET', 'DURING_SET', 'DURING_SET']);
    // Only set 1 (RULES.md); the later sets of a paper match start with an entry.
    expect(setPhaseAt(paper, 2, settings, after)).toBe('BEFORE_SET');
    // A night opened: the tables' first entry starts the set, not the clock.
    expect(setPhaseAt({ ...paper, nightOpenedAt: before }, 1, settings, after)).toBe('BEFORE_SET');
    // A table entered set 2: the match is played at the tables, set 1 waits for its own entry.
    expect(setPhaseAt({ ...run(paper, enter(2, 1)).state, startsAt }, 1, settings, after)).toBe('BEFORE_SET');
    // Without a known start (a state built without it), only entries count.
    expect(setPhaseAt(matchState(), 1, settings, after)).toBe('BEFORE_SET');
    // Once signed or final, the clock changes nothing.
    const signed = { ...run(matchState(), ...set(1)).state, startsAt };
    expect(setPhaseAt(signed, 1, settings, before)).toBe('AFTER_SIGNATURE');
  });

  test.each<[string, MatchCommand[], string]>([
    ['a club cannot re-save a line-up that seats others in a started set', [enter(1, 1), resave(club, swapped)], 'SET_STARTED'],
    ['a mid-match edit swapping in a reserve before set 3 is refused (it is a substitution for the supervisor)', [...set(1), ...set(2), enter(3, 1), resave(club, swapped)], 'SET_STARTED'],
    ['a club cannot remove a substitution the supervisor recorded', [sub(supervisor, 4), { kind: 'REMOVE_SUBSTITUTION', by: club, id: 's1' }], 'SUPERVISOR_ONLY'],
    ['a club cannot remove its substitution once its set started', [sub(club, 3), ...set(1), ...set(2), enter(3, 2), { kind: 'REMOVE_SUBSTITUTION', by: club, id: 's1' }], 'SET_STARTED'],
    ['the supervisor withdraws a substitution only with a reason', [sub(supervisor, 4), { kind: 'REMOVE_SUBSTITUTION', by: supervisor, id: 's1' }], 'VALIDATION_FAILED'],
    ['a club records no substitution in a signed set', [...set(1), ...set(2), ...set(3), sub(club, 3)], 'SET_ALREADY_SIGNED'],
    [
      'a club records no substitution for a pair whose seat of that set is signed, though other tables still play',
      [...set(1), ...set(2), enter(3, tableOfAway(3, 2)), sign(3, tableOfAway(3, 2)), sub(club, 3)],
      'SET_ALREADY_SIGNED',
    ],
    ['the late pair the supervisor recorded survives a club’s re-save (set 1 started without pair 6)', [resave(admin, lineup('a', { pairs: lineup('a').pairs.map((p) => (p.pairNumber === 6 ? { ...p, fromSet: 3 } : p)) })), enter(1, 1), resave(club, lineup('a'))], 'SET_STARTED'],
    ['an administrator changes who played in a started set only with a reason', [enter(1, 1), resave(admin, swapped)], 'VALIDATION_FAILED'],
    ['a club does not add a reserve once set 1 started (RULES.md, revised 2026-12-06)', [enter(1, 1), resave(club, lineup('a', { reserves: ['ar1', 'ar2', 'ax'] }))], 'RESERVES_FIXED'],
    ['the supervisor does not add a reserve without a reason', [enter(1, 1), resave(supervisor, lineup('a', { reserves: ['ar1', 'ar2', 'ax'] }))], 'VALIDATION_FAILED'],
    ['the supervisor does not change pairs', [resave(supervisor, swapped)], 'CLUB_ONLY'],
    ['the supervisor does not change a final match', [...wholeNight(), { kind: 'FINALISE' }, { kind: 'DECIDE_SET', setNumber: 1, tableNumber: 1, reason: 'Telfout', by: 'SUPERVISOR', totals: { home: 4, away: 4 } }], 'RESULT_LOCKED'],
  ])('Regel 13–15: %s', (_name, commands, code) => {
    const state = commands.some((c) => c.kind === 'FINALISE') ? { ...run(matchState(), ...commands.slice(0, -2)).state, finalDueAt: new Date(T0.getTime() - 1) } : null;
    const before = state ? run(state, commands[commands.length - 2]).state : run(matchState(), ...commands.slice(0, -1)).state;
    const result = applyMatchCommand(before, commands[commands.length - 1], settings, T0);
    expect(result.problems.map((p) => p.code)).toContain(code);
    expect(result.state).toBe(before);
  });

  test.each<[string, MatchCommand[]]>([
    ['a club re-saves reserves only before set 1 starts', [resave(club, lineup('a', { reserves: ['ar1', 'ar2', 'ax'] }))]],
    ['the supervisor adds a reserve after set 1 started, with a reason (RULES.md, revised 2026-12-06)', [enter(1, 1), { ...resave(supervisor, lineup('a', { reserves: ['ar1', 'ar2', 'ax'] })), reason: 'Reserve kwam later' } as MatchCommand]],
    ['a club changes pairs before set 1 starts', [resave(club, swapped)]],
    ['a club records a substitution during set 3 (Regel 13/14 checks)', [...set(1), ...set(2), enter(3, 1), sub(club, 3)]],
    ['a club records a substitution for a pair whose seat is not signed, while another table of the set has signed', [...set(1), ...set(2), enter(3, tableOfAway(3, 5)), sign(3, tableOfAway(3, 5)), sub(club, 3)]],
    ['the supervisor records a substitution in a set some of whose seats are signed, with a reason', [...set(1), ...set(2), enter(3, tableOfAway(3, 2)), sign(3, tableOfAway(3, 2)), sub(supervisor, 3)]],
    ['the supervisor withdraws the substitution they recorded, with a reason', [sub(supervisor, 4), { kind: 'REMOVE_SUBSTITUTION', by: supervisor, id: 's1', reason: 'Verkeerd koppel gekozen' }]],
  ])('allowed: %s', (_name, commands) => {
    expect(run(matchState(), ...commands).problems).toEqual([]);
  });

  test('Regel 4 once seen stays seen: a stranger who played stays a Regel 4 case after the club re-saves him among the reserves; only the supervisor withdraws it', () => {
    const stranger: MatchCommand = { ...sub(club, 4), substitution: { id: 's1', setNumber: 4, pairNumber: 2, outPlayerId: 'a2a', inPlayerId: 'ax', outMemberId: 'a2a', inMemberId: 'ax' } } as MatchCommand;
    const seen = run(matchState(), stranger).state;
    expect(seen.teams.AWAY.substitutions[0].violation).toMatch(/Regel 4/);
    const resaved = run(seen, resave(club, lineup('a', { reserves: ['ar1', 'ar2', 'ax'] }))).state;
    expect(resaved.teams.AWAY.substitutions[0].violation).toMatch(/Regel 4/);
    expect(applyMatchCommand(resaved, { kind: 'REMOVE_SUBSTITUTION', by: club, id: 's1' }, settings, T0).problems[0].code).toBe('SUPERVISOR_ONLY');
    expect(run(resaved, { kind: 'REMOVE_SUBSTITUTION', by: supervisor, id: 's1', reason: 'Speler stond op het formulier' }).state.teams.AWAY.substitutions).toEqual([]);
  });

  test('a signed set changed by the supervisor is a correction: reason kept, publicly marked', () => {
    const result = run(matchState(), ...set(1), { kind: 'DECIDE_SET', setNumber: 1, tableNumber: 1, reason: 'Kap niet geteld', by: 'SUPERVISOR', totals: { home: 8, away: 0 } });
    expect(result.state).toMatchObject({ correctedAt: T0, correctedByRole: 'SUPERVISOR', correctionReason: 'Kap niet geteld', resultState: 'ENTERED' });
  });

  test('deciding a refused set is a decision, not a correction', () => {
    const result = run(matchState(), enter(1, 1), { kind: 'TABLE_REFUSE', setNumber: 1, tableNumber: 1, side: 'AWAY', comment: 'Kap' }, { kind: 'DECIDE_SET', setNumber: 1, tableNumber: 1, reason: 'Gehoord', by: 'SUPERVISOR', totals: { home: 8, away: 0 } });
    expect(result.state.correctedAt).toBeNull();
  });

  test('every change by an administrator to a final match is a correction (who played included)', () => {
    const final = { ...run(matchState(), ...wholeNight()).state, finalDueAt: new Date(T0.getTime() - 1) };
    const locked = run(final, { kind: 'FINALISE' }).state;
    expect(locked.resultState).toBe('CONFIRMED');
    const result = run(locked, { ...sub(admin, 3), reason: 'Beroep: wissel stond op het formulier' } as MatchCommand);
    expect(result.state).toMatchObject({ resultState: 'CONFIRMED', correctedAt: T0, correctedByRole: 'ADMIN', correctionReason: 'Beroep: wissel stond op het formulier' });
  });
});

describe('Undo (RULES.md): the supervisor withdraws their own Regel 38 removal and Regel 22 void, with a reason, until final', () => {
  const games = (...winners: ('HOME' | 'AWAY')[]) => winners.map((winner) => ({ winner, kind: 'WON' as const }));
  const enterGames = (setNumber: number, tableNumber: number): MatchCommand => ({ kind: 'TABLE_ENTER', setNumber, tableNumber, enteredBy: 'HOME', games: games('HOME', 'HOME', 'AWAY', 'HOME') });
  const removal: MatchCommand = { kind: 'REMOVE_PLAYER', by: supervisor, reason: 'Drie waarschuwingen', id: 'r1', setNumber: 2, tableNumber: 1, fromGame: 3, memberId: 'm-h1a', playerId: 'h1a' };
  const voiding: MatchCommand = { kind: 'VOID_WRONG_TABLE', by: supervisor, reason: 'Verkeerde tafel', id: 'v1', setNumber: 1, tableNumber: 2, gameNumbers: [1, 2] };
  const withdraw = (id: string, by: CommandUser = supervisor, reason = 'Verkeerde speler aangewezen'): MatchCommand => ({ kind: 'WITHDRAW_ACTION', by, id, reason });
  const seatOf = (state: MatchState, setNumber: number, tableNumber: number) => state.seats.find((s) => s.setNumber === setNumber && s.tableNumber === tableNumber);

  test('Regel 38: withdrawn, the removal seat returns to the games the table entered and the later credits go', () => {
    const removed = run(matchState(), enterGames(2, 1), sign(2, 1), removal).state;
    expect(seatOf(removed, 2, 1)).toMatchObject({ homePoints: 4, awayPoints: 4 });
    expect(removed.seats.filter((s) => s.source === 'PLAYER_REMOVED')).toHaveLength(4);
    const undone = run(removed, withdraw('r1'));
    expect(undone.problems).toEqual([]);
    expect(seatOf(undone.state, 2, 1)).toMatchObject({ source: 'GAMES', homePoints: 6, awayPoints: 2, signedBySide: 'AWAY' });
    expect(undone.state.seats.filter((s) => s.source === 'PLAYER_REMOVED')).toEqual([]);
    expect(undone.state.actions).toEqual([]);
    expect(undone.state.teams.HOME.removals).toEqual([]);
  });

  test('Regel 38: entered and signed again after the removal, withdrawn: that signed entry stays, only its credited games go back to what the table entered before', () => {
    const kaps: MatchCommand = { kind: 'TABLE_ENTER', setNumber: 2, tableNumber: 1, enteredBy: 'HOME', games: [{ winner: 'AWAY', kind: 'KAP' }, { winner: 'AWAY', kind: 'KAP' }, { winner: 'HOME', kind: 'WON' }, { winner: 'HOME', kind: 'WON' }] };
    const again = run(matchState(), enterGames(2, 1), removal, kaps, sign(2, 1)).state;
    expect(seatOf(again, 2, 1)).toMatchObject({ homePoints: 0, awayPoints: 14, signedBySide: 'AWAY' });
    const undone = run(again, withdraw('r1'));
    expect(undone.problems).toEqual([]);
    const seat = seatOf(undone.state, 2, 1)!;
    // Games 1–2 as signed (two away kaps), games 3–4 as the table entered them before the removal (away, home).
    expect(seat).toMatchObject({ source: 'GAMES', signedBySide: 'AWAY', homePoints: 2, awayPoints: 12, decisionReason: 'Verkeerde speler aangewezen' });
    expect(seat.games.map((g) => [g.gameNumber, g.winner, g.kind, g.penaltyRule])).toEqual([
      [1, 'AWAY', 'KAP', null],
      [2, 'AWAY', 'KAP', null],
      [3, 'AWAY', 'WON', null],
      [4, 'HOME', 'WON', null],
    ]);
    expect(undone.state.seats.filter((s) => s.source === 'PLAYER_REMOVED')).toEqual([]);
  });

  test('Regel 38: a seat first entered after the removal cannot get its credited games back: the withdrawal is refused until the supervisor decides the seat', () => {
    const kaps: MatchCommand = { kind: 'TABLE_ENTER', setNumber: 2, tableNumber: 1, enteredBy: 'HOME', games: [{ winner: 'AWAY', kind: 'KAP' }, { winner: 'AWAY', kind: 'KAP' }, { winner: 'HOME', kind: 'WON' }, { winner: 'HOME', kind: 'WON' }] };
    const state = run(matchState(), removal, kaps, sign(2, 1)).state;
    const result = applyMatchCommand(state, withdraw('r1'), settings, T0);
    expect(result.problems.map((p) => p.code)).toEqual(['SEAT_ENTERED_AGAIN']);
    expect(result.state).toBe(state);
  });

  test('Regel 22: withdrawn, the seat comes back exactly as the table entered and signed it (RULES.md, revised 2026-12-06)', () => {
    const signed = run(matchState(), enterGames(1, 2), sign(1, 2)).state;
    const voided = run(signed, voiding).state;
    expect(seatOf(voided, 1, 2)).toBeUndefined();
    const undone = run(voided, withdraw('v1'));
    expect(undone.problems).toEqual([]);
    expect(seatOf(undone.state, 1, 2)).toEqual(seatOf(signed, 1, 2));
    expect(seatOf(undone.state, 1, 2)!.games.map((g) => g.gameNumber)).toEqual([1, 2, 3, 4]);
  });

  test.each<[string, () => MatchState, MatchCommand, string]>([
    ['a reason is required', () => run(matchState(), removal).state, withdraw('r1', supervisor, ' '), 'VALIDATION_FAILED'],
    ['a club cannot withdraw it', () => run(matchState(), removal).state, withdraw('r1', club), 'SUPERVISOR_ONLY'],
    ['a supervisor withdraws only their own', () => run(matchState(), removal).state, withdraw('r1', { userId: 'other-supervisor', role: 'SUPERVISOR' }), 'NOT_OWN_ACTION'],
    ['not once final', () => ({ ...run(matchState(), removal).state, resultState: 'CONFIRMED' as const, status: 'PLAYED' as const }), withdraw('r1'), 'RESULT_LOCKED'],
    ['a void seat entered again at the right table stays', () => run(matchState(), enterGames(1, 2), voiding, enterGames(1, 2)).state, withdraw('v1'), 'SEAT_ENTERED_AGAIN'],
  ])('refused: %s', (_name, before, command, code) => {
    const state = before();
    const result = applyMatchCommand(state, command, settings, T0);
    expect(result.problems.map((p) => p.code)).toContain(code);
    expect(result.state).toBe(state);
  });

  test('an administrator withdraws any decision, with a reason', () => {
    expect(run(run(matchState(), removal).state, withdraw('r1', admin)).problems).toEqual([]);
  });
});

describe('Regel 22, 38 and the authority table: a void or removal in a signed set is a correction', () => {
  test.each<[string, MatchCommand[], boolean]>([
    ['a void in a signed set', [...set(1), { kind: 'VOID_WRONG_TABLE', by: supervisor, reason: 'Verkeerde tafel', id: 'v1', setNumber: 1, tableNumber: 2, gameNumbers: [1] }], true],
    ['a void while the set is played (no entry yet)', [{ kind: 'VOID_WRONG_TABLE', by: supervisor, reason: 'Verkeerde tafel', id: 'v1', setNumber: 1, tableNumber: 2, gameNumbers: [1] }], false],
    ['a removal while the set is played', [{ kind: 'REMOVE_PLAYER', by: supervisor, reason: 'Drie waarschuwingen', id: 'r1', setNumber: 1, tableNumber: 1, fromGame: 3, memberId: 'm-h1a', playerId: 'h1a' }], false],
  ])('%s', (_name, commands, correction) => {
    const result = run(matchState(), ...commands);
    expect(result.problems).toEqual([]);
    expect(result.state.correctedAt !== null).toBe(correction);
  });
});

describe('the supervisor’s decision at a seat: what it is follows from the seat (each table enters and signs its own part of the set)', () => {
  const decide = (by: 'SUPERVISOR' | 'ADMIN', score: boolean, setNumber = 1, tableNumber = 1): MatchCommand => ({
    kind: 'DECIDE_SET',
    setNumber,
    tableNumber,
    by,
    reason: 'Gezien aan tafel',
    ...(score ? { totals: { home: 8, away: 0 } } : {}),
  });
  const refuse: MatchCommand = { kind: 'TABLE_REFUSE', setNumber: 1, tableNumber: 1, side: 'AWAY', comment: 'Partij 3 klopt niet' };
  test.each<[string, MatchCommand[], string | null, boolean]>([
    ['a score where the table entered nothing is entering: the table’s (TABLE_ONLY)', [decide('SUPERVISOR', true)], 'TABLE_ONLY', false],
    ['no score where nothing is entered: nothing to decide (SET_NOT_ENTERED)', [decide('SUPERVISOR', false)], 'SET_NOT_ENTERED', false],
    ['a score over an entry nobody refused is entering: the table’s (TABLE_ONLY)', [enter(1, 1), decide('SUPERVISOR', true)], 'TABLE_ONLY', false],
    ['no score on an entry nobody refused is signing: the table’s (TABLE_ONLY)', [enter(1, 1), decide('SUPERVISOR', false)], 'TABLE_ONLY', false],
    ['a refused entry is the supervisor’s to decide (Regel 35B), not a correction', [enter(1, 1), refuse, decide('SUPERVISOR', true)], null, false],
    ['a signed seat changed is a correction, also while other tables still play the set', [enter(1, 1), sign(1, 1), decide('SUPERVISOR', true)], null, true],
    ['the federation enters where the table did not, with a reason', [decide('ADMIN', true)], null, false],
  ])('%s', (_name, commands, code, correction) => {
    const result = run(matchState(), ...commands);
    if (code) expect(result.problems.map((p) => p.code)).toEqual([code]);
    else {
      expect(result.problems).toEqual([]);
      expect(result.state.correctedAt !== null).toBe(correction);
    }
  });
});

describe('once final: the federation corrects a void, a removal and their withdrawal (RULES.md "Everything is a correction once final")', () => {
  const final = (): MatchState => {
    const signed = run(matchState(), ...wholeNight()).state;
    return { ...signed, resultState: 'CONFIRMED', finalAt: T0 };
  };
  const voidBy = (by: CommandUser, reason = 'Verkeerde tafel, achteraf gemeld'): MatchCommand => ({ kind: 'VOID_WRONG_TABLE', by, reason, id: 'v9', setNumber: 2, tableNumber: 2, gameNumbers: [1] });
  test('the supervisor cannot (RESULT_LOCKED)', () => {
    expect(run(final(), voidBy(supervisor)).problems.map((p) => p.code)).toEqual(['RESULT_LOCKED']);
  });
  test('the federation cannot void games of a final match: a final match has a score for every seat (RULES.md, revised 2026-12-06); it decides the score instead', () => {
    expect(run(final(), { ...voidBy(admin), reason: '' } as MatchCommand).problems.map((p) => p.code)).toEqual(['VALIDATION_FAILED']);
    expect(run(final(), voidBy(admin)).problems.map((p) => p.code)).toEqual(['FINAL_SEAT_EMPTY']);
  });
  test('the federation cannot remove a player from a final match where that would leave a seat without a score (a set entered as totals cannot be completed game by game)', () => {
    const removal: MatchCommand = { kind: 'REMOVE_PLAYER', by: admin, reason: 'Achteraf gemeld', id: 'r9', setNumber: 2, tableNumber: 1, fromGame: 3, memberId: 'm-h1a', playerId: 'h1a' };
    expect(run(final(), removal).problems.map((p) => p.code)).toEqual(['FINAL_SEAT_EMPTY']);
  });
});
