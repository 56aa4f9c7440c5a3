// Issue 16 in the core: a set entered and signed on a phone without a connection arrives late,
// as TABLE_ENTER with `signedBy` (entry and signature in one). The server decides conflicts:
// the same score is the same set; a different score where another device already signed
// becomes a dispute for the supervisor, never an overwrite and never lost.
import { DEFAULT_SETTINGS } from '../settings';
import { Lineup } from './lineup';
import { applyMatchCommand, CommandResult, MatchCommand, MatchState, seatPhase } from './match-command';
import { GameEntry } from './seat-entry';
import { Side } from './side';
import { fixtureLineup, fixtureMatchState, fixtureTeam } from './state.fixture';

const settings = DEFAULT_SETTINGS;
const NOW = new Date('2026-11-28T20:30:00Z');

const lineup = (prefix: string): Lineup => fixtureLineup(prefix);
const team = fixtureTeam;

function matchState(overrides: Partial<MatchState> = {}): MatchState {
  return fixtureMatchState({ teams: { HOME: team(lineup('h')), AWAY: team(lineup('a')) }, ...overrides });
}

const games = (...winners: Side[]): GameEntry[] => winners.map((winner) => ({ winner, kind: 'WON' }));
const SIX_TWO = games('HOME', 'HOME', 'HOME', 'AWAY');
const EIGHT_NIL = games('HOME', 'HOME', 'HOME', 'HOME');

/** Entered by the home pair; `signed`: the away pair signed it on the device (offline). */
const enter = (score: GameEntry[], signed: boolean, enteredBy: Side = 'HOME'): MatchCommand => ({
  kind: 'TABLE_ENTER',
  setNumber: 1,
  tableNumber: 1,
  enteredBy,
  games: score,
  ...(signed ? { signedBy: enteredBy === 'HOME' ? 'AWAY' : 'HOME' } : {}),
});
const sign: MatchCommand = { kind: 'TABLE_SIGN', setNumber: 1, tableNumber: 1, side: 'AWAY' };
const refuse: MatchCommand = { kind: 'TABLE_REFUSE', setNumber: 1, tableNumber: 1, side: 'AWAY', comment: 'Partij 4 was een kap' };
const decide: MatchCommand = { kind: 'DECIDE_SET', setNumber: 1, tableNumber: 1, reason: 'Beide koppels gehoord', by: 'SUPERVISOR' };

function run(state: MatchState, commands: MatchCommand[]): CommandResult {
  let result: CommandResult = { state, events: [], problems: [], consequences: null, needsEligibility: false };
  for (const [i, command] of commands.entries()) {
    result = applyMatchCommand(result.state, command, settings, NOW);
    if (result.problems.length && i < commands.length - 1) throw new Error(`${command.kind}: ${result.problems[0].message}`);
  }
  return result;
}

