/**
 * `npm run bench -- match-night --memory-limit 1G` (or BENCH_MEMORY_LIMIT=1G): the night with
 * the system under test (PostgreSQL, the API, the dashboard) inside one cgroup with a memory
 * limit, as on a server with that much memory. Run as root. Where the machine has it, cgroup v2
 * (/sys/fs/cgroup/tsbn-bench: memory.max, memory.peak, memory.events); otherwise the cgroup v1
 * memory hierarchy, in a child of the bench's own cgroup (memory.limit_in_bytes,
 * memory.max_usage_in_bytes, memory.oom_control). A process written to cgroup.procs takes the
 * processes it starts later with it (PostgreSQL's new backends, the API's cluster workers), but
 * not the memory it already has: v2 never moves it, and v1 no longer does (6.x kernels refuse
 * memory.move_charge_at_immigrate). So scripts/bench.mjs makes the cgroup and starts PostgreSQL
 * and the dashboard inside it (it steps in for their start and out again: the runner, the phones'
 * and spectators' process, stays outside), and the runner moves the API in the moment it is
 * spawned. Run alone (without scripts/bench.mjs) the runner makes the cgroup itself and moves
 * PostgreSQL and the dashboard in when the night starts: what they held before stays outside.
 *
 * The cgroup counts what the kernel charges to it: the processes' own memory and the page cache
 * they fill (data files, WAL, the dashboard's build), which the kernel takes back when the
 * limit is reached, so its peak is near the limit whenever files were written; whether the
 * night fits shows in its errors and the OOM kills, not in that peak.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** '1G', '1GiB', '768M', '1073741824' → bytes (K/M/G are 1024-based, as cgroups read them). */
export function parseMemorySize(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmg]?)(?:i?b)?\s*$/i.exec(text);
  if (!m) throw new Error(`memory limit "${text}" is not a size (e.g. 1G, 768M)`);
  const unit = { '': 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30 }[m[2].toLowerCase() as '' | 'k' | 'm' | 'g'];
  const bytes = Math.round(Number(m[1]) * unit);
  if (bytes < 64 * 2 ** 20) throw new Error(`memory limit "${text}" is below 64 MB: nothing of the system starts in that`);
  return bytes;
}

/** Where the cgroup file systems are mounted (/proc/self/mountinfo): the v2 one, and the v1 hierarchy of the memory controller. */
export function cgroupMounts(mountinfo: string): { v2: string | null; v1Memory: string | null } {
  let v2: string | null = null;
  let v1Memory: string | null = null;
  for (const line of mountinfo.split('\n')) {
    const [before, after] = line.split(' - ');
    if (!after) continue;
    const mountPoint = before.split(' ')[4];
    const [type, , superOptions = ''] = after.split(' ');
    if (type === 'cgroup2') v2 ??= mountPoint;
    if (type === 'cgroup' && superOptions.split(',').includes('memory')) v1Memory ??= mountPoint;
  }
  return { v2, v1Memory };
}

/** This process's cgroups (/proc/self/cgroup): its v2 path ("0::/…") and its path in the v1 memory hierarchy ("N:memory:/…"). */
export function ownCgroups(procSelfCgroup: string): { v2: string | null; v1Memory: string | null } {
  let v2: string | null = null;
  let v1Memory: string | null = null;
  for (const line of procSelfCgroup.split('\n')) {
    const m = /^(\d+):([^:]*):(.*)$/.exec(line.trim());
    if (!m) continue;
    if (m[1] === '0' && m[2] === '') v2 = m[3];
    if (m[2].split(',').includes('memory')) v1Memory = m[3];
  }
  return { v2, v1Memory };
}

export type CgroupPlan =
  /** v2: a cgroup at the top (the root's subtree_control must name memory; the root may have processes of its own, no other cgroup with a child may). */
  | { version: 2; dir: string; home: string; subtreeControl: string }
  /** v1: a child of the bench's own memory cgroup. */
  | { version: 1; dir: string; home: string }
  | { problem: string };

/** Where the bench's cgroup goes on this machine, or why it cannot have one. Pure: what the machine shows is passed in. */
export function planCgroup(
  machine: { uid: number; mounts: { v2: string | null; v1Memory: string | null }; own: { v2: string | null; v1Memory: string | null }; v2Controllers: string | null },
  name: string,
): CgroupPlan {
  if (machine.uid !== 0) return { problem: `only root can create a cgroup and set its memory limit (this is uid ${machine.uid})` };
  const { mounts, own } = machine;
  const join = (...parts: string[]) => path.posix.join(...parts).replace(/(.)\/$/, '$1');
  if (mounts.v2 && (machine.v2Controllers ?? '').split(/\s+/).includes('memory')) {
    return { version: 2, dir: join(mounts.v2, name), home: join(mounts.v2, own.v2 ?? '/'), subtreeControl: join(mounts.v2, 'cgroup.subtree_control') };
  }
  if (mounts.v1Memory && own.v1Memory !== null) {
    const home = join(mounts.v1Memory, own.v1Memory);
    return { version: 1, dir: join(home, name), home };
  }
  const v2 = mounts.v2 ? `cgroup v2 at ${mounts.v2} offers the controllers "${(machine.v2Controllers ?? '').trim()}", without memory` : 'no cgroup v2 is mounted';
  return { problem: `no cgroup memory controller to use: ${v2}, and no cgroup v1 memory hierarchy is mounted` };
}

