// CI (and anyone with a throw-away Debian machine, as root): `npm run server -- install` on this
// machine as on a server — Debian's caddy with apt-get, the machine's running PostgreSQL (or
// Debian's), --domain tsbn.test --tls internal with the name on 127.0.0.1 in /etc/hosts — then the
// checks through https://tsbn.test in Chromium trusting Caddy's CA (e2e/server/). Where systemd
// does not run (CI) the installer starts the unit's command itself; the unit is checked with
// `systemd-analyze verify`. A previous run's installation on this machine is removed first.
//
//   node scripts/ci/server.mjs            (root; takes 5–10 minutes on 2 cores)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../lib/env.mjs';
import { runJest } from '../lib/jest-summary.mjs';
import { caddyRootCertificate, layout } from '../lib/server/layout.mjs';

const DOMAIN = 'tsbn.test';
const EMAIL = 'bestuur@tsbn.test';
const say = (message) => console.log(`[server-ci] ${message}`);
const sh = (command, options = {}) => spawnSync('sh', ['-c', command], { stdio: 'inherit', ...options }).status;

if (process.getuid?.() !== 0) {
  console.error('[server-ci] Alleen als root, op een machine die mag worden ingericht (CI).');
  process.exit(2);
}

/** What an earlier run installed on this machine: service, Caddy, database, folders. */
async function removeEarlierInstallation() {
  await stopService();
  sh('caddy stop >/dev/null 2>&1; pkill -x caddy; true');
  sh(`runuser -u postgres -- psql -X -q -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'tsbn'" >/dev/null 2>&1; true`);
  sh(`runuser -u postgres -- psql -X -q -At -c "SELECT datname FROM pg_database WHERE datname LIKE 'tsbn%'" 2>/dev/null | while read db; do runuser -u postgres -- psql -X -q -c "DROP DATABASE \\"$db\\" WITH (FORCE)" ; done; true`, { cwd: '/' });
  sh(`runuser -u postgres -- psql -X -q -c "DROP ROLE IF EXISTS tsbn" >/dev/null 2>&1; true`, { cwd: '/' });
  for (const dir of [layout.home, layout.etc, layout.data, path.dirname(layout.logFile), layout.unitFile]) rmSync(dir, { recursive: true, force: true });
}

/** The service as the installer started it (no systemd here): its process group, then anything left of the app's user. */
async function stopService() {
  const pid = existsSync(layout.pidFile) ? Number(readFileSync(layout.pidFile, 'utf8').trim()) : 0;
  const signal = (target, name) => {
    try {
      process.kill(target, name);
    } catch {
      // gone already
    }
  };
  if (pid) signal(-pid, 'SIGTERM');
  for (let i = 0; i < 100 && spawnSync('pgrep', ['-u', 'tsbn']).status === 0; i++) await new Promise((r) => setTimeout(r, 200));
  sh('pkill -KILL -u tsbn 2>/dev/null; true');
}

await removeEarlierInstallation();
// The name resolves to nothing yet: the installer (--tls internal) points it at this machine in /etc/hosts.
writeFileSync('/etc/hosts', readFileSync('/etc/hosts', 'utf8').split('\n').filter((line) => !line.split(/\s+/).includes(DOMAIN)).join('\n'));

// The installation comes from a clone of this checkout, which the upgrade tests add commits to.
const source = mkdtempSync(path.join(os.tmpdir(), 'tsbn-server-bron-'));
execFileSync('git', ['clone', '--quiet', root, source]);
execFileSync('git', ['-C', source, 'config', 'user.email', 'ci@tsbn.test']);
execFileSync('git', ['-C', source, 'config', 'user.name', 'CI']);
// A mail server of the test's own on loopback (smtp-server, as the API's mail catcher uses): the
// installation sends through it, and the administrator's link is read from the mail it received.
const { SMTPServer } = await import('smtp-server');
const { simpleParser } = await import('mailparser');
const received = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    simpleParser(stream).then((mail) => {
      received.push(mail);
      done();
    }, done);
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = String(smtp.server.address().port);

// The copy off the server to a local path, as to a second disk.
const OFFSITE = '/srv/tsbn-kopie-elders';
rmSync(OFFSITE, { recursive: true, force: true });
const installArgs = ['install', '--domain', DOMAIN, '--email', EMAIL, '--tls', 'internal', '--smtp-host', '127.0.0.1', '--smtp-port', smtpPort, '--offsite', OFFSITE];
say(`npm run server -- ${installArgs.join(' ')}`);
const started = Date.now();
// Asynchronously: this process's mail server must answer while the installer mails.
const install = await new Promise((resolve) => {
  const child = spawn(process.execPath, ['scripts/server.mjs', ...installArgs], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk) => process.stderr.write(chunk));
  child.on('exit', (status) => resolve({ status, stdout }));
});
say(`install: code ${install.status} in ${Math.round((Date.now() - started) / 1000)} s`);
let code = install.status === 0 ? 0 : 1;
const link = install.stdout.match(/\s(https:\/\/\S+\/uitnodiging\?token=\S+)/)?.[1];
if (!link) {
  console.error('[server-ci] De installatie gaf geen link voor de beheerder.');
  code = 1;
}

const mailed = received.find((mail) => mail.to?.text === EMAIL)?.text?.match(/https:\/\/\S+\/uitnodiging\?token=[\w-]+/)?.[0];
say(`De mail aan ${EMAIL}: ${mailed ? 'ontvangen, met de link' : 'NIET ontvangen'}`);
if (!mailed || mailed !== link) code = 1;

if (code === 0) {
  const unit = spawnSync('systemd-analyze', ['verify', layout.unitFile], { encoding: 'utf8' });
  say(`systemd-analyze verify ${layout.unitFile}: code ${unit.status}${unit.stderr.trim() ? `\n${unit.stderr.trim()}` : ''}`);
  if (unit.status !== 0) code = 1;
}

if (code === 0) {
  // Chromium (NSS) trusting Caddy's own CA, in a home of its own; Node through NODE_EXTRA_CA_CERTS.
  const home = mkdtempSync(path.join(os.tmpdir(), 'tsbn-server-chromium-'));
  mkdirSync(path.join(home, '.pki', 'nssdb'), { recursive: true });
  execFileSync('certutil', ['-d', `sql:${home}/.pki/nssdb`, '-N', '--empty-password']);
  execFileSync('certutil', ['-d', `sql:${home}/.pki/nssdb`, '-A', '-t', 'C,,', '-n', 'Caddy lokaal', '-i', caddyRootCertificate()]);
  code = await runJest(['-c', 'e2e/server/jest.config.ts'], {
    ...process.env,
    TSBN_SERVER_URL: `https://${DOMAIN}`,
    // The link as the administrator receives it: from the mail (the same as the one printed).
    TSBN_ADMIN_LINK: mailed,
    TSBN_ADMIN_EMAIL: EMAIL,
    TSBN_SERVER_SOURCE: source,
    CHROMIUM_HOME: home,
    NODE_EXTRA_CA_CERTS: caddyRootCertificate(),
  });
  rmSync(home, { recursive: true, force: true });
}

// Leave the machine's ports free again (the service and Caddy; the installation stays for a look).
await stopService();
sh('caddy stop >/dev/null 2>&1; true', { env: { ...process.env, HOME: '/var/lib/caddy' } });
rmSync(source, { recursive: true, force: true });
smtp.close();
process.exit(code);
