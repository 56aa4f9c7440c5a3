import { DEFAULT_POOL_SIZE, poolSizeOf } from './prisma.service';

describe('poolSizeOf: the connections of one API process', () => {
  it('takes DATABASE_POOL_SIZE as it is, whatever the number of processes', () => {
    expect(poolSizeOf({ DATABASE_POOL_SIZE: '7' })).toBe(7);
    expect(poolSizeOf({ DATABASE_POOL_SIZE: ' 30 ', API_PROCESSES: '4' })).toBe(30);
  });

  it('gives one process the whole default, and shares it among the processes of a cluster', () => {
    expect(poolSizeOf({})).toBe(DEFAULT_POOL_SIZE);
    expect(poolSizeOf({ API_PROCESSES: '1', DATABASE_POOL_SIZE: '' })).toBe(DEFAULT_POOL_SIZE);
    expect(poolSizeOf({ API_PROCESSES: '2' })).toBe(Math.ceil(DEFAULT_POOL_SIZE / 2));
    expect(poolSizeOf({ API_PROCESSES: '3' })).toBe(Math.ceil(DEFAULT_POOL_SIZE / 3));
  });

  it('never leaves a process fewer than 5 by default', () => {
    expect(poolSizeOf({ API_PROCESSES: '16' })).toBe(5);
  });

  it('refuses a pool size that is not a whole number of 1 or more, in Dutch', () => {
    for (const bad of ['0', '-3', '2.5', 'twintig']) expect(() => poolSizeOf({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE moet een geheel getal/);
  });
});
