import { awaitsTableSignature, countedScore, unsignedWords, liveMatchPicture, LiveMatchFacts, provisionalScore, publicSeatState, scoreView, seatCorrected, StoredSeat } from './live-match';

function seat(overrides: Partial<StoredSeat> = {}): StoredSeat {
  return { setNumber: 1, tableNumber: 1, homePoints: 6, awayPoints: 2, source: 'GAMES', enteredBySide: 'HOME', signedBySide: null, decidedAt: null, refusedAt: null, ...overrides };
}

function match(overrides: Partial<LiveMatchFacts> = {}): LiveMatchFacts {
  return { status: 'SCHEDULED', resultState: 'NONE', homeSigned: false, sets: [], ...overrides };
}

describe('publicSeatState: only signed, decided or credited sets are public', () => {
  test.each<[string, StoredSeat | undefined, Partial<LiveMatchFacts>, string]>([
    ['no entry yet', undefined, {}, 'OPEN'],
    ['entered at the table, not signed', seat(), {}, 'OPEN'],
    ['signed by the opposing pair', seat({ signedBySide: 'AWAY' }), {}, 'SIGNED'],
    ['refused, then decided by the supervisor', seat({ refusedAt: new Date(), decidedAt: new Date() }), {}, 'DECIDED'],
    ['refused: waiting for the supervisor (Regel 35B), marked, not public', seat({ refusedAt: new Date() }), {}, 'DISPUTED'],
    ['signed, then signed differently on another device: a dispute, not public until decided', seat({ signedBySide: 'AWAY', refusedAt: new Date() }), {}, 'DISPUTED'],
    ['a pair missing (Regel 12A)', seat({ source: 'MISSING_PAIR', enteredBySide: null }), {}, 'CREDITED'],
    ['a removed player (Regel 38)', seat({ source: 'PLAYER_REMOVED', enteredBySide: null }), {}, 'CREDITED'],
    ['paper form, home has not signed', seat({ enteredBySide: null }), { resultState: 'ENTERED' }, 'OPEN'],
    ['paper form signed by home', seat({ enteredBySide: null }), { resultState: 'ENTERED', homeSigned: true }, 'SIGNED'],
    ['table entry, home signed the form but the pair did not sign', seat(), { homeSigned: true }, 'OPEN'],
    ['a locked result counts whole', seat(), { resultState: 'CONFIRMED' }, 'SIGNED'],
  ])('%s → %s', (_name, stored, facts, expected) => {
    expect(publicSeatState(stored, match(facts))).toBe(expected);
  });
});

describe('liveMatchPicture', () => {
  const sets = [
    seat({ setNumber: 1, tableNumber: 1, homePoints: 6, awayPoints: 2, signedBySide: 'AWAY' }),
    seat({ setNumber: 1, tableNumber: 2, homePoints: 0, awayPoints: 8, signedBySide: 'HOME', enteredBySide: 'AWAY' }),
    seat({ setNumber: 1, tableNumber: 3, homePoints: 8, awayPoints: 0 }),
  ];

  test('running totals count the public seats only', () => {
    const picture = liveMatchPicture(match({ sets }), 6);
    expect(picture).toMatchObject({ state: 'IN_PROGRESS', homePoints: 6, awayPoints: 10, publicSeats: 2, totalSeats: 36 });
    expect(picture.seats[2]).toMatchObject({ setNumber: 1, tableNumber: 3, state: 'OPEN', homePoints: null, awayPoints: null });
    expect(picture.seats[1]).toMatchObject({ homePairNumber: 2, awayPairNumber: 2, state: 'SIGNED', homePoints: 0, awayPoints: 8 });
  });

  test.each<[string, Partial<LiveMatchFacts>, string]>([
    ['nothing public', { sets: [seat()] }, 'NOT_STARTED'],
    ['a forfeit', { status: 'FORFEIT', resultState: 'CONFIRMED' }, 'NOT_PLAYED'],
    ['locked', { status: 'PLAYED', resultState: 'CONFIRMED', sets }, 'CONFIRMED'],
  ])('%s → %s', (_name, facts, expected) => {
    expect(liveMatchPicture(match(facts), 6).state).toBe(expected);
  });

  test('every seat public but not locked: COMPLETE', () => {
    const all = [1, 2].flatMap((setNumber) => [1, 2].map((tableNumber) => seat({ setNumber, tableNumber, signedBySide: 'AWAY' })));
    expect(liveMatchPicture(match({ sets: all }), 2)).toMatchObject({ state: 'COMPLETE', homePoints: 24, awayPoints: 8 });
  });

  test('scores hidden (liveScores off): states stay, no points anywhere', () => {
    const picture = liveMatchPicture(match({ sets }), 6, false);
    expect(picture).toMatchObject({ state: 'IN_PROGRESS', homePoints: null, awayPoints: null, publicSeats: 2 });
    expect(picture.seats.every((s) => s.homePoints === null && s.awayPoints === null)).toBe(true);
  });
});

