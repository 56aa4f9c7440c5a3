/**
 * paper-form.ts, row by row (RULES.md "Signatures", way b; "The paper path"; revised
 * 2026-12-06: nothing a club does stops the clock, a table-played match is signed at the
 * tables): the home club enters and signs, the away club confirms or refuses, the supervisor
 * decides a refusal, the federation enters early or at a table-played match and corrects.
 */
import { admin, allSets, Answer, at, awayClub, enter, expectAnswer, FINALISE, form, homeClub, match, minutes, NOW, play, seatAt, signed, signedSets, Step, supervisor, withLineup } from './command.fixture';
import { CommandResult, CommandUser, MatchCommand, MatchState, seatPhase } from './match-command';

const signForm = (by: CommandUser = homeClub, reason?: string): MatchCommand => ({ kind: 'SIGN_FORM', by, ...(reason ? { reason } : {}) });
const confirmForm = (by: CommandUser = awayClub, reason?: string): MatchCommand => ({ kind: 'CONFIRM_FORM', by, ...(reason ? { reason } : {}) });
const dispute: MatchCommand = { kind: 'DISPUTE_FORM', by: awayClub, comment: 'Set 2 klopt niet' };
const decideForm = (by: CommandUser = supervisor, reason = 'Beide teams gehoord', sets?: ReturnType<typeof allSets>): MatchCommand => ({ kind: 'DECIDE_FORM', by, reason, ...(sets ? { sets } : {}) });
const correct = (by: CommandUser, reason = 'Telfout set 1'): MatchCommand => ({ kind: 'CORRECT', by, reason, sets: allSets().map((s) => (s.setNumber === 1 && s.tableNumber === 1 ? { ...s, homePoints: 2, awayPoints: 6 } : s)) });
const set1Reversed = allSets().map((s) => (s.setNumber === 1 && s.tableNumber === 1 ? { ...s, homePoints: 2, awayPoints: 6 } : s));
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);

const nextWeek = match({ date: '2026-12-05' });
const signedForm = play(match(), [form(), signForm()]).result.state;
const disputedForm = play(signedForm, [dispute]).result.state;
const finalForm = play(signedForm, [confirmForm()]).result.state;
const nightOpen = match({ nightOpenedAt: minutes(-60) });
const nightComplete = play(nightOpen, signedSets()).result.state;

const facts = (s: MatchState, r: CommandResult) => {
  const seat = seatAt(s, 1, 1);
  return {
    resultState: s.resultState,
    enteredBy: s.enteredById,
    homeSigned: s.homeSignedAt !== null,
    awaySigned: s.awaySignedAt !== null,
    disputed: s.disputedAt !== null,
    finalDueAt: s.finalDueAt,
    finalBy: s.finalBy ?? null,
    corrected: s.correctedAt !== null,
    s11: seat ? `${seatPhase(seat)} ${seat.homePoints}–${seat.awayPoints}` : 'WAITING',
    events: r.events.map((e) => e.kind),
  };
};

