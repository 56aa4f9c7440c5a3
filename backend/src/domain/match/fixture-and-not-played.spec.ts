/**
 * fixture-and-not-played.ts, row by row (RULES.md "Matches that are not played", Regel 6–9, 11;
 * "Everything is a correction once final"; "An undo restores exactly what was there"): the
 * federation moves, turns round, records as not played and reopens, each with a reason; the
 * supervisor records a whole team late from the match day on; a club does none of it.
 */
import { admin, Answer, at, awayClub, enter, expectAnswer, FINALISE, homeClub, match, minutes, NOW, play, seatAt, signedSets, Step, supervisor } from './command.fixture';
import { CommandResult, CommandUser, MatchCommand, MatchState, NotPlayedStatus, seatPhase } from './match-command';
import { tablePlan } from './rotation';

const moveTo = (by: CommandUser, date = '2026-12-05', startTime = '19:30', reason = 'Zaal bezet'): MatchCommand => ({ kind: 'MOVE', by, date, startTime, reason });
const swap = (by: CommandUser, reason = 'Zaal van de uitploeg'): MatchCommand => ({ kind: 'SWAP_SIDES', by, reason });
/** Regel 7: a forfeit of the away team, 8–0 at every seat (288–0). */
const forfeitSeats = tablePlan(6).map((s) => ({ ...s, homePoints: 8, awayPoints: 0, source: 'FORFEIT' as const }));
const record = (by: CommandUser, status: NotPlayedStatus = 'FORFEIT', reason = 'Uit kwam met vier koppels'): MatchCommand =>
  status === 'FORFEIT' ? { kind: 'RECORD_NOT_PLAYED', by, reason, status, seats: forfeitSeats, homePoints: 288, awayPoints: 0 } : { kind: 'RECORD_NOT_PLAYED', by, reason, status, seats: [], homePoints: 0, awayPoints: 0 };
const reopen = (by: CommandUser, reason = 'Beroep toegekend'): MatchCommand => ({ kind: 'REOPEN', by, reason });
const teamLate = (by: CommandUser, kind: 'RECORD_TEAM_LATE' | 'WITHDRAW_TEAM_LATE' = 'RECORD_TEAM_LATE', reason = 'Team kwam om 20:40'): MatchCommand => ({ kind, by, reason, side: 'AWAY' });

const final = play(match(), [...signedSets(), at(minutes(30), FINALISE)]).result.state;
const forfeit = play(match(), [record(admin)]).result.state;
const theDayBefore = new Date(NOW.getTime() - 24 * 3_600_000);

const facts = (s: MatchState, r: CommandResult) => {
  const seat = seatAt(s, 1, 1);
  return {
    date: s.date,
    startTime: s.startTime,
    home: s.teamIds.HOME,
    status: s.status,
    resultState: s.resultState,
    points: `${s.homePoints}–${s.awayPoints}`,
    finalBy: s.finalBy ?? null,
    corrected: s.correctedAt !== null,
    s11: seat ? `${seatPhase(seat)} ${seat.source} ${seat.homePoints}–${seat.awayPoints}` : 'WAITING',
    events: r.events.map((e) => e.kind),
  };
};

