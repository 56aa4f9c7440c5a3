import { cgroupMounts, keyedValue, ownCgroups, parseMemorySize, planCgroup } from './memory-cgroup';

describe('parseMemorySize', () => {
  test.each([
    ['1G', 2 ** 30],
    ['1g', 2 ** 30],
    ['1GiB', 2 ** 30],
    ['1GB', 2 ** 30],
    ['768M', 768 * 2 ** 20],
    ['1.5G', 1.5 * 2 ** 30],
    ['1073741824', 2 ** 30],
  ])('%s → %d bytes', (text, bytes) => {
    expect(parseMemorySize(text)).toBe(bytes);
  });

  test.each(['', 'lots', '1T', '-1G', '32M'])('"%s" is refused', (text) => {
    expect(() => parseMemorySize(text)).toThrow();
  });
});

// The shapes of this machine's files (cgroup v1 memory hierarchy beside an empty v2) and of a systemd machine (v2 only).
const V1_MOUNTINFO = [
  '35 25 0:30 / /sys/fs/cgroup/cpu rw,relatime shared:14 - cgroup cgroup rw,cpu',
  '36 25 0:31 / /sys/fs/cgroup/memory rw,relatime shared:15 - cgroup cgroup rw,memory',
  '42 25 0:37 / /sys/fs/cgroup/unified rw,relatime shared:21 - cgroup2 cgroup2 rw',
].join('\n');
const V1_SELF = '5:devices:/\n4:memory:/process_api/b0b0\n3:cpuset:/\n1:cpu,cpuacct:/\n0::/\n';
const V2_MOUNTINFO = '30 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot';
const V2_SELF = '0::/user.slice/user-0.slice/session-1.scope\n';

describe('where the cgroup goes', () => {
  test('mounts and own cgroups are read from /proc', () => {
    expect(cgroupMounts(V1_MOUNTINFO)).toEqual({ v2: '/sys/fs/cgroup/unified', v1Memory: '/sys/fs/cgroup/memory' });
    expect(ownCgroups(V1_SELF)).toEqual({ v2: '/', v1Memory: '/process_api/b0b0' });
    expect(cgroupMounts(V2_MOUNTINFO)).toEqual({ v2: '/sys/fs/cgroup', v1Memory: null });
    expect(ownCgroups(V2_SELF)).toEqual({ v2: '/user.slice/user-0.slice/session-1.scope', v1Memory: null });
  });

  test.each([
    // cgroup v2 with the memory controller: at the top, beside the bench's own
    ['v2 with memory, root', 0, V2_MOUNTINFO, V2_SELF, 'cpu io memory pids', { version: 2, dir: '/sys/fs/cgroup/tsbn-bench', home: '/sys/fs/cgroup/user.slice/user-0.slice/session-1.scope', subtreeControl: '/sys/fs/cgroup/cgroup.subtree_control' }],
    // v2 without memory (this machine's unified hierarchy), v1 memory mounted: a child of the bench's own v1 cgroup
    ['v1 memory beside an empty v2', 0, V1_MOUNTINFO, V1_SELF, '', { version: 1, dir: '/sys/fs/cgroup/memory/process_api/b0b0/tsbn-bench', home: '/sys/fs/cgroup/memory/process_api/b0b0' }],
    ['v1 memory, bench at its root', 0, V1_MOUNTINFO, '4:memory:/\n0::/', '', { version: 1, dir: '/sys/fs/cgroup/memory/tsbn-bench', home: '/sys/fs/cgroup/memory' }],
    ['not root', 1000, V2_MOUNTINFO, V2_SELF, 'memory', { problem: 'only root can create a cgroup and set its memory limit (this is uid 1000)' }],
    ['v2 without memory and no v1', 0, V2_MOUNTINFO, V2_SELF, 'cpu pids', { problem: 'no cgroup memory controller to use: cgroup v2 at /sys/fs/cgroup offers the controllers "cpu pids", without memory, and no cgroup v1 memory hierarchy is mounted' }],
  ])('%s', (_case, uid, mountinfo, self, v2Controllers, plan) => {
    expect(planCgroup({ uid, mounts: cgroupMounts(mountinfo), own: ownCgroups(self), v2Controllers }, 'tsbn-bench')).toEqual(plan);
  });
});

test.each([
  ['oom_kill_disable 0\nunder_oom 0\noom_kill 2\n', 'oom_kill', 2],
  ['low 0\nhigh 0\nmax 17\noom 1\noom_kill 1\noom_group_kill 0\n', 'max', 17],
  ['low 0\nhigh 0\nmax 17\noom 1\noom_kill 1\noom_group_kill 0\n', 'oom_kill', 1],
  ['oom_kill_disable 0\nunder_oom 0\n', 'oom_kill', null],
])('keyedValue(%j, %s) = %s', (text, key, value) => {
  expect(keyedValue(text, key)).toBe(value);
});
