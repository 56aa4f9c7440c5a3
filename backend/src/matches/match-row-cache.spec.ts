import { seatKey } from '../domain/match';
import type { Seat } from '../domain/match/match-command';
import { assertSameRow, MatchRowCache, ownAfter } from './match-row-cache';
import type { MatchRow } from './match-row';

/** A seat with these games (numbers only matter here). */
function seat(setNumber: number, tableNumber: number, games: number[] = []): Seat {
  return {
    setNumber,
    tableNumber,
    homePairNumber: tableNumber,
    awayPairNumber: tableNumber,
    homePoints: null,
    awayPoints: null,
    source: games.length ? 'GAMES' : 'TOTALS',
    games: games.map((gameNumber) => ({ gameNumber, winner: 'HOME', kind: 'WON', points: 2, penaltyRule: null })),
    enteredBySide: 'HOME',
    enteredAt: null,
    signedBySide: null,
    signedAt: null,
    refusedBySide: null,
    refusedAt: null,
    refusalComment: null,
    decidedAt: null,
    decisionReason: null,
  } as unknown as Seat;
}

const none = { changed: false, seatsWritten: new Set<string>(), gamesWritten: new Set<string>() };

describe('ownAfter: the fingerprint a table write leaves', () => {
  const before = '100|1.1:101[1:101,2:101];1.2:102;2.1:103[1:104]';

  it('keeps every version when nothing was written', () => {
    expect(ownAfter(before, [seat(1, 1, [1, 2]), seat(1, 2), seat(2, 1, [1])], none, '900')).toBe(before);
  });

  it('gives a new set and its games, and the match row, this transaction’s id, in the load’s order', () => {
    const stored = { changed: true, seatsWritten: new Set([seatKey(1, 3)]), gamesWritten: new Set([seatKey(1, 3)]) };
    // The seats in any order: the fingerprint is ordered by set, then table (and games by number).
    const seats = [seat(2, 1, [1]), seat(1, 3, [2, 1]), seat(1, 1, [1, 2]), seat(1, 2)];
    expect(ownAfter(before, seats, stored, '900')).toBe('900|1.1:101[1:101,2:101];1.2:102;1.3:900[1:900,2:900];2.1:103[1:104]');
  });

  it('a signed set: its own row is new, its games keep their versions', () => {
    const stored = { changed: true, seatsWritten: new Set([seatKey(1, 1)]), gamesWritten: new Set<string>() };
    expect(ownAfter(before, [seat(1, 1, [1, 2]), seat(1, 2), seat(2, 1, [1])], stored, '900')).toBe('900|1.1:900[1:101,2:101];1.2:102;2.1:103[1:104]');
  });

  it('games written without the set’s own columns: every game of the set is new, a number no longer there is gone', () => {
    const stored = { changed: true, seatsWritten: new Set<string>(), gamesWritten: new Set([seatKey(1, 1)]) };
    expect(ownAfter(before, [seat(1, 1, [1]), seat(1, 2), seat(2, 1, [1])], stored, '900')).toBe('900|1.1:101[1:900];1.2:102;2.1:103[1:104]');
    // All games cleared (an entry of totals): no brackets, as the load's text has none.
    expect(ownAfter(before, [seat(1, 1), seat(1, 2), seat(2, 1, [1])], stored, '900')).toBe('900|1.1:101;1.2:102;2.1:103[1:104]');
  });

  it('a removed set is gone', () => {
    const stored = { changed: true, seatsWritten: new Set<string>(), gamesWritten: new Set<string>() };
    expect(ownAfter(before, [seat(1, 1, [1, 2]), seat(2, 1, [1])], stored, '900')).toBe('900|1.1:101[1:101,2:101];2.1:103[1:104]');
  });

  it('a match without sets, and the first set entered', () => {
    expect(ownAfter('77|', [], none, '900')).toBe('77|');
    const stored = { changed: true, seatsWritten: new Set([seatKey(1, 1)]), gamesWritten: new Set([seatKey(1, 1)]) };
    expect(ownAfter('77|', [seat(1, 1, [1, 2, 3, 4])], stored, '900')).toBe('900|1.1:900[1:900,2:900,3:900,4:900]');
  });

  it('keeps nothing it cannot read: a fingerprint of another form, a seat it did not write and does not know', () => {
    expect(ownAfter('garbage', [], none, '900')).toBeNull();
    expect(ownAfter('1|x', [], none, '900')).toBeNull();
    expect(ownAfter(before, [seat(3, 1)], none, '900')).toBeNull();
  });
});

describe('the kept rows', () => {
  const row = (version: number) => ({ id: 'm', version, sets: [{ setNumber: 1, updatedAt: new Date('2026-11-29T20:00:00Z') }] }) as unknown as MatchRow;
  const fingerprint = { own: '1|', ref: 'r' };

  it('keeps a row per match, the least recently kept going first when full', () => {
    const cache = new MatchRowCache();
    for (let i = 0; i < 65; i++) cache.keep(`m${i}`, { fingerprint, row: row(i) });
    expect(cache.get('m0')).toBeNull();
    expect(cache.get('m64')?.row.version).toBe(64);
    cache.forget('m64');
    expect(cache.get('m64')).toBeNull();
  });

  it('marks a match whose kept row was not current until a write finds it current again; a bounded number of them', () => {
    const cache = new MatchRowCache();
    expect(cache.isContended('m1')).toBe(false);
    cache.found('m1', false);
    cache.found('m1', false);
    expect(cache.isContended('m1')).toBe(true);
    cache.found('m1', true);
    expect(cache.isContended('m1')).toBe(false);
    for (let i = 0; i < 65; i++) cache.found(`m${i}`, false);
    expect(cache.isContended('m0')).toBe(false);
    expect(cache.isContended('m64')).toBe(true);
  });

  it('compares a kept row with a load, naming the first difference', () => {
    expect(() => assertSameRow(row(3), row(3))).not.toThrow();
    expect(() => assertSameRow(row(3), row(4))).toThrow(/\.version: bewaard 3, geladen 4/);
  });
});
