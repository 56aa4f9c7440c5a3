/**
 * Random match evenings (issue 46, part 2): the clubs, the tables, the supervisor, the
 * federation and the clock give commands in random order, on the match evening and the days
 * after, and after every command the match must still be what RULES.md ("The match",
 * "Finality and authority at the match", revised 2026-12-06) says must always hold. What
 * fast-check finds is kept as a named example in match-regressions.spec.ts.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { DEFAULT_SETTINGS } from '../settings';
import { Lineup } from './lineup';
import { applyMatchCommand, CommandResult, CommandUser, MatchCommand, MatchState, PLAYED_SOURCES, Seat, seatPhase, seatsComplete, settleCredits } from './match-command';
import { awayPairAt, tablePlan } from './rotation';
import { GameEntry, SeatEntry } from './seat-entry';
import { Side } from './side';
import { fixtureLineup, fixtureMatchState, fixtureTeam } from './state.fixture';
import { matchWinner } from './winner';

const settings = DEFAULT_SETTINGS;
/** Saturday 28 Nov 2026, 18:30 in Amsterdam: the match starts at 20:00. */
const EVENING = new Date('2026-11-28T17:30:00Z');
const MINUTE = 60_000;

// ---------------------------------------------------------------------------------------------
// Who acts, and what they may send.

type Who = 'HOME_CLUB' | 'AWAY_CLUB' | 'TABLE' | 'SUPERVISOR' | 'ADMIN' | 'CLOCK';
interface Step {
  who: Who;
  command: MatchCommand;
  /** Minutes after the step before. */
  pause: number;
}
interface Evening {
  nightOpened: boolean;
  awayPairSixLate: boolean;
  /** Sets 1 … setsPlayed were played at the tables before the first step: every seat entered by the home pair and signed by the away pair. */
  setsPlayed: number;
  playedScore: [number, number];
  steps: Step[];
}

const HOME_SECRETARY: CommandUser = { userId: 'home-secretary', role: 'SECRETARY' };
const AWAY_SECRETARY: CommandUser = { userId: 'away-secretary', role: 'SECRETARY' };
const SUPERVISOR: CommandUser = { userId: 'supervisor', role: 'SUPERVISOR' };
const ADMIN: CommandUser = { userId: 'admin', role: 'ADMIN' };
const USERS: Record<'SUPERVISOR' | 'ADMIN', CommandUser> = { SUPERVISOR, ADMIN };

type LineupKind = 'same' | 'another reserve' | 'pairs 1 and 2 swap a player' | 'pair 6 from set 2';
function lineupOf(prefix: 'h' | 'a', kind: LineupKind): Lineup {
  const lineup = fixtureLineup(prefix, { reserves: [`${prefix}r1`, `${prefix}r2`], fromSet: kind === 'pair 6 from set 2' ? { 6: 2 } : {} });
  if (kind === 'another reserve') return { ...lineup, reserves: [...lineup.reserves, `${prefix}r3`] };
  if (kind === 'pairs 1 and 2 swap a player') {
    const players: Record<number, readonly [string, string]> = { 1: [`${prefix}1a`, `${prefix}2b`], 2: [`${prefix}2a`, `${prefix}1b`] };
    return { ...lineup, pairs: lineup.pairs.map((p) => (players[p.pairNumber] ? { ...p, players: players[p.pairNumber] } : p)) };
  }
  return lineup;
}
const prefixOf = (side: Side) => (side === 'HOME' ? 'h' : 'a');

/** The tables play sets straight through, one command a seat: entered by the home pair, signed on the same device by the away pair. */
function tablesPlay(sets: readonly number[], [home, away]: readonly [number, number]): MatchCommand[] {
  return tablePlan(settings.pairsPerTeam)
    .filter((s) => sets.includes(s.setNumber))
    .map((s) => ({ kind: 'TABLE_ENTER', setNumber: s.setNumber, tableNumber: s.tableNumber, enteredBy: 'HOME', signedBy: 'AWAY', totals: { home, away } }));
}

