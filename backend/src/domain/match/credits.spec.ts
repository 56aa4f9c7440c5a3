/**
 * credits.ts, row by row (RULES.md "The match": Regel 5B/5C/12A missing and late pairs, Regel 14
 * substitution violations, Regel 38 removals; "An undo restores exactly what was there"): the
 * seats the rules score, brought up to date after every command, and a table's entry a credit
 * covers, kept aside and given back when the credit goes, while the same players sit there.
 */
import { admin, Answer, enter, expectAnswer, games, homeClub, lineup, match, play, seatAt, seatsOf, settings, sign, signed, Step, supervisor, withLineup } from './command.fixture';
import { seatSeating, settleCredits } from './credits';
import { CommandResult, CommandUser, MatchCommand, MatchState, seatPhase } from './match-command';

/** Regel 38 at set 2, table 1 (home pair 1): h1a removed from game 3; the pair loses sets 3–6 0–8. */
const removal: MatchCommand = { kind: 'REMOVE_PLAYER', by: supervisor, reason: 'Drie waarschuwingen', id: 'r1', setNumber: 2, tableNumber: 1, fromGame: 3, memberId: 'm-h1a', playerId: 'h1a' };
const withdrawRemoval: MatchCommand = { kind: 'WITHDRAW_ACTION', by: supervisor, id: 'r1', reason: 'Verkeerde speler aangewezen' };
/** Home pair 1 (table 1): a substitute for h1a, by its club (legal from set 3, Regel 13). */
const substitute = (setNumber = 3, by: CommandUser = homeClub): MatchCommand => ({ kind: 'SUBSTITUTE', by, side: 'HOME', substitution: { id: 's1', setNumber, pairNumber: 1, outPlayerId: 'h1a', inPlayerId: 'hr1', outMemberId: 'm-h1a', inMemberId: 'm-hr1' } });
/** Away pair 6 late from set 2, recorded by the federation (its set 1 seat is table 6), or withdrawn. */
const late = (fromSet: number): MatchCommand => ({ kind: 'SET_LINEUP', by: admin, reason: 'Koppel 6 kwam na set 1', side: 'AWAY', lineup: lineup('a', { fromSet: { 6: fromSet } }), latePair: { pairNumber: 6 } });
const HHAH = { games: games('HOME', 'HOME', 'AWAY', 'HOME') };
/** Home pair 1's later sets, entered and signed at table 1. */
const laterSigned = [3, 4, 5, 6].flatMap((n) => signed(n, 1));

const look = (s: Pick<MatchState, 'seats'>, setNumber: number, tableNumber: number) => {
  const seat = seatAt(s, setNumber, tableNumber);
  return seat ? `${seatPhase(seat)} ${seat.homePoints}–${seat.awayPoints}` : 'WAITING';
};
const facts = (s: MatchState, r?: CommandResult) => ({
  missing: seatsOf(s, 'MISSING_PAIR'),
  violation: seatsOf(s, 'SUBSTITUTION_VIOLATION'),
  removed: seatsOf(s, 'PLAYER_REMOVED'),
  s16: look(s, 1, 6),
  s21: look(s, 2, 1),
  s31: look(s, 3, 1),
  s61: look(s, 6, 1),
  kept: (s.displaced ?? []).map((d) => `${d.setNumber}/${d.tableNumber}`),
  corrected: s.correctedAt !== null,
  tableTold: (r?.events ?? []).filter((e) => e.kind === 'SEAT_CORRECTED').map((e) => `${e.setNumber}/${e.tableNumber}`),
});

