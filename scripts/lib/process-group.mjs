// Ctrl-C in a terminal signals every process of the foreground process group at once. For
// `npm start` that means PostgreSQL stops under the API (which then logs its connections cut)
// while the API is told twice. So start.mjs runs itself once more in a process group of its
// own, which a terminal's Ctrl-C does not reach: this process only passes a stop on, as one
// SIGTERM, and ends with the inner one's exit code.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const INNER = 'TSBN_OWN_PROCESS_GROUP';

/**
 * In the outer process: starts this script again (same Node.js flags and arguments) in a new
 * process group, passes SIGINT, SIGTERM and SIGHUP on to it as SIGTERM, and exits with its
 * code; never returns. In the inner process: returns at once, and makes a lost outer process
 * (killed with SIGKILL) a stop as on Ctrl-C.
 */
export async function runInOwnProcessGroup() {
  if (process.env[INNER] === '1') {
    delete process.env[INNER]; // not passed on to the API, the dashboard, the seed
    process.channel?.unref(); // the channel alone keeps nothing running
    process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
    return;
  }
  const inner = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    detached: true,
    // The IPC channel only tells the inner process when this one is gone.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [INNER]: '1' },
  });
  const passOn = () => inner.kill('SIGTERM');
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, passOn);
  const code = await new Promise((resolve) => {
    inner.once('error', (error) => {
      console.error(`[tsbn] ${error.message}`);
      resolve(1);
    });
    inner.once('exit', (exitCode, signal) => resolve(exitCode ?? 128 + (constants.signals[signal] ?? 0)));
  });
  process.exit(code);
}
