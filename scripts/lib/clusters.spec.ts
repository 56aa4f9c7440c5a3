import { clusterDir, DATA_DIRS, postgresFlags } from './clusters.mjs';

describe('postgresFlags', () => {
  test.each([
    // npm start's data (.data/pg) survives a crash or power cut: PostgreSQL's default fsync=on
    ['dev', false],
    // throw-away clusters trade durability for speed
    ['test', true],
    ['e2e', true],
    ['bench', true],
    ['outage', true],
  ])('%s: fsync off → %s', (kind, fsyncOff) => {
    const flags = postgresFlags(kind as keyof typeof DATA_DIRS);
    expect(flags.includes('fsync=off')).toBe(fsyncOff);
    expect(flags).toContain('max_connections=200');
    // Only the bench's cluster counts its statements' cost.
    expect(flags.includes('shared_preload_libraries=pg_stat_statements')).toBe(kind === 'bench');
  });

  it('the development cluster keeps its data in .data/pg', () => {
    expect(DATA_DIRS.dev).toBe('pg');
  });
});

describe('clusterDir', () => {
  test.each([
    ['npm start, nothing set: .data/pg', 'dev', {}, '/repo/.data/pg'],
    ['npm start, EMBEDDED_PG_DIR relative to the checkout', 'dev', { EMBEDDED_PG_DIR: '.data/pg-start-test' }, '/repo/.data/pg-start-test'],
    ['npm start, EMBEDDED_PG_DIR absolute', 'dev', { EMBEDDED_PG_DIR: '/srv/tsbn-pg' }, '/srv/tsbn-pg'],
    ['npm test keeps its own folder whatever EMBEDDED_PG_DIR says', 'test', { EMBEDDED_PG_DIR: '/srv/tsbn-pg' }, '/repo/.data/pg-test'],
  ])('%s', (_case, kind, env, dir) => {
    expect(clusterDir('/repo', kind as keyof typeof DATA_DIRS, env)).toBe(dir);
  });
});
