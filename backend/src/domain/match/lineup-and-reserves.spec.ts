/**
 * lineup-and-reserves.ts, row by row (RULES.md "The match": line-up, late arrivals,
 * substitutions; "Finality and authority at the match", revised 2026-12-06: reserves fixed
 * when set 1 starts): who may change who played, before, during and after a set, and once final.
 */
import { Answer, admin, at, awayClub, enter, expectAnswer, FINALISE, form, homeClub, lineup, match, minutes, play, seatsOf, signed, signedSets, Step, supervisor, withLineup } from './command.fixture';
import { CommandUser, MatchCommand, MatchState } from './match-command';

const resave = (by: CommandUser, l = lineup('a'), extra: { reason?: string; latePair?: { pairNumber: number } } = {}): MatchCommand => ({ kind: 'SET_LINEUP', by, side: 'AWAY', lineup: l, ...extra });
const withReserve = lineup('a', { reserves: ['ar1', 'ar2', 'ax'] });
/** Away pair 2 becomes ar1 + a2b, a2a a reserve: other players in every set. */
const otherPairs = { ...lineup('a', { reserves: ['a2a', 'ar2'] }), pairs: lineup('a').pairs.map((p) => (p.pairNumber === 2 ? { ...p, players: ['ar1', 'a2b'] as const } : p)) };
const pair6Late = lineup('a', { fromSet: { 6: 2 } });
/** Away pair 2: a2a out, `inn` in, from `setNumber`. */
const sub = (by: CommandUser, setNumber: number, options: { inn?: string; id?: string; reason?: string } = {}): MatchCommand => ({
  kind: 'SUBSTITUTE',
  by,
  side: 'AWAY',
  ...(options.reason ? { reason: options.reason } : {}),
  substitution: { id: options.id ?? 's1', setNumber, pairNumber: 2, outPlayerId: 'a2a', inPlayerId: options.inn ?? 'ar1', outMemberId: 'm-a2a', inMemberId: `m-${options.inn ?? 'ar1'}` },
});
const unsub = (by: CommandUser, reason?: string): MatchCommand => ({ kind: 'REMOVE_SUBSTITUTION', by, id: 's1', ...(reason ? { reason } : {}) });
/** Away pair 2 sits at table 3 in set 2, at table 4 in set 3 (Regel 22). */
const SET3_PAIR2 = 4;

const paperSigned = play(match(), [form(), { kind: 'SIGN_FORM', by: homeClub }]).result.state;
const final = play(match(), [...signedSets(), at(minutes(30), FINALISE)]).result.state;

const facts = (s: MatchState) => ({
  reserves: s.teams.AWAY.lineup?.reserves,
  pair2: s.teams.AWAY.lineup?.pairs.find((p) => p.pairNumber === 2)?.players,
  pair6: { fromSet: s.teams.AWAY.lineup?.pairs.find((p) => p.pairNumber === 6)?.fromSet, lateRecordedBy: s.teams.AWAY.lineup?.pairs.find((p) => p.pairNumber === 6)?.lateRecordedBy ?? null },
  subs: s.teams.AWAY.substitutions.map((x) => x.id),
  violation: s.teams.AWAY.substitutions[0]?.violation ?? null,
  credited: [...seatsOf(s, 'MISSING_PAIR'), ...seatsOf(s, 'SUBSTITUTION_VIOLATION')],
  homeSigned: s.homeSignedAt !== null,
  corrected: s.correctedAt !== null,
  resultState: s.resultState,
});