describe('countedScore: one score before final on every screen, the unsigned work apart', () => {
  const at = (setNumber: number, tableNumber: number, overrides: Partial<StoredSeat>) => seat({ setNumber, tableNumber, ...overrides });
  test.each<[string, Partial<LiveMatchFacts>, Partial<ReturnType<typeof countedScore>>]>([
    ['nothing entered', {}, { homePoints: null, awayPoints: null, countedSeats: 0, unsignedSeats: 0 }],
    [
      'signed, decided and credited count; entered and disputed are the unsigned work',
      {
        sets: [
          at(1, 1, { homePoints: 6, awayPoints: 2, signedBySide: 'AWAY' }),
          at(1, 2, { homePoints: 2, awayPoints: 6, refusedAt: new Date(), decidedAt: new Date() }),
          at(1, 3, { source: 'MISSING_PAIR', enteredBySide: null, homePoints: 8, awayPoints: 0 }),
          at(1, 4, { homePoints: 8, awayPoints: 0 }),
          at(1, 5, { homePoints: 0, awayPoints: 8, refusedAt: new Date() }),
        ],
      },
      { homePoints: 16, awayPoints: 8, countedSeats: 3, totalSeats: 36, unsignedSeats: 2, unsignedHomePoints: 8, unsignedAwayPoints: 8 },
    ],
    ['a paper form before the home signature: all of it unsigned', { resultState: 'ENTERED', sets: [at(1, 1, { enteredBySide: null })] }, { homePoints: null, countedSeats: 0, unsignedSeats: 1, unsignedHomePoints: 6 }],
    ['a paper form signed by the home team counts', { resultState: 'ENTERED', homeSigned: true, sets: [at(1, 1, { enteredBySide: null })] }, { homePoints: 6, awayPoints: 2, countedSeats: 1, unsignedSeats: 0 }],
    ['final: the stored result, every seat', { status: 'PLAYED', resultState: 'CONFIRMED', result: { homePoints: 150, awayPoints: 140 }, sets: [at(1, 1, {})] }, { homePoints: 150, awayPoints: 140, countedSeats: 36, unsignedSeats: 0 }],
    ['cancelled (Regel 8): the averages, without sets', { status: 'CANCELLED', resultState: 'CONFIRMED', result: { homePoints: 120, awayPoints: 118 } }, { homePoints: 120, awayPoints: 118, unsignedSeats: 0 }],
  ])('%s', (_name, facts, expected) => {
    expect(countedScore(match(facts), 6)).toMatchObject(expected);
  });

  test.each([
    ['nothing unsigned', { unsignedSeats: 0, unsignedHomePoints: 0, unsignedAwayPoints: 0 }, true, null],
    ['the clubs, the supervisor and the federation see the points', { unsignedSeats: 1, unsignedHomePoints: 8, unsignedAwayPoints: 0 }, true, '+ 8–0 nog niet ondertekend'],
    ['the public sees how many', { unsignedSeats: 1, unsignedHomePoints: 8, unsignedAwayPoints: 0 }, false, '+ 1 set nog niet ondertekend'],
    ['the public, several', { unsignedSeats: 3, unsignedHomePoints: 8, unsignedAwayPoints: 16 }, false, '+ 3 sets nog niet ondertekend'],
  ])('unsignedWords: %s', (_name, score, showPoints, expected) => {
    expect(unsignedWords(score, showPoints)).toBe(expected);
  });

  test('the live picture totals are the counted score, and say how many seats do not count yet', () => {
    const facts = match({ sets: [at(1, 1, { signedBySide: 'AWAY' }), at(1, 2, {})] });
    const picture = liveMatchPicture(facts, 6);
    const score = countedScore(facts, 6);
    expect([picture.homePoints, picture.awayPoints, picture.unsignedSeats]).toEqual([score.homePoints, score.awayPoints, score.unsignedSeats]);
  });
});

