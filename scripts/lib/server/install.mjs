// `npm run server -- install --domain <name> --email <address> [--tls internal] [--smtp-host …]`:
// turns a fresh Debian/Ubuntu server into the federation's site over HTTPS. Running it again is
// safe: secrets and data are never overwritten, and it says what it changed.
import { randomBytes } from 'node:crypto';
import { appendFileSync, chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import path from 'node:path';
import { root } from '../env.mjs';
import { mergeEnvFile } from './env-file.mjs';
import { layout } from './layout.mjs';
import { buildRelease, currentRelease, ensureRepository, migrateRelease, pruneReleases, serverEnv, switchCurrent } from './release.mjs';
import { aptInstall, appService, caddyService, ensureDirectory, ensurePostgres, ensureUser, psqlAsSuperuser, readEnvFile, run, say, systemdRuns } from './system.mjs';
import { caddyfile, systemdUnit } from './templates.mjs';
import { waitForHealth } from './health.mjs';
import { checkInstallOptions } from './install-options.mjs';

/** A password or token that survives a URL and an env file unquoted. */
const secret = () => randomBytes(24).toString('base64url');

export async function install(values) {
  const { problems, domain, email } = checkInstallOptions(values);
  if (problems.length) {
    for (const problem of problems) console.error(`[tsbn] ${problem}`);
    return 2;
  }
  if (process.getuid?.() !== 0) {
    console.error('[tsbn] Voer de installatie uit als root (sudo npm run server -- install …): ze installeert pakketten en maakt een gebruiker, een database en een dienst aan.');
    return 2;
  }
  if (!existsSync('/usr/bin/apt-get')) {
    console.error('[tsbn] Deze installatie is voor Debian 12/13 of Ubuntu 24.04 (apt-get niet gevonden).');
    return 2;
  }
  if (!values.email) say(`Geen --email gegeven: de eerste beheerder wordt ${email} (met --email <adres> kiest u een eigen adres).`);
  const changes = [];
  const note = (message) => {
    changes.push(message);
    say(message);
  };

  // 1. Debian's packages: PostgreSQL (or the one that runs), Caddy, git.
  const installed = aptInstall(['caddy', 'git', 'ca-certificates', ...(values.offsite ? ['restic', 'openssh-client'] : [])]);
  if (installed.length) note(`Geïnstalleerd: ${installed.join(', ')}`);
  const cluster = ensurePostgres();
  if (cluster.installed.length) note(`Geïnstalleerd: ${cluster.installed.join(', ')}`);
  say(`PostgreSQL ${cluster.version} op poort ${cluster.port}.`);

  // 2. The app's user and folders.
  if (ensureUser()) note(`Systeemgebruiker ${layout.user} aangemaakt.`);
  ensureDirectory(layout.home, { mode: '755' });
  ensureDirectory(layout.releases, { mode: '755' });
  ensureDirectory(layout.data, { mode: '750' });
  ensureDirectory(layout.backups, { mode: '700' });
  ensureDirectory(path.dirname(layout.logFile), { mode: '750' });
  mkdirSync(layout.etc, { recursive: true, mode: 0o755 });

  // 3. The database and its role (never a superuser; CREATEDB for restoring a backup into a new database).
  const existing = readEnvFile();
  let databaseUrl = existing.get('DATABASE_URL');
  if (!databaseUrl) {
    const password = secret();
    const roleExists = psqlAsSuperuser(`SELECT 1 FROM pg_roles WHERE rolname = 'tsbn'`, { port: cluster.port }) === '1';
    psqlAsSuperuser(
      roleExists
        ? `ALTER ROLE tsbn WITH LOGIN NOSUPERUSER CREATEDB NOCREATEROLE PASSWORD :'pw';`
        : `CREATE ROLE tsbn WITH LOGIN NOSUPERUSER CREATEDB NOCREATEROLE PASSWORD :'pw';`,
      { port: cluster.port, vars: { pw: password } },
    );
    note(roleExists ? 'Databaserol tsbn bestond al zonder instellingenbestand: nieuw wachtwoord gegeven.' : 'Databaserol tsbn aangemaakt (geen superuser).');
    databaseUrl = `postgresql://tsbn:${password}@127.0.0.1:${cluster.port}/tsbn`;
  }
  if (psqlAsSuperuser(`SELECT 1 FROM pg_database WHERE datname = 'tsbn'`, { port: cluster.port }) !== '1') {
    psqlAsSuperuser('CREATE DATABASE tsbn OWNER tsbn;', { port: cluster.port });
    note('Database tsbn aangemaakt.');
  }

  // 4. The settings, in one file (mode 600, outside the repository).
  const publicUrl = `https://${domain}`;
  const merged = mergeEnvFile(
    existsSync(layout.envFile) ? readFileSync(layout.envFile, 'utf8') : '',
    [
      ['TSBN_SERVER', '1'],
      ['NODE_ENV', 'production'],
      ['DATABASE_URL', databaseUrl],
      ['PUBLIC_URL', publicUrl, { replace: true }],
      ['SESSION_SECURE_COOKIE', 'true'],
      // Caddy reaches the dashboard from 127.0.0.1, the dashboard the API: nobody else's X-Forwarded-For counts.
      ['TRUSTED_PROXIES', '127.0.0.1'],
      ['HOST', '127.0.0.1'],
      ['PORT', String(layout.dashboardPort)],
      ['API_HOST', '127.0.0.1'],
      ['API_PORT', String(layout.apiPort)],
      ['METRICS_TOKEN', secret()],
      ['BACKUP_DIR', layout.backups],
      ['SMTP_HOST', values['smtp-host'], { replace: true }],
      ['SMTP_PORT', values['smtp-port'], { replace: true }],
      ['SMTP_USER', values['smtp-user'], { replace: true }],
      ['SMTP_PASSWORD', values['smtp-password'], { replace: true }],
      ['MAIL_FROM', values['mail-from'], { replace: true }],
      // The copy off the server (restic): where, and its key (generated once, never replaced).
      ['RESTIC_REPOSITORY', values.offsite, { replace: true }],
      ['RESTIC_PASSWORD', values.offsite ? secret() + secret() : undefined],
    ],
    '# Instellingen van de TSBN competitieadministratie op deze server (npm run server).\n# Geheim: alleen root leest dit bestand. Een waarde die er staat, wordt nooit overschreven.',
  );
  writeFileSync(layout.envFile, merged.text, { mode: 0o600 });
  chmodSync(layout.envFile, 0o600);
  if (merged.added.length) note(`Instellingen toegevoegd aan ${layout.envFile}: ${merged.added.join(', ')}`);
  if (merged.changed.length) note(`Instellingen gewijzigd in ${layout.envFile}: ${merged.changed.join(', ')}`);
  // A local path (a second disk) for the copy off the server: the service's user writes there.
  if (values.offsite && path.isAbsolute(values.offsite)) ensureDirectory(values.offsite, { mode: '700' });
  writeFileSync(layout.stateFile, `${JSON.stringify({ domain, email, tls: values.tls ?? 'acme' }, null, 2)}\n`);

  // 5. The release: this checkout's commit, installed and built once; migrations.
  const commit = ensureRepository(root);
  const running = currentRelease();
  let release = running;
  if (!running || !running.endsWith(commit.slice(0, 10))) {
    say(`Versie ${commit.slice(0, 10)} klaarzetten …`);
    release = buildRelease(commit, { previous: running });
    note(`Versie ${release} gebouwd.`);
  } else {
    say(`Versie ${commit.slice(0, 10)} staat er al (${release}).`);
  }
  migrateRelease(release);
  if (running !== release) {
    switchCurrent(release);
    if (running) note(`De dienst gebruikt nu versie ${release} (was ${running}).`);
  }
  const removed = pruneReleases([running]);
  if (removed.length) note(`Oude versies verwijderd: ${removed.join(', ')}`);

  // 6. The first administrator: a one-time link to choose a password (no demo season, no demo passwords).
  const admin = run(process.execPath, ['--import', 'tsx', 'backend/src/accounts/first-admin.cli.ts', '--email', email], { cwd: layout.current, env: serverEnv() });
  const link = admin.stdout.match(/^LINK (\S+)$/m)?.[1] ?? null;
  for (const line of admin.stdout.split('\n').filter((l) => l && !l.startsWith('LINK '))) say(line);

  // 7. The service (systemd: started at boot, restarted when it fails) and Caddy in front.
  const unit = systemdUnit();
  if (!existsSync(layout.unitFile) || readFileSync(layout.unitFile, 'utf8') !== unit) {
    mkdirSync(path.dirname(layout.unitFile), { recursive: true });
    writeFileSync(layout.unitFile, unit);
    note(`Dienst ${layout.unitFile} geschreven.`);
  }
  const site = caddyfile({ domain, email, tls: values.tls });
  if (!existsSync(layout.caddyfile) || readFileSync(layout.caddyfile, 'utf8') !== site) {
    const keep = `${layout.caddyfile}.voor-tsbn`;
    if (existsSync(layout.caddyfile) && !existsSync(keep) && !readFileSync(layout.caddyfile, 'utf8').includes('npm run server -- install')) copyFileSync(layout.caddyfile, keep);
    mkdirSync(path.dirname(layout.caddyfile), { recursive: true });
    writeFileSync(layout.caddyfile, site);
    note(`Caddy ingesteld voor ${domain} (${layout.caddyfile}).`);
  }
  // A test or intranet name (--tls internal) that nothing resolves yet: this machine answers it.
  if (values.tls === 'internal' && !(await lookup(domain).then(() => true, () => false))) {
    appendFileSync('/etc/hosts', `127.0.0.1 ${domain} # npm run server -- install --tls internal\n`);
    note(`${domain} wees nergens heen: in /etc/hosts naar 127.0.0.1 gezet (alleen op deze machine; zet voor anderen de naam in uw DNS).`);
  }
  mkdirSync('/var/log/caddy', { recursive: true });
  if (run('id', ['-u', 'caddy'], { allowFailure: true }).ok) run('chown', ['caddy:caddy', '/var/log/caddy']);
  if (systemdRuns()) {
    run('systemctl', ['daemon-reload']);
    run('systemctl', ['enable', 'tsbn']);
    caddyService.enable();
  } else {
    say('systemd draait hier niet (een container?): de dienst wordt direct gestart, maar niet bij het opstarten van de machine.');
  }
  // Running it again with nothing to change leaves the service as it runs.
  if (!appService.running()) appService.start();
  else if (changes.length) await appService.restart();
  caddyService.reload();
  const healthy = await waitForHealth({ seconds: 120 });

  say('');
  say(healthy ? `Klaar: ${publicUrl}` : `De dienst antwoordt nog niet; kijk met: npm run server -- doctor${systemdRuns() ? ' en journalctl -u tsbn' : ` en ${layout.logFile}`}`);
  if (link) {
    say(`Beheerder: ${email}. Kies het wachtwoord via deze link (één keer te gebruiken, 7 dagen geldig):`);
    say(`  ${link}`);
  }
  if (merged.added.includes('RESTIC_PASSWORD')) {
    say('');
    say(`De sleutel van de kopie buiten de server (${values.offsite}) staat in ${layout.envFile}:`);
    say(`  RESTIC_PASSWORD=${readEnvFile().get('RESTIC_PASSWORD')}`);
    say('Bewaar hem ook ergens anders (een wachtwoordkluis, op papier in de kluis): zonder deze sleutel is de kopie onleesbaar, ook voor u.');
  }
  say(changes.length ? `Veranderd: ${changes.length} ${changes.length === 1 ? 'ding' : 'dingen'} (hierboven).` : 'Niets veranderd: alles stond er al.');
  say('Controleren: npm run server -- doctor   Bijwerken: npm run server -- upgrade');
  return healthy ? 0 : 1;
}
