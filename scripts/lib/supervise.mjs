// Keeps a child process running for `npm start`: when it dies (a crash, kill -9, out of memory)
// it is started again after a pause that doubles with every quick failure (1 s … 30 s), with one
// log line each time. Stopping ends it and any restart that was waiting.
import { spawn } from 'node:child_process';

/** A child that stays up this long counts as healthy again: the next failure waits 1 s. */
const HEALTHY_AFTER_MS = 60_000;
/** How long a stopping child may take before it is killed. */
const STOP_GRACE_MS = 10_000;

/** The pause before restart number `attempt` (1, 2, …): 1 s, 2 s, 4 s, … at most 30 s. */
export function restartDelayMs(attempt) {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 30_000);
}

/** How a child ended, in Dutch: "code 1" or "signaal SIGKILL". */
export function howItEnded(code, signal) {
  return signal ? `signaal ${signal}` : `code ${code}`;
}

/**
 * @param {string} name what the log calls it ("API", "Dashboard")
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} options
 * @param {{ log: (message: string) => void, finalCodes?: number[], onFinal?: (code: number) => void }} behaviour
 *   finalCodes: exit codes that mean "do not try again" (e.g. 78: the configuration is wrong);
 *   onFinal is then called with the code.
 */
export function supervise(name, command, args, options, { log, finalCodes = [], onFinal = () => {} }) {
  let child = null;
  let timer = null;
  let stopped = false;
  let attempts = 0;
  let startedAt = 0;

  const start = () => {
    timer = null;
    if (stopped) return;
    startedAt = Date.now();
    child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child.once('error', (error) => log(`${name} kon niet starten: ${error.message}`));
    child.once('exit', (code, signal) => {
      child = null;
      if (stopped) return;
      if (code !== null && finalCodes.includes(code)) {
        onFinal(code);
        return;
      }
      attempts = Date.now() - startedAt >= HEALTHY_AFTER_MS ? 1 : attempts + 1;
      const delay = restartDelayMs(attempts);
      log(`${name} is onverwacht gestopt (${howItEnded(code, signal)}); opnieuw starten over ${Math.round(delay / 1000)} s (poging ${attempts}) …`);
      timer = setTimeout(start, delay);
    });
  };
  start();

  return {
    /** Stops the child (SIGTERM, SIGKILL after 10 s) and any pending restart. */
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise((resolve) => {
        const kill = setTimeout(() => running.kill('SIGKILL'), STOP_GRACE_MS);
        running.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        running.kill('SIGTERM');
      });
    },
    pid: () => child?.pid,
  };
}
