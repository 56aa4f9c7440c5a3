/**
 * table-entry.ts, row by row (RULES.md "Signatures", way a; Regel 15, 35B): a pair enters its
 * set, the opposing pair signs (irrevocable) or refuses with a comment (a dispute for the
 * supervisor); once every seat is signed, decided or credited, each club may confirm the night.
 */
import { Answer, at, confirm, enter, expectAnswer, FINALISE, games, lineup, match, minutes, play, refuse, seatAt, sign, signed, signedSets, Step, withLineup } from './command.fixture';
import { MatchState, seatPhase } from './match-command';
import { Side, SIDES } from './side';

const night = play(match(), signedSets()).result.state;
const final = play(night, [at(minutes(30), FINALISE)]).result.state;
const lastSeatRefused = play(match(), [...signedSets().slice(0, -2), enter(6, 6), refuse(6, 6)]).result.state;

const facts = (s: MatchState) => {
  const seat = seatAt(s, 1, 1);
  return {
    phase: seatPhase(seat),
    score: seat && `${seat.homePoints}–${seat.awayPoints}`,
    enteredBy: seat?.enteredBySide ?? null,
    signedBy: seat?.signedBySide ?? null,
    comment: seat?.refusalComment ?? null,
    resultState: s.resultState,
    confirmed: SIDES.filter((side: Side) => (side === 'HOME' ? s.homeSignedAt : s.awaySignedAt) !== null),
    windowRuns: s.finalDueAt !== null,
    finalBy: s.finalBy ?? null,
  };
};

describe('table-entry: the pairs at the table and the clubs confirming the night', () => {
  test.each<[string, MatchState, Step[], Answer<ReturnType<typeof facts>>]>([
    // The pair that played the set enters it.
    ['table: the home pair enters its set; the result is entered', match(), [enter(1, 1)], { phase: 'ENTERED', score: '6–2', enteredBy: 'HOME', resultState: 'ENTERED' }],
    ['table: game by game (Regel 29–34)', match(), [enter(1, 1, { games: games('HOME', 'AWAY', 'AWAY', 'AWAY') })], { phase: 'ENTERED', score: '2–6' }],
    ['table: an unsigned entry is replaced, also by the other pair', match(), [enter(1, 1), enter(1, 1, { totals: { home: 4, away: 4 } }, 'AWAY')], { score: '4–4', enteredBy: 'AWAY' }],
    ['table: an impossible set score (Regel 29–34)', match(), [enter(1, 1, { totals: { home: 7, away: 0 } })], 'INVALID_SCORE'],
    ['table: a seat outside the table plan', match(), [enter(7, 1)], 'SEAT_NOT_IN_PLAN'],
    ['table: the seat of an absent pair is the rules’ (Regel 12A)', withLineup('AWAY', lineup('a', { pairs: 5 })), [enter(1, 6)], 'SEAT_CREDITED'],
    // The opposing pair signs or refuses.
    ['table: the opposing pair signs', match(), [enter(1, 1), sign(1, 1)], { phase: 'SIGNED', signedBy: 'AWAY' }],
    ['table: a pair signing its own entry', match(), [enter(1, 1), sign(1, 1, 'HOME')], 'SIGN_OWN_ENTRY'],
    ['table: entered and signed on one device by the same pair', match(), [enter(1, 1, undefined, 'HOME', 'HOME')], 'SIGN_OWN_ENTRY'],
    ['table: entered and signed on one device by the opposing pair', match(), [enter(1, 1, undefined, 'HOME', 'AWAY')], { phase: 'SIGNED', signedBy: 'AWAY' }],
    ['table: nothing to sign before an entry', match(), [sign(1, 1)], 'SET_NOT_ENTERED'],
    ['table: a signed set is not entered again (Regel 15)', match(), [...signed(1, 1), enter(1, 1, { totals: { home: 4, away: 4 } })], 'SET_ALREADY_SIGNED'],
    ['table: a signed set is signed once', match(), [...signed(1, 1), sign(1, 1)], 'SET_ALREADY_SIGNED'],
    ['table: a second device sending the same signed set changes nothing', match(), [enter(1, 1, undefined, 'HOME', 'AWAY'), enter(1, 1, undefined, 'HOME', 'AWAY')], { phase: 'SIGNED', score: '6–2' }],
    ['table: a second device signed another score: a dispute naming both, never an overwrite', match(), [enter(1, 1, undefined, 'HOME', 'AWAY'), enter(1, 1, { totals: { home: 8, away: 0 } }, 'HOME', 'AWAY')], { phase: 'DISPUTED', score: '6–2', comment: expect.stringMatching(/eerst 6–2.*later 8–0/) }],
    ['table: the opposing pair refuses, with a comment (Regel 35B)', match(), [enter(1, 1), refuse(1, 1, ' Partij 4 was een kap ')], { phase: 'DISPUTED', comment: 'Partij 4 was een kap' }],
    ['table: a refusal without a comment', match(), [enter(1, 1), refuse(1, 1, '  ')], 'COMMENT_REQUIRED'],
    ['table: a disputed set waits for the supervisor', match(), [enter(1, 1), refuse(1, 1), enter(1, 1, { totals: { home: 4, away: 4 } })], 'SET_DISPUTED'],
    ['table: nothing once final', final, [enter(1, 1, { totals: { home: 4, away: 4 } })], 'RESULT_LOCKED'],
    ['table: a late copy of a signed set after final changes nothing (and is not refused)', final, [enter(1, 1, undefined, 'HOME', 'AWAY')], { phase: 'SIGNED', resultState: 'CONFIRMED' }],
    ['table: nothing at a match recorded as not played', match({ status: 'FORFEIT', resultState: 'CONFIRMED' }), [enter(1, 1)], 'MATCH_NOT_PLAYED'],
    // The clubs confirm the night.
    ['club: confirms the night with a set unsigned', match(), [enter(1, 1), confirm('HOME')], 'NIGHT_NOT_COMPLETE'],
    ['club: confirms the night while a refusal waits for the supervisor', lastSeatRefused, [confirm('AWAY')], 'NIGHT_NOT_COMPLETE'],
    ['club: the night complete, its correction window runs without anybody', match(), signedSets(), { resultState: 'ENTERED', confirmed: [], windowRuns: true }],
    ['club: one confirmation does not make it final', night, [confirm('HOME')], { resultState: 'ENTERED', confirmed: ['HOME'], windowRuns: true }],
    ['club: confirms the night once', night, [confirm('HOME'), confirm('HOME')], 'ALREADY_CONFIRMED'],
    ['club: both confirm: final at once', night, [confirm('HOME'), confirm('AWAY')], { resultState: 'CONFIRMED', finalBy: 'BOTH_CONFIRMED', windowRuns: false }],
  ])('%s', (_name, start, steps, answer) => expectAnswer(start, steps, answer, facts));
});