/** The match before the first step (built once per kind of start: the core is the slow part of a run). */
const starts = new Map<string, MatchState>();
function startState({ nightOpened, awayPairSixLate, setsPlayed, playedScore }: Evening): MatchState {
  const key = JSON.stringify([nightOpened, awayPairSixLate, setsPlayed, playedScore]);
  let state = starts.get(key);
  if (!state) {
    state = fixtureMatchState({
      teams: { HOME: fixtureTeam(lineupOf('h', 'same')), AWAY: fixtureTeam(lineupOf('a', awayPairSixLate ? 'pair 6 from set 2' : 'same')) },
      startsAt: new Date('2026-11-28T19:00:00Z'),
      nightOpenedAt: nightOpened ? new Date('2026-11-28T17:00:00Z') : null,
    });
    // As stored: the core credited the seats of the late pair when its line-up was saved.
    state = settleCredits(state, settings).state;
    for (const command of tablesPlay([1, 2, 3, 4, 5, 6].slice(0, setsPlayed), playedScore)) state = applyMatchCommand(state, command, settings, EVENING).state;
    starts.set(key, state);
  }
  return state;
}

const side = fc.constantFrom<Side>('HOME', 'AWAY');
const weighted = <T>(...choices: [number, fc.Arbitrary<T>][]) => fc.oneof(...choices.map(([weight, arbitrary]) => ({ weight, arbitrary })));
/** Mostly a few seats (so that commands meet), sometimes any, rarely one outside the plan. */
const seat = weighted(
  [6, fc.record({ setNumber: fc.integer({ min: 1, max: 2 }), tableNumber: fc.integer({ min: 1, max: 2 }) })],
  [3, fc.record({ setNumber: fc.integer({ min: 1, max: 6 }), tableNumber: fc.integer({ min: 1, max: 6 }) })],
  [1, fc.record({ setNumber: fc.integer({ min: 0, max: 7 }), tableNumber: fc.integer({ min: 0, max: 7 }) })],
);
const POSSIBLE: [number, number][] = [[8, 0], [6, 2], [4, 4], [2, 6], [0, 8], [6, 5], [15, 6], [9, 0]];
const IMPOSSIBLE: [number, number][] = [[7, 0], [3, 3], [0, 0], [8, 1]];
const totals = weighted([9, fc.constantFrom(...POSSIBLE)], [1, fc.constantFrom(...IMPOSSIBLE)]).map(([home, away]) => ({ home, away }));
const game: fc.Arbitrary<GameEntry> = fc.record({ winner: side, kind: fc.constantFrom<GameEntry['kind']>('WON', 'WON', 'KAP', 'KAP_TAPPED', 'BAUNIE', 'FAILED_BAUNIE') });
const games = weighted([9, fc.array(game, { minLength: 4, maxLength: 4 })], [1, fc.array(game, { minLength: 3, maxLength: 3 })]);
const score = fc.oneof(totals.map((t) => ({ totals: t })), games.map((g) => ({ games: g })));
const reason = weighted([9, fc.constant('Beide partijen gehoord')], [1, fc.constant('')]);
const actionId = fc.constantFrom('x1', 'x2', 'x3');
const substitutionId = fc.constantFrom('s1', 's2', 's3');
const lineupKind = fc.constantFrom<LineupKind>('same', 'another reserve', 'pairs 1 and 2 swap a player', 'pair 6 from set 2');
/** Mostly minutes, sometimes hours, now and then a day or two. */
const pause = weighted([8, fc.integer({ min: 0, max: 15 })], [2, fc.integer({ min: 30, max: 180 })], [1, fc.integer({ min: 600, max: 3000 })]);

/** The whole form (every seat of the plan) with one set score. */
const wholeForm = (home: number, away: number): SeatEntry[] => tablePlan(settings.pairsPerTeam).map((s) => ({ setNumber: s.setNumber, tableNumber: s.tableNumber, homePoints: home, awayPoints: away }));
/** The whole form, or all of it but set 1 at table 6 (the seat the rules credit when away pair 6 comes from set 2). */
const form = fc.record({ score: fc.constantFrom(...POSSIBLE), lateSix: fc.boolean() }).map(({ score: [home, away], lateSix }) => wholeForm(home, away).filter((s) => !lateSix || s.setNumber !== 1 || s.tableNumber !== 6));

const tableEnter = fc.record({ seat, score, enteredBy: side, signedBy: weighted([3, fc.constant(undefined)], [1, side]) }).map(
  ({ seat, score, enteredBy, signedBy }): MatchCommand => ({ kind: 'TABLE_ENTER', ...seat, ...score, enteredBy, ...(signedBy ? { signedBy } : {}) }),
);
const tableSign = fc.record({ seat, side }).map(({ seat, side }): MatchCommand => ({ kind: 'TABLE_SIGN', ...seat, side }));
const tableRefuse = fc.record({ seat, side }).map(({ seat, side }): MatchCommand => ({ kind: 'TABLE_REFUSE', ...seat, side, comment: 'Partij 3 was een kap' }));

