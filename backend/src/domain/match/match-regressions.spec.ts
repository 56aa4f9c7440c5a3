/**
 * What the random evenings of match-invariants.spec.ts found (issue 46, part 2), each shrunk
 * to its shortest evening and kept as a named example: RULES.md "Finality and authority at
 * the match" (revised 2026-12-06) says what must hold, the example names how it broke.
 */
import { DEFAULT_SETTINGS } from '../settings';
import { applyMatchCommand, CommandResult, MatchCommand, MatchState, Seat, seatPhase } from './match-command';
import { tablePlan } from './rotation';
import { SeatEntry } from './seat-entry';
import { fixtureLineup, fixtureMatchState, fixtureTeam } from './state.fixture';

const settings = DEFAULT_SETTINGS;
/** Match day, 20:30 in Amsterdam. */
const T0 = new Date('2026-11-28T19:30:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

const home = { userId: 'home-secretary', role: 'SECRETARY' as const };
const away = { userId: 'away-secretary', role: 'SECRETARY' as const };
const supervisor = { userId: 'supervisor', role: 'SUPERVISOR' as const };
const admin = { userId: 'admin', role: 'ADMIN' as const };

const matchState = (overrides: Partial<MatchState> = {}): MatchState =>
  fixtureMatchState({ teams: { HOME: fixtureTeam(fixtureLineup('h', { reserves: ['hr1', 'hr2'] })), AWAY: fixtureTeam(fixtureLineup('a', { reserves: ['ar1', 'ar2'] })) }, ...overrides });

/** Applies [command, minute] pairs as the evenings do (a refused command changes nothing); answers the last result and the state before it. */
function run(state: MatchState, steps: [MatchCommand, number][]): { before: MatchState; result: CommandResult; now: Date } {
  let before = state;
  let result: CommandResult = { state, events: [], problems: [], consequences: null, needsEligibility: false };
  for (const [command, minute] of steps) {
    before = result.state;
    result = applyMatchCommand(before, command, settings, minutes(minute));
  }
  return { before, result, now: minutes(steps[steps.length - 1][1]) };
}

/** The pair enters the set and the opposing pair signs it on the same device. */
const signedAtTable = (setNumber: number, tableNumber: number, home: number, away: number): MatchCommand => ({
  kind: 'TABLE_ENTER',
  setNumber,
  tableNumber,
  enteredBy: 'HOME',
  signedBy: 'AWAY',
  totals: { home, away },
});
const nightAt = (home: number, away: number) => tablePlan(settings.pairsPerTeam).map((s) => signedAtTable(s.setNumber, s.tableNumber, home, away));
const wholeForm = (home: number, away: number): SeatEntry[] => tablePlan(settings.pairsPerTeam).map((s) => ({ setNumber: s.setNumber, tableNumber: s.tableNumber, homePoints: home, awayPoints: away }));
const seatAt = (state: MatchState, setNumber: number, tableNumber: number): Seat | undefined => state.seats.find((s) => s.setNumber === setNumber && s.tableNumber === tableNumber);
const scoreAt = (state: MatchState, setNumber: number, tableNumber: number) => {
  const seat = seatAt(state, setNumber, tableNumber);
  return seat && { source: seat.source, homePoints: seat.homePoints, awayPoints: seat.awayPoints, games: seat.games };
};
/** Refused, or applied and publicly marked corrected at that moment (RULES.md "Every change to a signed seat is a correction"). */
const refusedOrCorrected = ({ result, now }: { result: CommandResult; now: Date }) => result.problems.length > 0 || result.state.correctedAt?.getTime() === now.getTime();

describe('regression: a seat signed at the table and then disputed by a second device is still a signed seat (invariants 2, 3)', () => {
  // Set 1 at table 1 signed 6–2 on one phone; a second phone sends it signed 8–0: a dispute for the supervisor, on a signed seat.
  const signedTwice: [MatchCommand, number][] = [
    [signedAtTable(1, 1, 6, 2), 0],
    [signedAtTable(1, 1, 8, 0), 1],
  ];

  it('regression: a Regel 22 void of that seat is a correction', () => {
    const voiding = run(matchState(), [...signedTwice, [{ kind: 'VOID_WRONG_TABLE', by: supervisor, reason: 'Verkeerde tafel', id: 'x1', setNumber: 1, tableNumber: 1, gameNumbers: [4] }, 10]]);
    expect(refusedOrCorrected(voiding)).toBe(true);
  });

  it('regression: the supervisor deciding the dispute for the second score changes the first signature: a correction', () => {
    const decided = run(matchState(), [...signedTwice, [{ kind: 'DECIDE_SET', by: 'SUPERVISOR', reason: 'Beide koppels gehoord', setNumber: 1, tableNumber: 1, totals: { home: 8, away: 0 } }, 10]]);
    expect(decided.before.seats[0]).toMatchObject({ homePoints: 6, awayPoints: 2, signedBySide: 'AWAY' });
    expect(decided.result.problems).toEqual([]);
    expect(decided.result.state.correctedAt).toEqual(minutes(10));
  });

  it('regression: recording the match as not played over that seat is a correction', () => {
    const recorded = run(matchState(), [...signedTwice, [{ kind: 'RECORD_NOT_PLAYED', by: admin, reason: 'Geen tafelscherm', status: 'NOT_PLAYED', seats: [], homePoints: 0, awayPoints: 0 }, 10]]);
    expect(refusedOrCorrected(recorded)).toBe(true);
  });

  it('regression: a club’s substitution before set 3 (Regel 14: 8–0 for the pair) does not replace that seat', () => {
    // Away pair 1 plays set 2 at table 2.
    const { before, result } = run(matchState(), [
      [signedAtTable(2, 2, 8, 0), 0],
      [signedAtTable(2, 2, 4, 4), 1],
      [{ kind: 'SUBSTITUTE', by: away, side: 'AWAY', substitution: { id: 's1', setNumber: 2, pairNumber: 1, outPlayerId: 'a1a', inPlayerId: 'ar1', outMemberId: 'a1a', inMemberId: 'ar1' } }, 10],
    ]);
    expect(scoreAt(result.state, 2, 2)).toEqual(scoreAt(before, 2, 2));
  });
});

describe('regression: nothing a club does reopens what its team leader confirmed (invariant 5)', () => {
  it('regression: after the home club confirmed the night, its substitution into sets a second device disputed does not take the confirmation away', () => {
    // Home pair 1 plays at table 1; its sets 5 and 6 were signed 8–0 and then sent signed 9–0 from another phone.
    const { before, result } = run(matchState(), [
      ...nightAt(8, 0).map((c): [MatchCommand, number] => [c, 0]),
      [{ kind: 'CONFIRM_NIGHT', side: 'HOME', userId: home.userId }, 10],
      [signedAtTable(5, 1, 9, 0), 11],
      [signedAtTable(6, 1, 9, 0), 11],
      [{ kind: 'SUBSTITUTE', by: home, side: 'HOME', substitution: { id: 's1', setNumber: 5, pairNumber: 1, outPlayerId: 'h1a', inPlayerId: 'hr1', outMemberId: 'h1a', inMemberId: 'hr1' } }, 12],
    ]);
    expect(before.homeSignedAt).toEqual(minutes(10));
    expect(result.state.homeSignedAt).toEqual(minutes(10));
  });
});

describe('regression: only the federation changes a final match, and then it is marked corrected (invariant 2)', () => {
  const finalNight: [MatchCommand, number][] = [...nightAt(6, 2).map((c): [MatchCommand, number] => [c, 0]), [{ kind: 'FINALISE' }, 30]];

  it('regression: the federation’s decision without a score on a signed seat of a final match changes it only as a correction', () => {
    const decided = run(matchState(), [...finalNight, [{ kind: 'DECIDE_SET', by: 'ADMIN', reason: 'Nagekeken', setNumber: 1, tableNumber: 1 }, 60]]);
    expect(decided.result.problems.length > 0 || JSON.stringify(decided.result.state) === JSON.stringify(decided.before) || decided.result.state.correctedAt?.getTime() === minutes(60).getTime()).toBe(true);
  });

  it('regression: recording a final match as not played is a correction (RULES.md: "recording it as not played included")', () => {
    const recorded = run(matchState(), [...finalNight, [{ kind: 'RECORD_NOT_PLAYED', by: admin, reason: 'Geen tafelscherm', status: 'NOT_PLAYED', seats: [], homePoints: 0, awayPoints: 0 }, 60]]);
    expect(refusedOrCorrected(recorded)).toBe(true);
  });

  it('regression: recording a match already recorded as not played otherwise (a forfeit after all) is a correction', () => {
    const forfeitSeats = tablePlan(settings.pairsPerTeam).map((s) => ({ ...s, homePoints: 8, awayPoints: 0, source: 'FORFEIT' as const }));
    const recorded = run(matchState(), [
      [{ kind: 'RECORD_NOT_PLAYED', by: admin, reason: 'Geen tafelscherm', status: 'NOT_PLAYED', seats: [], homePoints: 0, awayPoints: 0 }, 0],
      [{ kind: 'RECORD_NOT_PLAYED', by: admin, reason: 'Uit kwam met vier koppels', status: 'FORFEIT', seats: forfeitSeats, homePoints: 288, awayPoints: 0 }, 60],
    ]);
    expect(refusedOrCorrected(recorded)).toBe(true);
  });
});

describe('regression: an undo restores exactly what was there (invariant 4)', () => {
  it('regression: withdrawing a second, identical Regel 38 removal keeps the first one', () => {
    const removal = (id: string, by: typeof supervisor | typeof admin): MatchCommand => ({ kind: 'REMOVE_PLAYER', by, reason: 'Drie waarschuwingen', id, setNumber: 2, tableNumber: 2, fromGame: 3, memberId: 'a1a', playerId: 'a1a' });
    const { before, result } = run(matchState(), [
      [removal('x1', supervisor), 0],
      [removal('x3', admin), 5],
      [{ kind: 'WITHDRAW_ACTION', by: admin, reason: 'Dubbel vastgelegd', id: 'x3' }, 6],
    ]);
    const afterFirst = run(matchState(), [[removal('x1', supervisor), 0]]).result.state;
    expect(before.actions.map((a) => a.id)).toEqual(['x1', 'x3']);
    expect(result.state.seats).toEqual(afterFirst.seats);
    expect(result.state.teams.AWAY.removals).toEqual(afterFirst.teams.AWAY.removals);
  });
});

describe('regression: a table-played match is signed at the tables (invariant 7)', () => {
  it.each<[string, SeatEntry[] | undefined]>([
    ['the form as the home team signed it', undefined],
    ['the form as the supervisor decided it (its own sets)', wholeForm(8, 0)],
  ])('regression: a table’s entry after a disputed paper form does not become final unsigned by the supervisor’s decision: %s', (_, sets) => {
    const { result } = run(matchState(), [
      [{ kind: 'ENTER_FORM', by: home, sets: wholeForm(8, 0) }, 0],
      [{ kind: 'SIGN_FORM', by: home }, 5],
      [{ kind: 'DISPUTE_FORM', by: away, comment: 'Set 2 klopt niet' }, 60],
      [{ kind: 'TABLE_ENTER', setNumber: 1, tableNumber: 1, enteredBy: 'HOME', totals: { home: 8, away: 0 } }, 60],
      [{ kind: 'DECIDE_FORM', by: supervisor, reason: 'Beide teams gehoord', ...(sets ? { sets } : {}) }, 600],
    ]);
    // Played at a table from its entry on: every seat signed, decided or credited before it is final.
    expect(result.state.resultState === 'CONFIRMED' && result.state.seats.some((s) => seatPhase(s) === 'ENTERED')).toBe(false);
  });

  it('regression: a match where a table entered a set stays table-played after the supervisor voids that entry: the clubs’ paper form does not make it final', () => {
    const { result } = run(matchState(), [
      [{ kind: 'TABLE_ENTER', setNumber: 1, tableNumber: 1, enteredBy: 'HOME', totals: { home: 8, away: 0 } }, 0],
      [{ kind: 'VOID_WRONG_TABLE', by: supervisor, reason: 'Verkeerde tafel', id: 'x1', setNumber: 1, tableNumber: 1, gameNumbers: [4] }, 1],
      [{ kind: 'ENTER_FORM', by: home, sets: wholeForm(8, 0) }, 30],
      [{ kind: 'SIGN_FORM', by: home }, 35],
      [{ kind: 'CONFIRM_FORM', by: away }, 95],
    ]);
    expect(result.state.resultState).not.toBe('CONFIRMED');
  });
});

describe('regression: a command that changes nobody’s seat at the table changes no recorded facts (invariant 2: a table changes no line-up or substitution)', () => {
  it('regression: the Regel 4 violation of a substitution does not grow with every table entry ("once seen stays seen" merged again on each command)', () => {
    const substitute = (id: string, setNumber: number, by: typeof away | typeof supervisor): MatchCommand => ({
      kind: 'SUBSTITUTE',
      by,
      reason: 'Gemeld aan tafel',
      side: 'AWAY',
      // ax9 is on no line-up: a Regel 4 case.
      substitution: { id, setNumber, pairNumber: 1, outPlayerId: 'a1a', inPlayerId: 'ax9', outMemberId: 'a1a', inMemberId: 'ax9' },
    });
    const { before, result } = run(matchState(), [
      [substitute('s1', 4, away), 0],
      [substitute('s2', 3, supervisor), 1],
      [signedAtTable(1, 1, 8, 0), 2],
    ]);
    expect(result.problems).toEqual([]);
    expect(result.state.teams).toEqual(before.teams);
  });
});

describe('regression: an undo never loses what the tables entered (RULES.md "An undo restores exactly what was there")', () => {
  it('regression: table entries a removal covered, then a substitute replaced (Regel 38A: played again), come back when the substitution is withdrawn', () => {
    const removal: MatchCommand = { kind: 'REMOVE_PLAYER', by: supervisor, reason: 'Drie waarschuwingen', id: 'x1', setNumber: 2, tableNumber: 1, fromGame: 3, memberId: 'h1a', playerId: 'h1a' };
    const substitute: MatchCommand = { kind: 'SUBSTITUTE', by: home, side: 'HOME', substitution: { id: 's1', setNumber: 3, pairNumber: 1, outPlayerId: 'h1a', inPlayerId: 'hr1', outMemberId: 'h1a', inMemberId: 'hr1' } };
    const signed = run(matchState(), [3, 4, 5, 6].map((set): [MatchCommand, number] => [signedAtTable(set, 1, 6, 2), 0])).result.state;
    const steps: [MatchCommand, number][] = [
      [removal, 10],
      [substitute, 20],
      [{ kind: 'WITHDRAW_ACTION', by: supervisor, reason: 'Verkeerde speler', id: 'x1' }, 30],
    ];
    const withdrawn = run(signed, steps).result;
    expect(withdrawn.problems).toEqual([]);
    // The substitute plays sets 3–6: those sets are played again (their old entries kept, not counted).
    expect([3, 4, 5, 6].map((set) => seatAt(withdrawn.state, set, 1))).toEqual([undefined, undefined, undefined, undefined]);
    const undone = run(signed, [...steps, [{ kind: 'REMOVE_SUBSTITUTION', by: home, id: 's1' }, 40]]).result;
    expect(undone.problems).toEqual([]);
    expect([3, 4, 5, 6].map((set) => seatAt(undone.state, set, 1))).toEqual([3, 4, 5, 6].map((set) => seatAt(signed, set, 1)));
  });
});

describe('regression: home and away are not turned round once the supervisor acted (invariant 4)', () => {
  it('regression: a swap after a Regel 38 removal is refused (the removal names its side), so a later identical removal is withdrawn on its own', () => {
    const removal = (id: string, by: typeof supervisor | typeof admin): MatchCommand => ({ kind: 'REMOVE_PLAYER', by, reason: 'Drie waarschuwingen', id, setNumber: 1, tableNumber: 1, fromGame: 2, memberId: 'h1a', playerId: 'h1a' });
    const { result } = run(matchState(), [
      [removal('x1', admin), 0],
      [{ kind: 'SWAP_SIDES', by: admin, reason: 'Verkeerd om ingepland' }, 0],
    ]);
    expect(result.problems.map((p) => p.code)).toEqual(['MATCH_HAS_RESULT']);
  });
});
