/**
 * RULES.md "Finality and authority at the match" (revised 2026-11-26): a complete match
 * becomes final at the end of the correction window or on both team leaders' confirmation,
 * whichever is first; a paper form not confirmed within its hours becomes final by itself;
 * a club does not dispute what its pairs signed (Regel 35B).
 */
import { DEFAULT_SETTINGS } from '../settings';
import { Lineup } from './lineup';
import { admin, Answer, at, awayClub, expectAnswer, form, homeClub, match as fixtureMatch, minutes as later, play, signed as signedAt, signedSets, Step } from './command.fixture';
import { applyMatchCommand, CommandResult, finalDueAt, FinalityFacts, finalityText, finalityWords, MatchCommand, MatchState } from './match-command';
import { tablePlan } from './rotation';
import { Side } from './side';
import { fixtureLineup, fixtureMatchState, fixtureTeam } from './state.fixture';

const settings = DEFAULT_SETTINGS;
const T0 = new Date('2026-11-28T20:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

const lineup = (prefix: string, pairs = 6): Lineup => fixtureLineup(prefix, { pairs });
const team = fixtureTeam;

function matchState(overrides: Partial<MatchState> = {}): MatchState {
  return fixtureMatchState({ teams: { HOME: team(lineup('h')), AWAY: team(lineup('a')) }, ...overrides });
}

/** Applies [command, moment] pairs; throws on a problem before the last. */
function run(state: MatchState, steps: [MatchCommand, Date][]): CommandResult {
  let result: CommandResult = { state, events: [], problems: [], consequences: null, needsEligibility: false };
  steps.forEach(([command, at], i) => {
    result = applyMatchCommand(result.state, command, settings, at);
    if (result.problems.length && i < steps.length - 1) throw new Error(`${command.kind}: ${result.problems[0].message}`);
  });
  return result;
}

const enter = (setNumber: number, tableNumber: number): MatchCommand => ({ kind: 'TABLE_ENTER', setNumber, tableNumber, enteredBy: 'HOME', totals: { home: 6, away: 2 } });
const sign = (setNumber: number, tableNumber: number): MatchCommand => ({ kind: 'TABLE_SIGN', setNumber, tableNumber, side: 'AWAY' });
const confirm = (side: Side): MatchCommand => ({ kind: 'CONFIRM_NIGHT', side, userId: `${side.toLowerCase()}-secretary` });
const FINALISE: MatchCommand = { kind: 'FINALISE' };
const home = { userId: 'home-secretary', role: 'SECRETARY' as const };
const away = { userId: 'away-secretary', role: 'SECRETARY' as const };

/** The whole night entered and signed at T0; the last signature at `last`. */
function night(last = T0): [MatchCommand, Date][] {
  const plan = tablePlan(settings.pairsPerTeam);
  return plan.flatMap((s, i): [MatchCommand, Date][] => [
    [enter(s.setNumber, s.tableNumber), T0],
    [sign(s.setNumber, s.tableNumber), i === plan.length - 1 ? last : T0],
  ]);
}
const allSets = () => tablePlan(settings.pairsPerTeam).map((s) => ({ setNumber: s.setNumber, tableNumber: s.tableNumber, homePoints: 6, awayPoints: 2 }));

describe('finality: when a table-played match becomes final', () => {
  test.each<[string, [MatchCommand, Date][], Partial<MatchState>]>([
    ['complete: every seat signed → the correction window starts (30 minutes, setting)', night(minutes(5)), { resultState: 'ENTERED', finalDueAt: minutes(35), finalAt: null }],
    ['a complete match becomes final after the window with no club action', [...night(minutes(5)), [FINALISE, minutes(35)]], { resultState: 'CONFIRMED', finalAt: minutes(35), finalDueAt: null }],
    ['both team leaders confirm before the window ends: final at once', [...night(minutes(5)), [confirm('HOME'), minutes(7)], [confirm('AWAY'), minutes(9)]], { resultState: 'CONFIRMED', finalAt: minutes(9), finalDueAt: null }],
    ['one confirmation does not end the window; the job still finalises at its end', [...night(minutes(5)), [confirm('HOME'), minutes(7)], [FINALISE, minutes(40)]], { resultState: 'CONFIRMED', finalAt: minutes(40) }],
    ['a supervisor’s correction inside the window keeps its end', [...night(minutes(5)), [{ kind: 'DECIDE_SET', setNumber: 2, tableNumber: 2, totals: { home: 4, away: 4 }, reason: 'Telfout', by: 'SUPERVISOR' }, minutes(20)]], { resultState: 'ENTERED', finalDueAt: minutes(35) }],
    ['Regel 35B: a refusal waiting for the supervisor is not complete (no window)', [...night().slice(0, -1), [{ kind: 'TABLE_REFUSE', setNumber: 6, tableNumber: 6, side: 'AWAY', comment: 'Kap niet geteld' }, minutes(5)]], { resultState: 'ENTERED', finalDueAt: null }],
    ['Regel 35B: the supervisor’s decision completes it: the window starts then', [...night().slice(0, -1), [{ kind: 'TABLE_REFUSE', setNumber: 6, tableNumber: 6, side: 'AWAY', comment: 'Kap' }, minutes(5)], [{ kind: 'DECIDE_SET', setNumber: 6, tableNumber: 6, reason: 'Gehoord', by: 'SUPERVISOR' }, minutes(12)]], { finalDueAt: minutes(42) }],
    ['Regel 22: a void set makes it incomplete again: no window', [...night(minutes(5)), [{ kind: 'VOID_WRONG_TABLE', by: { userId: 'sup', role: 'SUPERVISOR' }, reason: 'Verkeerde tafel', id: 'v1', setNumber: 3, tableNumber: 3, gameNumbers: [1] }, minutes(10)]], { finalDueAt: null, resultState: 'ENTERED' }],
  ])('%s', (_name, steps, expected) => {
    const result = run(matchState(), steps);
    expect(result.problems).toEqual([]);
    expect(result.state).toMatchObject(expected);
  });

  test.each<[string, [MatchCommand, Date][], string]>([
    ['not final before the end of the window', [...night(minutes(5)), [FINALISE, minutes(34)]], 'NOT_DUE'],
    ['not final while incomplete', [[enter(1, 1), T0], [sign(1, 1), T0], [FINALISE, minutes(60)]], 'NOT_COMPLETE'],
    ['never finalised twice', [...night(minutes(5)), [FINALISE, minutes(35)], [FINALISE, minutes(36)]], 'RESULT_LOCKED'],
    ['a final match takes no entry or signature', [...night(minutes(5)), [FINALISE, minutes(35)], [{ kind: 'TABLE_ENTER', setNumber: 1, tableNumber: 2, enteredBy: 'AWAY', totals: { home: 2, away: 6 } }, minutes(41)]], 'RESULT_LOCKED'],
  ])('refused: %s', (_name, steps, code) => {
    const before = run(matchState(), steps.slice(0, -1)).state;
    const result = applyMatchCommand(before, steps[steps.length - 1][0], settings, steps[steps.length - 1][1]);
    expect(result.problems.map((p) => p.code)).toContain(code);
    expect(result.state).toBe(before);
  });

  test('the correction window is a season setting', () => {
    const state = run(matchState(), night(minutes(5))).state;
    expect(finalDueAt({ ...state, finalDueAt: null }, { ...settings, correctionWindowMinutes: 10 }, minutes(5))).toEqual(minutes(15));
  });

  test.each<[string, Partial<MatchState>, string | null]>([
    ['final: the moment it became final (Amsterdam time)', { resultState: 'CONFIRMED', finalAt: new Date('2026-11-28T21:41:00Z') }, 'definitief om 22:41'],
    ['complete: when it becomes final', { resultState: 'ENTERED', finalDueAt: new Date('2026-11-28T21:41:00Z') }, 'wordt definitief om 22:41'],
    ['neither', { resultState: 'ENTERED', finalDueAt: null }, null],
  ])('finalityText: %s', (_name, fields, text) => {
    // The moment of reading: 28 November, 22:11 in Amsterdam (30 minutes before).
    expect(finalityText({ ...matchState(), ...fields }, new Date('2026-11-28T21:11:00Z'))).toBe(text);
  });

  test('finalityText: a paper form’s moment 48 hours ahead names its day, not only the time that reads as today', () => {
    const due = { ...matchState(), resultState: 'ENTERED' as const, finalDueAt: new Date('2026-12-01T10:12:00Z') };
    expect(finalityText(due, new Date('2026-11-29T10:12:00Z'))).toBe('wordt definitief op dinsdag 1 december om 11:12');
    expect(finalityText(due, new Date('2026-12-01T09:12:00Z'))).toBe('wordt definitief om 11:12');
  });
});

describe('Regel 35B: who may protest', () => {
  test('the dispute loop ends: a club cannot dispute sets its pairs signed', () => {
    const confirmed = run(matchState(), [...night(minutes(5)), [confirm('HOME'), minutes(6)]]).state;
    const result = applyMatchCommand(confirmed, { kind: 'DISPUTE_FORM', by: away, comment: 'Set 2 klopt niet' }, settings, minutes(7));
    expect(result.problems.map((p) => p.code)).toEqual(['CLUB_DISPUTE_REFUSED']);
    expect(result.state).toBe(confirmed);
  });

  test('a team leader’s remark changes nothing, also once final', () => {
    const final = run(matchState(), [...night(minutes(5)), [FINALISE, minutes(35)]]).state;
    const result = applyMatchCommand(final, { kind: 'ADD_REMARK', by: away, text: 'Tafel 3 begon een kwartier te laat' }, settings, minutes(50));
    expect(result).toEqual({ state: final, events: [], problems: [], consequences: null, needsEligibility: false });
  });

  test('a remark needs a text', () => {
    expect(applyMatchCommand(matchState(), { kind: 'ADD_REMARK', by: away, text: '  ' }, settings, T0).problems[0].code).toBe('VALIDATION_FAILED');
  });
});

describe('finality: the paper path', () => {
  const DAY = new Date('2026-11-28T22:00:00Z');
  const hours = (n: number) => new Date(DAY.getTime() + n * 3_600_000);
  const form: MatchCommand = { kind: 'ENTER_FORM', by: home, sets: allSets() };
  const signForm: MatchCommand = { kind: 'SIGN_FORM', by: home };

  test.each<[string, [MatchCommand, Date][], Partial<MatchState>]>([
    ['the home signature starts the away team’s 48 hours (setting)', [[form, DAY], [signForm, hours(1)]], { resultState: 'ENTERED', finalDueAt: hours(49) }],
    ['a form not confirmed within 48 hours becomes final by itself', [[form, DAY], [signForm, hours(1)], [FINALISE, hours(49)]], { resultState: 'CONFIRMED', finalAt: hours(49) }],
    ['the away team’s refusal goes to the supervisor: no moment while it waits', [[form, DAY], [signForm, hours(1)], [{ kind: 'DISPUTE_FORM', by: away, comment: 'Set 3 klopt niet' }, hours(2)]], { resultState: 'ENTERED', finalDueAt: null }],
    ['the supervisor’s decision with a changed form makes it final', [[form, DAY], [signForm, hours(1)], [{ kind: 'DISPUTE_FORM', by: away, comment: 'Set 3' }, hours(2)], [{ kind: 'DECIDE_FORM', by: { userId: 'sup', role: 'SUPERVISOR' }, reason: 'Nageteld', sets: allSets().map((s) => (s.setNumber === 3 && s.tableNumber === 3 ? { ...s, homePoints: 2, awayPoints: 6 } : s)) }, hours(3)]], { resultState: 'CONFIRMED', finalAt: hours(3), homePoints: 212, awayPoints: 76 }],
  ])('%s', (_name, steps, expected) => {
    const result = run(matchState(), steps);
    expect(result.problems).toEqual([]);
    expect(result.state).toMatchObject(expected);
  });

  test.each<[string, [MatchCommand, Date][], string]>([
    ['not before its 48 hours', [[form, DAY], [signForm, hours(1)], [FINALISE, hours(48)]], 'NOT_DUE'],
    ['an unsigned form never becomes final by itself', [[form, DAY], [FINALISE, hours(100)]], 'NOT_COMPLETE'],
    ['the supervisor decides only a refusal', [[form, DAY], [signForm, hours(1)], [{ kind: 'DECIDE_FORM', by: { userId: 'sup', role: 'SUPERVISOR' }, reason: 'x' }, hours(2)]], 'NOT_DISPUTED'],
    ['the supervisor’s decision needs a reason', [[form, DAY], [signForm, hours(1)], [{ kind: 'DISPUTE_FORM', by: away, comment: 'Set 3' }, hours(2)], [{ kind: 'DECIDE_FORM', by: { userId: 'sup', role: 'SUPERVISOR' }, reason: ' ' }, hours(3)]], 'VALIDATION_FAILED'],
  ])('refused: %s', (_name, steps, code) => {
    const before = run(matchState(), steps.slice(0, -1)).state;
    const result = applyMatchCommand(before, steps[steps.length - 1][0], settings, steps[steps.length - 1][1]);
    expect(result.problems.map((p) => p.code)).toContain(code);
  });
});

describe('Regel 4 and the fines are part of the core’s answer when a match becomes final', () => {
  const players = (prefix: string) => Array.from({ length: 6 }, (_, i) => [`${prefix}${i + 1}a`, `${prefix}${i + 1}b`]).flat();
  const everyone = (ineligible: readonly string[] = []) => new Map([...players('h'), ...players('a')].map((id) => [id, !ineligible.includes(id)]));
  const finalised = (state: MatchState) => run(state, [...night(minutes(5)), [FINALISE, minutes(35)]]);

  test('without the players’ eligibility the core asks for it (and decides nothing yet)', () => {
    const result = finalised(matchState());
    expect(result.state.resultState).toBe('CONFIRMED');
    expect(result).toMatchObject({ needsEligibility: true, consequences: null });
  });

  test('with it: nobody offended and no fine when all played and the line-ups were on time (an earlier Regel 11 occurrence is withdrawn)', () => {
    const state = matchState({ eligibility: everyone(), teams: { HOME: { ...team(lineup('h')), composedBeforeMatch: true }, AWAY: { ...team(lineup('a')), composedBeforeMatch: true } } });
    const withdraw = (side: Side) => ({ side, kind: 'WITHDRAW_INCOMPLETE' });
    expect(finalised(state)).toMatchObject({ needsEligibility: false, consequences: { offending: [], regel4: null, fines: [withdraw('HOME'), withdraw('AWAY')] } });
  });

  test('Regel 4: an ineligible player of the winning home side loses it the match, with the deduction (setting)', () => {
    const consequences = finalised(matchState({ eligibility: everyone(['h3b']) })).consequences!;
    expect(consequences.offending).toEqual(['HOME']);
    expect(consequences.regel4).toMatchObject({ winner: 'AWAY', home: { result: 'LOSS', deduction: settings.ineligiblePlayerDeduction }, away: { result: 'WIN', deduction: 0 } });
  });

  test('Regel 5D and 11: a line-up not composed before the match, and a pair from set 2, propose their fines', () => {
    const late = { ...team(fixtureLineup('h', { fromSet: { 6: 2 } })), composedBeforeMatch: false };
    // The seats pair 6 did not play are the rules' (Regel 12A): the tables enter and sign every other one.
    let state = matchState({ eligibility: everyone(), teams: { HOME: late, AWAY: team(lineup('a')) } });
    for (const [command, at] of night(minutes(5))) {
      const step = applyMatchCommand(state, command, settings, at);
      if (!step.problems.length) state = step.state;
    }
    const fines = applyMatchCommand(state, FINALISE, settings, minutes(35)).consequences!.fines;
    expect(fines).toEqual(expect.arrayContaining([{ side: 'HOME', kind: 'LINEUP_MISSING' }, { side: 'HOME', kind: 'INCOMPLETE' }]));
  });

  test('a command that does not make the match final brings no consequences, and asks for nothing', () => {
    expect(run(matchState(), night(minutes(5)))).toMatchObject({ needsEligibility: false, consequences: null });
  });
});

describe('finalityWords: how the match stands on its way to final, in RULES.md’s words ("Say how it became final")', () => {
  const FINAL_AT = new Date('2026-11-28T21:41:00Z');
  const facts = (fields: Partial<FinalityFacts>): FinalityFacts => ({ status: 'PLAYED', resultState: 'ENTERED', finalAt: null, finalDueAt: null, homeSignedAt: null, correctedAt: null, correctedByRole: null, ...fields });
  const finalBy = (way: string, fields: Partial<FinalityFacts> = {}) => facts({ resultState: 'CONFIRMED', finalAt: FINAL_AT, finalBy: way, ...fields });
  test.each<[string, FinalityFacts, number, string | null]>([
    ['both team leaders confirmed', finalBy('BOTH_CONFIRMED'), 48, 'bevestigd door beide teams'],
    ['the correction window ended', finalBy('CORRECTION_WINDOW'), 48, 'definitief na het correctievenster'],
    ['the paper form’s hours passed (setting)', finalBy('PAPER_HOURS'), 48, 'definitief na 48 uur'],
    ['the paper form’s hours passed, 72 by the season’s setting', finalBy('PAPER_HOURS'), 72, 'definitief na 72 uur'],
    ['the supervisor decided', finalBy('SUPERVISOR_DECISION'), 48, 'definitief na beslissing van de wedstrijdleider'],
    ['corrected by the federation after it became final', finalBy('BOTH_CONFIRMED', { correctedAt: minutes(200), correctedByRole: 'ADMIN' }), 48, 'gecorrigeerd door de bond'],
    ['a correction before it became final does not rename it', finalBy('CORRECTION_WINDOW', { correctedAt: minutes(10), correctedByRole: 'SUPERVISOR' }), 48, 'definitief na het correctievenster'],
    ['recorded as not played', finalBy('FEDERATION', { status: 'FORFEIT' }), 48, 'vastgesteld door de bond'],
    ['final before the way was kept', finalBy(''), 48, 'definitief'],
    ['complete, in its correction window', facts({ finalDueAt: FINAL_AT, nightOpenedAt: T0 }), 48, 'compleet, wordt definitief om 22:41'],
    ['a paper form signed by the home team', facts({ homeSignedAt: T0, finalDueAt: new Date('2026-12-01T10:12:00Z') }), 48, 'ondertekend door de thuisploeg, wordt definitief op dinsdag 1 december om 11:12'],
    ['a night the home club confirmed: still the window, no paper clock', facts({ homeSignedAt: T0, nightOpenedAt: T0, finalDueAt: FINAL_AT }), 48, 'compleet, wordt definitief om 22:41'],
    ['neither complete nor signed: nobody is told a confirmation is needed', facts({}), 48, null],
  ])('%s', (_name, match, paperHours, words) => {
    // Read on 28 November at 22:11 in Amsterdam.
    expect(finalityWords(match, new Date('2026-11-28T21:11:00Z'), paperHours)).toBe(words);
  });
});

describe('invariantGuards: what holds after every command (RULES.md, revised 2026-12-06)', () => {
  const final = play(fixtureMatch(), [...signedSets(), at(later(30), FINALISE)]).result.state;
  const paperSigned = play(fixtureMatch(), [form(), { kind: 'SIGN_FORM', by: homeClub }]).result.state;
  /** Home pair 1 substituted in set 2 (Regel 14: its sets from then on 0–8), by the federation before set 2 started. */
  const earlySub = (reason?: string): MatchCommand => ({ kind: 'SUBSTITUTE', by: admin, side: 'HOME', ...(reason ? { reason } : {}), substitution: { id: 's1', setNumber: 2, pairNumber: 1, outPlayerId: 'h1a', inPlayerId: 'hr1', outMemberId: 'm-h1a', inMemberId: 'm-hr1' } });
  const guardFacts = (s: MatchState, r: CommandResult) => ({
    resultState: s.resultState,
    homeSigned: s.homeSignedAt !== null,
    corrected: s.correctedAt !== null,
    tableTold: r.events.filter((e) => e.kind === 'SEAT_CORRECTED').map((e) => `${e.setNumber}/${e.tableNumber}`),
  });
  test.each<[string, MatchState, Step[], Answer<ReturnType<typeof guardFacts>>]>([
    ['CLOCK_RUNS: the home club changes its signed form', paperSigned, [{ kind: 'ENTER_SET', by: homeClub, setNumber: 2, tables: [{ tableNumber: 1, homePoints: 4, awayPoints: 4 }] }], 'CLOCK_RUNS'],
    ['the clock runs on past a club’s remark', paperSigned, [{ kind: 'ADD_REMARK', by: awayClub, text: 'Set 2 nakijken graag' }], { homeSigned: true, resultState: 'ENTERED' }],
    ['a change to a signed seat by the federation needs a reason, whatever the command', fixtureMatch(), [...signedAt(3, 1), earlySub()], 'VALIDATION_FAILED'],
    ['with a reason it is a correction: marked, the table told', fixtureMatch(), [...signedAt(3, 1), earlySub('Wissel stond verkeerd op het formulier')], { corrected: true, tableTold: ['3/1'] }],
    ['FINAL_SEAT_EMPTY: the federation voids games of a final match', final, [{ kind: 'VOID_WRONG_TABLE', by: admin, reason: 'Verkeerde tafel', id: 'v1', setNumber: 2, tableNumber: 2, gameNumbers: [1] }], 'FINAL_SEAT_EMPTY'],
    ['FINAL_SEAT_EMPTY: the federation removes a player where the set cannot be completed', final, [{ kind: 'REMOVE_PLAYER', by: admin, reason: 'Achteraf gemeld', id: 'r1', setNumber: 2, tableNumber: 1, fromGame: 3, memberId: 'm-h1a', playerId: 'h1a' }], 'FINAL_SEAT_EMPTY'],
    ['NIGHT_NOT_COMPLETE: the federation’s paper confirmation with a seat entered but unsigned', play(fixtureMatch({ nightOpenedAt: T0 }), signedSets().slice(0, -1)).result.state, [{ kind: 'CONFIRM_FORM', by: admin, reason: 'Akkoord per mail' }], 'NIGHT_NOT_COMPLETE'],
  ])('%s', (_name, start, steps, answer) => expectAnswer(start, steps, answer, guardFacts));
});
