import { assertSameRow, MatchRowCache, ownAfter } from './match-row-cache';
import type { MatchRow } from './match-row';

describe('ownAfter: the fingerprint a table write leaves', () => {
  it('a write that changed anything gave the match row its transaction’s id (the sets’ and games’ changes touch it too)', () => {
    expect(ownAfter('101', { changed: true }, '900')).toBe('900');
  });

  it('a write that changed nothing leaves the version the match had', () => {
    expect(ownAfter('101', { changed: false }, '900')).toBe('101');
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