describe('fixture-and-not-played: the federation’s acts on the fixture and the record of a match not played', () => {
  test.each<[string, MatchState, Step[], Answer<ReturnType<typeof facts>>]>([
    // The federation.
    ['federation: moves a match without a result, with a reason', match(), [moveTo(admin)], { date: '2026-12-05', startTime: '19:30', events: ['MATCH_MOVED'] }],
    ['federation: moves only with a reason', match(), [moveTo(admin, '2026-12-05', '19:30', ' ')], 'VALIDATION_FAILED'],
    ['federation: a move to the same date and time', match(), [moveTo(admin, '2026-11-28', '20:00')], 'SAME_MOMENT'],
    ['federation: no move once a table entered a set', match(), [enter(1, 1), moveTo(admin)], 'MATCH_HAS_RESULT'],
    ['federation: turns home and away round', match(), [swap(admin)], { home: 'team-uit', events: ['SIDES_SWAPPED'] }],
    ['federation: no swap once a table entered a set', match(), [enter(1, 1), swap(admin)], 'MATCH_HAS_RESULT'],
    ['federation: no swap of a final match', final, [swap(admin)], 'MATCH_HAS_RESULT'],
    ['federation: records a forfeit (Regel 7): final at once, 288–0', match(), [record(admin)], { status: 'FORFEIT', resultState: 'CONFIRMED', points: '288–0', finalBy: 'FEDERATION', corrected: false, s11: 'CREDITED FORFEIT 8–0' }],
    ['federation: records a match not played only with a reason', match(), [record(admin, 'NOT_PLAYED', ' ')], 'VALIDATION_FAILED'],
    ['federation: records a final match as not played (Regel 6): a correction', final, [record(admin, 'NOT_PLAYED', 'Geen tafelscherm')], { status: 'NOT_PLAYED', points: '0–0', corrected: true, s11: 'WAITING' }],
    ['federation: reopens it: the seats come back as signed, and its finality', final, [record(admin, 'NOT_PLAYED', 'Geen tafelscherm'), reopen(admin)], { status: 'PLAYED', resultState: 'CONFIRMED', points: '216–72', corrected: true, s11: 'SIGNED TOTALS 6–2' }],
    ['federation: reopens a forfeit recorded before any play: a fixture again, marked corrected', forfeit, [reopen(admin)], { status: 'SCHEDULED', resultState: 'NONE', points: 'null–null', corrected: true, s11: 'WAITING' }],
    ['federation: reopens only with a reason', forfeit, [reopen(admin, ' ')], 'VALIDATION_FAILED'],
    ['federation: reopens only a match recorded as not played', final, [reopen(admin)], 'NOT_RECORDED_AS_NOT_PLAYED'],
    ['federation: records a team late before the match day', match(), [at(theDayBefore, teamLate(admin))], { events: ['TEAM_LATE_CHANGED'], status: 'SCHEDULED' }],
    // The supervisor.
    ['supervisor: does not move a match', match(), [moveTo(supervisor)], 'FORBIDDEN'],
    ['supervisor: does not record a match as not played', match(), [record(supervisor)], 'FORBIDDEN'],
    ['supervisor: records a whole team late on the match day (Regel 11): no score changes', match(), [teamLate(supervisor)], { events: ['TEAM_LATE_CHANGED'], resultState: 'NONE' }],
    ['supervisor: not before the match day', match(), [at(theDayBefore, teamLate(supervisor))], 'ENTRY_NOT_OPEN'],
    ['supervisor: no team late at a forfeit (Regel 7 instead)', forfeit, [teamLate(supervisor)], 'MATCH_NOT_PLAYED'],
    ['supervisor: withdraws a team late only with a reason', match(), [teamLate(supervisor, 'WITHDRAW_TEAM_LATE', '')], 'VALIDATION_FAILED'],
    // A club.
    ['club: does not turn a match round', match(), [swap(homeClub)], 'FORBIDDEN'],
    ['club: does not reopen a forfeit', forfeit, [reopen(awayClub)], 'FORBIDDEN'],
    ['club: does not record its opponent late', match(), [teamLate(homeClub)], 'FORBIDDEN'],
    // A match recorded as not played takes nothing of play until reopened.
    ['not played: no table entry', forfeit, [enter(1, 1)], 'MATCH_NOT_PLAYED'],
    ['not played: no substitution', forfeit, [{ kind: 'SUBSTITUTE', by: awayClub, side: 'AWAY', substitution: { id: 's1', setNumber: 3, pairNumber: 2, outPlayerId: 'a2a', inPlayerId: 'ar1', outMemberId: 'm-a2a', inMemberId: 'm-ar1' } }], 'MATCH_NOT_PLAYED'],
    ['not played: no remark', forfeit, [{ kind: 'ADD_REMARK', by: awayClub, text: 'Wij waren er wel' }], 'MATCH_NOT_PLAYED'],
  ])('%s', (_name, start, steps, answer) => expectAnswer(start, steps, answer, facts));
});