const substitute = (by: CommandUser, sides: fc.Arbitrary<Side>) =>
  fc.record({ id: substitutionId, side: sides, setNumber: weighted([3, fc.integer({ min: 3, max: 6 })], [1, fc.integer({ min: 1, max: 2 })]), pairNumber: fc.integer({ min: 1, max: 6 }), player: fc.constantFrom('r1', 'r2', 'x9'), reason }).map(
    ({ id, side, setNumber, pairNumber, player, reason }): MatchCommand => {
      const [outPlayerId, inPlayerId] = [`${prefixOf(side)}${pairNumber}a`, `${prefixOf(side)}${player}`];
      return { kind: 'SUBSTITUTE', by, reason, side, substitution: { id, setNumber, pairNumber, outPlayerId, inPlayerId, outMemberId: outPlayerId, inMemberId: inPlayerId } };
    },
  );
const removeSubstitution = (by: CommandUser) => fc.record({ id: substitutionId, reason }).map(({ id, reason }): MatchCommand => ({ kind: 'REMOVE_SUBSTITUTION', by, reason, id }));
const setLineup = (by: CommandUser, sides: fc.Arbitrary<Side>) =>
  fc.record({ side: sides, kind: lineupKind, reason }).map(({ side, kind, reason }): MatchCommand => ({ kind: 'SET_LINEUP', by, reason, side, lineup: lineupOf(prefixOf(side), kind) }));
const latePair = (by: CommandUser) =>
  fc.record({ side, reason }).map(({ side, reason }): MatchCommand => ({ kind: 'SET_LINEUP', by, reason, side, lineup: lineupOf(prefixOf(side), 'pair 6 from set 2'), latePair: { pairNumber: 6 } }));
/** Regel 38: mostly a player who sits at that seat. */
const removePlayer = (by: CommandUser) =>
  fc.record({ id: actionId, seat, side, fromGame: fc.integer({ min: 1, max: 4 }), reason }).map(({ id, seat, side, fromGame, reason }): MatchCommand => {
    const inPlan = seat.setNumber >= 1 && seat.setNumber <= 6 && seat.tableNumber >= 1 && seat.tableNumber <= 6;
    const pair = !inPlan ? 1 : side === 'HOME' ? seat.tableNumber : awayPairAt(seat.setNumber, seat.tableNumber);
    const playerId = `${prefixOf(side)}${pair}a`;
    return { kind: 'REMOVE_PLAYER', by, reason, id, ...seat, fromGame, memberId: playerId, playerId };
  });
const voidWrongTable = (by: CommandUser) =>
  fc.record({ id: actionId, seat, gameNumbers: fc.subarray([1, 2, 3, 4], { minLength: 1 }), reason }).map(({ id, seat, gameNumbers, reason }): MatchCommand => ({ kind: 'VOID_WRONG_TABLE', by, reason, id, ...seat, gameNumbers }));
const withdrawAction = (by: CommandUser) => fc.record({ id: actionId, reason }).map(({ id, reason }): MatchCommand => ({ kind: 'WITHDRAW_ACTION', by, reason, id }));
const decideSet = (by: 'SUPERVISOR' | 'ADMIN') =>
  fc.record({ seat, score: fc.option(score, { nil: undefined }), reason }).map(({ seat, score, reason }): MatchCommand => ({ kind: 'DECIDE_SET', by, reason, ...seat, ...score }));
const decideForm = (by: CommandUser) => fc.record({ sets: fc.option(form, { nil: undefined }), reason }).map(({ sets, reason }): MatchCommand => ({ kind: 'DECIDE_FORM', by, reason, ...(sets ? { sets } : {}) }));
const correct = (by: CommandUser) => fc.record({ sets: form, reason }).map(({ sets, reason }): MatchCommand => ({ kind: 'CORRECT', by, reason, sets }));
const enterForm = (by: CommandUser) => fc.record({ sets: form, reason }).map(({ sets, reason }): MatchCommand => ({ kind: 'ENTER_FORM', by, reason, sets }));
const enterSet = (by: CommandUser) =>
  fc.record({ setNumber: fc.integer({ min: 1, max: 6 }), score: fc.constantFrom(...POSSIBLE), reason }).map(({ setNumber, score: [home, away], reason }): MatchCommand => ({
    kind: 'ENTER_SET',
    by,
    reason,
    setNumber,
    tables: wholeForm(home, away).filter((s) => s.setNumber === setNumber).map(({ setNumber: _, ...rest }) => rest),
  }));
