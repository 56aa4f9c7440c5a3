// `npm run server -- doctor`: checks the installation and explains each finding in Dutch, one line
// each: OK, LET OP (works, but look at it) or FOUT (broken: what to do). Exits 1 on any FOUT, so
// cron or monitoring can run it.
import { verify as argon2Verify } from '@node-rs/argon2';
import { resolveTxt } from 'node:dns/promises';
import { existsSync, readFileSync, readdirSync, statSync, statfsSync } from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { caddyRootCertificate, layout } from './layout.mjs';
import { currentRelease, releaseMigrations } from './release.mjs';
import { appService, caddyService, readEnvFile, run, systemdRuns } from './system.mjs';
import { health } from './health.mjs';
import { judgeCertificate, judgeDisk } from './judge.mjs';

const DEMO_PASSWORD = 'troefcall2026'; // backend/src/auth/demo-password.ts

/** One request, without following redirects; `ca` trusts Caddy's own CA for `tls internal`. */
function request(url, { ca } = {}) {
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { ca, timeout: 10_000, headers: { 'user-agent': 'tsbn-doctor' } }, (res) => {
      const certificate = res.socket.getPeerCertificate?.();
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body, certificate }));
    });
    req.on('timeout', () => req.destroy(new Error('geen antwoord binnen 10 s')));
    req.on('error', (error) => resolve({ error: error.code ?? error.message }));
  });
}

