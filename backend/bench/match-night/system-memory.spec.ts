import { parentOf, parseSmapsRollup, processTree } from './system-memory';

test('smaps_rollup: Pss and Rss in kB', () => {
  const text = [
    '55d4c6a00000-7ffd3c5f1000 ---p 00000000 00:00 0                          [rollup]',
    'Rss:              314052 kB',
    'Pss:              272109 kB',
    'Pss_Dirty:        259224 kB',
    'Shared_Clean:      44120 kB',
    'Anonymous:        261480 kB',
  ].join('\n');
  expect(parseSmapsRollup(text)).toEqual({ pss: 272109, rss: 314052 });
  expect(parseSmapsRollup('Rss: 1 kB')).toBeNull();
});

test.each([
  ['7452 (postgres) S 7451 7451 7408 0 -1 4194560', 7451],
  // a command with spaces and a parenthesis in its name
  ['812 (node (main) x) R 1 812 812 0 -1', 1],
])('parentOf(%j) = %d', (stat, parent) => {
  expect(parentOf(stat)).toBe(parent);
});

describe('processTree', () => {
  // 1 ─ 100 (postmaster) ─ 101, 102 ─ 103;  1 ─ 200 (API) ─ 201;  300 alone
  const parents = new Map([
    [100, 1],
    [101, 100],
    [102, 100],
    [103, 102],
    [200, 1],
    [201, 200],
    [300, 1],
  ]);
  test.each([
    [100, [100, 101, 102, 103]],
    [200, [200, 201]],
    [300, [300]],
    // a root that ended: nothing
    [999, []],
  ])('%d → %j', (root, tree) => {
    expect(processTree(root, parents)).toEqual(tree);
  });
});
