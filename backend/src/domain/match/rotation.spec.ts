import { awayPairAt, positions, tableOfAwayPair, tablePlan } from './rotation';

describe('table plan (Regel 22)', () => {
  test.each([
    ['set 1: away pair 1 sits at table 1', 1, 1, 1],
    ['set 1: away pair 6 sits at table 6', 1, 6, 6],
    ['set 2: the pair from table 6 walks back to table 1', 2, 1, 6],
    ['set 2: away pair 1 has moved on to table 2', 2, 2, 1],
    ['set 3: table 1 gets away pair 5', 3, 1, 5],
    ['set 6: table 6 gets away pair 1', 6, 6, 1],
    ['set 6: table 1 gets away pair 2', 6, 1, 2],
  ])('%s', (_, set, table, awayPair) => {
    expect(awayPairAt(set, table)).toBe(awayPair);
    expect(tableOfAwayPair(set, awayPair)).toBe(table);
  });

  test.each([4, 5, 6, 8])('with %i pairs every away pair meets every home pair exactly once', (pairs) => {
    const plan = tablePlan(pairs);
    const meetings = plan.map((seat) => `${seat.homePairNumber}-${seat.awayPairNumber}`);
    expect(plan).toHaveLength(pairs * pairs);
    expect(new Set(meetings).size).toBe(pairs * pairs);
  });

  test.each([4, 5, 6, 8])(
    'with %i pairs every away pair plays once per set and home pairs stay at their table',
    (pairs) => {
      for (const set of positions(pairs)) {
        const seats = tablePlan(pairs).filter((seat) => seat.setNumber === set);
        expect(seats.map((seat) => seat.awayPairNumber).sort((a, b) => a - b)).toEqual(positions(pairs));
        expect(seats.every((seat) => seat.homePairNumber === seat.tableNumber)).toBe(true);
      }
    },
  );

  test('after every set each walking pair moves to the next table, the last one back to table 1', () => {
    for (const set of [1, 2, 3, 4, 5]) {
      for (const pair of positions(6)) {
        expect(tableOfAwayPair(set + 1, pair)).toBe((tableOfAwayPair(set, pair) % 6) + 1);
      }
    }
  });

  test('the printed plan of set 2 reads table 1–6: away pairs 6, 1, 2, 3, 4, 5', () => {
    const set2 = tablePlan().filter((seat) => seat.setNumber === 2);
    expect(set2.map((seat) => seat.awayPairNumber)).toEqual([6, 1, 2, 3, 4, 5]);
  });

  test.each([
    ['set 0', () => awayPairAt(0, 1)],
    ['table 7 of 6', () => awayPairAt(1, 7)],
    ['pair 1.5', () => tableOfAwayPair(1, 1.5)],
    ['0 pairs', () => tablePlan(0)],
  ])('rejects %s as a programming error', (_, call) => {
    expect(call).toThrow(RangeError);
  });
});
