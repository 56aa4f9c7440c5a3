/// <reference types="jest" />
import {
  type ConsoleRules,
  candidateProblem,
  consequence,
  initialLatePair,
  initialReserve,
  initialSubstitution,
  latePairLost,
  LatePairAction,
  latePairReducer,
  latePairRecorded,
  LatePairState,
  lineupWithReserve,
  noticeOf,
  playersInPair,
  precheck,
  ReserveAction,
  reserveReducer,
  ReserveState,
  reserveWarnings,
  type Substitution,
  SubstitutionAction,
  substitutionReducer,
  SubstitutionState,
  type TeamLineup,
} from './console-state';

const rules: ConsoleRules = { substitutionsFromSet: 3, maxSubstitutions: 6, missingSetPoints: 8 };

const player = (memberId: string, familyName = memberId.toUpperCase()) => ({ memberId, memberNumber: null, name: familyName, familyName, eligible: true, reasons: [], reasonCodes: [], eligibleFrom: null });

/** A substitution of the home team: `inId` for `outId` in `pairNumber` from `setNumber`. */
const sub = (setNumber: number, pairNumber: number, outMemberId: string, inMemberId: string, violation: string | null = null): Substitution => ({
  id: `${setNumber}-${pairNumber}-${inMemberId}`,
  teamId: 'home',
  setNumber,
  pairNumber,
  outMemberId,
  inMemberId,
  outName: outMemberId,
  inName: inMemberId,
  violation,
  createdAt: '2026-12-10T20:00:00Z',
});

/** A recorded line-up: pairs 1–3 of players p1a/p1b …, reserves r1, r2, and what the test says. */
const lineup = (over: Partial<TeamLineup> = {}): TeamLineup => ({
  matchId: 'm',
  matchDate: '2026-12-10',
  teamId: 'home',
  teamName: 'Kaiman 1',
  clubId: 'c',
  side: 'HOME',
  recorded: true,
  composedBeforeMatch: true,
  locked: false,
  pairs: [1, 2, 3].map((n) => ({ pairNumber: n, fromSet: 1, players: [player(`p${n}a`), player(`p${n}b`)] })),
  reserves: [player('r1'), player('r2')],
  substitutions: [],
  ...over,
});
const away = lineup({ teamId: 'away', teamName: 'Paramaribo Boys 1', side: 'AWAY' });
const unrecorded = lineup({ teamId: 'none', recorded: false });

