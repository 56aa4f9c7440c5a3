import { rate } from 'openskill';
import { PlayGame, PlayMatch, PlaySeat, playersOfPair } from './play';
import { displayRating, isProvisional, newcomerRating, PlayerRating, rateMatches, rateSeat, RATING_SETTINGS } from './ratings';

let counter = 0;
function seat(fields: Partial<PlaySeat> & { score?: [number, number] } = {}): PlaySeat {
  const [homePoints, awayPoints] = fields.score ?? [8, 0];
  return {
    setNumber: 1,
    tableNumber: 1,
    source: 'TOTALS',
    homePoints,
    awayPoints,
    homePlayers: ['a', 'b'],
    awayPlayers: ['c', 'd'],
    games: null,
    ...fields,
  };
}
function match(seats: PlaySeat[], fields: Partial<PlayMatch> = {}): PlayMatch {
  counter += 1;
  return {
    id: `m${String(counter).padStart(4, '0')}`,
    seasonId: 's1',
    divisionId: 'd1',
    date: '2026-10-03',
    startTime: '20:00',
    home: { teamId: 'th', clubId: 'ch' },
    away: { teamId: 'ta', clubId: 'ca' },
    seats,
    ...fields,
  };
}
const swap = (s: PlaySeat): PlaySeat => ({
  ...s,
  homePlayers: s.awayPlayers,
  awayPlayers: s.homePlayers,
  homePoints: s.awayPoints,
  awayPoints: s.homePoints,
  games: s.games && s.games.map((g) => ({ ...g, winner: g.winner === 'HOME' ? 'AWAY' : 'HOME' })),
});
const plain = (r: Map<string, PlayerRating>) => Object.fromEntries([...r].sort(([a], [b]) => (a < b ? -1 : 1)));
/** A few established players: everybody has played some sets already. */
const history = () => [
  match([seat({ score: [8, 0] }), seat({ setNumber: 2, homePlayers: ['a', 'c'], awayPlayers: ['b', 'd'], score: [4, 4] })], { date: '2026-09-19' }),
  match([seat({ homePlayers: ['a', 'd'], awayPlayers: ['b', 'c'], score: [2, 6] })], { date: '2026-09-26' }),
];