const teamLate = (by: CommandUser) => fc.record({ side, reason }).map(({ side, reason }): MatchCommand => ({ kind: 'RECORD_TEAM_LATE', by, reason, side }));
const notPlayed = fc.constantFrom<MatchCommand>(
  { kind: 'RECORD_NOT_PLAYED', by: ADMIN, reason: 'Geen tafelscherm', status: 'NOT_PLAYED', seats: [], homePoints: 0, awayPoints: 0 },
  { kind: 'RECORD_NOT_PLAYED', by: ADMIN, reason: 'Afgelast wegens storm', status: 'CANCELLED', seats: [], homePoints: 240, awayPoints: 212 },
  {
    kind: 'RECORD_NOT_PLAYED',
    by: ADMIN,
    reason: 'Uit kwam met vier koppels',
    status: 'FORFEIT',
    seats: tablePlan(settings.pairsPerTeam).map((s) => ({ ...s, homePoints: 8, awayPoints: 0, source: 'FORFEIT' as const })),
    homePoints: 288,
    awayPoints: 0,
  },
);

/** One command by one actor, after a pause. */
const acts = (who: Who, command: fc.Arbitrary<MatchCommand>): fc.Arbitrary<Step[]> => fc.tuple(command, pause).map(([command, pause]) => [{ who, command, pause }]);

/** The tables play one or two sets straight through. */
const tablesPlaySets = fc.record({ first: fc.integer({ min: 1, max: 6 }), count: fc.integer({ min: 1, max: 2 }), score: fc.constantFrom(...POSSIBLE), pause }).map(({ first, count, score, pause }) =>
  tablesPlay([first, first + 1].slice(0, count), score).map((command, i): Step => ({ who: 'TABLE', command, pause: i === 0 ? pause : 0 })),
);

/** A pair enters a set, and the opposing pair (now and then the same one) signs or refuses it. */
const tableEntersAndAnswers = fc.record({ enter: tableEnter, answer: fc.constantFrom('sign', 'sign', 'sign', 'refuse', 'own side'), pause }).map(({ enter, answer, pause }): Step[] => {
  const { setNumber, tableNumber, enteredBy } = enter as Extract<MatchCommand, { kind: 'TABLE_ENTER' }>;
  const side = answer === 'own side' ? enteredBy : enteredBy === 'HOME' ? 'AWAY' : 'HOME';
  const reply: MatchCommand = answer === 'refuse' ? { kind: 'TABLE_REFUSE', setNumber, tableNumber, side, comment: 'Partij 3 was een kap' } : { kind: 'TABLE_SIGN', setNumber, tableNumber, side };
  return [
    { who: 'TABLE', command: enter, pause },
    { who: 'TABLE', command: reply, pause: 1 },
  ];
});

/** The paper form: the home club enters and signs it, the away club confirms or refuses it, and the supervisor decides a refusal. */
const paperForm = fc.record({ sets: form, answer: fc.constantFrom('confirm', 'refuse'), decision: fc.option(form, { nil: undefined }), pause }).map(({ sets, answer, decision, pause }): Step[] => [
  { who: 'HOME_CLUB', command: { kind: 'ENTER_FORM', by: HOME_SECRETARY, sets }, pause },
  { who: 'HOME_CLUB', command: { kind: 'SIGN_FORM', by: HOME_SECRETARY }, pause: 5 },
  ...(answer === 'confirm'
    ? [{ who: 'AWAY_CLUB' as const, command: { kind: 'CONFIRM_FORM', by: AWAY_SECRETARY } as const, pause: 60 }]
    : [
        { who: 'AWAY_CLUB' as const, command: { kind: 'DISPUTE_FORM', by: AWAY_SECRETARY, comment: 'Set 2 klopt niet' } as const, pause: 60 },
        { who: 'SUPERVISOR' as const, command: { kind: 'DECIDE_FORM', by: SUPERVISOR, reason: 'Beide teams gehoord', ...(decision ? { sets: decision } : {}) } as const, pause: 600 },
      ]),
]);