describe('the substitution form', () => {
  const start = () => initialSubstitution([unrecorded, lineup(), away], rules);
  const play = (state: SubstitutionState, ...actions: SubstitutionAction[]) => actions.reduce(substitutionReducer, state);
  const filled = () => play(start(), { type: 'pair', pairNumber: 2 }, { type: 'out', memberId: 'p2a' }, { type: 'in', memberId: 'r1' }, { type: 'reason', reason: 'Onwel na set 2' });

  it('starts at the first recorded team, from the first set substitutions are allowed, pair 1, nothing chosen', () => {
    expect(start()).toEqual({ teamId: 'home', setNumber: 3, pairNumber: 1, outId: '', inId: '', reason: '', confirming: false, problem: null });
    expect(initialSubstitution([unrecorded], rules).teamId).toBe('');
  });

  test.each<[string, SubstitutionAction, Partial<SubstitutionState>]>([
    ['another team clears who goes out and who comes in', { type: 'team', teamId: 'away' }, { teamId: 'away', outId: '', inId: '', pairNumber: 2, reason: 'Onwel na set 2' }],
    ['another pair clears who goes out, keeps the substitute', { type: 'pair', pairNumber: 3 }, { pairNumber: 3, outId: '', inId: 'r1' }],
    ['another set keeps the players', { type: 'set', setNumber: 4 }, { setNumber: 4, outId: 'p2a', inId: 'r1' }],
    ['another substitute', { type: 'in', memberId: 'r2' }, { inId: 'r2', outId: 'p2a' }],
    ['another reason', { type: 'reason', reason: 'Blessure' }, { reason: 'Blessure' }],
  ])('%s, and closes the confirmation', (_name, action, expected) => {
    const confirming = play(filled(), { type: 'review', lineup: lineup() });
    expect(confirming.confirming).toBe(true);
    expect(play(confirming, action)).toMatchObject({ ...expected, confirming: false, problem: null });
  });

  test.each<[string, () => SubstitutionState, TeamLineup | undefined, string]>([
    ['no team', filled, undefined, 'Kies het team, wie eruit gaat en wie er invalt.'],
    ['nobody out', () => play(filled(), { type: 'out', memberId: '' }), lineup(), 'Kies het team, wie eruit gaat en wie er invalt.'],
    ['no substitute', () => play(filled(), { type: 'in', memberId: '' }), lineup(), 'Kies het team, wie eruit gaat en wie er invalt.'],
    ['no reason', () => play(filled(), { type: 'reason', reason: '' }), lineup(), 'Geef de reden van de wissel (komt in het logboek).'],
    ['a reason under 3 characters (spaces do not count)', () => play(filled(), { type: 'reason', reason: '  ab  ' }), lineup(), 'Geef de reden van de wissel (komt in het logboek).'],
  ])('review refuses with %s', (_name, state, chosen, problem) => {
    expect(play(state(), { type: 'review', lineup: chosen })).toMatchObject({ confirming: false, problem });
  });

  it('review with everything chosen and a reason of 3 characters opens the confirmation', () => {
    expect(play(filled(), { type: 'reason', reason: 'abc' }, { type: 'review', lineup: lineup() })).toMatchObject({ confirming: true, problem: null });
  });

  it('a problem goes at the next edit', () => {
    const refused = play(filled(), { type: 'reason', reason: '' }, { type: 'review', lineup: lineup() });
    expect(play(refused, { type: 'reason', reason: 'Blessure' }).problem).toBeNull();
  });

  test.each<[string, SubstitutionAction, Partial<SubstitutionState>]>([
    ['cancel keeps the draft', { type: 'cancel' }, { confirming: false, outId: 'p2a', inId: 'r1', reason: 'Onwel na set 2' }],
    ['recorded (allowed or not) clears who and why, keeps team, set and pair', { type: 'answered', recorded: true }, { confirming: false, outId: '', inId: '', reason: '', teamId: 'home', setNumber: 3, pairNumber: 2 }],
    ['refused by the API keeps the draft to try again', { type: 'answered', recorded: false }, { confirming: false, outId: 'p2a', inId: 'r1', reason: 'Onwel na set 2' }],
  ])('%s', (_name, action, expected) => {
    expect(play(filled(), { type: 'review', lineup: lineup() }, action)).toMatchObject(expected);
  });
});

