import { copyLineup, PreviousLineupPlayer } from './lineup-copy';

const player = (memberId: string, pairNumber: number | null): PreviousLineupPlayer => ({ memberId, name: `Speler ${memberId}`, pairNumber });
const limits = { pairsPerTeam: 6, maxReserves: 2 };
const previous = [player('a', 1), player('b', 1), player('c', 2), player('d', 2), player('r1', null), player('r2', null)];

describe('copyLineup (the previous match\'s line-up as a draft)', () => {
  it('copies pairs and reserves as they were when everyone may play', () => {
    expect(copyLineup(previous, new Map(), limits)).toEqual({
      pairs: [
        { pairNumber: 1, memberIds: ['a', 'b'] },
        { pairNumber: 2, memberIds: ['c', 'd'] },
      ],
      reserves: ['r1', 'r2'],
      leftOut: [],
    });
  });

  test.each([
    ['a suspended pair player leaves an empty seat in the pair', 'b', 1, { pairs: [{ pairNumber: 1, memberIds: ['a', null] }, { pairNumber: 2, memberIds: ['c', 'd'] }], reserves: ['r1', 'r2'] }],
    ['a reserve no longer on the member list is not copied', 'r1', null, { pairs: [{ pairNumber: 1, memberIds: ['a', 'b'] }, { pairNumber: 2, memberIds: ['c', 'd'] }], reserves: ['r2'] }],
  ])('%s, and says who and why', (_, memberId, pairNumber, expected) => {
    const why = ['Geschorst van 01-10-2026 tot en met 31-12-2026 (Regel 4)'];
    const copy = copyLineup(previous, new Map([[memberId, why]]), limits);
    expect(copy).toMatchObject(expected);
    expect(copy.leftOut).toEqual([{ memberId, name: `Speler ${memberId}`, pairNumber, reason: 'Geschorst van 01-10-2026 tot en met 31-12-2026 (Regel 4).' }]);
  });

  it('drops a pair of which both players may not play', () => {
    const copy = copyLineup(previous, new Map([['c', ['Te laat ingeschreven']], ['d', ['Geroyeerd']]]), limits);
    expect(copy.pairs.map((p) => p.pairNumber)).toEqual([1]);
    expect(copy.leftOut.map((p) => [p.memberId, p.reason])).toEqual([['c', 'Te laat ingeschreven.'], ['d', 'Geroyeerd.']]);
  });

  it('leaves out what the new match has no room for: a pair beyond the pairs per team, reserves beyond the maximum', () => {
    const copy = copyLineup([...previous, player('r3', null), player('e', 7), player('f', 7)], new Map(), limits);
    expect(copy.pairs.map((p) => p.pairNumber)).toEqual([1, 2]);
    expect(copy.reserves).toEqual(['r1', 'r2']);
    expect(copy.leftOut.map((p) => [p.memberId, p.reason])).toEqual([
      ['e', 'Koppel 7 bestaat niet in deze wedstrijd (6 koppels per team).'],
      ['f', 'Koppel 7 bestaat niet in deze wedstrijd (6 koppels per team).'],
      ['r3', 'Er zijn al 2 reserves, het maximum (Regel 13).'],
    ]);
  });
});