export async function doctor() {
  const findings = [];
  const add = (level, text) => {
    findings.push([level, text]);
    console.log(`${level.padEnd(6)}  ${text}`);
  };
  const env = readEnvFile();
  const state = existsSync(layout.stateFile) ? JSON.parse(readFileSync(layout.stateFile, 'utf8')) : null;
  if (!state || !env.size) {
    add('FOUT', `Geen installatie gevonden (${layout.envFile}). Installeer met: npm run server -- install --domain <naam> --email <adres>`);
    return 1;
  }
  const mode = statSync(layout.envFile).mode & 0o777;
  add(mode & 0o077 ? 'FOUT' : 'OK', mode & 0o077 ? `${layout.envFile} is leesbaar voor anderen (${mode.toString(8)}): chmod 600 ${layout.envFile}` : `Instellingen in ${layout.envFile} (alleen voor root).`);
  const publicUrl = env.get('PUBLIC_URL');
  add(publicUrl === `https://${state.domain}` ? 'OK' : 'FOUT', publicUrl === `https://${state.domain}` ? `PUBLIC_URL is https://${state.domain}.` : `PUBLIC_URL is ${publicUrl ?? '(leeg)'}, niet https://${state.domain}: links in mails en QR-codes wijzen dan elders heen. Zet PUBLIC_URL=https://${state.domain} in ${layout.envFile} en herstart.`);

  // Services.
  const release = currentRelease();
  add(appService.running() ? 'OK' : 'FOUT', appService.running() ? `Dienst tsbn draait (versie ${release}).` : `Dienst tsbn draait niet. Start hem: ${systemdRuns() ? 'systemctl start tsbn; waarom hij stopte: journalctl -u tsbn -n 50' : `npm run server -- start; logboek: ${layout.logFile}`}`);
  add(caddyService.running() ? 'OK' : 'FOUT', caddyService.running() ? 'Caddy draait.' : `Caddy draait niet. Start hem: ${systemdRuns() ? 'systemctl start caddy; waarom: journalctl -u caddy -n 50' : 'npm run server -- start'}`);
  const local = await health();
  add(local.ok ? 'OK' : 'FOUT', local.ok ? 'Dashboard en API antwoorden op 127.0.0.1.' : `Dashboard/API antwoorden niet op 127.0.0.1:${layout.dashboardPort} (${local.status || local.error}). Kijk in ${systemdRuns() ? 'journalctl -u tsbn' : layout.logFile}.`);

  // HTTPS from the outside's point of view: the domain, its certificate, the redirect, HSTS.
  const internal = state.tls === 'internal';
  const ca = internal && existsSync(caddyRootCertificate()) ? readFileSync(caddyRootCertificate()) : undefined;
  const secure = await request(`https://${state.domain}/api/health`, { ca });
  if (secure.error) {
    add('FOUT', `https://${state.domain} is niet bereikbaar (${secure.error}). Wijst de DNS-naam naar deze server, staan poort 80 en 443 open, en draait Caddy?`);
  } else {
    add(secure.status === 200 ? 'OK' : 'FOUT', secure.status === 200 ? `https://${state.domain}/api/health antwoordt 200.` : `https://${state.domain}/api/health antwoordt ${secure.status}. Kijk in journalctl -u caddy en het logboek van de dienst.`);
    if (secure.certificate?.valid_to) add(...judgeCertificate(secure.certificate.valid_to, new Date(), { internal }));
    const hsts = secure.headers['strict-transport-security'];
    add(hsts ? 'OK' : 'FOUT', hsts ? `HSTS: ${hsts}.` : `Geen HSTS-kop op https://${state.domain}: staat SESSION_SECURE_COOKIE=true in ${layout.envFile}, en is de Caddyfile van de installatie?`);
  }
  const plain = await request(`http://${state.domain}/`);
  const redirected = [301, 302, 307, 308].includes(plain.status) && String(plain.headers?.location ?? '').startsWith(`https://${state.domain}`);
  add(redirected ? 'OK' : 'FOUT', redirected ? `http://${state.domain} stuurt door naar HTTPS (${plain.status}).` : `http://${state.domain} stuurt niet door naar HTTPS (${plain.status ?? plain.error}). Staat poort 80 open voor Caddy?`);

  // The database: reachable, its version, migrations.
  const client = new pg.Client({ connectionString: env.get('DATABASE_URL'), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const version = (await client.query('SHOW server_version')).rows[0].server_version;
    add('OK', `Database bereikbaar (PostgreSQL ${version}).`);
    const applied = (await client.query('SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations')).rows;
    const failed = applied.filter((m) => !m.finished_at && !m.rolled_back_at);
    const done = new Set(applied.filter((m) => m.finished_at).map((m) => m.migration_name));
    const pending = release ? releaseMigrations(release).filter((m) => !done.has(m)) : [];
    if (failed.length) add('FOUT', `Mislukte migratie(s): ${failed.map((m) => m.migration_name).join(', ')}. Zet de back-up van vóór de upgrade terug (npm run server -- upgrade deed dat zelf, tenzij het herstel ook mislukte).`);
    else add(pending.length ? 'FOUT' : 'OK', pending.length ? `${pending.length} migratie(s) nog niet uitgevoerd: ${pending.join(', ')}. Herstart de dienst (die voert ze uit) of: npm run server -- upgrade` : `Database op het niveau van de versie (${done.size} migraties).`);
    if (env.get('RESTIC_REPOSITORY')) {
      const { rows } = await client.query(`SELECT (SELECT max("offsiteAt") FROM backup_runs) AS copied, (SELECT "offsiteError" FROM backup_runs WHERE status = 'SUCCEEDED' ORDER BY "startedAt" DESC LIMIT 1) AS error, (SELECT count(*) FROM backup_runs WHERE status = 'SUCCEEDED') AS made`);
      const { copied, error, made } = rows[0];
      const hours = copied ? (Date.now() - new Date(copied).getTime()) / 3_600_000 : null;
      if (error) add('FOUT', `De kopie buiten de server van de laatste back-up mislukte: ${error}`);
      else if (hours === null) add(Number(made) ? 'FOUT' : 'LET OP', Number(made) ? 'Er is nog geen kopie buiten de server gemaakt, wel een back-up: kijk bij Beheer → Overzicht waarom.' : 'Nog geen back-up, dus ook nog geen kopie buiten de server; nu meteen: npm run server -- backup');
      else add(hours <= 26 ? 'OK' : 'FOUT', hours <= 26 ? `Laatste kopie buiten de server: ${hours < 1 ? 'minder dan een uur' : `${Math.floor(hours)} uur`} geleden.` : `De laatste kopie buiten de server is ${Math.floor(hours)} uur oud: kijk bij Beheer → Overzicht waarom; nu meteen: npm run server -- backup`);
    }
    const users = (await client.query(`SELECT email, "passwordHash" FROM users WHERE "passwordHash" IS NOT NULL AND "archivedAt" IS NULL`)).rows;
    const demo = [];
    for (const user of users) if (await argon2Verify(user.passwordHash, DEMO_PASSWORD).catch(() => false)) demo.push(user.email);
    add(demo.length ? 'FOUT' : 'OK', demo.length ? `${demo.length} account(s) met het gepubliceerde demo-wachtwoord: ${demo.slice(0, 5).join(', ')}${demo.length > 5 ? ' …' : ''}. Laat ze een eigen wachtwoord kiezen (Wachtwoord vergeten?) of archiveer ze.` : `Geen account met het gepubliceerde demo-wachtwoord (${users.length} accounts nagekeken).`);
  } catch (error) {
    add('FOUT', `Database niet bereikbaar (${error.code ?? error.message}). Draait PostgreSQL (${systemdRuns() ? 'systemctl status postgresql' : 'pg_lsclusters'})? Klopt DATABASE_URL in ${layout.envFile}?`);
  } finally {
    await client.end().catch(() => undefined);
  }

  // The machine: disk, memory, clock.
  const disk = statfsSync(layout.data);
  add(...judgeDisk(disk.bavail * disk.bsize, disk.blocks * disk.bsize));
  const totalMb = os.totalmem() / 1024 ** 2;
  const freeMb = os.freemem() / 1024 ** 2;
  add(totalMb < 900 ? 'LET OP' : 'OK', `Geheugen: ${Math.round(freeMb)} MB vrij van ${Math.round(totalMb)} MB${totalMb < 900 ? ' (minder dan 1 GB: voeg swap of geheugen toe)' : ''}.`);
  if (systemdRuns() && run('timedatectl', ['--version'], { allowFailure: true }).ok) {
    const synced = run('timedatectl', ['show', '-p', 'NTPSynchronized', '--value'], { allowFailure: true }).stdout.trim() === 'yes';
    add(synced ? 'OK' : 'FOUT', synced ? 'Klok gelijk (NTP).' : 'Klok niet gesynchroniseerd: de 48-uursklok en de speelavond rekenen met de tijd. Zet NTP aan: timedatectl set-ntp true (of apt-get install systemd-timesyncd).');
  } else {
    add('LET OP', 'Klok: of hij gelijk loopt kan hier niet worden nagegaan (geen systemd); de host moet hem gelijk houden.');
  }

  // Backups (issue 27's copy off the server comes with restic).
  const backupDir = env.get('BACKUP_DIR') ?? layout.backups;
  const files = existsSync(backupDir) ? readdirSync(backupDir).filter((f) => /^tsbn-backup-.*\.gz$/.test(f)) : [];
  const newest = files.map((f) => ({ f, at: statSync(path.join(backupDir, f)).mtimeMs })).sort((a, b) => b.at - a.at)[0];
  if (!newest) add('LET OP', `Nog geen back-up in ${backupDir}. De dienst maakt er elke nacht om 04:00 een; nu meteen: npm run server -- backup`);
  else {
    const hours = (Date.now() - newest.at) / 3_600_000;
    add(hours > 26 ? 'FOUT' : 'OK', `Laatste back-up: ${newest.f} (${hours < 1 ? 'minder dan een uur' : `${Math.floor(hours)} uur`} geleden)${hours > 26 ? ': ouder dan een dag; kijk bij Beheer → Gezondheid waarom de nachtelijke back-up niet liep' : '.'}`);
  }
  add(env.get('RESTIC_REPOSITORY') ? 'OK' : 'LET OP', env.get('RESTIC_REPOSITORY') ? `Kopie buiten de server: ${env.get('RESTIC_REPOSITORY').replace(/:[^:@/]+@/, ':***@')}.` : 'Back-ups staan alleen op deze server: een kapotte schijf neemt ze mee. Stel een kopie elders in (RESTIC_REPOSITORY).');

  // Mail.
  const smtp = env.get('SMTP_HOST');
  if (!smtp) add('LET OP', `Geen mailserver (SMTP_HOST): uitnodigingen en herinneringen gaan nergens heen; beheerders lezen ze bij Beheer → E-mail. Stel in met: npm run server -- install --domain ${state.domain} --email ${state.email} --smtp-host <server> --smtp-user <gebruiker> --smtp-password <wachtwoord>`);
  else {
    const from = env.get('MAIL_FROM') ?? 'noreply@tsbn.nl';
    const mailDomain = /@([^>\s]+)/.exec(from)?.[1] ?? state.domain;
    const spf = await resolveTxt(mailDomain).then((records) => records.map((r) => r.join('')).find((r) => r.startsWith('v=spf1')), () => undefined);
    add(spf ? 'OK' : 'LET OP', spf ? `Mail via ${smtp}; SPF van ${mailDomain}: ${spf}.` : `Mail via ${smtp}, maar ${mailDomain} heeft geen SPF-record: ontvangers zetten de mail dan vaak bij spam. Zet een TXT-record "v=spf1 include:<uw mailprovider> -all" en de DKIM-sleutel van ${smtp} in de DNS van ${mailDomain}.`);
  }
  add(env.get('METRICS_TOKEN') ? 'OK' : 'LET OP', env.get('METRICS_TOKEN') ? 'Metrieken (/api/metrics) alleen met het token uit het instellingenbestand.' : 'Geen METRICS_TOKEN: /api/metrics is alleen op de server zelf te lezen.');

  const failures = findings.filter(([level]) => level === 'FOUT').length;
  const warnings = findings.filter(([level]) => level === 'LET OP').length;
  console.log('');
  console.log(failures ? `${failures} fout(en), ${warnings} aandachtspunt(en).` : `Alles werkt${warnings ? ` (${warnings} aandachtspunt${warnings === 1 ? '' : 'en'})` : ''}.`);
  return failures ? 1 : 0;
}