describe('credits: the seats the rules score, through the commands', () => {
  test.each<[string, MatchState, Step[], Answer<ReturnType<typeof facts>>]>([
    ['Regel 12A: a team of five pairs: every seat of its sixth pair 8–0 for the opponent', withLineup('AWAY', lineup('a', { pairs: 5 })), [enter(1, 1)], { missing: ['1/6', '2/1', '3/2', '4/3', '5/4', '6/5'], s16: 'CREDITED 8–0' }],
    ['Regel 5C: a pair from set 2: its set 1 seat 8–0 for the opponent', withLineup('AWAY', lineup('a', { fromSet: { 6: 2 } })), [enter(1, 1)], { missing: ['1/6'], s16: 'CREDITED 8–0' }],
    ['Regel 14: a substitution before set 3: its pair’s sets from then on 0–8', match(), [substitute(2)], { violation: ['2/1', '3/1', '4/1', '5/1', '6/1'], s61: 'CREDITED 0–8' }],
    ['Regel 38: the removal set is lost 2–0 from that game, the later sets 0–8', match(), [enter(2, 1, HHAH), removal], { s21: 'ENTERED 4–4', removed: ['3/1', '4/1', '5/1', '6/1'] }],
    ['Regel 38: a removal set entered as totals cannot be split: it is entered again', match(), [enter(2, 1), removal], { s21: 'WAITING' }],
    ['a removal’s credit over later signed sets: a correction, the table told, the entries kept aside', match(), [...laterSigned, removal], { s31: 'CREDITED 0–8', kept: ['3/1', '4/1', '5/1', '6/1'], corrected: true, tableTold: ['3/1', '4/1', '5/1', '6/1'] }],
    ['the removal withdrawn: the later sets come back as signed', match(), [...laterSigned, removal, withdrawRemoval], { removed: [], s31: 'SIGNED 6–2', s61: 'SIGNED 6–2', kept: [] }],
    ['a late pair recorded over its signed seat: a correction, the entry kept aside', match(), [...signed(1, 6), late(2)], { s16: 'CREDITED 8–0', kept: ['1/6'], corrected: true }],
    ['the late pair withdrawn: the seat comes back as signed', match(), [...signed(1, 6), late(2), late(1)], { missing: [], s16: 'SIGNED 6–2', kept: [] }],
    ['a club’s substitution before set 3 never credits over a signed seat', match(), [...signed(3, 1), substitute(2)], 'SET_ALREADY_SIGNED'],
  ])('%s', (_name, start, steps, answer) => expectAnswer(start, steps, answer, facts));
});

describe('credits.settleCredits: a kept entry comes back only while the same players sit there', () => {
  const entered = play(match(), [enter(3, 1), sign(3, 1)]).result.state;
  const entry = seatAt(entered, 3, 1)!;
  const kept = (state: MatchState): MatchState => ({ ...state, seats: [], displaced: [{ ...entry, seating: seatSeating(state.teams, entry) }] });
  const subbed = (state: MatchState): MatchState => ({ ...state, teams: { ...state.teams, HOME: { ...state.teams.HOME, substitutions: [{ id: 's1', setNumber: 3, pairNumber: 1, outPlayerId: 'h1a', inPlayerId: 'hr1', outMemberId: 'm-h1a', inMemberId: 'm-hr1', violation: null }] } } });
  const removed = (state: MatchState): MatchState => ({ ...state, teams: { ...state.teams, HOME: { ...state.teams.HOME, removals: [{ side: 'HOME', pairNumber: 1, playerId: 'h1a', setNumber: 2, fromGame: 3 }] } } });

  test.each<[string, MatchState, Partial<ReturnType<typeof facts>> & { events?: string[] }]>([
    ['a credit covers the entry: it stays kept', removed(kept(match())), { s31: 'CREDITED 0–8', kept: ['3/1'], events: ['SEAT_CREDITED', 'SEAT_CREDITED', 'SEAT_CREDITED', 'SEAT_CREDITED'] }],
    ['the credit gone, the same players: the entry back as signed', kept(match()), { s31: 'SIGNED 6–2', kept: [], events: ['SEAT_RESTORED'] }],
    ['the credit gone, a substitute sits there (Regel 38A): not given back (played again), still kept in case the substitution goes', subbed(kept(match())), { s31: 'WAITING', kept: ['3/1'], events: [] }],
    ['a match recorded as not played keeps what it has', { ...kept(match()), status: 'FORFEIT' }, { s31: 'WAITING', kept: ['3/1'], events: [] }],
  ])('%s', (_name, state, expected) => {
    const { state: next, events } = settleCredits(state, settings);
    expect({ ...facts(next), events: events.map((e) => e.kind) }).toMatchObject(expected);
  });
});
