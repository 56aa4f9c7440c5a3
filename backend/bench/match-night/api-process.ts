/**
 * The API of the match-night bench runs in its own process (the built backend/src/main.js),
 * so that the 480 simulated clients do not share its event loop and its memory is its own.
 * api-probe.js is preloaded to report memory and event-loop delay; /proc gives its peak RSS
 * and CPU time. With API_PROCESSES > 1 it is a node:cluster: the probe reports every worker
 * too (through the primary), and the peak RSS and CPU time are those of the primary and all
 * its workers together. Its database connections carry application_name=tsbn-bench-api (Prisma's pool)
 * and tsbn-jobs (pg-boss's).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { ProbeSample } from './api-probe';

export const API_APPLICATION_NAME = 'tsbn-bench-api';
/** The reminder schedule's connections (pg-boss in the same API process; reminder-scheduler.ts). */
export const JOBS_APPLICATION_NAME = 'tsbn-jobs';

export interface ApiProcess {
  baseUrl: string;
  pid: number;
  /** Every process's samples (the primary's and, with a cluster, the workers'), told apart by pid. */
  samples: ProbeSample[];
  /** Peak resident set size so far (VmHWM), MB, summed over the API's processes. */
  peakRssMb(): number | null;
  /** CPU seconds (user + system) used so far by the API's processes (a worker that ended no longer counts). */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function withApplicationName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  return url.toString();
}

/** `spawned`: told the API's pid as soon as it is spawned (the memory-limit run moves it into its cgroup there, before it forks any cluster worker). */
export async function startApiProcess(databaseUrl: string, env: Record<string, string> = {}, spawned?: (pid: number) => void): Promise<ApiProcess> {
  const port = Number(process.env.BENCH_MATCH_NIGHT_API_PORT ?? 0) || (await freePort());
  const main = path.join(__dirname, '..', '..', 'src', 'main.js');
  const probe = path.join(__dirname, 'api-probe.js');
  // BENCH_API_CPU_PROF=<folder>: the API writes a V8 CPU profile there when it stops (to see where a write's time goes).
  const profile = process.env.BENCH_API_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_CPU_PROF}`] : [];
  // With the Node.js flags `npm start` gives the API (scripts/start.mjs); BENCH_API_NODE_FLAGS, when set, instead (e.g. "" for Node's defaults).
  const flags = process.env.BENCH_API_NODE_FLAGS === undefined ? (JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', '..', 'scripts', 'lib', 'api-node-flags.json'), 'utf8')) as string[]) : process.env.BENCH_API_NODE_FLAGS.split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...profile, ...flags, '--require', probe, main], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: withApplicationName(databaseUrl, API_APPLICATION_NAME),
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      // As `npm start` runs it: with the reminder schedule (pg-boss, its own connections as tsbn-jobs).
      SCHEDULED_JOBS: process.env.SCHEDULED_JOBS ?? 'on',
      ...env,
    },
  });
  spawned?.(child.pid!);
  const samples: ProbeSample[] = [];
  child.on('message', (m) => samples.push(m as ProbeSample));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bench's API stopped at start (exit ${child.exitCode})`);
    try {
      const res = await fetch(`${baseUrl}/api/health/live`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the bench API did not answer within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  /** /proc/<pid>/stat's fields after the command (field 3, the state, is [0]), or null when the process is gone. */
  const stat = (pid: number | string): string[] | null => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    } catch {
      return null;
    }
  };
  /** The API's processes: the one spawned and (a cluster) its workers, its children. */
  const processes = (): number[] => {
    const pids = [child.pid!];
    for (const entry of readdirSync('/proc')) if (/^\d+$/.test(entry) && Number(stat(entry)?.[1]) === child.pid) pids.push(Number(entry));
    return pids;
  };
  const status = (pid: number, field: string): number | null => {
    try {
      const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return m ? Math.round(Number(m[1]) / 1024) : null;
    } catch {
      return null;
    }
  };
  // A process that ended between the listing and the reading counts nothing.
  const sum = (values: (number | null)[]): number | null => {
    const known = values.filter((v): v is number => v !== null);
    return known.length ? known.reduce((a, b) => a + b, 0) : null;
  };
  return {
    baseUrl,
    pid: child.pid!,
    samples,
    peakRssMb: () => sum(processes().map((pid) => status(pid, 'VmHWM'))),
    cpuSeconds: () =>
      sum(
        processes().map((pid) => {
          // /proc/<pid>/stat: fields 14 and 15 (utime, stime) in clock ticks (100 per second on Linux).
          const fields = stat(pid);
          return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : null;
        }),
      ),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
