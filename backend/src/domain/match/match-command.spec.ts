import { DEFAULT_SETTINGS } from '../settings';
import { Lineup } from './lineup';
import {
  applyMatchCommand,
  CommandResult,
  CommandUser,
  MatchCommand,
  MatchState,
  nightProblems,
  Seat,
  seatPhase,
  settleCredits,
} from './match-command';
import { tablePlan } from './rotation';
import { GameEntry, SeatEntry } from './seat-entry';
import { Side } from './side';
import { fixtureLineup, fixtureMatchState, fixtureTeam } from './state.fixture';

const settings = DEFAULT_SETTINGS;
const NOW = new Date('2026-11-28T20:30:00Z');
const LATER = new Date('2026-11-28T21:00:00Z');

const lineup = (prefix: string, pairs = 6, fromSet: Record<number, number> = {}): Lineup => fixtureLineup(prefix, { pairs, fromSet, reserves: [`${prefix}r1`, `${prefix}r2`] });
const team = fixtureTeam;

function matchState(overrides: Partial<MatchState> = {}): MatchState {
  return fixtureMatchState({ teams: { HOME: team(lineup('h')), AWAY: team(lineup('a')) }, ...overrides });
}

const WON_HOME: GameEntry[] = [
  { winner: 'HOME', kind: 'WON' },
  { winner: 'HOME', kind: 'WON' },
  { winner: 'HOME', kind: 'WON' },
  { winner: 'AWAY', kind: 'WON' },
];

/** Applies commands one after another; throws on the first problem, unless it is the last command. */
function run(state: MatchState, ...commands: MatchCommand[]): CommandResult {
  let result: CommandResult = { state, events: [], problems: [], consequences: null, needsEligibility: false };
  commands.forEach((command, i) => {
    result = applyMatchCommand(result.state, command, settings, i === commands.length - 1 ? LATER : NOW);
    if (result.problems.length && i < commands.length - 1) throw new Error(`${command.kind}: ${result.problems[0].message}`);
  });
  return result;
}

const enter = (
  setNumber: number,
  tableNumber: number,
  enteredBy: Side = 'HOME',
  score: { games?: GameEntry[]; totals?: { home: number; away: number } } = { totals: { home: 6, away: 2 } },
  signedBy?: Side,
): MatchCommand => ({
  kind: 'TABLE_ENTER',
  setNumber,
  tableNumber,
  enteredBy,
  ...score,
  ...(signedBy ? { signedBy } : {}),
});
const sign = (setNumber: number, tableNumber: number, side: Side = 'AWAY'): MatchCommand => ({ kind: 'TABLE_SIGN', setNumber, tableNumber, side });
const refuse = (setNumber: number, tableNumber: number, side: Side = 'AWAY', comment = 'Partij 4 was een kap'): MatchCommand => ({ kind: 'TABLE_REFUSE', setNumber, tableNumber, side, comment });
const decide = (setNumber: number, tableNumber: number, extra: Partial<{ games: GameEntry[]; totals: { home: number; away: number }; reason: string }> = {}): MatchCommand => ({
  kind: 'DECIDE_SET',
  setNumber,
  tableNumber,
  reason: 'Beide koppels gehoord',
  by: 'SUPERVISOR',
  ...extra,
});
const confirm = (side: Side): MatchCommand => ({ kind: 'CONFIRM_NIGHT', side, userId: `${side.toLowerCase()}-secretary` });
const seat = (result: CommandResult, setNumber: number, tableNumber: number): Seat | undefined =>
  result.state.seats.find((s) => s.setNumber === setNumber && s.tableNumber === tableNumber);

/** Every seat of the plan entered by the home pair and signed by the away pair. */
const wholeNight = (): MatchCommand[] => tablePlan(settings.pairsPerTeam).flatMap((s) => [enter(s.setNumber, s.tableNumber), sign(s.setNumber, s.tableNumber)]);