/** The value of a "key value" line in a cgroup file (memory.events, memory.oom_control); null without it. */
export function keyedValue(text: string, key: string): number | null {
  const m = new RegExp(`^${key} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : null;
}

export interface CgroupFigures {
  /** Where it was: "v1 /sys/fs/cgroup/memory/…" or "v2 /sys/fs/cgroup/tsbn-bench". */
  where: string;
  limitMb: number;
  /** The most it held (memory.peak, memory.max_usage_in_bytes): processes and their page cache; null when the kernel does not say. */
  peakMb: number | null;
  /** Processes the kernel killed for want of memory in it. */
  oomKills: number | null;
  /** How often it reached the limit and the kernel had to take pages back (v2: memory.events max); null on v1. */
  limitReached: number | null;
}

export class MemoryCgroup {
  private constructor(
    private readonly plan: Extract<CgroupPlan, { version: 1 | 2 }>,
    private readonly limitBytes: number,
  ) {}

  /** Creates the cgroup with its limit; throws with the reason when this machine does not allow it. */
  static create(name: string, limitBytes: number): MemoryCgroup {
    const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null);
    const mounts = cgroupMounts(readFileSync('/proc/self/mountinfo', 'utf8'));
    const plan = planCgroup(
      {
        uid: process.getuid?.() ?? -1,
        mounts,
        own: ownCgroups(readFileSync('/proc/self/cgroup', 'utf8')),
        v2Controllers: mounts.v2 ? read(path.join(mounts.v2, 'cgroup.controllers')) : null,
      },
      name,
    );
    if ('problem' in plan) throw new Error(`--memory-limit: ${plan.problem}`);
    const cgroup = new MemoryCgroup(plan, limitBytes);
    try {
      if (existsSync(plan.dir)) rmdirSync(plan.dir); // an earlier run's, empty (else: still in use, and this throws)
      if (plan.version === 2 && !(read(plan.subtreeControl) ?? '').split(/\s+/).includes('memory')) writeFileSync(plan.subtreeControl, '+memory');
      mkdirSync(plan.dir);
      if (plan.version === 2) {
        writeFileSync(cgroup.file('memory.max'), String(limitBytes));
        // No swap either: the limit is the memory the system has.
        if (existsSync(cgroup.file('memory.swap.max'))) writeFileSync(cgroup.file('memory.swap.max'), '0');
      } else {
        writeFileSync(cgroup.file('memory.limit_in_bytes'), String(limitBytes));
        if (existsSync(cgroup.file('memory.memsw.limit_in_bytes'))) writeFileSync(cgroup.file('memory.memsw.limit_in_bytes'), String(limitBytes));
      }
    } catch (error) {
      throw new Error(`--memory-limit: cannot set up the cgroup ${plan.dir}: ${(error as Error).message}`);
    }
    return cgroup;
  }

  /** The cgroup as BENCH_MEMORY_CGROUP carries it from scripts/bench.mjs, which makes it, to the bench's runner. */
  toJSON(): { plan: Extract<CgroupPlan, { version: 1 | 2 }>; limitBytes: number } {
    return { plan: this.plan, limitBytes: this.limitBytes };
  }

  /** The cgroup that scripts/bench.mjs made (BENCH_MEMORY_CGROUP). */
  static attach(json: string): MemoryCgroup {
    const { plan, limitBytes } = JSON.parse(json) as ReturnType<MemoryCgroup['toJSON']>;
    return new MemoryCgroup(plan, limitBytes);
  }

  private file(name: string): string {
    return path.join(this.plan.dir, name);
  }

  /** Moves these processes back to where the bench runs (their memory so far stays counted in the cgroup). */
  leave(pids: readonly number[]): void {
    for (const pid of pids) writeFileSync(path.join(this.plan.home, 'cgroup.procs'), String(pid));
  }

  /** Moves these processes in (each one alone: its threads go with it, a process that ended is skipped). */
  add(pids: readonly number[]): void {
    for (const pid of pids) {
      try {
        writeFileSync(this.file('cgroup.procs'), String(pid));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
  }

  read(): CgroupFigures {
    const mb = (bytes: number | null) => (bytes === null ? null : Math.round(bytes / 2 ** 20));
    const number = (name: string) => (existsSync(this.file(name)) ? Number(readFileSync(this.file(name), 'utf8').trim()) : null);
    const text = (name: string) => (existsSync(this.file(name)) ? readFileSync(this.file(name), 'utf8') : '');
    if (this.plan.version === 2) {
      const events = text('memory.events');
      return { where: `v2 ${this.plan.dir}`, limitMb: mb(this.limitBytes)!, peakMb: mb(number('memory.peak')), oomKills: keyedValue(events, 'oom_kill'), limitReached: keyedValue(events, 'max') };
    }
    return {
      where: `v1 ${this.plan.dir}`,
      limitMb: mb(this.limitBytes)!,
      peakMb: mb(number('memory.max_usage_in_bytes')),
      oomKills: keyedValue(text('memory.oom_control'), 'oom_kill'),
      // memory.failcnt would say it, but stayed 0 on a 6.18 kernel even with an OOM kill.
      limitReached: null,
    };
  }

  /** Moves the processes still in it back where the bench runs, and removes it. */
  release(): void {
    try {
      const left = readFileSync(this.file('cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
      for (const pid of left) {
        try {
          writeFileSync(path.join(this.plan.home, 'cgroup.procs'), String(pid));
        } catch {
          /* ended meanwhile */
        }
      }
      rmdirSync(this.plan.dir);
    } catch (error) {
      console.error(`[bench] cgroup ${this.plan.dir} niet opgeruimd: ${(error as Error).message}`);
    }
  }
}
