/**
 * Test support for the rule modules' table-driven specs (not used by the application): the
 * actors, the commands as they give them, and one check that plays a row's commands through
 * applyMatchCommand and compares the answer with the row's: a refusal's code (and nothing
 * changed), or the facts the state then shows.
 */
import { DEFAULT_SETTINGS } from '../settings';
import { Lineup } from './lineup';
import { applyMatchCommand, CommandResult, CommandUser, MatchCommand, MatchState, Seat } from './match-command';
import { tablePlan } from './rotation';
import { GameEntry } from './seat-entry';
import { Side } from './side';
import { fixtureLineup, fixtureMatchState, fixtureTeam } from './state.fixture';

export const settings = DEFAULT_SETTINGS;
/** Match day, Saturday 28 Nov 2026, 20:30 in Amsterdam (the match starts at 20:00). */
export const NOW = new Date('2026-11-28T19:30:00Z');
export const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

export const homeClub: CommandUser = { userId: 'home-secretary', role: 'SECRETARY' };
export const awayClub: CommandUser = { userId: 'away-secretary', role: 'SECRETARY' };
export const supervisor: CommandUser = { userId: 'supervisor', role: 'SUPERVISOR' };
export const admin: CommandUser = { userId: 'admin', role: 'ADMIN' };

/** Six pairs with two reserves (`${prefix}r1`, `${prefix}r2`), unless the options say otherwise. */
export const lineup = (prefix: string, options: { pairs?: number; fromSet?: Record<number, number>; reserves?: string[] } = {}): Lineup =>
  fixtureLineup(prefix, { reserves: [`${prefix}r1`, `${prefix}r2`], ...options });
/** Thuis 1 – Uit 1 with both line-ups, nothing recorded; `overrides` replace whole fields. */
export const match = (overrides: Partial<MatchState> = {}): MatchState => fixtureMatchState({ teams: { HOME: fixtureTeam(lineup('h')), AWAY: fixtureTeam(lineup('a')) }, ...overrides });
/** The match with one side's line-up replaced. */
export const withLineup = (side: Side, l: Lineup | null, overrides: Partial<MatchState> = {}): MatchState => {
  const m = match(overrides);
  return { ...m, teams: { ...m.teams, [side]: fixtureTeam(l) } };
};

// The tables: the home pair enters 6–2 (or the games given), the away pair signs.
type Score = { totals: { home: number; away: number } } | { games: GameEntry[] };
export const games = (...winners: Side[]): GameEntry[] => winners.map((winner) => ({ winner, kind: 'WON' }));
export const enter = (setNumber: number, tableNumber: number, score: Score = { totals: { home: 6, away: 2 } }, enteredBy: Side = 'HOME', signedBy?: Side): MatchCommand => ({
  kind: 'TABLE_ENTER',
  setNumber,
  tableNumber,
  enteredBy,
  ...score,
  ...(signedBy ? { signedBy } : {}),
});
export const sign = (setNumber: number, tableNumber: number, side: Side = 'AWAY'): MatchCommand => ({ kind: 'TABLE_SIGN', setNumber, tableNumber, side });
export const refuse = (setNumber: number, tableNumber: number, comment = 'Partij 4 was een kap', side: Side = 'AWAY'): MatchCommand => ({ kind: 'TABLE_REFUSE', setNumber, tableNumber, side, comment });
export const signed = (setNumber: number, tableNumber: number, score?: Score): MatchCommand[] => [enter(setNumber, tableNumber, score), sign(setNumber, tableNumber)];
/** Every seat of these sets entered and signed (default: the whole night). */
export const signedSets = (...sets: number[]): MatchCommand[] =>
  tablePlan(settings.pairsPerTeam)
    .filter((s) => !sets.length || sets.includes(s.setNumber))
    .flatMap((s) => signed(s.setNumber, s.tableNumber));
export const confirm = (side: Side): MatchCommand => ({ kind: 'CONFIRM_NIGHT', side, userId: `${side.toLowerCase()}-secretary` });
export const FINALISE: MatchCommand = { kind: 'FINALISE' };

/** The paper form: every seat 6–2 (less the seats named "set/table"). */
export const allSets = (...skip: string[]) =>
  tablePlan(settings.pairsPerTeam)
    .filter((s) => !skip.includes(`${s.setNumber}/${s.tableNumber}`))
    .map((s) => ({ setNumber: s.setNumber, tableNumber: s.tableNumber, homePoints: 6, awayPoints: 2 }));
export const form = (by: CommandUser = homeClub, sets = allSets(), reason?: string): MatchCommand => ({ kind: 'ENTER_FORM', by, sets, ...(reason ? { reason } : {}) });

export const seatAt = (state: Pick<MatchState, 'seats'>, setNumber: number, tableNumber: number): Seat | undefined =>
  state.seats.find((s) => s.setNumber === setNumber && s.tableNumber === tableNumber);
/** The seats of one source, as "set/table". */
export const seatsOf = (state: Pick<MatchState, 'seats'>, source: string) => state.seats.filter((s) => s.source === source).map((s) => `${s.setNumber}/${s.tableNumber}`);

/** A command at another moment than NOW. */
export type Step = MatchCommand | { at: Date; command: MatchCommand };
export const at = (moment: Date, command: MatchCommand): Step => ({ at: moment, command });

/** Plays the steps; a refusal before the last throws (the row's start is wrong). */
export function play(start: MatchState, steps: readonly Step[]): { before: MatchState; result: CommandResult } {
  let before = start;
  let result: CommandResult = { state: start, events: [], problems: [], consequences: null, needsEligibility: false };
  steps.forEach((step, i) => {
    const [command, moment] = 'kind' in step ? [step, NOW] : [step.command, step.at];
    before = result.state;
    result = applyMatchCommand(before, command, settings, moment);
    if (result.problems.length && i < steps.length - 1) throw new Error(`step ${i + 1}, ${command.kind}: ${result.problems[0].code} ${result.problems[0].message}`);
  });
  return { before, result };
}

/** A row's answer: the code of the refusal, or the facts (a part of `facts(state)`) once applied. */
export type Answer<F> = string | Partial<F>;

export function expectAnswer<F>(start: MatchState, steps: readonly Step[], answer: Answer<F>, facts: (state: MatchState, result: CommandResult) => F): void {
  const { before, result } = play(start, steps);
  if (typeof answer === 'string') {
    expect(result.problems.map((p) => p.code)).toContain(answer);
    expect(result.state).toBe(before);
    expect(result.events).toEqual([]);
  } else {
    expect(result.problems).toEqual([]);
    expect(facts(result.state, result)).toMatchObject(answer);
  }
}
