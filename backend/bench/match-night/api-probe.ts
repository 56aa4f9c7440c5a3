/**
 * Preloaded (`node --require`) into the API process the match-night bench spawns, and only
 * there: every 250 ms it sends the process's memory and event-loop delay to the bench over
 * the IPC channel. With API_PROCESSES > 1 the cluster's workers inherit it (node:cluster
 * forks with the primary's execArgv): a worker sends its samples to the primary, which hands
 * them on to the bench, so the bench sees every process, told apart by pid. Nothing in the
 * API knows about it; without an IPC channel it does nothing.
 */
import cluster from 'node:cluster';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProbeSample {
  probe: true;
  /** The process measured: the API, or with a cluster its primary or one of its workers. */
  pid: number;
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Event-loop delay since the previous sample (ms). */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

if (process.send) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const timer = setInterval(() => {
    const memory = process.memoryUsage();
    const sample: ProbeSample = {
      probe: true,
      pid: process.pid,
      at: Date.now(),
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      arrayBuffers: memory.arrayBuffers,
      loopDelayP99Ms: delay.percentile(99) / 1e6,
      loopDelayMaxMs: delay.max / 1e6,
    };
    delay.reset();
    process.send?.(sample);
  }, 250);
  timer.unref();
  process.on('disconnect', () => clearInterval(timer));
  if (cluster.isPrimary) {
    cluster.on('message', (_worker, message: Partial<ProbeSample>) => {
      if (message?.probe === true) process.send?.(message);
    });
  }
}