/** An act and its undo, one after the other (RULES.md "An undo restores exactly what was there"). */
const actAndUndo: fc.Arbitrary<Step[]> = fc
  .record({ who: fc.constantFrom<'SUPERVISOR' | 'ADMIN'>('SUPERVISOR', 'ADMIN'), kind: fc.integer({ min: 0, max: 3 }), pause })
  .chain(({ who, kind, pause }) => {
    const user = kind === 3 ? ADMIN : USERS[who];
    const act = [removePlayer(user), voidWrongTable(user), substitute(user, side), notPlayed][kind];
    return act.map((command): Step[] => {
      const undo: MatchCommand =
        command.kind === 'RECORD_NOT_PLAYED'
          ? { kind: 'REOPEN', by: ADMIN, reason: 'Toch gespeeld' }
          : command.kind === 'SUBSTITUTE'
            ? { kind: 'REMOVE_SUBSTITUTION', by: user, reason: 'Toch niet gewisseld', id: command.substitution.id }
            : { kind: 'WITHDRAW_ACTION', by: user, reason: 'Toch niet zo gegaan', id: (command as { id: string }).id };
      return [
        { who: user === ADMIN ? 'ADMIN' : who, command, pause },
        { who: user === ADMIN ? 'ADMIN' : who, command: undo, pause: 1 },
      ];
    });
  });

const homeClub = fc.oneof(setLineup(HOME_SECRETARY, fc.constant<Side>('HOME')), substitute(HOME_SECRETARY, fc.constant<Side>('HOME')), removeSubstitution(HOME_SECRETARY), enterForm(HOME_SECRETARY), enterSet(HOME_SECRETARY), fc.constant<MatchCommand>({ kind: 'SIGN_FORM', by: HOME_SECRETARY }), fc.constant<MatchCommand>({ kind: 'CONFIRM_NIGHT', side: 'HOME', userId: HOME_SECRETARY.userId }), fc.constant<MatchCommand>({ kind: 'ADD_REMARK', by: HOME_SECRETARY, text: 'Tafel 3 begon laat' }));
const awayClub = fc.oneof(setLineup(AWAY_SECRETARY, fc.constant<Side>('AWAY')), substitute(AWAY_SECRETARY, fc.constant<Side>('AWAY')), removeSubstitution(AWAY_SECRETARY), fc.constant<MatchCommand>({ kind: 'CONFIRM_FORM', by: AWAY_SECRETARY }), fc.constant<MatchCommand>({ kind: 'DISPUTE_FORM', by: AWAY_SECRETARY, comment: 'Set 2 klopt niet' }), fc.constant<MatchCommand>({ kind: 'CONFIRM_NIGHT', side: 'AWAY', userId: AWAY_SECRETARY.userId }), fc.constant<MatchCommand>({ kind: 'ADD_REMARK', by: AWAY_SECRETARY, text: 'Set 2 aan tafel 1 klopt niet' }));
const supervisor = fc.oneof(decideSet('SUPERVISOR'), removePlayer(SUPERVISOR), voidWrongTable(SUPERVISOR), withdrawAction(SUPERVISOR), substitute(SUPERVISOR, side), removeSubstitution(SUPERVISOR), latePair(SUPERVISOR), teamLate(SUPERVISOR), decideForm(SUPERVISOR));
const admin = fc.oneof(
  decideSet('ADMIN'),
  removePlayer(ADMIN),
  voidWrongTable(ADMIN),
  withdrawAction(ADMIN),
  substitute(ADMIN, side),
  removeSubstitution(ADMIN),
  setLineup(ADMIN, side),
  correct(ADMIN),
  enterForm(ADMIN),
  fc.constant<MatchCommand>({ kind: 'CONFIRM_FORM', by: ADMIN, reason: 'Formulier per post' }),
  notPlayed,
  fc.constant<MatchCommand>({ kind: 'REOPEN', by: ADMIN, reason: 'Toch gespeeld' }),
  fc.constant<MatchCommand>({ kind: 'MOVE', by: ADMIN, reason: 'Zaal dicht', date: '2026-12-05', startTime: '20:00' }),
  fc.constant<MatchCommand>({ kind: 'SWAP_SIDES', by: ADMIN, reason: 'Verkeerd om ingepland' }),
);