describe('applyMatchCommand: the match night at the table', () => {
  describe.each<[string, MatchState, MatchCommand[], string]>([
    ['Regel 15: a signed set is irrevocable', matchState(), [enter(1, 1), sign(1, 1), enter(1, 1, 'AWAY', { totals: { home: 2, away: 6 } })], 'SET_ALREADY_SIGNED'],
    ['Regel 15: a signed set is signed once', matchState(), [enter(1, 1), sign(1, 1), sign(1, 1)], 'SET_ALREADY_SIGNED'],
    ['Regel 15: only the opposing pair signs', matchState(), [enter(1, 1, 'HOME'), sign(1, 1, 'HOME')], 'SIGN_OWN_ENTRY'],
    ['Regel 15: only the opposing pair refuses', matchState(), [enter(1, 1, 'AWAY'), refuse(1, 1, 'AWAY')], 'SIGN_OWN_ENTRY'],
    ['Regel 15: nothing to sign before an entry', matchState(), [sign(2, 3)], 'SET_NOT_ENTERED'],
    ['Regel 15: a locked result takes no entry', matchState({ status: 'PLAYED', resultState: 'CONFIRMED' }), [enter(1, 1)], 'RESULT_LOCKED'],
    ['Regel 15: a locked result takes no signature', matchState({ status: 'PLAYED', resultState: 'CONFIRMED' }), [sign(1, 1)], 'RESULT_LOCKED'],
    ['Regel 6–8: a match not played takes no entry', matchState({ status: 'CANCELLED' }), [enter(1, 1)], 'MATCH_NOT_PLAYED'],
    ['Regel 22: a seat outside the table plan does not exist', matchState(), [enter(7, 1)], 'SEAT_NOT_IN_PLAN'],
    ['Regel 29–34: an impossible set score is refused', matchState(), [enter(1, 1, 'HOME', { totals: { home: 7, away: 0 } })], 'INVALID_SCORE'],
    ['Regel 29–34: a set has gamesPerSet games', matchState(), [enter(1, 1, 'HOME', { games: WON_HOME.slice(0, 3) })], 'INVALID_SCORE'],
    ['Regel 17A: the penalty follows from the closed tricks', matchState(), [enter(1, 1, 'HOME', { games: [...WON_HOME.slice(0, 3), { winner: 'AWAY', kind: 'PENALTY', penaltyRule: '17A', points: 10, closedTricks: 6 }] })], 'INVALID_SCORE'],
    ['Regel 24: the penalty for cards not laid open is 2', matchState(), [enter(1, 1, 'HOME', { games: [...WON_HOME.slice(0, 3), { winner: 'AWAY', kind: 'PENALTY', penaltyRule: '24', points: 5 }] })], 'INVALID_SCORE'],
    ['Regel 35A: the supervisor ends a game for 2 points, no more', matchState(), [enter(1, 1, 'HOME', { games: [...WON_HOME.slice(0, 3), { winner: 'AWAY', kind: 'PENALTY', penaltyRule: '35A', points: 10 }] })], 'INVALID_SCORE'],
    ['Regel 35B: a refusal needs a comment', matchState(), [enter(1, 1), refuse(1, 1, 'AWAY', '  ')], 'COMMENT_REQUIRED'],
    ['Regel 35B: a disputed set is not entered again at the table', matchState(), [enter(1, 1), refuse(1, 1), enter(1, 1, 'HOME', { totals: { home: 2, away: 6 } })], 'SET_DISPUTED'],
    ['Regel 35B: a disputed set is not signed at the table', matchState(), [enter(1, 1), refuse(1, 1), sign(1, 1)], 'SET_DISPUTED'],
    ['Regel 15: the supervisor’s decision needs a reason', matchState(), [enter(1, 1), refuse(1, 1), decide(1, 1, { reason: ' ' })], 'REASON_REQUIRED'],
    ['Regel 15: the supervisor corrects only to a possible score', matchState(), [enter(1, 1), sign(1, 1), decide(1, 1, { totals: { home: 3, away: 3 } })], 'INVALID_SCORE'],
    ['Regel 12A: a seat of an absent pair cannot be entered', matchState({ teams: { HOME: team(lineup('h', 5)), AWAY: team(lineup('a')) } }), [enter(1, 6)], 'SEAT_CREDITED'],
    ['Regel 5B: a latecomer’s missed set cannot be entered', matchState({ teams: { HOME: team(lineup('h', 6, { 2: 3 })), AWAY: team(lineup('a')) } }), [enter(1, 2)], 'SEAT_CREDITED'],
    ['Regel 15: the night is not confirmed with a set unsigned', matchState(), [enter(1, 1), confirm('HOME')], 'NIGHT_NOT_COMPLETE'],
    ['Regel 35B: the night is not confirmed with a dispute open', matchState(), [...wholeNight().slice(0, -1), refuse(6, 6), confirm('AWAY')], 'NIGHT_NOT_COMPLETE'],
    ['Regel 5: the night is not confirmed without both line-ups', matchState({ teams: { HOME: team(lineup('h')), AWAY: team(null) } }), [...wholeNight(), confirm('HOME')], 'NIGHT_NOT_COMPLETE'],
    ['Regel 15: a club confirms the night once', matchState(), [...wholeNight(), confirm('HOME'), confirm('HOME')], 'ALREADY_CONFIRMED'],
  ])('%s', (_name, state, commands, code) => {
    test(`is refused with ${code}, and nothing changes`, () => {
      const before = run(state, ...commands.slice(0, -1)).state;
      const result = applyMatchCommand(before, commands[commands.length - 1], settings, LATER);
      expect(result.problems.map((p) => p.code)).toContain(code);
      expect(result.problems.every((p) => p.message.length > 0)).toBe(true);
      expect(result.state).toBe(before);
      expect(result.events).toEqual([]);
    });
  });

  test('Regel 15: a pair enters its set; the match is played and its result entered', () => {
    const result = run(matchState(), enter(2, 3, 'AWAY', { games: WON_HOME }));
    expect(result.problems).toEqual([]);
    expect(seat(result, 2, 3)).toMatchObject({ source: 'GAMES', homePoints: 6, awayPoints: 2, enteredBySide: 'AWAY', enteredAt: LATER, signedAt: null, homePairNumber: 3 });
    expect(seat(result, 2, 3)!.games).toHaveLength(4);
    expect(result.state).toMatchObject({ status: 'PLAYED', resultState: 'ENTERED', homePoints: 6, awayPoints: 2, enteredAt: LATER });
    expect(result.events).toEqual([{ kind: 'SET_ENTERED', setNumber: 2, tableNumber: 3, side: 'AWAY' }]);
    expect(seatPhase(seat(result, 2, 3))).toBe('ENTERED');
  });

  test('Regel 15: an unsigned entry is replaced, also by the other pair', () => {
    const result = run(matchState(), enter(1, 1, 'HOME'), enter(1, 1, 'AWAY', { totals: { home: 4, away: 4 } }));
    expect(seat(result, 1, 1)).toMatchObject({ homePoints: 4, awayPoints: 4, enteredBySide: 'AWAY', source: 'TOTALS' });
    expect(result.state.seats).toHaveLength(1);
  });

  test('Regel 15: the opposing pair signs; the set is signed and counts', () => {
    const result = run(matchState(), enter(1, 1, 'HOME'), sign(1, 1, 'AWAY'));
    expect(seat(result, 1, 1)).toMatchObject({ signedBySide: 'AWAY', signedAt: LATER });
    expect(seatPhase(seat(result, 1, 1))).toBe('SIGNED');
    expect(result.events).toEqual([{ kind: 'SET_SIGNED', setNumber: 1, tableNumber: 1, side: 'AWAY' }]);
  });

  test('Regel 35B: a refusal becomes a dispute, with the pair’s comment', () => {
    const result = run(matchState(), enter(1, 1, 'HOME'), refuse(1, 1, 'AWAY', ' Partij 4 was een kap '));
    expect(seat(result, 1, 1)).toMatchObject({ refusedBySide: 'AWAY', refusedAt: LATER, refusalComment: 'Partij 4 was een kap', signedAt: null });
    expect(seatPhase(seat(result, 1, 1))).toBe('DISPUTED');
    expect(result.events).toEqual([{ kind: 'SET_DISPUTED', setNumber: 1, tableNumber: 1, side: 'AWAY' }]);
  });

  test.each<[string, Partial<{ games: GameEntry[]; totals: { home: number; away: number } }>, [number, number]]>([
    ['keeps the score', {}, [6, 2]],
    ['replaces the score', { totals: { home: 2, away: 6 } }, [2, 6]],
  ])('Regel 35B: the supervisor settles a dispute and %s; the set counts as signed', (_name, score, [home, away]) => {
    const result = run(matchState(), enter(1, 1), refuse(1, 1), decide(1, 1, score));
    expect(seat(result, 1, 1)).toMatchObject({ homePoints: home, awayPoints: away, refusedAt: null, refusalComment: null, decidedAt: LATER, decisionReason: 'Beide koppels gehoord', enteredBySide: 'HOME' });
    expect(seatPhase(seat(result, 1, 1))).toBe('SIGNED');
    expect(result.events).toEqual([{ kind: 'SET_DECIDED', setNumber: 1, tableNumber: 1 }]);
    expect(run(result.state, enter(1, 1)).problems[0].code).toBe('SET_ALREADY_SIGNED');
  });

  test('Regel 15: the supervisor corrects an impossible signed score, with a reason', () => {
    const result = run(matchState(), enter(1, 1), sign(1, 1), decide(1, 1, { games: WON_HOME, reason: 'Stand was onmogelijk' }));
    expect(seat(result, 1, 1)).toMatchObject({ homePoints: 6, awayPoints: 2, signedBySide: 'AWAY', decisionReason: 'Stand was onmogelijk', source: 'GAMES' });
  });

  test('Regel 15: both clubs confirm the night; the result locks', () => {
    const home = run(matchState(), ...wholeNight(), confirm('HOME'));
    expect(home.problems).toEqual([]);
    expect(home.state).toMatchObject({ resultState: 'ENTERED', homeSignedAt: LATER, homeSignedById: 'home-secretary', awaySignedAt: null });
    expect(home.events).toEqual([{ kind: 'NIGHT_CONFIRMED', side: 'HOME' }]);
    const both = applyMatchCommand(home.state, confirm('AWAY'), settings, LATER);
    expect(both.state).toMatchObject({ status: 'PLAYED', resultState: 'CONFIRMED', awaySignedById: 'away-secretary', homePoints: 36 * 6, awayPoints: 36 * 2 });
    expect(both.events).toEqual([{ kind: 'NIGHT_CONFIRMED', side: 'AWAY' }, { kind: 'MATCH_CONFIRMED' }]);
  });

  test('Regel 12A: seats credited by the rules count for the night without a signature', () => {
    const state = matchState({ teams: { HOME: team(lineup('h', 5)), AWAY: team(lineup('a')) } });
    const credited = run(state, enter(1, 1)).state.seats.filter((s) => s.source === 'MISSING_PAIR');
    expect(credited).toHaveLength(6);
    expect(credited.every((s) => s.homePoints === 0 && s.awayPoints === 8 && s.tableNumber === 6)).toBe(true);
    const played = tablePlan(6).filter((s) => s.tableNumber !== 6).flatMap((s) => [enter(s.setNumber, s.tableNumber), sign(s.setNumber, s.tableNumber)]);
    const result = run(state, ...played, confirm('HOME'));
    expect(result.problems).toEqual([]);
    expect(nightProblems(result.state, settings)).toEqual([]);
  });

  test('Regel 38: at the removal seat the games from the removal on are lost 2–0', () => {
    const state = matchState({
      teams: { HOME: { ...team(lineup('h')), removals: [{ side: 'HOME', pairNumber: 1, playerId: 'h1a', setNumber: 1, fromGame: 3 }] }, AWAY: team(lineup('a')) },
    });
    const result = run(state, enter(1, 1, 'HOME', { games: WON_HOME }));
    expect(result.problems).toEqual([]);
    expect(seat(result, 1, 1)!.games.map((g) => `${g.winner}:${g.kind}:${g.points}:${g.penaltyRule ?? ''}`)).toEqual(['HOME:WON:2:', 'HOME:WON:2:', 'AWAY:PENALTY:2:38', 'AWAY:PENALTY:2:38']);
    expect(seat(result, 2, 1)).toMatchObject({ source: 'PLAYER_REMOVED', homePoints: 0, awayPoints: 8 });
    expect(run(state, enter(1, 1, 'HOME', { totals: { home: 4, away: 4 } })).problems[0].code).toBe('INVALID_SCORE');
  });

  test('Regel 14: an illegal substitution is recorded, and its pair’s seats credited from that set on', () => {
    const state = matchState({
      teams: { HOME: { ...team(lineup('h')), substitutions: [{ id: 's1', setNumber: 2, pairNumber: 1, outPlayerId: 'h1a', inPlayerId: 'hr1', outMemberId: 'm-h1a', inMemberId: 'm-hr1', violation: null }] }, AWAY: team(lineup('a')) },
    });
    const result = run(state, enter(1, 1));
    expect(result.state.teams.HOME.substitutions[0].violation).toMatch(/set 3|Regel 13/);
    const credited = result.state.seats.filter((s) => s.source === 'SUBSTITUTION_VIOLATION');
    expect(credited.map((s) => s.setNumber)).toEqual([2, 3, 4, 5, 6]);
    expect(run(state, enter(2, 1)).problems[0].code).toBe('SEAT_CREDITED');
  });

  test('an entry after a club confirmed lapses that confirmation', () => {
    const all = wholeNight();
    const open = run(matchState(), ...all.slice(0, -2), enter(6, 6));
    expect(open.problems).toEqual([]);
    const result = run(matchState(), ...all.slice(0, -1), refuse(6, 6), decide(6, 6, { totals: { home: 4, away: 4 } }), confirm('HOME'), decide(6, 6, { totals: { home: 2, away: 6 } }));
    expect(result.state.homeSignedAt).toBeNull();
  });

  test('RULES.md authority table: after the match is final only the federation changes a set, as a correction shown on the match page', () => {
    const locked = run(matchState(), ...wholeNight(), confirm('HOME'), confirm('AWAY')).state;
    const bySupervisor = applyMatchCommand(locked, decide(3, 2, { totals: { home: 2, away: 6 }, reason: 'Telfout' }) as MatchCommand, settings, LATER);
    expect(bySupervisor.problems.map((p) => p.code)).toEqual(['RESULT_LOCKED']);
    const result = applyMatchCommand(locked, { ...decide(3, 2, { totals: { home: 2, away: 6 }, reason: 'Telfout' }), by: 'ADMIN' } as MatchCommand, settings, LATER);
    expect(result.problems).toEqual([]);
    expect(result.state).toMatchObject({ resultState: 'CONFIRMED', correctedByRole: 'ADMIN', correctionReason: 'Telfout', correctedAt: LATER });
  });
});