describe('who is in a pair, and what Regel 13/14 will say (a warning; the API decides)', () => {
  it('the starting two, changed by the substitutions up to the set', () => {
    const l = lineup({ substitutions: [sub(3, 1, 'p1a', 'r1'), sub(5, 1, 'r1', 'r2')] });
    expect(playersInPair(l, 1, 2)).toEqual(['p1a', 'p1b']);
    expect(playersInPair(l, 1, 3)).toEqual(['r1', 'p1b']);
    expect(playersInPair(l, 1, 5)).toEqual(['r2', 'p1b']);
    expect(playersInPair(l, 2, 5)).toEqual(['p2a', 'p2b']);
  });

  test.each<[string, TeamLineup, Pick<SubstitutionState, 'setNumber' | 'pairNumber' | 'outId' | 'inId'>, string[]]>([
    ['an ordinary substitution from set 3: nothing to warn', lineup(), { setNumber: 3, pairNumber: 1, outId: 'p1a', inId: 'r1' }, []],
    ['before set 3 (Regel 13)', lineup(), { setNumber: 2, pairNumber: 1, outId: 'p1a', inId: 'r1' }, ['Wisselen mag pas vanaf set 3 (Regel 13).']],
    [
      'the 7th substitution of a team (Regel 13)',
      lineup({ substitutions: [1, 2, 3].flatMap((n) => [sub(3, n, `p${n}a`, 'r1'), sub(4, n, 'r1', `p${n}a`)]) }),
      { setNumber: 6, pairNumber: 2, outId: 'p2b', inId: 'r2' },
      ['Dit is wissel 7; hoogstens 6 per team (Regel 13).'],
    ],
    ['a player who left comes back (Regel 14)', lineup({ substitutions: [sub(3, 1, 'p1a', 'r1')] }), { setNumber: 4, pairNumber: 2, outId: 'p2a', inId: 'p1a' }, ['De invaller ging eerder al uit en mag niet terugkomen (Regel 14).']],
    ['two substitutes form a pair (Regel 14)', lineup({ substitutions: [sub(3, 1, 'p1a', 'r1')] }), { setNumber: 4, pairNumber: 1, outId: 'p1b', inId: 'r2' }, ['Twee invallers mogen samen geen koppel vormen (Regel 14).']],
    ['a substitute who replaces the other substitute is no pair of two substitutes', lineup({ substitutions: [sub(3, 1, 'p1a', 'r1')] }), { setNumber: 4, pairNumber: 1, outId: 'r1', inId: 'r2' }, []],
  ])('%s', (_name, l, draft, warnings) => {
    expect(precheck(l, draft, rules)).toEqual(warnings);
  });

  test.each<[string, string, string]>([
    ['a Regel 14 violation costs the pair its sets', 'Twee invallers vormen een koppel (Regel 14).', 'Koppel 2 verliest vanaf set 4 elke set met 8–0 (Regel 14).'],
    ['a substitute not on the line-up is a Regel 4 case', 'De invaller staat niet op de spelerslijst (Regel 4).', 'De invaller staat niet op de spelerslijst: het team verliest de wedstrijd en krijgt puntaftrek (Regel 4).'],
  ])('%s', (_name, violation, expected) => {
    expect(consequence({ pairNumber: 2, setNumber: 4, violation }, rules)).toBe(expected);
  });
});

describe('the late pair form (Regel 5B, 5C)', () => {
  const play = (state: LatePairState, ...actions: LatePairAction[]) => actions.reduce(latePairReducer, state);
  const start = () => initialLatePair([lineup(), away], 6);

  it('starts at the last pair, from set 2', () => {
    expect(start()).toEqual({ teamId: 'home', pairNumber: 6, fromSet: 2, reason: '', confirming: false, problem: null });
  });

  test.each<[string, LatePairAction[], Partial<LatePairState>]>([
    ['a pair not on the line-up is refused', [{ type: 'reason', reason: 'Te laat' }], { confirming: false, problem: 'Kies een koppel van de spelerslijst.' }],
    ['without a reason', [{ type: 'pair', pairNumber: 3 }], { confirming: false, problem: 'Geef de reden (komt in het logboek).' }],
    ['a pair of the line-up with a reason: the confirmation', [{ type: 'pair', pairNumber: 3 }, { type: 'reason', reason: 'File op de snelweg' }], { confirming: true, problem: null }],
  ])('review: %s', (_name, actions, expected) => {
    expect(play(start(), ...actions, { type: 'review', lineup: lineup() })).toMatchObject(expected);
  });

  it('any edit closes the confirmation; recorded clears the reason, a refusal keeps it', () => {
    const confirming = play(start(), { type: 'pair', pairNumber: 3 }, { type: 'reason', reason: 'File' }, { type: 'review', lineup: lineup() });
    expect(play(confirming, { type: 'fromSet', fromSet: 3 })).toMatchObject({ fromSet: 3, confirming: false });
    expect(play(confirming, { type: 'team', teamId: 'away' })).toMatchObject({ teamId: 'away', confirming: false });
    expect(play(confirming, { type: 'answered', recorded: true })).toMatchObject({ confirming: false, reason: '' });
    expect(play(confirming, { type: 'answered', recorded: false })).toMatchObject({ confirming: false, reason: 'File' });
  });

  test.each<[number, string, string]>([
    [1, '', 'Koppel 3 van Kaiman 1 speelt vanaf set 1.'],
    [2, '; sets 1 tot en met 1 tellen als verloren (Regel 12A)', 'Koppel 3 van Kaiman 1 speelt vanaf set 2; de sets ervoor gaan naar de tegenstander (Regel 5B/5C, 12A).'],
    [4, '; sets 1 tot en met 3 tellen als verloren (Regel 12A)', 'Koppel 3 van Kaiman 1 speelt vanaf set 4; de sets ervoor gaan naar de tegenstander (Regel 5B/5C, 12A).'],
  ])('from set %i: the confirmation says what is lost, the answer what was recorded', (fromSet, lost, recorded) => {
    expect(latePairLost(fromSet)).toBe(lost);
    expect(latePairRecorded('Kaiman 1', 3, fromSet)).toBe(recorded);
  });
});