describe('paper-form: the form entered, signed, confirmed, refused, decided and corrected', () => {
  test.each<[string, MatchState, Step[], Answer<ReturnType<typeof facts>>]>([
    // The home club.
    ['home club: enters the form on the match day', match(), [form()], { resultState: 'ENTERED', enteredBy: 'home-secretary', homeSigned: false, s11: 'ENTERED 6–2' }],
    ['home club: not before the match day', nextWeek, [form()], 'ENTRY_NOT_OPEN'],
    ['home club: an impossible score on the form (Regel 29–34)', match(), [form(homeClub, [{ setNumber: 1, tableNumber: 1, homePoints: 7, awayPoints: 0 }])], 'INVALID_SCORE'],
    ['home club: signs the complete form: the away club’s 48 hours start', match(), [form(), signForm()], { homeSigned: true, finalDueAt: hours(48) }],
    ['home club: signs only a complete form', match(), [form(homeClub, allSets('6/6')), signForm()], 'INCOMPLETE_RESULT'],
    ['home club: signs only with both line-ups (Regel 5)', withLineup('AWAY', null), [form(), signForm()], 'LINEUP_MISSING'],
    ['home club: changes nothing once signed (the clock runs)', signedForm, [form(homeClub, set1Reversed)], 'CLOCK_RUNS'],
    ['home club: does not change a form the away club refused (the supervisor decides)', disputedForm, [signForm()], 'DISPUTE_WITH_SUPERVISOR'],
    ['home club: no form where a table entered a set (the tables enter)', match(), [enter(1, 1), form()], 'TABLE_ONLY'],
    ['home club: no form at a match whose night was opened', nightOpen, [form()], 'TABLE_ONLY'],
    ['home club: no paper signature at a match whose night was opened, until the night is complete', nightOpen, [...signed(1, 1), signForm()], 'NIGHT_NOT_COMPLETE'],
    ['home club: the night complete, its paper signature confirms the night', nightComplete, [signForm()], { homeSigned: true, resultState: 'ENTERED', events: ['NIGHT_CONFIRMED'] }],
    // The away club.
    ['away club: confirms only what the home club signed', match(), [form(), confirmForm()], 'HOME_NOT_SIGNED'],
    ['away club: nothing to confirm before an entry', match(), [confirmForm()], 'NOTHING_TO_CONFIRM'],
    ['away club: confirms the signed form: final', signedForm, [confirmForm()], { resultState: 'CONFIRMED', awaySigned: true, finalBy: 'BOTH_CONFIRMED', finalDueAt: null }],
    ['away club: refuses, with a comment: to the supervisor, the clock stops', signedForm, [dispute], { disputed: true, homeSigned: false, finalDueAt: null, resultState: 'ENTERED' }],
    ['away club: does not dispute sets its pairs signed at the table (Regel 35B)', nightComplete, [confirmForm(), dispute], 'CLUB_DISPUTE_REFUSED'],
    ['away club: the night complete, its paper confirmation after the home one makes it final', nightComplete, [signForm(), confirmForm()], { resultState: 'CONFIRMED', finalBy: 'BOTH_CONFIRMED' }],
    // The supervisor.
    ['supervisor: decides the refusal, the form as signed: final', disputedForm, [decideForm()], { resultState: 'CONFIRMED', finalBy: 'SUPERVISOR_DECISION', disputed: false }],
    ['supervisor: decides the refusal with a changed form', disputedForm, [decideForm(supervisor, 'Set 1 nageteld', set1Reversed)], { resultState: 'CONFIRMED', s11: 'ENTERED 2–6' }],
    ['supervisor: decides only a refusal', signedForm, [decideForm()], 'NOT_DISPUTED'],
    ['supervisor: decides only with a reason', disputedForm, [decideForm(supervisor, ' ')], 'VALIDATION_FAILED'],
    ['supervisor: does not correct a final form', finalForm, [correct(supervisor)], 'RESULT_LOCKED'],
    // The federation, and the clock.
    ['federation: enters before the match day only with a reason', nextWeek, [form(admin)], 'VALIDATION_FAILED'],
    ['federation: enters before the match day with a reason', nextWeek, [form(admin, allSets(), 'Vooruit gespeeld')], { resultState: 'ENTERED', enteredBy: 'admin' }],
    ['federation: a form at a table-played match only with a reason', nightOpen, [form(admin)], 'VALIDATION_FAILED'],
    ['federation: a form at a table-played match, with a reason: its seats stand as decided', nightOpen, [form(admin, allSets(), 'Tafelschermen uitgevallen')], { s11: 'SIGNED 6–2', corrected: false }],
    ['federation: confirms a table-played match on paper with a reason: final, as a correction', nightComplete, [confirmForm(admin, 'Beide teams akkoord per mail')], { resultState: 'CONFIRMED', finalBy: 'FEDERATION', corrected: true }],
    ['federation: corrects a final form, with a reason', finalForm, [correct(admin)], { resultState: 'CONFIRMED', corrected: true, s11: 'ENTERED 2–6' }],
    ['federation: corrects only a final form', signedForm, [correct(admin)], 'NOT_CONFIRMED'],
    ['clock: the 48 hours pass without the away club: final by itself', signedForm, [at(hours(48), FINALISE)], { resultState: 'CONFIRMED', finalBy: 'PAPER_HOURS' }],
  ])('%s', (_name, start, steps, answer) => expectAnswer(start, steps, answer, facts));
});
