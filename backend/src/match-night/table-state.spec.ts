import { currentSet, SeatFacts, seatAlerts, seatState } from './table-state';

const seat = (overrides: Partial<SeatFacts> = {}): SeatFacts => ({
  source: 'GAMES',
  homePoints: 6,
  awayPoints: 2,
  signedAt: null,
  refusedAt: null,
  refusedBySide: null,
  refusalComment: null,
  decidedAt: null,
  ...overrides,
});

describe('the state of a set at a table', () => {
  test.each<[string, SeatFacts | undefined, boolean, string]>([
    ['nothing entered yet', undefined, false, 'WAITING'],
    ['entered by one pair, not yet signed', seat(), false, 'ENTERED'],
    ['signed by the opposing pair (Regel 15)', seat({ signedAt: new Date() }), false, 'SIGNED'],
    ['refused by the opposing pair (Regel 35B)', seat({ refusedAt: new Date(), refusedBySide: 'AWAY', refusalComment: 'Partij 3 was een kap' }), false, 'DISPUTED'],
    ['decided by the supervisor (the refusal is cleared)', seat({ decidedAt: new Date() }), false, 'SIGNED'],
    ['an absent pair (Regel 12A)', seat({ source: 'MISSING_PAIR', homePoints: 8, awayPoints: 0 }), false, 'CREDITED'],
    ['a removed player (Regel 38)', seat({ source: 'PLAYER_REMOVED', homePoints: 8, awayPoints: 0 }), false, 'CREDITED'],
    ['from the paper form, result confirmed by both teams', seat(), true, 'SIGNED'],
  ])('%s → %s', (_case, facts, confirmed, expected) => {
    expect(seatState(facts, confirmed)).toBe(expected);
  });

  it('the table plays its first set that is not signed or credited', () => {
    expect(currentSet([{ setNumber: 2, state: 'WAITING' }, { setNumber: 1, state: 'SIGNED' }, { setNumber: 3, state: 'WAITING' }])).toBe(2);
    expect(currentSet([{ setNumber: 1, state: 'CREDITED' }, { setNumber: 2, state: 'DISPUTED' }])).toBe(2);
    expect(currentSet([{ setNumber: 1, state: 'SIGNED' }, { setNumber: 2, state: 'CREDITED' }])).toBeNull();
  });
});

describe('alerts for the supervisor', () => {
  it('names a refusal with the pair and its comment', () => {
    const facts = seat({ refusedAt: new Date(), refusedBySide: 'AWAY', refusalComment: 'Partij 3 was een kap' });
    expect(seatAlerts(2, 3, facts, 'DISPUTED', 4)).toEqual([
      { kind: 'DISPUTE', setNumber: 2, tableNumber: 3, message: 'Set 2, tafel 3: het uitkoppel weigert te tekenen (Regel 35B): “Partij 3 was een kap”' },
    ]);
  });

  test.each([
    ['7–0 (no four game awards make it)', 7, 0, true],
    ['3–3', 3, 3, true],
    ['8–0', 8, 0, false],
    ['15–6', 15, 6, false],
  ])('flags an impossible score: %s', (_case, home, away, flagged) => {
    const alerts = seatAlerts(1, 1, seat({ homePoints: home, awayPoints: away, signedAt: new Date() }), 'SIGNED', 4);
    expect(alerts.some((a) => a.kind === 'IMPOSSIBLE_SCORE')).toBe(flagged);
  });

  it('never flags a score the rules gave, nor an empty seat', () => {
    expect(seatAlerts(1, 1, seat({ source: 'MISSING_PAIR', homePoints: 8, awayPoints: 0 }), 'CREDITED', 4)).toEqual([]);
    expect(seatAlerts(1, 1, undefined, 'WAITING', 4)).toEqual([]);
  });
});