describe('lineup-and-reserves: who played, by each actor', () => {
  test.each<[string, MatchState, Step[], Answer<ReturnType<typeof facts>>]>([
    // The club (its secretary or team leader).
    ['club: adds a reserve before set 1', match(), [resave(awayClub, withReserve)], { reserves: ['ar1', 'ar2', 'ax'], corrected: false }],
    ['club: adds a reserve after set 1 started at a table', match(), [enter(1, 1), resave(awayClub, withReserve)], 'RESERVES_FIXED'],
    ['club: adds a reserve after the start time of a paper match (set 1 started)', match({ startsAt: minutes(-30) }), [resave(awayClub, withReserve)], 'RESERVES_FIXED'],
    ['club: changes its pairs before set 1', match(), [resave(awayClub, otherPairs)], { pair2: ['ar1', 'a2b'] }],
    ['club: re-saves pairs that seat others in a started set', match(), [enter(1, 1), resave(awayClub, otherPairs)], 'SET_STARTED'],
    ['club: records a late pair itself', match(), [resave(awayClub, pair6Late, { latePair: { pairNumber: 6 } })], 'SUPERVISOR_ONLY'],
    ['club: re-saves a line-up that changes the late pair the supervisor recorded', match(), [resave(supervisor, pair6Late, { latePair: { pairNumber: 6 }, reason: 'Koppel 6 kwam na set 1' }), resave(awayClub)], 'SUPERVISOR_ONLY'],
    ['club: a substitution from set 3 on (Regel 13)', match(), [sub(awayClub, 3)], { subs: ['s1'], violation: null, credited: [] }],
    ['club: a substitution before set 3 is a Regel 14 violation: 8–0 for every set of the pair from then on', match(), [sub(awayClub, 2)], { violation: expect.stringMatching(/Regel 13/), credited: ['2/3', '3/4', '4/5', '5/6', '6/1'] }],
    ['club: a substitute on no line-up is a Regel 4 case, costing no sets', match(), [sub(awayClub, 3, { inn: 'stranger' })], { violation: expect.stringMatching(/Regel 4/), credited: [] }],
    ['club: the Regel 4 case stays after re-saving the player among the reserves', match(), [sub(awayClub, 4, { inn: 'ax' }), resave(awayClub, withReserve)], { reserves: ['ar1', 'ar2', 'ax'], violation: expect.stringMatching(/Regel 4/) }],
    ['club: no substitution without its line-up', withLineup('AWAY', null), [sub(awayClub, 3)], 'LINEUP_MISSING'],
    ['club: a substitution id is recorded once', match(), [sub(awayClub, 3), sub(awayClub, 4)], 'DUPLICATE_ID'],
    ['club: no substitution for a pair whose seat of that set is signed', match(), [...signed(3, SET3_PAIR2), sub(awayClub, 3)], 'SET_ALREADY_SIGNED'],
    ['club: withdraws its own substitution before its set started', match(), [sub(awayClub, 4), unsub(awayClub)], { subs: [] }],
    ['club: does not withdraw its substitution once its set started', match(), [sub(awayClub, 3), enter(3, 1), unsub(awayClub)], 'SET_STARTED'],
    ['club: does not withdraw a substitution the supervisor recorded', match(), [sub(supervisor, 4, { reason: 'Blessure' }), unsub(awayClub)], 'SUPERVISOR_ONLY'],
    ['club: a substitution after the home signature of a paper form (the clock runs)', paperSigned, [sub(awayClub, 3)], 'CLOCK_RUNS'],
    ['club: nothing once final', final, [sub(awayClub, 3)], 'RESULT_LOCKED'],
    // The supervisor.
    ['supervisor: adds a reserve after set 1 started, with a reason', match(), [enter(1, 1), resave(supervisor, withReserve, { reason: 'Reserve kwam later' })], { reserves: ['ar1', 'ar2', 'ax'], corrected: false }],
    ['supervisor: adds a reserve without a reason', match(), [enter(1, 1), resave(supervisor, withReserve)], 'VALIDATION_FAILED'],
    ['supervisor: records a late pair before it played (Regel 5C: its missed set 8–0)', match(), [resave(supervisor, pair6Late, { latePair: { pairNumber: 6 }, reason: 'Koppel 6 kwam na set 1' })], { pair6: { fromSet: 2, lateRecordedBy: 'SUPERVISOR' }, credited: ['1/6'] }],
    ['supervisor: a late pair whose seat is already entered', match(), [enter(1, 6), resave(supervisor, pair6Late, { latePair: { pairNumber: 6 }, reason: 'Te laat' })], 'SET_STARTED'],
    ['supervisor: does not compose pairs', match(), [resave(supervisor, otherPairs, { reason: 'Verkeerd koppel' })], 'CLUB_ONLY'],
    ['supervisor: a substitution after the home signature, with a reason: the signature lapses', paperSigned, [sub(supervisor, 3, { reason: 'Wissel aan tafel' })], { subs: ['s1'], homeSigned: false }],
    ['supervisor: withdraws the substitution they recorded, with a reason', match(), [sub(supervisor, 4, { reason: 'Blessure' }), unsub(supervisor, 'Verkeerd koppel')], { subs: [] }],
    ['supervisor: withdraws it only with a reason', match(), [sub(supervisor, 4, { reason: 'Blessure' }), unsub(supervisor)], 'VALIDATION_FAILED'],
    ['supervisor: nothing once final', final, [sub(supervisor, 3, { reason: 'Blessure' })], 'RESULT_LOCKED'],
    // The federation.
    ['federation: changes pairs in a started set only with a reason', match(), [enter(1, 1), resave(admin, otherPairs)], 'VALIDATION_FAILED'],
    ['federation: changes pairs in a started set with a reason (not a correction before final)', match(), [enter(1, 1), resave(admin, otherPairs, { reason: 'Formulier' })], { pair2: ['ar1', 'a2b'], corrected: false }],
    ['federation: changes who played in a final match only with a reason', final, [sub(admin, 3)], 'VALIDATION_FAILED'],
    ['federation: changes who played in a final match, as a correction', final, [sub(admin, 3, { reason: 'Beroep: wissel stond op het formulier' })], { subs: ['s1'], corrected: true, resultState: 'CONFIRMED' }],
  ])('%s', (_name, start, steps, answer) => expectAnswer(start, steps, answer, facts));
});