describe('applyMatchCommand: the paper form', () => {
  const home = { userId: 'home-secretary', role: 'SECRETARY' as const };
  const away = { userId: 'away-secretary', role: 'SECRETARY' as const };
  const admin = { userId: 'admin', role: 'ADMIN' as const };
  const DAY = new Date('2026-11-28T19:00:00Z');
  const allSets = (skip: string[] = []) =>
    tablePlan(6)
      .filter((s) => !skip.includes(`${s.setNumber}/${s.tableNumber}`))
      .map((s) => ({ setNumber: s.setNumber, tableNumber: s.tableNumber, homePoints: 6, awayPoints: 2 }));
  const form = (by: CommandUser = home, sets: SeatEntry[] = allSets()): MatchCommand => ({ kind: 'ENTER_FORM', by, sets });
  /** The federation's form, with a reason (at a match played at the tables the form is the federation's: a club's is refused). */
  const federationForm = (sets: SeatEntry[] = allSets()): MatchCommand => ({ kind: 'ENTER_FORM', by: admin, sets, reason: 'Papieren formulier van de wedstrijdleider' });
  const federationSet = (setNumber: number, tables: Omit<SeatEntry, 'setNumber'>[]): MatchCommand => ({ kind: 'ENTER_SET', by: admin, setNumber, tables, reason: 'Papieren formulier van de wedstrijdleider' });
  const paper = (state: MatchState, ...commands: MatchCommand[]): CommandResult => {
    let result: CommandResult = { state, events: [], problems: [], consequences: null, needsEligibility: false };
    for (const [i, command] of commands.entries()) {
      result = applyMatchCommand(result.state, command, settings, DAY);
      if (result.problems.length && i < commands.length - 1) throw new Error(`${command.kind}: ${result.problems[0].message}`);
    }
    return result;
  };

  test.each<[string, MatchState, MatchCommand[], string]>([
    ['Regel 15: entry opens on the match day', matchState({ date: '2026-12-05' }), [form()], 'ENTRY_NOT_OPEN'],
    ['Regel 15: an administrator enters earlier only with a reason', matchState({ date: '2026-12-05' }), [form(admin)], 'VALIDATION_FAILED'],
    ['Regel 29–34: an impossible score on the form is refused', matchState(), [form(home, [{ setNumber: 1, tableNumber: 1, homePoints: 7, awayPoints: 0 }])], 'INVALID_SCORE'],
    ['Regel 12A: a credited seat is not entered on the form', matchState({ teams: { HOME: team(lineup('h', 5)), AWAY: team(lineup('a')) } }), [form(home, [{ setNumber: 1, tableNumber: 6, homePoints: 6, awayPoints: 2 }])], 'INVALID_SCORE'],
    ['Regel 15: the home team signs only a complete form', matchState(), [form(home, allSets(['6/6'])), { kind: 'SIGN_FORM', by: home }], 'INCOMPLETE_RESULT'],
    ['Regel 5, 15: the home team signs only with both line-ups', matchState({ teams: { HOME: team(lineup('h')), AWAY: team(null) } }), [form(), { kind: 'SIGN_FORM', by: home }], 'LINEUP_MISSING'],
    ['Regel 15: the away team confirms only what the home team signed', matchState(), [form(), { kind: 'CONFIRM_FORM', by: away }], 'HOME_NOT_SIGNED'],
    ['Regel 15: nothing to confirm before an entry', matchState(), [{ kind: 'CONFIRM_FORM', by: away }], 'NOTHING_TO_CONFIRM'],
    ['Regel 15: a confirmed form is locked', matchState(), [form(), { kind: 'SIGN_FORM', by: home }, { kind: 'CONFIRM_FORM', by: away }, form()], 'RESULT_LOCKED'],
    ['Regel 15: only a locked result is corrected', matchState(), [form(), { kind: 'CORRECT', by: admin, sets: allSets(), reason: 'Telfout' }], 'NOT_CONFIRMED'],
    ['RULES.md authority: a club does not enter on the form what the tables play (their entry is the table’s)', matchState(), [enter(1, 1, 'HOME', { totals: { home: 4, away: 4 } }), form()], 'TABLE_ONLY'],
    ['RULES.md authority: nor once the night is open, before any table entered', matchState({ nightOpenedAt: DAY }), [form()], 'TABLE_ONLY'],
    ['RULES.md authority: the federation’s form at a match played at the tables needs a reason', matchState({ nightOpenedAt: DAY }), [form(admin)], 'VALIDATION_FAILED'],
    ['Regel 15: a set signed at the table is not changed on the form', matchState(), [enter(1, 1, 'HOME', { totals: { home: 4, away: 4 } }), sign(1, 1), federationForm()], 'SET_ALREADY_SIGNED'],
    ['Regel 35B: a set disputed at the table is not replaced by the form', matchState(), [enter(1, 1, 'HOME', { totals: { home: 4, away: 4 } }), refuse(1, 1), federationForm()], 'SET_DISPUTED'],
    ['Regel 35B: a set disputed at the table is not replaced by one set of the form', matchState(), [enter(1, 1, 'HOME', { totals: { home: 4, away: 4 } }), refuse(1, 1), federationSet(1, [{ tableNumber: 1, homePoints: 6, awayPoints: 2 }])], 'SET_DISPUTED'],
    ['Regel 35B: a set disputed at the table is not dropped by one set of the form', matchState(), [enter(1, 1, 'HOME', { totals: { home: 4, away: 4 } }), refuse(1, 1), federationSet(1, [{ tableNumber: 2, homePoints: 6, awayPoints: 2 }])], 'SET_DISPUTED'],
    // RULES.md (revised 2026-12-06): at a match a table touched, the paper signature and confirmation are the night's, refused until every seat is signed and no refusal waits.
    ['Regel 35B: the home team does not sign while a set waits for the supervisor', matchState(), [form(home, allSets(['1/1'])), enter(1, 1, 'HOME', { totals: { home: 4, away: 4 } }), refuse(1, 1), { kind: 'SIGN_FORM', by: home }], 'NIGHT_NOT_COMPLETE'],
    ['Regel 35B: the away team does not confirm while a set waits for the supervisor', matchState(), [form(home, allSets(['1/1'])), enter(1, 1, 'HOME', { totals: { home: 4, away: 4 } }), sign(1, 1), enter(1, 1, 'AWAY', { totals: { home: 2, away: 6 } }, 'HOME'), { kind: 'CONFIRM_FORM', by: away }], 'NIGHT_NOT_COMPLETE'],
  ])('%s', (_name, state, commands, code) => {
    const before = paper(state, ...commands.slice(0, -1)).state;
    const result = applyMatchCommand(before, commands[commands.length - 1], settings, DAY);
    expect(result.problems.map((p) => p.code)).toContain(code);
    expect(result.state).toBe(before);
  });

  test('Regel 15, 35B (revised 2026-11-26): the form travels: entered, signed, refused, decided by the supervisor (final); no loop back to the home team', () => {
    const entered = paper(matchState(), form());
    expect(entered.state).toMatchObject({ status: 'PLAYED', resultState: 'ENTERED', enteredById: 'home-secretary', homePoints: 216, awayPoints: 72 });
    const disputed = paper(entered.state, { kind: 'SIGN_FORM', by: home }, { kind: 'DISPUTE_FORM', by: away, comment: 'Set 2 klopt niet' });
    expect(disputed.state).toMatchObject({ homeSignedAt: null, disputeComment: 'Set 2 klopt niet', disputedById: 'away-secretary', finalDueAt: null });
    expect(applyMatchCommand(disputed.state, { kind: 'SIGN_FORM', by: home }, settings, DAY).problems[0].code).toBe('DISPUTE_WITH_SUPERVISOR');
    expect(applyMatchCommand(disputed.state, form(), settings, DAY).problems[0].code).toBe('DISPUTE_WITH_SUPERVISOR');
    const locked = paper(disputed.state, { kind: 'DECIDE_FORM', by: { userId: 'supervisor', role: 'SUPERVISOR' }, reason: 'Formulier klopt, set 2 nageteld' });
    expect(locked.state).toMatchObject({ resultState: 'CONFIRMED', finalAt: DAY, disputedAt: null });
    expect(locked.events).toEqual([{ kind: 'MATCH_CONFIRMED' }]);
  });

  test('Regel 15: the away team confirms the signed form: final at once', () => {
    const locked = paper(matchState(), form(), { kind: 'SIGN_FORM', by: home }, { kind: 'CONFIRM_FORM', by: away });
    expect(locked.state).toMatchObject({ resultState: 'CONFIRMED', awaySignedById: 'away-secretary', disputedAt: null, finalAt: DAY, finalDueAt: null });
    expect(locked.events).toEqual([{ kind: 'MATCH_CONFIRMED' }]);
  });

  test('Regel 15: once signed, the home club changes nothing (the clock runs: RULES.md, revised 2026-12-06); the federation’s entry lapses the signature', () => {
    const signed = paper(matchState(), form(), { kind: 'SIGN_FORM', by: home });
    const club = applyMatchCommand(signed.state, { kind: 'ENTER_SET', by: home, setNumber: 2, tables: [{ tableNumber: 1, homePoints: 4, awayPoints: 4 }] }, settings, DAY);
    expect(club.problems.map((p) => p.code)).toEqual(['CLOCK_RUNS']);
    expect(club.state).toBe(signed.state);
    const again = paper(signed.state, { kind: 'ENTER_SET', by: { userId: 'admin', role: 'ADMIN' }, reason: 'Formulier verbeterd', setNumber: 2, tables: [{ tableNumber: 1, homePoints: 4, awayPoints: 4 }] });
    expect(again.state.homeSignedAt).toBeNull();
    expect(again.state.seats.find((s) => s.setNumber === 2 && s.tableNumber === 1)).toMatchObject({ homePoints: 4, awayPoints: 4 });
    // One set replaced: the other sets stay.
    expect(again.state.seats).toHaveLength(31);
  });

  test('Regel 35B: the form may repeat a disputed set’s score; the dispute and its comment stay', () => {
    const disputed = paper(matchState(), enter(1, 1, 'HOME', { totals: { home: 6, away: 2 } }), refuse(1, 1, 'AWAY', 'Partij 4 was een kap'), federationForm());
    expect(disputed.problems).toEqual([]);
    expect(seatPhase(disputed.state.seats.find((s) => s.setNumber === 1 && s.tableNumber === 1))).toBe('DISPUTED');
    expect(disputed.state.seats.find((s) => s.setNumber === 1 && s.tableNumber === 1)).toMatchObject({ refusalComment: 'Partij 4 was een kap' });
    // Once the supervisor decided, the form is signed and confirmed.
    const locked = paper(disputed.state, decide(1, 1), { kind: 'SIGN_FORM', by: home }, { kind: 'CONFIRM_FORM', by: away });
    expect(locked.state.resultState).toBe('CONFIRMED');
  });

  test('Regel 15: the away club confirmed the night, then the home team signs the form: both signed, the result locks', () => {
    const night = paper(matchState(), ...wholeNight(), confirm('AWAY'));
    expect(night.state).toMatchObject({ resultState: 'ENTERED', awaySignedById: 'away-secretary', homeSignedAt: null });
    const signed = paper(night.state, { kind: 'SIGN_FORM', by: home });
    expect(signed.problems).toEqual([]);
    expect(signed.state).toMatchObject({ status: 'PLAYED', resultState: 'CONFIRMED', homeSignedById: 'home-secretary', awaySignedById: 'away-secretary' });
    // At a match played at the tables, the form's signature is the home club's confirmation of the night (RULES.md, revised 2026-12-06).
    expect(signed.events).toEqual([{ kind: 'NIGHT_CONFIRMED', side: 'HOME' }, { kind: 'MATCH_CONFIRMED' }]);
    expect(signed.state.finalBy).toBe('BOTH_CONFIRMED');
  });

  test('Regel 15: a form the federation enters after the away club confirmed the night lapses that confirmation, as a correction', () => {
    const night = paper(matchState(), ...wholeNight(), confirm('AWAY'));
    const tables = [1, 2, 3, 4, 5, 6].map((tableNumber) => ({ tableNumber, homePoints: 6, awayPoints: 2 }));
    const entered = paper(night.state, federationSet(2, tables));
    expect(entered.problems).toEqual([]);
    expect(entered.state).toMatchObject({ awaySignedAt: null, awaySignedById: null, homeSignedAt: null, correctionReason: 'Papieren formulier van de wedstrijdleider' });
  });

  test('Regel 12A: the form gives way to the credited seats, and the credits count', () => {
    const result = paper(matchState({ teams: { HOME: team(lineup('h', 5)), AWAY: team(lineup('a')) } }), form(home, allSets().filter((s) => s.tableNumber !== 6)));
    expect(result.problems).toEqual([]);
    expect(result.state.seats).toHaveLength(36);
    expect(result.state).toMatchObject({ homePoints: 30 * 6, awayPoints: 30 * 2 + 6 * 8 });
  });

  test('Regel 15: a correction of the locked result keeps it locked and says why', () => {
    const locked = paper(matchState(), form(), { kind: 'SIGN_FORM', by: home }, { kind: 'CONFIRM_FORM', by: away }).state;
    const sets = allSets().map((s) => (s.setNumber === 1 && s.tableNumber === 1 ? { ...s, homePoints: 2, awayPoints: 6 } : s));
    expect(applyMatchCommand(locked, { kind: 'CORRECT', by: { userId: 'sup', role: 'SUPERVISOR' }, sets, reason: 'Telfout set 1' }, settings, DAY).problems[0].code).toBe('RESULT_LOCKED');
    const result = paper(locked, { kind: 'CORRECT', by: admin, sets, reason: 'Telfout set 1' });
    expect(result.state).toMatchObject({ resultState: 'CONFIRMED', correctedByRole: 'ADMIN', correctionReason: 'Telfout set 1', homePoints: 212, awayPoints: 76 });
  });
});

