/**
 * supervisor-commands.ts, row by row (RULES.md, the authority table's supervisor row; Regel
 * 15, 22, 35B, 38; "Undo"; revised 2026-12-06: every change to a signed seat is a correction):
 * decisions, voids, removals and their withdrawal, by the supervisor, the federation and a club.
 */
import { admin, Answer, at, awayClub, enter, expectAnswer, FINALISE, games, lineup, match, minutes, play, refuse, seatAt, seatsOf, sign, signed, signedSets, Step, supervisor, withLineup } from './command.fixture';
import { CommandResult, CommandUser, MatchCommand, MatchState, seatPhase } from './match-command';

const decide = (setNumber: number, tableNumber: number, by: 'SUPERVISOR' | 'ADMIN' = 'SUPERVISOR', score?: { home: number; away: number }, reason = 'Beide koppels gehoord'): MatchCommand => ({
  kind: 'DECIDE_SET',
  setNumber,
  tableNumber,
  by,
  reason,
  ...(score ? { totals: score } : {}),
});
const voiding = (by: CommandUser = supervisor, options: { reason?: string; gameNumbers?: number[]; id?: string; tableNumber?: number } = {}): MatchCommand => ({
  kind: 'VOID_WRONG_TABLE',
  by,
  reason: options.reason ?? 'Verkeerde tafel',
  id: options.id ?? 'v1',
  setNumber: 1,
  tableNumber: options.tableNumber ?? 2,
  gameNumbers: options.gameNumbers ?? [1, 2],
});
/** Regel 38 at set 2, table 1 (home pair 1), from game 3. */
const removal = (by: CommandUser = supervisor, playerId = 'h1a'): MatchCommand => ({ kind: 'REMOVE_PLAYER', by, reason: 'Drie waarschuwingen', id: 'r1', setNumber: 2, tableNumber: 1, fromGame: 3, memberId: `m-${playerId}`, playerId });
const withdraw = (id: string, by: CommandUser = supervisor, reason = 'Verkeerde speler aangewezen'): MatchCommand => ({ kind: 'WITHDRAW_ACTION', by, id, reason });
const HHAH = { games: games('HOME', 'HOME', 'AWAY', 'HOME') };

const signed12 = play(match(), [enter(1, 2, HHAH), sign(1, 2)]).result.state;
const final = play(match(), [...signedSets(), at(minutes(30), FINALISE)]).result.state;

const look = (s: MatchState, setNumber: number, tableNumber: number) => {
  const seat = seatAt(s, setNumber, tableNumber);
  return seat ? `${seatPhase(seat)} ${seat.homePoints}–${seat.awayPoints}` : 'WAITING';
};
const facts = (s: MatchState, r: CommandResult) => ({
  s11: look(s, 1, 1),
  s12: seatAt(s, 1, 2) ?? null,
  s21: look(s, 2, 1),
  removedCredits: seatsOf(s, 'PLAYER_REMOVED'),
  actions: s.actions.map((a) => a.id),
  corrected: s.correctedAt !== null,
  resultState: s.resultState,
  tableTold: r.events.filter((e) => e.kind === 'SEAT_CORRECTED').map((e) => `${e.setNumber}/${e.tableNumber}`),
});

