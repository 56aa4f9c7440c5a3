import { DEFAULT_SETTINGS } from '../settings';
import { earliestLatecomerSet, LineupPair, validateLineupShape } from './lineup';

const pair = (pairNumber: number, fromSet = 1): LineupPair => ({
  pairNumber,
  players: [`p${pairNumber}a`, `p${pairNumber}b`],
  fromSet,
});
const sixPairs = [1, 2, 3, 4, 5, 6].map((n) => pair(n));
const reserves = ['r1', 'r2'];
const validate = (pairs: LineupPair[], reserveList = reserves, settings = DEFAULT_SETTINGS) =>
  validateLineupShape({ pairs, reserves: reserveList, settings });

describe('line-up (Regel 5, 7, 13)', () => {
  test.each<[string, LineupPair[], string[], string[]]>([
    ['six pairs and two reserves', sixPairs, reserves, []],
    ['six pairs, no reserves', sixPairs, [], []],
    ['five pairs at the start, the sixth never comes', sixPairs.slice(0, 5), reserves, []],
    ['five pairs, the sixth comes in after set 1 (Regel 5C)', [...sixPairs.slice(0, 5), pair(6, 2)], reserves, []],
    ['five pairs, the sixth comes in at set 4', [...sixPairs.slice(0, 5), pair(6, 4)], reserves, []],
    ['six reserves, the most Regel 13 allows', sixPairs, ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'], []],
    [
      'seven reserves',
      sixPairs,
      ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'],
      ['Er staan 7 reserves op de spelerslijst; er zijn er hoogstens 6 toegestaan (Regel 13).'],
    ],
    [
      'four pairs at the start: the match cannot start (Regel 7)',
      [...sixPairs.slice(0, 4), pair(5, 3), pair(6, 3)],
      reserves,
      ['Bij aanvang zijn 4 koppels aanwezig; er zijn er minstens 5 nodig om te beginnen (Regel 7).'],
    ],
    [
      'pair 7',
      [...sixPairs.slice(0, 5), pair(7)],
      reserves,
      ['Koppel 7 bestaat niet: de koppels zijn genummerd 1 t/m 6.'],
    ],
    [
      'pair 2 twice',
      [...sixPairs.slice(0, 5), { pairNumber: 2, players: ['x', 'y'] }],
      reserves,
      ['Koppel 2 staat meer dan één keer op de spelerslijst.'],
    ],
    [
      'a pair of one player',
      [...sixPairs.slice(0, 5), { pairNumber: 6, players: ['p6a', 'p6a'] }],
      reserves,
      ['Koppel 6 moet uit twee verschillende spelers bestaan.'],
    ],
    [
      'a player in pair 1 and pair 3',
      [...sixPairs.slice(0, 2), { pairNumber: 3, players: ['p1a', 'p3b'] }, ...sixPairs.slice(3)],
      reserves,
      ['Speler p1a staat meer dan één keer op de spelerslijst (koppel 1 en koppel 3).'],
    ],
    [
      'a pair player also on the reserve list',
      sixPairs,
      ['r1', 'p4b'],
      ['Speler p4b staat meer dan één keer op de spelerslijst (koppel 4 en de reservelijst).'],
    ],
    [
      'a latecomer in a set that does not exist',
      [...sixPairs.slice(0, 5), pair(6, 7)],
      reserves,
      ['Koppel 6: instappen in set 7 kan niet, een wedstrijd heeft 6 sets.'],
    ],
  ])('%s', (_, pairs, reserveList, errors) => {
    expect(validate(pairs, reserveList)).toEqual(errors);
  });

  describe('when the board lowers the minimum to 4 pairs, Regel 5B applies', () => {
    const lowered = { ...DEFAULT_SETTINGS, minimumPairsToStart: 4 };

    test.each<[string, LineupPair[], string[]]>([
      ['four pairs, latecomers from set 3', [...sixPairs.slice(0, 4), pair(5, 3), pair(6, 5)], []],
      [
        'four pairs, a latecomer in set 2',
        [...sixPairs.slice(0, 4), pair(5, 2), pair(6, 3)],
        [
          'Koppel 5 mag niet in set 2 instappen: een team dat met 4 koppels begon, mag laatkomers pas vanaf set 3 inzetten (Regel 5B).',
        ],
      ],
      ['five pairs still bring the sixth in from set 2 (Regel 5C)', [...sixPairs.slice(0, 5), pair(6, 2)], []],
    ])('%s', (_, pairs, errors) => {
      expect(validate(pairs, reserves, lowered)).toEqual(errors);
    });
  });

  test.each([
    ['started one pair short: after set 1 (Regel 5C)', 5, 2],
    ['started two pairs short: after set 2 (Regel 5B)', 4, 3],
    ['started three pairs short: after set 2 (Regel 5B)', 3, 3],
  ])('latecomers of a team that %s', (_, starting, fromSet) => {
    expect(earliestLatecomerSet(starting, DEFAULT_SETTINGS)).toBe(fromSet);
  });
});