describe('player ratings (openskill, changing pairs)', () => {
  test.each([
    ['a clean 8–0', [8, 0]],
    ['a narrow 6–4 … as 6–2', [6, 2]],
    ['a draw 4–4', [4, 4]],
    ['a loss with a baunie against 2–15', [2, 15]],
    ['a big win 23–0', [23, 0]],
  ] as const)('swapping home and away gives the same ratings: %s', (_, score) => {
    const s = seat({ score: [...score] });
    const before = rateMatches(history());
    const one = rateMatches([match([s])], before.ratings, 2);
    const other = rateMatches([match([swap(s)])], before.ratings, 2);
    for (const id of ['a', 'b', 'c', 'd']) {
      expect(one.ratings.get(id)!.mu).toBeCloseTo(other.ratings.get(id)!.mu, 10);
      expect(one.ratings.get(id)!.sigma).toBeCloseTo(other.ratings.get(id)!.sigma, 10);
    }
  });

  test.each([
    ['newcomers win 8–0', [], [8, 0]],
    ['established players win 6–2', history(), [6, 2]],
    ['a weak pair beats a strong one 15–6', [match([seat({ homePlayers: ['c', 'd'], awayPlayers: ['a', 'b'], score: [40, 0] })]), match([seat({ homePlayers: ['c', 'd'], awayPlayers: ['a', 'b'], score: [40, 0] })])], [15, 6]],
    ['a strong pair beats a weak one narrowly 5–4', [match([seat({ score: [40, 0] })]), match([seat({ score: [40, 0] })])], [5, 4]],
    ['after many losses, one win 8–0', Array.from({ length: 12 }, () => match([seat({ score: [0, 8] })])), [8, 0]],
  ] as const)('a won set never lowers the winners\u2019 shown rating: %s', (_, before, score) => {
    const start = rateMatches([...before]);
    const after = rateMatches([match([seat({ score: [...score] })], { date: '2027-01-01' })], start.ratings, start.order.length);
    for (const id of ['a', 'b']) {
      const old = start.ratings.get(id) ?? { mu: RATING_SETTINGS.mu, sigma: RATING_SETTINGS.sigma, sets: 0 };
      expect(displayRating(after.ratings.get(id)!)).toBeGreaterThanOrEqual(displayRating(old));
      expect(after.ratings.get(id)!.mu).toBeGreaterThan(old.mu);
      expect(after.ratings.get(id)!.sigma).toBeLessThanOrEqual(old.sigma);
    }
    for (const id of ['c', 'd']) {
      const old = start.ratings.get(id) ?? { mu: RATING_SETTINGS.mu, sigma: RATING_SETTINGS.sigma, sets: 0 };
      expect(after.ratings.get(id)!.mu).toBeLessThan(old.mu);
    }
  });

  const game = (winner: 'HOME' | 'AWAY', kind: PlayGame['kind'], points: number, penaltyRule: string | null = null): PlayGame => ({ winner, kind, points, penaltyRule });
  test.each([
    ['Regel 12A, a missing pair credited 8–0', seat({ source: 'MISSING_PAIR' })],
    ['Regel 13/14, a substitution violation credited', seat({ source: 'SUBSTITUTION_VIOLATION' })],
    ['Regel 38, a removed player: whole set lost', seat({ source: 'PLAYER_REMOVED' })],
    ['Regel 7/9A, a forfeit', seat({ source: 'FORFEIT' })],
    ['Regel 8, an average score', seat({ source: 'AVERAGE' })],
    [
      'Regel 38 in the removal set: partly played',
      seat({ source: 'GAMES', games: [game('HOME', 'WON', 2), game('HOME', 'WON', 2), game('HOME', 'PENALTY', 2, '38'), game('HOME', 'PENALTY', 2, '38')] }),
    ],
    ['a seat without a known pair', seat({ homePlayers: ['a'] })],
  ])('a seat that is not play changes nothing: %s', (_, credited) => {
    const base = rateMatches(history());
    const withCredit = rateMatches([...history().map((m, i) => ({ ...m, id: `h${i}` })), match([credited], { date: '2026-10-10' })]);
    const without = rateMatches(history().map((m, i) => ({ ...m, id: `h${i}` })));
    expect(plain(withCredit.ratings)).toEqual(plain(without.ratings));
    expect(withCredit.history).toEqual(without.history);
    expect(plain(base.ratings)).toEqual(plain(without.ratings));
  });

  test('Regel 22: games voided and entered again at the right table are rated once, as entered there', () => {
    // The void clears the games from the wrong seat (the core keeps them in the action): only the right table's seat is stored.
    const right = match([seat({ tableNumber: 3, score: [6, 2] })], { id: 'x1' });
    expect(plain(rateMatches([right]).ratings)).toEqual(plain(rateMatches([{ ...right, seats: [seat({ tableNumber: 3, score: [6, 2] })] }]).ratings));
  });

  test('a corrected result gives the same ratings as if it had been entered right', () => {
    const wrong = [match([seat({ score: [8, 0] })], { id: 'x1', date: '2026-10-03' }), match([seat({ score: [2, 6] })], { id: 'x2', date: '2026-10-10' })];
    const right = [match([seat({ score: [2, 6] })], { id: 'x1', date: '2026-10-03' }), wrong[1]];
    const beforeCorrection = rateMatches(wrong);
    const corrected = rateMatches(wrong.map((m) => (m.id === 'x1' ? right[0] : m)));
    expect(plain(corrected.ratings)).toEqual(plain(rateMatches(right).ratings));
    expect(plain(corrected.ratings)).not.toEqual(plain(beforeCorrection.ratings));
  });

  test.each([
    ['same date and time, loaded in reverse', (ms: PlayMatch[]) => [...ms].reverse()],
    ['seats loaded in reverse', (ms: PlayMatch[]) => ms.map((m) => ({ ...m, seats: [...m.seats].reverse() }))],
  ])('the order of equal-time matches is deterministic: %s', (_, shuffle) => {
    const ms = [
      match([seat({ score: [8, 0] }), seat({ setNumber: 2, homePlayers: ['a', 'c'], awayPlayers: ['b', 'd'], score: [2, 6] })], { id: 'b-match' }),
      match([seat({ homePlayers: ['a', 'd'], awayPlayers: ['b', 'c'], score: [15, 2] })], { id: 'a-match' }),
    ];
    expect(plain(rateMatches(shuffle(ms)).ratings)).toEqual(plain(rateMatches(ms).ratings));
    expect(rateMatches(shuffle(ms)).order.map((o) => o.matchId)).toEqual(['a-match', 'b-match']);
  });

  test('an incremental update continues a recomputation exactly', () => {
    const all = [...history(), match([seat({ score: [6, 2] })], { date: '2026-12-01' })];
    const full = rateMatches(all);
    const first = rateMatches(all.slice(0, 2));
    const next = rateMatches(all.slice(2), first.ratings, first.order.length);
    expect(plain(next.ratings)).toEqual(plain(full.ratings));
    expect(next.history).toEqual(full.history.filter((h) => h.seq === 3));
  });

  test.each([
    [0, true],
    [RATING_SETTINGS.provisionalSets - 1, true],
    [RATING_SETTINGS.provisionalSets, false],
  ])('%i rated sets: voorlopig %s', (sets, provisional) => {
    expect(isProvisional(sets)).toBe(provisional);
  });

  test('a newcomer starts below average, an average settled player shows 50 %', () => {
    expect(newcomerRating()).toBeLessThan(50);
    expect(displayRating({ mu: RATING_SETTINGS.mu, sigma: RATING_SETTINGS.settledSigma })).toBe(50);
  });

  test.each([
    ['a stronger μ shows higher', { mu: 27, sigma: 3 }, { mu: 26, sigma: 3 }],
    ['a smaller σ (more sets) shows higher at the same μ', { mu: 25, sigma: 2 }, { mu: 25, sigma: 3.5 }],
  ])('display: %s', (_, higher, lower) => {
    expect(displayRating(higher)).toBeGreaterThan(displayRating(lower));
  });
});

