/**
 * The memory of the system under test during the match-night bench (issue 44: it fits a
 * 1 GB server): the API (with --processes N all its processes), PostgreSQL (the postmaster
 * and every backend and worker it started) and the dashboard (frontend/server.mjs, which
 * scripts/bench.mjs starts and names in BENCH_WEB_PID). Not the bench's own process (the
 * simulated phones and spectators, and the in-process API that seeds the data).
 *
 * Every sample reads /proc/<pid>/smaps_rollup of each process of each part: Pss (the pages a
 * process shares counted in parts, so PostgreSQL's shared buffers and the node binary count
 * once over all the processes that map them: the sum over processes is the memory they take
 * together) and Rss (shared pages counted in every process: over PostgreSQL's backends an
 * overcount). Per part its peak, and the peak of the three together at one sample.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

export type SystemPart = 'api' | 'postgres' | 'dashboard';
export const SYSTEM_PARTS: readonly SystemPart[] = ['api', 'postgres', 'dashboard'];

/** kB, as /proc gives them. */
export interface MemoryReading {
  pss: number;
  rss: number;
}

/** Pss and Rss (kB) of a /proc/<pid>/smaps_rollup text; null when either is missing. */
export function parseSmapsRollup(text: string): MemoryReading | null {
  const field = (name: string) => {
    const m = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
    return m ? Number(m[1]) : null;
  };
  const pss = field('Pss');
  const rss = field('Rss');
  return pss === null || rss === null ? null : { pss, rss };
}

/** The parent pid in a /proc/<pid>/stat text (its 4th field; the command in parentheses may hold spaces). */
export function parentOf(stat: string): number {
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** `root` and all its descendants, by a map of every process's parent. */
export function processTree(root: number, parents: ReadonlyMap<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, parent] of parents) children.set(parent, [...(children.get(parent) ?? []), pid]);
  const tree: number[] = [];
  const queue = parents.has(root) ? [root] : [];
  while (queue.length) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Every process's parent now (/proc/<pid>/stat). */
export function parentsNow(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(Number(entry), parentOf(readFileSync(`/proc/${entry}/stat`, 'utf8')));
    } catch {
      /* ended meanwhile */
    }
  }
  return parents;
}

/** The parent of a process (the postmaster of a PostgreSQL backend), or null when it cannot be read here (a database on another machine). */
export function parentPid(pid: number): number | null {
  try {
    return parentOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

async function readMemory(pid: number): Promise<MemoryReading | null> {
  try {
    return parseSmapsRollup(await readFile(`/proc/${pid}/smaps_rollup`, 'utf8'));
  } catch {
    return null; // ended meanwhile
  }
}

interface Peak {
  pss: number;
  rss: number;
  processes: number;
}

/**
 * Samples the parts every `everyMs` (async reads: the clients' event loop is not held up) from
 * start() to stop(). Each part is a root process (undefined: not running, not measured) and
 * everything it started.
 */
export class SystemMemory {
  private readonly peaks = new Map<SystemPart, Peak>(SYSTEM_PARTS.map((p) => [p, { pss: 0, rss: 0, processes: 0 }]));
  private readonly systemPeak = { pss: 0, rss: 0 };
  private samples = 0;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly roots: Record<SystemPart, () => number | null | undefined>,
    readonly everyMs = 500,
  ) {}

  start(): void {
    const tick = () => {
      this.running ??= this.sample().finally(() => (this.running = undefined));
    };
    tick();
    this.timer = setInterval(tick, this.everyMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async sample(): Promise<void> {
    const parents = parentsNow();
    const now = { pss: 0, rss: 0 };
    for (const part of SYSTEM_PARTS) {
      const root = this.roots[part]();
      if (!root) continue;
      const readings = (await Promise.all(processTree(root, parents).map(readMemory))).filter((r): r is MemoryReading => r !== null);
      const sum = readings.reduce((a, r) => ({ pss: a.pss + r.pss, rss: a.rss + r.rss }), { pss: 0, rss: 0 });
      const peak = this.peaks.get(part)!;
      peak.pss = Math.max(peak.pss, sum.pss);
      peak.rss = Math.max(peak.rss, sum.rss);
      peak.processes = Math.max(peak.processes, readings.length);
      now.pss += sum.pss;
      now.rss += sum.rss;
    }
    this.systemPeak.pss = Math.max(this.systemPeak.pss, now.pss);
    this.systemPeak.rss = Math.max(this.systemPeak.rss, now.rss);
    this.samples += 1;
  }

  /** The figures (MB): each part's peak, the sum of those peaks and the peak of the sum at one sample, Pss and Rss. */
  figures(): Record<string, number | string> {
    const mb = (kb: number) => Math.round(kb / 1024);
    const figures: Record<string, number | string> = {};
    let sumOfPssPeaks = 0;
    for (const part of SYSTEM_PARTS) {
      const peak = this.peaks.get(part)!;
      const measured = peak.processes > 0;
      figures[`memory_${part}PssPeakMb`] = measured ? mb(peak.pss) : 'not measured';
      sumOfPssPeaks += peak.pss;
    }
    figures.memory_sumOfPssPeaksMb = mb(sumOfPssPeaks);
    figures.memory_systemPssPeakMb = mb(this.systemPeak.pss);
    for (const part of SYSTEM_PARTS) {
      const peak = this.peaks.get(part)!;
      figures[`memory_${part}RssPeakMb`] = peak.processes > 0 ? mb(peak.rss) : 'not measured';
    }
    figures.memory_systemRssPeakMb = mb(this.systemPeak.rss);
    for (const part of SYSTEM_PARTS) figures[`memory_${part}ProcessesMax`] = this.peaks.get(part)!.processes;
    figures.memory_samples = this.samples;
    figures.memory_sampleEveryMs = this.everyMs;
    return figures;
  }
}
