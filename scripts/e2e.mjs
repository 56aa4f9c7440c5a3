// `npm run test:e2e`: browser tests. Starts the whole system on its own ports
// (API 3101, dashboard 3100) over a fresh database with the demo season, then
// drives Debian's Chromium with playwright-core through Jest (e2e/).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { buildBackend, dashboardServer, frontendDir, nextBuild } from './lib/build.mjs';
import { ensureDatabase, resetSchema } from './lib/database.mjs';
import { loadEnv, root } from './lib/env.mjs';
import { migrateDeploy } from './lib/prisma.mjs';
import { runJest } from './lib/jest-summary.mjs';

loadEnv();
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium niet gevonden op ${chromium}. Installeer het met: apt-get install -y chromium (of zet CHROMIUM_PATH).`);
  process.exit(1);
}
const apiPort = Number(process.env.E2E_API_PORT ?? 3101);
const webPort = Number(process.env.E2E_PORT ?? 3100);
const apiUrl = `http://127.0.0.1:${apiPort}`;
const children = [];

async function waitFor(url, seconds) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} antwoordde niet binnen ${seconds} s`);
}

/** Whether nothing listens on the port yet (a server left from another run would answer the tests instead of this run's). */
function portFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const mailPort = Number(process.env.E2E_MAIL_PORT ?? apiPort + 20000);
for (const [port, what] of [[apiPort, 'E2E_API_PORT'], [webPort, 'E2E_PORT'], [mailPort, 'E2E_MAIL_PORT']]) {
  if (!(await portFree(port))) {
    console.error(`Poort ${port} is al in gebruik (een andere testrun of een server die bleef staan?). Stop die, of kies een andere poort met ${what}.`);
    process.exit(1);
  }
}

if (!buildBackend()) process.exit(1);
const db = await ensureDatabase('e2e');
let code = 1;
try {
  await resetSchema(db.url);
  await migrateDeploy(db.url);
  const env = { ...process.env, DATABASE_URL: db.url, API_PORT: String(apiPort), API_URL: apiUrl, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next-e2e', NEXT_TELEMETRY_DISABLED: '1' };
  // Mail never leaves the test: the API's own mail catcher, on a port of this run (several
  // runs side by side each have their E2E_API_PORT), and links to this run's dashboard.
  // No scheduled jobs either (a developer's .env may turn them on): the tests mail nobody on a timer.
  Object.assign(env, { SMTP_HOST: '', SCHEDULED_JOBS: 'off', MAIL_CATCHER: 'on', MAIL_CATCHER_PORT: String(mailPort), PUBLIC_URL: `http://127.0.0.1:${webPort}` });
  // Only 127.0.0.1 is a proxy (the dashboard, to the API): the tests play other clients from
  // other loopback addresses (127.0.0.2, …), whose X-Forwarded-For must count for nothing.
  env.TRUSTED_PROXIES = '127.0.0.1';
  const seed = spawnSync(process.execPath, [path.join(root, 'scripts', 'seed.mjs')], { cwd: root, stdio: 'inherit', env });
  if (seed.status !== 0) throw new Error('Seed mislukt');
  await nextBuild(env, (message) => console.log(`[e2e] ${message}`));
  children.push(spawn(process.execPath, [path.join(root, 'backend', 'dist', 'main.js')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] }));
  children.push(spawn(process.execPath, [dashboardServer], { cwd: frontendDir, env: { ...env, PORT: String(webPort), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] }));
  await waitFor(`${apiUrl}/api/health`, 60);
  await waitFor(`http://127.0.0.1:${webPort}/api/health`, 60);
  code = await runJest(['-c', 'e2e/jest.config.ts', ...process.argv.slice(2)], { ...env, E2E_BASE_URL: `http://127.0.0.1:${webPort}`, CHROMIUM_PATH: chromium });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await db.stop();
}
process.exit(code);
