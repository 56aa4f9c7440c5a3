// `npm run bench`: speed figures, a record per scenario (its figures, commit, machine and load:
// backend/bench/records.ts) written to bench-results/latest.json; `--record` also puts them
// in bench-results/recorded.json, each in place of that scenario's record there.
// Fresh embedded PostgreSQL (.data/pg-bench) unless DATABASE_URL is set (then that
// database is wiped). Builds the API and the bench cases with swc into
// backend/.bench-build, builds and starts the dashboard on BENCH_PORT (3600) for the
// page measurements, and runs backend/bench/run.ts (its arguments: the cases to run,
// `--processes N`, `--memory-limit 1G`, `--record`).
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compileBackend, dashboardServer, frontendDir, nextBin } from './lib/build.mjs';
import { ensureDatabase, resetSchema } from './lib/database.mjs';
import { loadEnv, root } from './lib/env.mjs';
import { migrateDeploy } from './lib/prisma.mjs';

loadEnv();
const out = path.join(root, 'backend', '.bench-build');
if (!compileBackend(['src', 'bench', 'test'], '.bench-build')) process.exit(1);

// `--memory-limit 1G` (or BENCH_MEMORY_LIMIT): PostgreSQL and the dashboard are started inside a
// cgroup with that limit, and the runner moves the API in when it spawns it; the runner itself
// (the phones and spectators) stays outside (backend/bench/match-night/memory-cgroup.ts). A
// process moved into a cgroup leaves the memory it has outside, so they must be born inside.
const args = process.argv.slice(2);
const memoryLimit = args.includes('--memory-limit') ? args[args.indexOf('--memory-limit') + 1] : process.env.BENCH_MEMORY_LIMIT;
let cgroup = null;
if (memoryLimit) {
  const { MemoryCgroup, parseMemorySize } = createRequire(import.meta.url)(path.join(out, 'bench', 'match-night', 'memory-cgroup.js'));
  try {
    cgroup = MemoryCgroup.create('tsbn-bench', parseMemorySize(memoryLimit));
  } catch (error) {
    console.error(`[bench] ${error.message}`);
    rmSync(out, { recursive: true, force: true });
    process.exit(1);
  }
}
/** Runs `start` with this process in the cgroup, so what it starts is born there; then steps out (what this process allocated meanwhile stays counted there). */
async function insideLimit(start) {
  if (!cgroup) return start();
  cgroup.add([process.pid]);
  try {
    return await start();
  } finally {
    cgroup.leave([process.pid]);
  }
}

const webPort = Number(process.env.BENCH_PORT ?? 3600);
const db = await insideLimit(() => ensureDatabase('bench'));
let web;
let code = 1;
try {
  await resetSchema(db.url);
  await migrateDeploy(db.url);
  const apiPort = webPort + 1;
  const env = { ...process.env, DATABASE_URL: db.url, NODE_ENV: 'production', API_URL: `http://127.0.0.1:${apiPort}`, API_PORT: String(apiPort), NEXT_DIST_DIR: '.next-bench', NEXT_TELEMETRY_DISABLED: '1' };
  // The dashboard, for the page figures: it proxies to an API the bench starts on apiPort.
  if (spawnSync(process.execPath, [nextBin, 'build'], { cwd: frontendDir, stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0) {
    web = await insideLimit(() => spawn(process.execPath, [dashboardServer], { cwd: frontendDir, stdio: ['ignore', 'ignore', 'inherit'], env: { ...env, PORT: String(webPort), HOST: '127.0.0.1' } }));
    env.BENCH_WEB_URL = `http://127.0.0.1:${webPort}`;
    // The match night counts the dashboard's memory as part of the system (match-night/system-memory.ts).
    env.BENCH_WEB_PID = String(web.pid);
  } else {
    console.error('[bench] dashboard niet gebouwd; paginametingen overgeslagen');
  }
  if (cgroup) env.BENCH_MEMORY_CGROUP = JSON.stringify(cgroup);
  // BENCH_CLIENTS_CPU_PROF=<dir>: a CPU profile of the bench's own process (the match night's clients).
  const profile = process.env.BENCH_CLIENTS_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CLIENTS_CPU_PROF}`] : [];
  const runner = spawn(process.execPath, ['--expose-gc', ...profile, path.join(out, 'bench', 'run.js'), ...args], { cwd: root, stdio: 'inherit', env });
  code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
} finally {
  web?.kill('SIGTERM');
  if (web && web.exitCode === null) await new Promise((r) => web.once('exit', r));
  await db.stop();
  cgroup?.release();
  rmSync(out, { recursive: true, force: true });
}
process.exit(code);