/** One step (a command, or a few that belong together), at a night at the tables or on a paper evening (where a table only now and then enters a set). */
const stepOf = (night: boolean): fc.Arbitrary<Step[]> =>
  weighted(
    [night ? 12 : 1, acts('TABLE', fc.oneof(tableEnter, tableSign, tableRefuse))],
    ...(night ? ([[6, tableEntersAndAnswers], [4, tablesPlaySets]] as [number, fc.Arbitrary<Step[]>][]) : []),
    [night ? 2 : 8, paperForm],
    [4, acts('HOME_CLUB', homeClub)],
    [4, acts('AWAY_CLUB', awayClub)],
    [6, acts('SUPERVISOR', supervisor)],
    [4, acts('ADMIN', admin)],
    [4, acts('CLOCK', fc.constant<MatchCommand>({ kind: 'FINALISE' }))],
    [2, actAndUndo],
  );
const steps = (night: boolean) => fc.array(stepOf(night), { minLength: 5, maxLength: 20 }).map((groups) => groups.flat());
/** Mostly a night at the tables (opened or not, some sets perhaps played already); sometimes a paper evening, where a table only now and then enters a set. */
const evening: fc.Arbitrary<Evening> = weighted(
  [
    3,
    fc.record({
      nightOpened: fc.boolean(),
      awayPairSixLate: fc.boolean(),
      setsPlayed: weighted([3, fc.constant(0)], [2, fc.integer({ min: 1, max: 5 })], [3, fc.constant(6)]),
      playedScore: fc.constantFrom(...POSSIBLE),
      steps: steps(true),
    }),
  ],
  [1, fc.record({ nightOpened: fc.constant(false), awayPairSixLate: fc.boolean(), setsPlayed: fc.constant(0), playedScore: fc.constant<[number, number]>([8, 0]), steps: steps(false) })],
);

// ---------------------------------------------------------------------------------------------
// What must always hold (RULES.md), after every step: a violation's text, or null.

interface Moment {
  step: Step;
  before: MatchState;
  result: CommandResult;
  now: Date;
  /** The step before, when it was applied (for an undo right after its act). */
  previous: { step: Step; before: MatchState } | null;
  /** The night was opened or a table entered a set (before this step). */
  tablePlayed: boolean;
}

const accepted = (m: Moment) => m.result.problems.length === 0;
const isFinal = (s: MatchState) => s.resultState === 'CONFIRMED';
const isClub = (who: Who) => who === 'HOME_CLUB' || who === 'AWAY_CLUB';
const signedSeats = (s: MatchState) => s.seats.filter((seat) => PLAYED_SOURCES.includes(seat.source) && (seat.signedAt !== null || seat.decidedAt !== null));
const find = (s: MatchState, ref: Seat) => s.seats.find((x) => x.setNumber === ref.setNumber && x.tableNumber === ref.tableNumber);
const where = (seat: Seat) => `set ${seat.setNumber} tafel ${seat.tableNumber}`;
/** What a signature stands for: the score (RULES.md "Every change to a signed seat is a correction"). */
const scoreOf = (seat: Seat | undefined) => seat && { source: seat.source, homePoints: seat.homePoints, awayPoints: seat.awayPoints, games: seat.games };
/** What an undo gives back: the score and the table's entry, signatures or decision. */
const entryOf = (seat: Seat) => ({ ...scoreOf(seat), enteredBySide: seat.enteredBySide, signedBySide: seat.signedBySide, signedAt: seat.signedAt, decidedAt: seat.decidedAt });
const changedSignedSeats = (m: Moment) => signedSeats(m.before).filter((seat) => !isDeepStrictEqual(scoreOf(seat), scoreOf(find(m.result.state, seat))));
const bySupervisor = (s: { recordedByRole?: string | null }) => s.recordedByRole === 'SUPERVISOR' || s.recordedByRole === 'ADMIN';
const markedCorrected = (m: Moment) => m.result.state.correctedAt?.getTime() === m.now.getTime();