describe('applyMatchCommand: who played (line-ups, substitutions, the supervisor)', () => {
  const home = { userId: 'home-secretary', role: 'SECRETARY' as const };
  const admin = { userId: 'admin', role: 'ADMIN' as const };
  const supervisor = { userId: 'sup', role: 'SUPERVISOR' as const };
  const DAY = new Date('2026-11-28T19:00:00Z');
  const allSets = tablePlan(6).map((s) => ({ setNumber: s.setNumber, tableNumber: s.tableNumber, homePoints: 6, awayPoints: 2 }));
  const substitute = (setNumber: number, out: string, inn: string, id = 's1', by: CommandUser = home): MatchCommand => ({
    kind: 'SUBSTITUTE',
    by,
    side: 'HOME',
    substitution: { id, setNumber, pairNumber: 1, outPlayerId: out, inPlayerId: inn, outMemberId: `m-${out}`, inMemberId: `m-${inn}` },
  });
  const apply = (state: MatchState, ...commands: MatchCommand[]): CommandResult => {
    let result: CommandResult = { state, events: [], problems: [], consequences: null, needsEligibility: false };
    for (const [i, command] of commands.entries()) {
      result = applyMatchCommand(result.state, command, settings, DAY);
      if (result.problems.length && i < commands.length - 1) throw new Error(`${command.kind}: ${result.problems[0].message}`);
    }
    return result;
  };
  const credits = (state: MatchState, source: string) => state.seats.filter((s) => s.source === source).map((s) => `${s.setNumber}/${s.tableNumber}`);
  const signedForm = () => apply(matchState(), { kind: 'ENTER_FORM', by: home, sets: allSets }, { kind: 'SIGN_FORM', by: home }).state;
  const locked = () => apply(signedForm(), { kind: 'CONFIRM_FORM', by: { userId: 'away', role: 'SECRETARY' } }).state;

  test('Regel 13: a legal substitution from set 3 on costs nothing', () => {
    const result = apply(matchState(), substitute(3, 'h1a', 'hr1'));
    expect(result.problems).toEqual([]);
    expect(result.state.teams.HOME.substitutions[0]).toMatchObject({ id: 's1', violation: null, inMemberId: 'm-hr1' });
    expect(result.events).toEqual([{ kind: 'FACTS_CHANGED', side: 'HOME' }]);
    expect(result.state.seats).toEqual([]);
  });

  test('Regel 14: a substitution before set 3 is a violation: its pair loses every set from then on, 8–0', () => {
    const result = apply(matchState(), { kind: 'ENTER_FORM', by: home, sets: allSets }, substitute(2, 'h1a', 'hr1'));
    expect(result.state.teams.HOME.substitutions[0].violation).toEqual(expect.any(String));
    expect(credits(result.state, 'SUBSTITUTION_VIOLATION')).toEqual(['2/1', '3/1', '4/1', '5/1', '6/1']);
    expect(result.state.seats.find((s) => s.setNumber === 2 && s.tableNumber === 1)).toMatchObject({ homePoints: 0, awayPoints: 8 });
    // Set 2 started: the club no longer takes it back; the supervisor does, with a reason, and the seats go back to the entry (to be entered again).
    expect(applyMatchCommand(result.state, { kind: 'REMOVE_SUBSTITUTION', by: home, id: 's1' }, settings, DAY).problems[0].code).toBe('SET_STARTED');
    const undone = apply(result.state, { kind: 'REMOVE_SUBSTITUTION', by: supervisor, id: 's1', reason: 'Wissel stond er verkeerd in' });
    expect(credits(undone.state, 'SUBSTITUTION_VIOLATION')).toEqual([]);
    expect(undone.state.teams.HOME.substitutions).toEqual([]);
  });

  test('Regel 4: a substitute who is not on the line-up is recorded (a Regel 4 case at confirmation), and costs no sets', () => {
    const result = apply(matchState(), substitute(3, 'h1a', 'stranger'));
    expect(result.state.teams.HOME.substitutions[0].violation).toMatch(/Regel 4|spelerslijst|reservelijst/);
    expect(credits(result.state, 'SUBSTITUTION_VIOLATION')).toEqual([]);
  });

  test('Regel 13: a substitution needs the team’s line-up', () => {
    const result = apply(matchState({ teams: { HOME: team(null), AWAY: team(lineup('a')) } }), substitute(3, 'h1a', 'hr1'));
    expect(result.problems[0].code).toBe('LINEUP_MISSING');
  });

  test('Regel 15: after the home signature a club changes nothing of who played (the clock runs); the supervisor’s change, with a reason, lapses the signature', () => {
    const signed = signedForm();
    const club = apply(signed, substitute(3, 'h1a', 'hr1'));
    expect(club.problems.map((p) => p.code)).toEqual(['CLOCK_RUNS']);
    expect(club.state).toBe(signed);
    const result = apply(signed, { ...(substitute(3, 'h1a', 'hr1') as object), by: { userId: 'supervisor', role: 'SUPERVISOR' }, reason: 'Wissel aan tafel' } as MatchCommand);
    expect(result.problems).toEqual([]);
    expect(result.state.homeSignedAt).toBeNull();
  });

  const oneConfirmed = () => run(matchState(), ...wholeNight(), confirm('AWAY')).state;
  test.each<[string, MatchCommand]>([
    ['a substitution (after the signatures: the federation, with a reason)', { ...(substitute(3, 'h1a', 'hr1', 's1', admin) as object), reason: 'Formulier' } as MatchCommand],
    ['a new line-up (after the start: the federation, with a reason)', { kind: 'SET_LINEUP', by: admin, reason: 'Formulier', side: 'HOME', lineup: lineup('h', 6, { 6: 2 }) }],
    ['a removed player', { kind: 'REMOVE_PLAYER', by: supervisor, reason: 'Drie waarschuwingen', id: 'a1', setNumber: 2, tableNumber: 1, fromGame: 3, memberId: 'm-h1a', playerId: 'h1a' }],
    ['games void at a wrong table', { kind: 'VOID_WRONG_TABLE', by: supervisor, reason: 'Verkeerde tafel', id: 'a2', setNumber: 1, tableNumber: 2, gameNumbers: [1] }],
  ])('Regel 15: %s after one club confirmed the night lapses that confirmation', (_name, command) => {
    const result = apply(oneConfirmed(), command);
    expect(result.problems).toEqual([]);
    expect(result.state).toMatchObject({ resultState: 'ENTERED', awaySignedAt: null, awaySignedById: null, homeSignedAt: null });
    // The other club's confirmation alone never locks it.
    expect(apply(result.state, confirm('HOME')).state.resultState).not.toBe('CONFIRMED');
  });

  test.each<[string, CommandUser, string | null, string | null]>([
    ['a secretary', home, null, 'RESULT_LOCKED'],
    ['an administrator without a reason', admin, null, 'VALIDATION_FAILED'],
    ['an administrator with a reason', admin, 'Formulier verbeterd', null],
  ])('Regel 15: after the result locked, who played is changed only by an administrator with a reason: %s', (_name, by, reason, code) => {
    const result = apply(locked(), { ...(substitute(3, 'h1a', 'hr1', 's1', by) as object), reason } as MatchCommand);
    expect(result.problems.map((p) => p.code)).toEqual(code ? [code] : []);
    if (!code) expect(result.state.resultState).toBe('CONFIRMED');
  });

  test('Regel 5B/12A: a new line-up with a late pair credits the sets it missed', () => {
    const result = apply(matchState(), { kind: 'SET_LINEUP', by: home, side: 'AWAY', lineup: lineup('a', 6, { 4: 3 }) });
    expect(credits(result.state, 'MISSING_PAIR')).toHaveLength(2);
  });

  test('Regel 38: removing a player credits his pair’s following sets and completes the removal set 2–0', () => {
    const command: MatchCommand = { kind: 'REMOVE_PLAYER', by: supervisor, reason: 'Drie waarschuwingen', id: 'a1', setNumber: 2, tableNumber: 1, fromGame: 3, memberId: 'm-h1a', playerId: 'h1a' };
    const result = apply(matchState(), { kind: 'ENTER_FORM', by: home, sets: allSets }, command);
    expect(result.problems).toEqual([]);
    expect(result.state.actions).toEqual([expect.objectContaining({ id: 'a1', kind: 'REMOVE_PLAYER', side: 'HOME', pairNumber: 1, memberId: 'm-h1a', fromGame: 3 })]);
    expect(credits(result.state, 'PLAYER_REMOVED')).toEqual(['3/1', '4/1', '5/1', '6/1']);
    // The removal set was entered as totals: it cannot be split and is entered again game by game.
    expect(result.state.seats.find((s) => s.setNumber === 2 && s.tableNumber === 1)).toBeUndefined();
    const elsewhere = apply(matchState(), { ...command, playerId: 'a3a' } as MatchCommand);
    expect(elsewhere.problems[0]).toMatchObject({ code: 'INVALID_SUPERVISOR_ACTION', field: 'memberId' });
  });

  test('Regel 22: games at a wrong table are void: the entry goes, kept with the action', () => {
    const command: MatchCommand = { kind: 'VOID_WRONG_TABLE', by: supervisor, reason: 'Verkeerde tafel', id: 'a2', setNumber: 1, tableNumber: 2, gameNumbers: [2, 1] };
    const result = apply(matchState(), { kind: 'ENTER_FORM', by: home, sets: allSets }, command);
    expect(result.state.seats).toHaveLength(35);
    expect(result.state.actions[0]).toMatchObject({ kind: 'VOID_WRONG_TABLE', gameNumbers: [1, 2], voidedEntry: { source: 'TOTALS', homePoints: 6, awayPoints: 2 } });
    const credited = apply(matchState({ teams: { HOME: team(lineup('h', 5)), AWAY: team(lineup('a')) } }), { ...command, tableNumber: 6 } as MatchCommand);
    expect(credited.problems[0].code).toBe('SEAT_CREDITED');
  });
});

