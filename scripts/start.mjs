// `npm start`: the whole system on one machine. PostgreSQL (embedded, or
// DATABASE_URL), migrations, the demo season on first run, the API on
// API_PORT (3001) and the dashboard on PORT (3000), which proxies /api/*.
// Ctrl-C stops everything, the database included.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildBackend, buildFrontendIfNeeded, frontendDir, nextBin } from './lib/build.mjs';
import { ensureDatabase } from './lib/database.mjs';
import { apiAddress, loadEnv, root } from './lib/env.mjs';
import { migrateDeploy } from './lib/prisma.mjs';

loadEnv();
const { apiPort, apiUrl } = apiAddress();
const webPort = Number(process.env.PORT ?? 3000);
const log = (message) => console.log(`[tsbn] ${message}`);

const children = [];
let db;
let stopping = false;

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  log('Stoppen …');
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await db?.stop();
  log('Alles gestopt.');
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

function run(name, command, args, options) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], ...options });
  child.on('exit', (code) => {
    if (!stopping) {
      log(`${name} is gestopt (code ${code}); alles wordt afgesloten.`);
      stop(code || 1);
    }
  });
  children.push(child);
  return child;
}

try {
  // Compiling the API takes about a second; always start from the current source.
  if (!buildBackend()) throw new Error('De API kon niet worden gecompileerd.');
  // watch: an embedded PostgreSQL that dies is restarted (the API answers 503 meanwhile).
  db = await ensureDatabase('dev', { log, watch: true });
  log(db.embedded ? `Ingebouwde PostgreSQL draait (${db.url.replace(/:[^:@/]+@/, ':***@')})` : 'PostgreSQL via DATABASE_URL');
  await migrateDeploy(db.url);
  // SCHEDULED_JOBS: the API runs the reminder schedule (pg-boss in PostgreSQL); the test runs do not.
  const env = { ...process.env, DATABASE_URL: db.url, API_PORT: String(apiPort), API_URL: apiUrl, NEXT_TELEMETRY_DISABLED: '1', SCHEDULED_JOBS: process.env.SCHEDULED_JOBS ?? 'on' };
  // No mail server configured: the API runs the local mail catcher (mail shows at Beheer → E-mail).
  if (!env.SMTP_HOST) env.MAIL_CATCHER ??= 'on';
  const seed = spawnSync(process.execPath, [path.join(root, 'scripts', 'seed.mjs'), '--if-empty'], { cwd: root, stdio: 'inherit', env });
  if (seed.status !== 0) throw new Error('De demo-gegevens konden niet worden geladen.');
  run('API', process.execPath, [path.join(root, 'backend', 'dist', 'main.js')], { env });
  buildFrontendIfNeeded(apiUrl, log);
  run('Dashboard', process.execPath, [nextBin, 'start', '-p', String(webPort)], {
    cwd: frontendDir,
    env,
  });
  log('');
  log(`Dashboard:  http://localhost:${webPort}`);
  log(`API:        http://localhost:${webPort}/api/health  (direct: ${apiUrl}/api, documentatie: ${apiUrl}/api/docs)`);
  log('Demo-logins (wachtwoord: troefcall2026):');
  log('  beheerder        admin@tsbn.nl');
  log('  secretaris       secretaris@paramaribo-boys.nl   (Paramaribo Boys)');
  log('  secretaris       secretaris@kaiman.nl            (Kaiman)');
  log('  wedstrijdleider  wedstrijdleider@tsbn.nl');
  log(process.env.SMTP_HOST ? `E-mail:     via ${process.env.SMTP_HOST}` : 'E-mail:     geen SMTP_HOST ingesteld; verzonden mail staat in Beheer → E-mail (mail catcher)');
  log('Stoppen: Ctrl-C');
} catch (error) {
  console.error(`[tsbn] ${error.message}`);
  await stop(1);
}