describe('supervisor-commands: decisions, voids, removals and their undo', () => {
  test.each<[string, MatchState, Step[], Answer<ReturnType<typeof facts>>]>([
    // Deciding a set (Regel 15, 35B).
    ['supervisor: decides a refused set, keeping its score: not a correction', match(), [enter(1, 1), refuse(1, 1), decide(1, 1)], { s11: 'SIGNED 6–2', corrected: false }],
    ['supervisor: decides a refused set with another score', match(), [enter(1, 1), refuse(1, 1), decide(1, 1, 'SUPERVISOR', { home: 8, away: 0 })], { s11: 'SIGNED 8–0', corrected: false }],
    ['supervisor: a decision without a reason', match(), [enter(1, 1), refuse(1, 1), decide(1, 1, 'SUPERVISOR', undefined, ' ')], 'REASON_REQUIRED'],
    ['supervisor: a score where the table entered none is the table’s', match(), [decide(1, 1, 'SUPERVISOR', { home: 8, away: 0 })], 'TABLE_ONLY'],
    ['supervisor: signing an entry nobody refused is the table’s', match(), [enter(1, 1), decide(1, 1)], 'TABLE_ONLY'],
    ['supervisor: changes a signed score: a correction, the table is told', match(), [...signed(1, 1), decide(1, 1, 'SUPERVISOR', { home: 8, away: 0 }, 'Kap niet geteld')], { s11: 'SIGNED 8–0', corrected: true, tableTold: ['1/1'] }],
    ['supervisor: corrects only to a possible score', match(), [...signed(1, 1), decide(1, 1, 'SUPERVISOR', { home: 3, away: 3 })], 'INVALID_SCORE'],
    ['supervisor: a seat the rules credited (Regel 12A)', withLineup('AWAY', lineup('a', { pairs: 5 })), [enter(1, 1), decide(1, 6, 'SUPERVISOR', { home: 6, away: 2 })], 'SEAT_CREDITED'],
    ['supervisor: nothing once final', final, [decide(1, 1, 'SUPERVISOR', { home: 8, away: 0 })], 'RESULT_LOCKED'],
    ['federation: enters where the table did not, with a reason', match(), [decide(1, 1, 'ADMIN', { home: 8, away: 0 })], { s11: 'SIGNED 8–0', corrected: false }],
    ['federation: corrects a final match', final, [decide(1, 1, 'ADMIN', { home: 8, away: 0 }, 'Beroep')], { s11: 'SIGNED 8–0', corrected: true, resultState: 'CONFIRMED' }],
    // Regel 22: games at a wrong table are void.
    ['supervisor: voids games while the set is played: the entry goes, kept with the action', match(), [enter(1, 2, HHAH), voiding()], { s12: null, actions: ['v1'], corrected: false }],
    ['supervisor: a void on a signed seat marks the match corrected', signed12, [voiding()], { s12: null, corrected: true, tableTold: ['1/2'] }],
    ['supervisor: a void without a reason', signed12, [voiding(supervisor, { reason: ' ' })], 'VALIDATION_FAILED'],
    ['supervisor: a void of games a set does not have', signed12, [voiding(supervisor, { gameNumbers: [5] })], 'INVALID_SUPERVISOR_ACTION'],
    ['supervisor: no void at a seat the rules credited', withLineup('AWAY', lineup('a', { pairs: 5 })), [voiding(supervisor, { tableNumber: 6 })], 'SEAT_CREDITED'],
    ['supervisor: one decision per id', signed12, [voiding(), voiding()], 'DUPLICATE_ID'],
    ['club: does not void', signed12, [voiding(awayClub)], 'SUPERVISOR_ONLY'],
    // Regel 38: a player removed.
    ['supervisor: removes a player: the set lost 2–0 from that game, the pair’s later sets 0–8', match(), [enter(2, 1, HHAH), removal()], { s21: 'ENTERED 4–4', removedCredits: ['3/1', '4/1', '5/1', '6/1'] }],
    ['supervisor: a removed player must sit at that table', match(), [removal(supervisor, 'a3a')], 'INVALID_SUPERVISOR_ACTION'],
    ['club: does not remove a player', match(), [removal(awayClub)], 'SUPERVISOR_ONLY'],
    // Undo: every seat back as it was.
    ['supervisor: withdrawing a void gives the seat back exactly as signed', signed12, [voiding(), withdraw('v1')], { s12: seatAt(signed12, 1, 2), actions: [] }],
    ['supervisor: withdrawing a removal gives the removal seat back as signed; its credits go', match(), [enter(2, 1, HHAH), sign(2, 1), removal(), withdraw('r1')], { s21: 'SIGNED 6–2', removedCredits: [], actions: [] }],
    ['supervisor: a void seat entered again at the right table stays', match(), [enter(1, 2, HHAH), voiding(), enter(1, 2), withdraw('v1')], 'SEAT_ENTERED_AGAIN'],
    ['supervisor: withdraws only with a reason', signed12, [voiding(), withdraw('v1', supervisor, ' ')], 'VALIDATION_FAILED'],
    ['supervisor: withdraws only their own decision', signed12, [voiding(), withdraw('v1', { userId: 'other-supervisor', role: 'SUPERVISOR' })], 'NOT_OWN_ACTION'],
    ['club: does not withdraw the supervisor’s decision', signed12, [voiding(), withdraw('v1', awayClub)], 'SUPERVISOR_ONLY'],
    ['federation: withdraws any decision, with a reason', signed12, [voiding(), withdraw('v1', admin)], { s12: seatAt(signed12, 1, 2), actions: [] }],
  ])('%s', (_name, start, steps, answer) => expectAnswer(start, steps, answer, facts));
});