describe('Regel 15: the same set signed differently on another device becomes a dispute', () => {
  it.each<[string, MatchState, MatchCommand[], { phase: string; score: string; problem?: string; events: string[]; comment?: RegExp[] }]>([
    ['signed offline, nothing stored yet: entered and signed at once', matchState(), [enter(SIX_TWO, true)], { phase: 'SIGNED', score: '6–2', events: ['SET_ENTERED', 'SET_SIGNED'] }],
    ['signed offline over an unsigned entry of another device: the signed one stands', matchState(), [enter(EIGHT_NIL, false), enter(SIX_TWO, true)], { phase: 'SIGNED', score: '6–2', events: ['SET_ENTERED', 'SET_SIGNED'] }],
    ['the same set signed on two devices: accepted as the same, nothing changes', matchState(), [enter(SIX_TWO, true), enter(SIX_TWO, true)], { phase: 'SIGNED', score: '6–2', events: [] }],
    ['signed online, the same set arrives late from an offline device: the same', matchState(), [enter(SIX_TWO, false), sign, enter(SIX_TWO, true)], { phase: 'SIGNED', score: '6–2', events: [] }],
    [
      'signed on another device with another score: a dispute naming both scores, the first kept',
      matchState(),
      [enter(EIGHT_NIL, true), enter(SIX_TWO, true)],
      { phase: 'DISPUTED', score: '8–0', events: ['SET_DISPUTED'], comment: [/eerst 8–0/, /later 6–2/, /wedstrijdleider beslist/] },
    ],
    [
      'entered by the other pair on the other device: still the same seat, still a dispute',
      matchState(),
      [enter(EIGHT_NIL, true), enter(SIX_TWO, true, 'AWAY')],
      { phase: 'DISPUTED', score: '8–0', events: ['SET_DISPUTED'], comment: [/ingevoerd door het uitkoppel, ondertekend door het thuiskoppel/] },
    ],
    ['a third device with the disputed score again: one dispute, nothing added', matchState(), [enter(EIGHT_NIL, true), enter(SIX_TWO, true), enter(SIX_TWO, true)], { phase: 'DISPUTED', score: '8–0', events: [] }],
    [
      'a third device with yet another score: the same dispute, its score added for the supervisor',
      matchState(),
      [enter(EIGHT_NIL, true), enter(SIX_TWO, true), enter(games('AWAY', 'AWAY', 'AWAY', 'AWAY'), true)],
      { phase: 'DISPUTED', score: '8–0', events: ['SET_DISPUTED'], comment: [/later 6–2/, /Ook ondertekend op een ander toestel: 0–8/] },
    ],
    ['refused at the table, a signed copy arrives: added to the dispute', matchState(), [enter(EIGHT_NIL, false), refuse, enter(SIX_TWO, true)], { phase: 'DISPUTED', score: '8–0', events: ['SET_DISPUTED'], comment: [/Partij 4 was een kap/, /6–2/] }],
    ['a late unsigned entry over a signed set with another score is refused (nothing signed is lost)', matchState(), [enter(EIGHT_NIL, true), enter(SIX_TWO, false)], { phase: 'SIGNED', score: '8–0', events: [], problem: 'SET_ALREADY_SIGNED' }],
    ['the supervisor already decided: a late different one is refused, the decision stands', matchState(), [enter(EIGHT_NIL, false), refuse, decide, enter(SIX_TWO, true)], { phase: 'SIGNED', score: '8–0', events: [], problem: 'SET_ALREADY_SIGNED' }],
    ['the pair that entered cannot sign its own entry offline either', matchState(), [{ ...enter(SIX_TWO, false), signedBy: 'HOME' } as MatchCommand], { phase: 'WAITING', score: '', events: [], problem: 'SIGN_OWN_ENTRY' }],
    ['the result locked meanwhile: a different late set is refused', matchState({ status: 'PLAYED', resultState: 'CONFIRMED' }), [enter(SIX_TWO, true)], { phase: 'WAITING', score: '', events: [], problem: 'RESULT_LOCKED' }],
  ])('%s', (_name, state, commands, expected) => {
    const result = run(state, commands);
    expect(result.problems.map((p) => p.code)).toEqual(expected.problem ? [expected.problem] : []);
    const after = result.problems.length ? run(state, commands.slice(0, -1)).state : result.state;
    const seat = after.seats.find((s) => s.setNumber === 1 && s.tableNumber === 1);
    expect(seatPhase(seat)).toBe(expected.phase);
    expect(seat ? `${seat.homePoints}–${seat.awayPoints}` : '').toBe(expected.score);
    if (!expected.problem) expect(result.events.map((e) => e.kind)).toEqual(expected.events);
    for (const pattern of expected.comment ?? []) expect(seat?.refusalComment).toMatch(pattern);
  });

  it('keeps the same set the same after the lock: a late identical copy is answered without a problem', () => {
    const signed = run(matchState(), [enter(SIX_TWO, true)]).state;
    const locked = { ...signed, status: 'PLAYED' as const, resultState: 'CONFIRMED' as const };
    const result = applyMatchCommand(locked, enter(SIX_TWO, true), settings, NOW);
    expect(result.problems).toEqual([]);
    expect(result.state).toEqual(locked);
  });

  it('arrives in any order: two devices with different scores end in one dispute either way', () => {
    const ab = run(matchState(), [enter(EIGHT_NIL, true), enter(SIX_TWO, true)]).state.seats[0];
    const ba = run(matchState(), [enter(SIX_TWO, true), enter(EIGHT_NIL, true)]).state.seats[0];
    for (const seat of [ab, ba]) {
      expect(seatPhase(seat)).toBe('DISPUTED');
      expect(seat.refusalComment).toMatch(/8–0/);
      expect(seat.refusalComment).toMatch(/6–2/);
    }
  });
});
