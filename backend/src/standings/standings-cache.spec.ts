import { StandingsCache, view } from './standings-cache';
import type { DivisionStandingsData } from './standings-data';

const data = (divisionId: string) => ({ divisionId }) as unknown as DivisionStandingsData;

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('StandingsCache', () => {
  it('lets requests that arrive during a fingerprint read share it, and reads afresh afterwards', async () => {
    const cache = new StandingsCache();
    const pending = deferred<string>();
    const read = jest.fn(() => pending.promise);
    const first = cache.fingerprint('d1', read);
    const second = cache.fingerprint('d1', read);
    pending.resolve('f1');
    expect(await Promise.all([first, second])).toEqual(['f1', 'f1']);
    expect(read).toHaveBeenCalledTimes(1);
    await cache.fingerprint('d1', async () => 'f2');
    expect(await cache.fingerprint('d1', async () => 'f3')).toBe('f3');
  });

  it('does not share a read with a request that comes after a change made here', async () => {
    const cache = new StandingsCache();
    const slow = deferred<string>();
    const before = cache.fingerprint('d1', () => slow.promise);
    cache.forget('d1');
    expect(await cache.fingerprint('d1', async () => 'after')).toBe('after');
    slow.resolve('before');
    expect(await before).toBe('before');
  });

  it('loads once per fingerprint: cached while it holds, reloaded (once) when it changes', async () => {
    const cache = new StandingsCache();
    const load = jest.fn(async () => data('d1'));
    const a = await cache.get('d1', 'f1', load);
    expect(await cache.get('d1', 'f1', load)).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
    const [b, c] = await Promise.all([cache.get('d1', 'f2', load), cache.get('d1', 'f2', load)]);
    expect(b).toBe(c);
    expect(b).not.toBe(a);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('computes a view once per entry', async () => {
    const cache = new StandingsCache();
    const entry = await cache.get('d1', 'f1', async () => data('d1'));
    const compute = jest.fn(() => ({ rows: [] }));
    expect(view(entry, 'standings:', compute)).toBe(view(entry, 'standings:', compute));
    expect(compute).toHaveBeenCalledTimes(1);
  });
});