describe('applyMatchCommand: the fixture and the not-played record (the federation)', () => {
  const admin = { userId: 'admin', role: 'ADMIN' as const };
  const supervisor = { userId: 'sup', role: 'SUPERVISOR' as const };

  it('moves a match without a result, with a reason, by the federation only', () => {
    const moved = applyMatchCommand(matchState(), { kind: 'MOVE', by: admin, date: '2026-12-05', startTime: '19:30', reason: 'Zaal bezet' }, settings, NOW);
    expect(moved.problems).toEqual([]);
    expect(moved.state).toMatchObject({ date: '2026-12-05', startTime: '19:30' });
    expect(moved.events).toEqual([{ kind: 'MATCH_MOVED' }]);
    expect(applyMatchCommand(matchState(), { kind: 'MOVE', by: supervisor, date: '2026-12-05', startTime: '19:30', reason: 'Zaal bezet' }, settings, NOW).problems[0].code).toBe('FORBIDDEN');
    expect(applyMatchCommand(matchState(), { kind: 'MOVE', by: admin, date: '2026-12-05', startTime: '19:30', reason: ' ' }, settings, NOW).problems[0].code).toBe('VALIDATION_FAILED');
    // One set entered at one table: the match has begun, it stays where it is.
    const begun = run(matchState(), enter(1, 1)).state;
    expect(applyMatchCommand(begun, { kind: 'MOVE', by: admin, date: '2026-12-05', startTime: '19:30', reason: 'Zaal bezet' }, settings, NOW).problems[0].code).toBe('MATCH_HAS_RESULT');
  });

  it('turns home and away round: each team keeps its line-up, the credits follow the new sides', () => {
    // The home team came with five pairs: pair 6's seats go to the away side (Regel 5B).
    const incomplete: Lineup = { ...lineup('h'), pairs: lineup('h').pairs.slice(0, 5) };
    const before = settleCredits(matchState({ teams: { HOME: team(incomplete), AWAY: team(lineup('a')) } }), settings).state;
    const credited = before.seats.filter((s) => s.source === 'MISSING_PAIR');
    expect(credited.length).toBeGreaterThan(0);
    expect(credited.every((s) => s.awayPoints > s.homePoints)).toBe(true);
    const swapped = applyMatchCommand(before, { kind: 'SWAP_SIDES', by: admin, reason: 'Zaal van de uitploeg' }, settings, NOW);
    expect(swapped.problems).toEqual([]);
    expect(swapped.state.teamIds).toEqual({ HOME: 'team-uit', AWAY: 'team-thuis' });
    expect(swapped.state.teams.AWAY.lineup).toEqual(incomplete);
    const after = swapped.state.seats.filter((s) => s.source === 'MISSING_PAIR');
    expect(after).toHaveLength(credited.length);
    expect(after.every((s) => s.homePoints > s.awayPoints)).toBe(true);
  });

  it('records a cancelled match with the totals of its record (no sets), final at once, and reopens it', () => {
    const recorded = applyMatchCommand(
      matchState(),
      { kind: 'RECORD_NOT_PLAYED', by: admin, reason: 'Afgelast wegens storm', status: 'CANCELLED', seats: [], homePoints: 301, awayPoints: 275 },
      settings,
      NOW,
    );
    expect(recorded.problems).toEqual([]);
    expect(recorded.state).toMatchObject({ status: 'CANCELLED', resultState: 'CONFIRMED', homePoints: 301, awayPoints: 275, finalAt: NOW, seats: [] });
    // Nothing else changes it while it is recorded so.
    expect(applyMatchCommand(recorded.state, enter(1, 1), settings, NOW).problems[0].code).toBe('MATCH_NOT_PLAYED');
    const reopened = applyMatchCommand(recorded.state, { kind: 'REOPEN', by: admin, reason: 'Toch gespeeld' }, settings, NOW);
    expect(reopened.state).toMatchObject({ status: 'SCHEDULED', resultState: 'NONE', homePoints: null, awayPoints: null, finalAt: null });
    expect(applyMatchCommand(matchState(), { kind: 'REOPEN', by: admin, reason: 'Toch gespeeld' }, settings, NOW).problems[0].code).toBe('NOT_RECORDED_AS_NOT_PLAYED');
  });

  it('lets the supervisor record a whole team late from the match day on, never at a match not played', () => {
    const late = { kind: 'RECORD_TEAM_LATE' as const, by: supervisor, reason: 'Team kwam om 20:40', side: 'HOME' as const };
    // The match is on 28 Nov 2026; the day before the supervisor cannot yet.
    expect(applyMatchCommand(matchState(), late, settings, new Date('2026-11-27T20:00:00Z')).problems[0].code).toBe('ENTRY_NOT_OPEN');
    const recorded = applyMatchCommand(matchState(), late, settings, NOW);
    expect(recorded.problems).toEqual([]);
    expect(recorded.events).toEqual([{ kind: 'TEAM_LATE_CHANGED', side: 'HOME' }]);
    expect(applyMatchCommand(matchState({ status: 'FORFEIT', resultState: 'CONFIRMED' }), late, settings, NOW).problems[0].code).toBe('MATCH_NOT_PLAYED');
    expect(applyMatchCommand(matchState(), { ...late, by: { userId: 'sec', role: 'SECRETARY' } }, settings, NOW).problems[0].code).toBe('FORBIDDEN');
  });
});