const INVARIANTS: Record<string, (m: Moment) => string | null> = {
  '1. a refused command changes nothing': (m) => (!accepted(m) && !isDeepStrictEqual(m.result.state, m.before) ? 'refused, yet the state changed' : null),

  '2. only the federation changes a final match, as a correction; a club or a table never changes a signed seat': (m) => {
    if (!accepted(m)) return null;
    // (Reopening a match recorded as not played is the undo of that record: invariant 4.)
    if (isFinal(m.before) && m.step.command.kind !== 'REOPEN' && !isDeepStrictEqual(m.result.state, m.before)) {
      if (m.step.who !== 'ADMIN') return `${m.step.who} changed a final match`;
      if (!markedCorrected(m)) return 'the federation changed a final match without marking it corrected';
    }
    const changed = changedSignedSeats(m);
    if ((isClub(m.step.who) || m.step.who === 'TABLE') && changed.length) return `${m.step.who} changed the signed ${where(changed[0])}`;
    // Whatever the supervisor recorded only the supervisor or the federation withdraws; a table changes nobody's line-up.
    const recorded = (s: MatchState) => [s.actions, ...(['HOME', 'AWAY'] as const).map((side) => s.teams[side].substitutions.filter(bySupervisor).map(({ violation: _, ...sub }) => sub))];
    if ((isClub(m.step.who) || m.step.who === 'TABLE') && !isDeepStrictEqual(recorded(m.before), recorded(m.result.state))) return `${m.step.who} changed what the supervisor recorded`;
    if (m.step.who === 'TABLE' && !isDeepStrictEqual(m.before.teams, m.result.state.teams)) return 'a table changed a line-up or a substitution';
    return null;
  },

  '3. every change to a signed seat is a correction': (m) => {
    const changed = accepted(m) ? changedSignedSeats(m) : [];
    return changed.length && !markedCorrected(m) ? `the signed ${where(changed[0])} changed without a correction` : null;
  },

  '4. an undo right after its act restores every seat exactly': (m) => {
    const act = m.previous?.step.command;
    const undo = m.step.command;
    if (!accepted(m) || !act || !m.previous) return null;
    const undoes =
      (undo.kind === 'WITHDRAW_ACTION' && (act.kind === 'REMOVE_PLAYER' || act.kind === 'VOID_WRONG_TABLE') && act.id === undo.id && !m.previous.before.actions.some((a) => a.id === undo.id)) ||
      (undo.kind === 'REMOVE_SUBSTITUTION' && act.kind === 'SUBSTITUTE' && act.substitution.id === undo.id && !['HOME', 'AWAY'].some((s) => m.previous!.before.teams[s as Side].substitutions.some((x) => x.id === undo.id))) ||
      (undo.kind === 'REOPEN' && act.kind === 'RECORD_NOT_PLAYED' && ['SCHEDULED', 'PLAYED'].includes(m.previous.before.status));
    if (!undoes) return null;
    const seats = (s: MatchState) => s.seats.map((seat) => ({ seat: where(seat), ...entryOf(seat) }));
    return isDeepStrictEqual(seats(m.result.state), seats(m.previous.before)) ? null : `${undo.kind} after ${act.kind} did not give back the seats as they were`;
  },

  '5. nothing a club does stops the clock or reopens a signed form': (m) => {
    if (!accepted(m) || !isClub(m.step.who) || m.step.command.kind === 'DISPUTE_FORM' || isFinal(m.result.state)) return null;
    const { before, result } = m;
    if (before.finalDueAt && result.state.finalDueAt?.getTime() !== before.finalDueAt.getTime()) return `${m.step.command.kind} moved the end of the window (${before.finalDueAt.toISOString()} → ${result.state.finalDueAt?.toISOString() ?? 'none'})`;
    if (before.homeSignedAt && result.state.homeSignedAt?.getTime() !== before.homeSignedAt.getTime()) return `${m.step.command.kind} took away the home signature`;
    return null;
  },

  '6. a final match has a score for every seat': (m) => {
    const s = m.result.state;
    return isFinal(s) && s.status === 'PLAYED' && !seatsComplete(s, settings) ? 'final, with a seat of the table plan without a score' : null;
  },

  '7. a table-played match becomes final only when every seat is signed, decided or credited': (m) => {
    if (!accepted(m) || !m.tablePlayed || isFinal(m.before) || !isFinal(m.result.state) || m.step.who === 'ADMIN') return null;
    const open = m.result.state.seats.find((seat) => seatPhase(seat) === 'ENTERED');
    return open ? `final while ${where(open)} is only entered` : null;
  },

  '8. the totals are the sum of the seats, and the winner follows them': (m) => {
    const s = m.result.state;
    if (s.status !== 'PLAYED' && s.status !== 'SCHEDULED') return null;
    if (s.resultState === 'NONE') return s.homePoints === null && s.awayPoints === null ? null : 'totals without a result';
    const sum = (pick: (seat: Seat) => number) => s.seats.reduce((total, seat) => total + pick(seat), 0);
    if (s.homePoints !== sum((x) => x.homePoints) || s.awayPoints !== sum((x) => x.awayPoints)) return `totals ${s.homePoints}–${s.awayPoints}, seats ${sum((x) => x.homePoints)}–${sum((x) => x.awayPoints)}`;
    const winner = matchWinner({ ...s, forfeitingSide: null, homeIneligible: false, awayIneligible: false }, settings);
    const expected = !isFinal(s) || s.status !== 'PLAYED' ? null : s.homePoints > s.awayPoints ? 'HOME' : s.homePoints < s.awayPoints ? 'AWAY' : 'DRAW';
    return winner === expected ? null : `winner ${winner}, totals ${s.homePoints}–${s.awayPoints}`;
  },
};

