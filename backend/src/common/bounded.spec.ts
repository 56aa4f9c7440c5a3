import { makeRoomFor } from './bounded';

describe('makeRoomFor', () => {
  it('lets the oldest entry go when a new key would pass the bound', () => {
    const map = new Map([['a', 1], ['b', 2]]);
    makeRoomFor(map, 'c', 2);
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
  });

  it('keeps everything below the bound, or when the key is already in', () => {
    const map = new Map([['a', 1]]);
    makeRoomFor(map, 'b', 2);
    expect([...map.keys()]).toEqual(['a']);
    const set = new Set(['a', 'b']);
    makeRoomFor(set, 'a', 2);
    expect([...set]).toEqual(['a', 'b']);
  });

  it('works on a Set as on a Map', () => {
    const set = new Set(['a', 'b']);
    makeRoomFor(set, 'c', 2);
    set.add('c');
    expect([...set]).toEqual(['b', 'c']);
  });
});
