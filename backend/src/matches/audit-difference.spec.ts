import { auditDifference, same } from './audit-difference';

describe('auditDifference', () => {
  const sets = (...scores: [number, number, string][]) => scores.map(([set, table, score]) => ({ set, table, score, source: 'TOTALS' }));

  it('keeps the fields that changed and only the sets that were added, removed or changed', () => {
    const before = { status: 'PLAYED', homePoints: 6, awayPoints: 2, version: 3, sets: sets([1, 1, '6-2'], [1, 2, '4-4'], [1, 3, '5-3']) };
    const after = { status: 'PLAYED', homePoints: 9, awayPoints: 7, version: 4, sets: sets([1, 1, '6-2'], [1, 2, '2-6'], [2, 1, '3-5']) };
    expect(auditDifference(before, after)).toEqual({
      before: { homePoints: 6, awayPoints: 2, version: 3, sets: sets([1, 2, '4-4'], [1, 3, '5-3']) },
      after: { homePoints: 9, awayPoints: 7, version: 4, sets: sets([1, 2, '2-6'], [2, 1, '3-5']) },
    });
  });

  it('compares nested values by content, and keeps a field that appeared or went', () => {
    const before = { lineups: [{ teamId: 't', players: [1, 2] }], disputeComment: 'Partij 3' };
    const after = { lineups: [{ teamId: 't', players: [1, 2] }], correctedAt: '2026-11-28' };
    expect(auditDifference(before, after)).toEqual({ before: { disputeComment: 'Partij 3' }, after: { correctedAt: '2026-11-28' } });
  });

  it('is empty for a command that changed nothing', () => {
    const snapshot = { status: 'SCHEDULED', sets: sets([1, 1, '6-2']) };
    expect(auditDifference(snapshot, { ...snapshot, sets: sets([1, 1, '6-2']) })).toEqual({ before: {}, after: {} });
  });

  describe('same: as comparing the two JSON texts', () => {
    const at = new Date('2026-11-27T20:15:00.000Z');
    const pairs: [string, unknown, unknown][] = [
      ['equal numbers', 6, 6],
      ['different numbers', 6, 2],
      ['a number and its text', 6, '6'],
      ['null and undefined', null, undefined],
      ['null and null', null, null],
      ['NaN and null (JSON writes null)', NaN, null],
      ['equal dates, other objects', at, new Date(at.getTime())],
      ['different dates', at, new Date(at.getTime() + 1)],
      ['a date and its ISO text', at, at.toISOString()],
      ['equal nested sets', { set: 1, games: ['HOME:KAP:2', 'AWAY:BAUNIE:4'] }, { set: 1, games: ['HOME:KAP:2', 'AWAY:BAUNIE:4'] }],
      ['one game differs', { set: 1, games: ['HOME:KAP:2', 'AWAY:BAUNIE:4'] }, { set: 1, games: ['HOME:KAP:2', 'HOME:BAUNIE:4'] }],
      ['a game more', { games: ['HOME:KAP:2'] }, { games: ['HOME:KAP:2', 'AWAY:KAP:2'] }],
      ['an undefined field and none', { set: 1, comment: undefined }, { set: 1 }],
      ['an undefined field and null', { set: 1, comment: undefined }, { set: 1, comment: null }],
      ['a field more', { set: 1 }, { set: 1, table: 2 }],
      ['undefined in a list and null', [1, undefined], [1, null]],
      ['a list and an object', [1], { 0: 1 }],
      ['an empty list and an empty object', [], {}],
      ['nested dates', { at }, { at: new Date(at.getTime()) }],
      ['a nested date and its text', { at }, { at: at.toISOString() }],
    ];

    test.each(pairs)('%s', (_name, a, b) => {
      const json = JSON.stringify(a) === JSON.stringify(b);
      expect(same(a, b)).toBe(json);
      expect(same(b, a)).toBe(json);
    });

    it('does not mind the order of an object\'s keys (JSON text would)', () => {
      expect(same({ set: 1, table: 2 }, { table: 2, set: 1 })).toBe(true);
    });
  });
});