describe('rateSeat is openskill\u2019s rate() for two teams of two', () => {
  // A small deterministic generator, so the cases are the same every run.
  let seed = 24;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const player = () => ({ mu: 15 + next() * 20, sigma: 1 + next() * 7.5 });
  const scores: [number, number][] = [[8, 0], [0, 8], [6, 2], [4, 4], [15, 6], [2, 23], [9, 9], [11, 0], [5, 6]];
  // The settings in use (margin off) and with openskill's margin factor on (margin 8).
  const cases = Array.from({ length: 60 }, (_, i) => [i, i % 2 ? 0 : 8, [[player(), player()], [player(), player()]], scores[i % scores.length]] as const);
  test.each(cases)('random seat %i, margin %i', (_, margin, teams, score) => {
    const s = { ...RATING_SETTINGS, margin };
    const expected = rate(teams.map((t) => t.map((p) => ({ ...p }))), { mu: s.mu, sigma: s.sigma, beta: s.beta, tau: s.tau, limitSigma: true, score: [...score], margin: s.margin });
    const actual = rateSeat([teams[0], teams[1]], score, s);
    for (const [i, team] of actual.entries()) {
      for (const [k, p] of team.entries()) {
        expect(p.mu).toBeCloseTo(expected[i][k].mu, 9);
        expect(p.sigma).toBeCloseTo(expected[i][k].sigma, 9);
      }
    }
  });
});

describe('who sat in a pair', () => {
  const lineup = [
    { memberId: 'p1', pairNumber: 1, fromSet: 1 },
    { memberId: 'p2', pairNumber: 1, fromSet: 1 },
    { memberId: 'r1', pairNumber: null, fromSet: 1 },
    { memberId: 'l1', pairNumber: 2, fromSet: 3 },
    { memberId: 'l2', pairNumber: 2, fromSet: 3 },
  ];
  const subs = [{ setNumber: 4, pairNumber: 1, outMemberId: 'p2', inMemberId: 'r1' }];
  test.each([
    ['the line-up pair before a substitution', 1, 3, ['p1', 'p2']],
    ['the substitute from the set they came in', 1, 4, ['p1', 'r1']],
    ['a late pair before it arrived (Regel 5B): nobody', 2, 2, []],
    ['a late pair once it arrived', 2, 3, ['l1', 'l2']],
  ])('%s', (_, pair, set, players) => {
    expect(playersOfPair(lineup, subs, pair, set).sort()).toEqual(players);
  });
});
