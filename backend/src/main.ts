import cluster from 'node:cluster';
import { apiProcesses, CONFIGURATION_ERROR, reforkDelayMs } from './api-processes';
import { createApp } from './app.factory';
import { refuseNewerDatabase } from './backup/startup-check';

const STOP_MESSAGE = 'tsbn:stop';
const STOP_GRACE_MS = 20_000;

/** A worker stops as on SIGTERM when the primary asks, unless a signal already stops it. */
function stopOnRequest(): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // once: after Nest's shutdown it signals itself again, and then the default must apply.
    process.once(signal, () => {
      stopping = true;
    });
  }
  process.on('message', (message) => {
    if (message === STOP_MESSAGE && !stopping) process.kill(process.pid, 'SIGTERM');
  });
}

async function serve(): Promise<void> {
  if (cluster.isWorker) stopOnRequest();
  const app = await createApp({ logger: ['error', 'warn'] });
  const port = Number(process.env.API_PORT ?? 3001);
  await app.listen(port, process.env.API_HOST ?? '127.0.0.1');
  if (cluster.isWorker) console.log(`[tsbn] API-proces ${cluster.worker?.id} (pid ${process.pid}) luistert op poort ${port}`);
  else console.log(`[tsbn] API luistert op http://localhost:${port}/api (documentatie: /api/docs)`);
}

function supervise(processes: number): void {
  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (code === CONFIGURATION_ERROR) {
      // Starting again cannot help (e.g. a database newer than this code): stop, with that code.
      console.error(`[tsbn] API-proces ${worker.id} kan niet starten (code ${code}); alle API-processen stoppen.`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = code;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code);
      return;
    }
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    const delay = reforkDelayMs(quickDeaths - 1);
    console.error(`[tsbn] API-proces ${worker.id} (pid ${worker.process.pid}) is gestopt (${signal ?? `code ${code}`}); over ${Math.round(delay / 1000)} s start er een nieuw.`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });
  // Ctrl-C reaches the workers too (one process group): a second signal during their shutdown
  // would cut it short, so the primary asks them over IPC and a worker that is already
  // stopping ignores it. Whatever still runs after STOP_GRACE_MS is killed.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) {
      try {
        worker?.send(STOP_MESSAGE);
      } catch {
        worker?.process.kill('SIGTERM');
      }
    }
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`[tsbn] ${processes} API-processen (API_PROCESSES=${processes}) op poort ${process.env.API_PORT ?? 3001}`);
  for (let i = 0; i < processes; i++) fork();
}

function main(): void {
  const processes = apiProcesses(process.env.API_PROCESSES);
  if (processes > 1 && cluster.isPrimary) return supervise(processes);
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

// A database newer than the code is refused before anything starts (exit 78: restarting does not help).
if (require.main === module) void refuseNewerDatabase().then((refused) => refused || main());