describe('seatCorrected: a changed signed seat is marked publicly', () => {
  test.each<[string, StoredSeat | undefined, Partial<LiveMatchFacts>, boolean]>([
    ['not entered', undefined, {}, false],
    ['signed at the table', seat({ signedBySide: 'AWAY' }), {}, false],
    ['a refusal decided by the supervisor', seat({ refusedAt: null, decidedAt: new Date() }), {}, false],
    ['decided over the signature', seat({ signedBySide: 'AWAY', decidedAt: new Date() }), {}, true],
    ['credited by the rules, nothing signed before', seat({ source: 'PLAYER_REMOVED', enteredBySide: null }), { displaced: [{ setNumber: 1, tableNumber: 1, signedBySide: null, decidedAt: null }] }, false],
    ['credited by the rules after it was signed', seat({ source: 'PLAYER_REMOVED', enteredBySide: null }), { displaced: [{ setNumber: 1, tableNumber: 1, signedBySide: 'AWAY', decidedAt: null }] }, true],
  ])('%s → %s', (_name, stored, facts, expected) => {
    expect(seatCorrected(stored, match(facts))).toBe(expected);
  });

  test('the live picture marks a corrected seat and a disputed one apart from an open one', () => {
    const picture = liveMatchPicture(match({ sets: [seat({ signedBySide: 'AWAY', decidedAt: new Date() }), seat({ tableNumber: 2, refusedAt: new Date() })] }), 6);
    expect(picture.seats.slice(0, 3).map((s) => [s.state, s.corrected, s.homePoints])).toEqual([
      ['DECIDED', true, 6],
      ['DISPUTED', false, null],
      ['OPEN', false, null],
    ]);
  });
});

describe('provisionalScore: what a match in progress adds to the provisional standings', () => {
  const signed = seat({ signedBySide: 'AWAY', homePoints: 5, awayPoints: 3 });
  test.each<[string, Partial<LiveMatchFacts>, ReturnType<typeof provisionalScore>]>([
    ['not started', {}, null],
    ['only unsigned entries', { sets: [seat()] }, null],
    ['one signed set', { sets: [signed, seat({ tableNumber: 2 })] }, { homePoints: 5, awayPoints: 3 }],
    ['locked: counts in the official standings instead', { resultState: 'CONFIRMED', status: 'PLAYED', sets: [signed] }, null],
    ['cancelled by the federation', { status: 'CANCELLED', sets: [seat({ source: 'AVERAGE' })] }, null],
  ])('%s', (_name, facts, expected) => {
    expect(provisionalScore(match(facts))).toEqual(expected);
  });
});

describe('scoreView: what a viewer sees of the scores (Regel 15, liveScores)', () => {
  test.each([
    ['the two clubs, supervisor, federation', 'ENTERED', false, true, 'ALL'],
    ['the public, a confirmed result', 'CONFIRMED', false, false, 'ALL'],
    ['the public, liveScores on', 'ENTERED', true, false, 'SIGNED'],
    ['the public, liveScores off', 'ENTERED', false, false, 'NONE'],
    ['the public, nothing entered, liveScores off', 'NONE', false, false, 'NONE'],
  ] as const)('%s', (_who, resultState, liveScores, insider, expected) => {
    expect(scoreView(resultState, liveScores, insider)).toBe(expected);
  });

  test.each([
    ['entered, not signed', { enteredBySide: 'HOME', signedAt: null, decidedAt: null }, true],
    ['signed at the table', { enteredBySide: 'HOME', signedAt: new Date(), decidedAt: null }, false],
    ['decided by the supervisor', { enteredBySide: 'AWAY', signedAt: null, decidedAt: new Date() }, false],
    ['on the paper form', { enteredBySide: null, signedAt: null, decidedAt: null }, false],
    ['signed, then signed differently on another device (disputed)', { enteredBySide: 'HOME', signedAt: new Date(), decidedAt: null, refusedAt: new Date() }, true],
    ['disputed, then decided by the supervisor', { enteredBySide: 'HOME', signedAt: new Date(), decidedAt: new Date(), refusedAt: new Date() }, false],
  ])('awaitsTableSignature: %s', (_case, seat, expected) => {
    expect(awaitsTableSignature(seat)).toBe(expected);
  });
});