interface Broken {
  invariant: string;
  message: string;
  /** The steps up to and including the one that broke it. */
  steps: Step[];
}

/** Plays the evening; the first invariant broken (only those in `checked`), or null. */
function play(evening: Evening, checked: readonly string[] = Object.keys(INVARIANTS)): Broken | null {
  let state = startState(evening);
  let now = EVENING;
  let previous: Moment['previous'] = null;
  let tablePlayed = evening.nightOpened || evening.setsPlayed > 0;
  for (const [i, step] of evening.steps.entries()) {
    now = new Date(now.getTime() + step.pause * MINUTE);
    const result = applyMatchCommand(state, step.command, settings, now);
    const moment: Moment = { step, before: state, result, now, previous, tablePlayed };
    for (const invariant of checked) {
      const message = INVARIANTS[invariant](moment);
      if (message) return { invariant, message, steps: evening.steps.slice(0, i + 1) };
    }
    if (accepted(moment)) {
      tablePlayed ||= step.command.kind === 'TABLE_ENTER';
      previous = { step, before: state };
      state = result.state;
    } else previous = null;
  }
  return null;
}

/** fast-check's counterexample, readable: the start and one line per step. */
function describeBroken(evening: Evening, broken: Broken): string {
  // A whole form reads as "36 seats at 8–0".
  const short = (key: string, value: unknown) =>
    (key === 'sets' || key === 'tables' || key === 'seats') && Array.isArray(value) && value.length > 2 ? `${value.length} seats at ${value[0].homePoints}–${value[0].awayPoints}` : value;
  const lines = broken.steps.map((s) => `  +${s.pause}m ${s.who}: ${JSON.stringify(s.command, short)}`);
  return [`${broken.invariant}: ${broken.message}`, `  start: night opened ${evening.nightOpened}, away pair 6 from set 2 ${evening.awayPairSixLate}, sets 1–${evening.setsPlayed} played at ${evening.playedScore.join('–')}`, ...lines].join('\n');
}

/** The evening without every step it can do without and still break the same invariant (fast-check shrinks groups of steps; this takes single ones). */
function minimise(evening: Evening, invariant: string): Evening {
  let shortest = evening;
  for (let i = shortest.steps.length - 1; i >= 0; i--) {
    const fewer = { ...shortest, steps: shortest.steps.filter((_, j) => j !== i) };
    if (play(fewer, [invariant])) shortest = fewer;
  }
  const broken = play(shortest, [invariant]);
  return broken ? { ...shortest, steps: broken.steps } : shortest;
}

describe('random match evenings keep what RULES.md says must always hold (fast-check)', () => {
  it('10,000 evenings of 5–20 steps (a step: one command, or a few that belong together) by the clubs, the tables, the supervisor, the federation and the clock', () => {
    // Shrinking keeps to the invariant first broken; the message shows the shortest evening found.
    let broken: string[] | undefined;
    fc.assert(
      fc.property(evening, (e) => {
        const found = play(e, broken);
        if (found) broken ??= [found.invariant];
        return found === null;
      }),
      {
        numRuns: 10_000,
        reporter: ({ failed, counterexample, seed, numRuns }) => {
          if (!failed || !counterexample || !broken) return;
          const shortest = minimise(counterexample[0], broken[0]);
          throw new Error(`${describeBroken(shortest, play(shortest, broken)!)}\n(fast-check seed ${seed}, after ${numRuns} evenings)`);
        },
      },
    );
  }, 120_000);
});