describe('a reserve added by the supervisor after set 1 started (Regel 5A, 13)', () => {
  const play = (state: ReserveState, ...actions: ReserveAction[]) => actions.reduce(reserveReducer, state);
  const start = () => initialReserve([unrecorded, lineup(), away]);
  const found = { memberId: 'x1', familyName: 'Reservius', eligible: true };
  const looked = (number = 'K-123') => play(start(), { type: 'memberNumber', memberNumber: number }, { type: 'search' }, { type: 'found', teamId: 'home', memberNumber: number, candidate: found });
  const review = (state: ReserveState, l: TeamLineup | undefined) => play(state, { type: 'review', lineup: l, rules });

  it('starts at the first recorded team with nothing looked up', () => {
    expect(start()).toEqual({ teamId: 'home', memberNumber: '', searching: false, candidate: null, notFound: null, reason: '', confirming: false, problem: null });
  });

  it('searches, then shows the member found', () => {
    const searching = play(start(), { type: 'memberNumber', memberNumber: 'K-123' }, { type: 'search' });
    expect(searching).toMatchObject({ searching: true, candidate: null, notFound: null });
    expect(looked()).toMatchObject({ searching: false, candidate: found, notFound: null });
  });

  it('says "Geef het lidnummer." at once for an empty number, without searching', () => {
    expect(play(start(), { type: 'memberNumber', memberNumber: '   ' }, { type: 'search' })).toMatchObject({ searching: false, notFound: 'Geef het lidnummer.' });
  });

  it('shows the API’s Dutch refusal for a number not on the club’s list', () => {
    const text = 'Lidnummer 000000 op de moederlijst van deze vereniging niet gevonden.';
    const state = play(start(), { type: 'memberNumber', memberNumber: '000000' }, { type: 'search' }, { type: 'notFound', teamId: 'home', memberNumber: '000000', text });
    expect(state).toMatchObject({ searching: false, candidate: null, notFound: text });
  });

  test.each<[string, ReserveAction]>([
    ['another number typed', { type: 'memberNumber', memberNumber: 'K-1234' }],
    ['another team chosen', { type: 'team', teamId: 'away' }],
  ])('an answer that arrives after %s is dropped', (_name, action) => {
    const moved = play(start(), { type: 'memberNumber', memberNumber: 'K-123' }, { type: 'search' }, action);
    expect(play(moved, { type: 'found', teamId: 'home', memberNumber: 'K-123', candidate: found }).candidate).toBeNull();
  });

  test.each<[string, ReserveAction, Partial<ReserveState>]>([
    ['another team forgets the member found (another club’s list) and closes the confirmation', { type: 'team', teamId: 'away' }, { teamId: 'away', candidate: null, memberNumber: 'K-123', confirming: false }],
    ['another number forgets the member found', { type: 'memberNumber', memberNumber: 'K-9' }, { candidate: null, confirming: false }],
    ['another reason closes the confirmation', { type: 'reason', reason: 'Andere reden' }, { candidate: found, confirming: false }],
    ['added: the form starts over for the same team', { type: 'answered', added: true }, { teamId: 'home', memberNumber: '', candidate: null, reason: '', confirming: false }],
    ['refused by the API: kept to try again', { type: 'answered', added: false }, { memberNumber: 'K-123', candidate: found, reason: 'Kwam na set 1', confirming: false }],
  ])('%s', (_name, action, expected) => {
    const confirming = review(play(looked(), { type: 'reason', reason: 'Kwam na set 1' }), lineup());
    expect(confirming.confirming).toBe(true);
    expect(play(confirming, action)).toMatchObject(expected);
  });

  test.each<[string, () => ReserveState, TeamLineup | undefined, string]>([
    ['no team', () => play(looked(), { type: 'reason', reason: 'Kwam na set 1' }), undefined, 'Kies het team.'],
    ['nobody looked up', () => play(start(), { type: 'reason', reason: 'Kwam na set 1' }), lineup(), 'Zoek eerst het lid op lidnummer.'],
    ['a reason under 3 characters', () => play(looked(), { type: 'reason', reason: ' ja ' }), lineup(), 'Geef de reden waarom de reserve erbij komt (komt in het logboek).'],
    ['a member already in a pair', () => play(looked(), { type: 'reason', reason: 'Kwam na set 1' }), lineup({ pairs: [{ pairNumber: 1, fromSet: 1, players: [player('x1', 'Reservius'), player('p1b')] }] }), 'Reservius staat al op de spelerslijst van Kaiman 1.'],
    ['a member already a reserve', () => play(looked(), { type: 'reason', reason: 'Kwam na set 1' }), lineup({ reserves: [player('x1', 'Reservius')] }), 'Reservius staat al op de spelerslijst van Kaiman 1.'],
    ['a full reserve list (as many as substitutions allowed, Regel 13)', () => play(looked(), { type: 'reason', reason: 'Kwam na set 1' }), lineup({ reserves: [1, 2, 3, 4, 5, 6].map((n) => player(`r${n}`)) }), 'Kaiman 1 heeft al 6 reserves, het maximum (Regel 13).'],
  ])('review refuses with %s', (_name, state, l, problem) => {
    expect(review(state(), l)).toMatchObject({ confirming: false, problem });
  });

  it('review with a member found and a reason opens the confirmation', () => {
    expect(review(play(looked(), { type: 'reason', reason: 'abc' }), lineup())).toMatchObject({ confirming: true, problem: null });
  });

  it('names what stops the member found at once, before the review', () => {
    expect(candidateProblem(lineup(), found, rules)).toBeNull();
    expect(candidateProblem(lineup({ reserves: [player('x1', 'Reservius')] }), found, rules)).toBe('Reservius staat al op de spelerslijst van Kaiman 1.');
    expect(candidateProblem(undefined, found, rules)).toBeNull();
  });

  it('warns in the confirmation when the member may not play on the match date', () => {
    expect(reserveWarnings(found)).toEqual([]);
    expect(reserveWarnings({ ...found, eligible: false })).toEqual(['Reservius is op de wedstrijddatum niet speelgerechtigd (Regel 3B, 4); valt deze speler in, dan is dat een Regel 4-zaak.']);
  });

  it('sends the line-up as stored (pairs with their first set, reserves) plus the reserve, with the reason', () => {
    const l = lineup({ pairs: [{ pairNumber: 1, fromSet: 1, players: [player('a'), player('b')] }, { pairNumber: 2, fromSet: 3, players: [player('c'), player('d')] }] });
    expect(lineupWithReserve(l, 'x1', '  Kwam na set 1 ')).toEqual({
      pairs: [
        { pairNumber: 1, fromSet: 1, memberIds: ['a', 'b'] },
        { pairNumber: 2, fromSet: 3, memberIds: ['c', 'd'] },
      ],
      reserves: ['r1', 'r2', 'x1'],
      reason: 'Kwam na set 1',
    });
  });
});

describe('under a form', () => {
  it('its own problem shows in place of the API’s last answer', () => {
    const answer = { tone: 'good' as const, lines: ['Wissel vastgelegd.'] };
    expect(noticeOf('Geef de reden.', answer)).toEqual({ tone: 'bad', lines: ['Geef de reden.'] });
    expect(noticeOf(null, answer)).toBe(answer);
    expect(noticeOf(null, null)).toBeNull();
  });
});
