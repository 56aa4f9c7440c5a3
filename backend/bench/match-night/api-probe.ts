/**
 * Preloaded (`node --require`) into the API process the match-night bench spawns, and only
 * there: every 250 ms it sends the process's memory and event-loop delay to the bench over
 * the IPC channel. Nothing in the API knows about it; without an IPC channel it does nothing.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProbeSample {
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
}
