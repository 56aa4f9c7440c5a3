// `npm run server -- upgrade [--to <git ref>] [--from <repository>]`: a backup first, then fetch,
// install, build (while the old version keeps serving), stop, migrate, switch, start, health check.
// Any step that fails puts the previous release back, and when the database was touched, the
// database as the backup had it (restored beside it, then swapped in by name: the failed one is
// kept, renamed, for whoever wants to see what went wrong).
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { layout } from './layout.mjs';
import { buildRelease, currentRelease, fetchCommit, migrateRelease, pruneReleases, serverEnv, switchCurrent } from './release.mjs';
import { appService, readEnvFile, run, say, userIds } from './system.mjs';
import { waitForHealth } from './health.mjs';

/** The finished migrations in the database (names), to tell whether an upgrade changed it. */
async function appliedMigrations(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query('SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name')).rows.map((r) => `${r.migration_name}:${r.finished_at ? 'ok' : 'failed'}`).join(',');
  } finally {
    await client.end();
  }
}

/** A backup now, by the running release, as the app's user (its files, and its copy off the server, stay the service's). */
export function backupNow(release, kind = 'voor-upgrade') {
  const { uid, gid } = userIds();
  const result = run(process.execPath, ['scripts/backup.mjs', '--soort', kind], { cwd: path.join(layout.releases, release), env: { ...serverEnv(), HOME: layout.data }, uid, gid, allowFailure: true });
  const file = result.stdout.match(/Back-up gemaakt: (\S+)/)?.[1];
  if (!result.ok || !file) throw new Error(`De back-up mislukte; er is niets veranderd.\n${(result.stdout + result.stderr).trim()}`);
  for (const line of result.stdout.split('\n').filter((l) => /Kopie buiten de server|LET OP/.test(l))) say(line.trim());
  return file;
}

/**
 * The database as `file` had it, by `release`'s code: `npm run restore -- --vervang` (built beside
 * the database, checked, then swapped by name in one transaction; the database it replaces is kept).
 * @returns the name the replaced database is kept under
 */
function restoreBeside(release, file) {
  const current = decodeURIComponent(new URL(readEnvFile().get('DATABASE_URL')).pathname.slice(1));
  const { uid, gid } = userIds();
  const result = run(process.execPath, ['scripts/restore.mjs', file, '--database', current, '--vervang', '--bevestig', current], {
    cwd: path.join(layout.releases, release),
    env: { ...serverEnv(), HOME: layout.data },
    uid,
    gid,
  });
  return result.stdout.match(/bewaard als "([^"]+)"/)?.[1] ?? `${current}_vervangen_…`;
}

export async function upgrade(values) {
  if (process.getuid?.() !== 0) {
    console.error('[tsbn] Voer de upgrade uit als root (sudo npm run server -- upgrade).');
    return 2;
  }
  const previous = currentRelease();
  const env = readEnvFile();
  if (!previous || !env.get('DATABASE_URL')) {
    console.error('[tsbn] Geen installatie gevonden; installeer eerst: npm run server -- install --domain <naam> --email <adres>');
    return 2;
  }
  let commit;
  try {
    say(`Ophalen${values.to ? ` (${values.to})` : ''} …`);
    commit = fetchCommit(values.to, values.from);
  } catch (error) {
    console.error(`[tsbn] ${error.message}`);
    return 1;
  }
  if (previous.endsWith(commit.slice(0, 10)) && !values.force) {
    say(`Versie ${commit.slice(0, 10)} draait al (${previous}); niets te doen.`);
    return 0;
  }

  // 1. A backup before anything changes.
  let backup;
  try {
    say('Back-up maken vóór de upgrade …');
    backup = backupNow(previous);
    say(`Back-up: ${backup}`);
  } catch (error) {
    console.error(`[tsbn] ${error.message}`);
    return 1;
  }

  // 2. The new release, built beside the running one (the site keeps serving meanwhile).
  let release;
  try {
    release = buildRelease(commit, { previous });
    say(`Versie ${release} gebouwd.`);
  } catch (error) {
    console.error(`[tsbn] Bouwen mislukte; de draaiende versie ${previous} is niet aangeraakt.\n${error.message}`);
    return 1;
  }

  // 3. Stop, migrate, switch, start, check; on failure, everything back.
  const url = env.get('DATABASE_URL');
  const before = await appliedMigrations(url);
  say('Dienst stoppen …');
  await appService.stop();
  let failedStep = null;
  let reason = '';
  try {
    say('Migraties uitvoeren …');
    migrateRelease(release);
  } catch (error) {
    failedStep = 'migratie';
    reason = error.message;
  }
  if (!failedStep) {
    switchCurrent(release);
    say('Dienst starten …');
    appService.start();
    if (!(await waitForHealth({ seconds: Number(values['health-seconds'] ?? 120), say }))) {
      failedStep = 'gezondheidscontrole';
      reason = 'de nieuwe versie antwoordde niet met 200 op /api/health';
      await appService.stop();
    }
  }
  if (!failedStep) {
    const removed = pruneReleases([previous]);
    say(`Bijgewerkt: ${previous} → ${release}.${removed.length ? ` Oude versies verwijderd: ${removed.join(', ')}.` : ''}`);
    say(`Terug naar de vorige versie: npm run server -- rollback`);
    return 0;
  }

  console.error(`[tsbn] De upgrade mislukte bij de ${failedStep}: ${reason}`);
  say(`Terugzetten naar ${previous} …`);
  const after = await appliedMigrations(url).catch(() => 'onbekend');
  let keptAs = null;
  if (after !== before) {
    say(`De database was al veranderd: de back-up ${path.basename(backup)} wordt teruggezet …`);
    try {
      keptAs = restoreBeside(previous, backup);
    } catch (error) {
      console.error(`[tsbn] Het terugzetten van de back-up mislukte: ${error.message}\nDe database is niet vervangen. De back-up staat in ${backup}; de dienst blijft gestopt.`);
      return 1;
    }
  }
  switchCurrent(previous);
  appService.start();
  const healthy = await waitForHealth({ seconds: 120, say });
  rmSync(path.join(layout.releases, release), { recursive: true, force: true });
  say(
    `Teruggezet: versie ${previous} draait ${healthy ? 'weer' : 'NIET (kijk met npm run server -- doctor)'}` +
      (keptAs ? `, met de database van vóór de upgrade (de mislukte staat er nog als ${keptAs}).` : '; de database was niet veranderd.'),
  );
  return 1;
}

/** `npm run server -- rollback`: back to the release before the current one, when the database allows it. */
export async function rollback() {
  const { listReleases, releaseMigrations } = await import('./release.mjs');
  const current = currentRelease();
  const all = listReleases();
  const target = all[all.indexOf(current) - 1];
  if (!current || !target) {
    console.error('[tsbn] Er is geen eerdere versie op deze server om naar terug te gaan.');
    return 1;
  }
  const known = new Set(releaseMigrations(target));
  const applied = (await appliedMigrations(readEnvFile().get('DATABASE_URL'))).split(',').filter(Boolean).map((m) => m.split(':')[0]);
  const newer = applied.filter((m) => !known.has(m));
  if (newer.length) {
    console.error(`[tsbn] De database heeft migraties die versie ${target} niet kent (${newer.join(', ')}): die versie zou er niet mee starten.`);
    console.error(`[tsbn] Zet eerst de back-up van vóór de upgrade terug (npm run restore in ${layout.current}), of blijf op ${current}.`);
    return 1;
  }
  await appService.stop();
  switchCurrent(target);
  appService.start();
  const healthy = await waitForHealth({ seconds: 120, say });
  say(healthy ? `Terug op versie ${target} (was ${current}).` : `Versie ${target} antwoordt niet; kijk met npm run server -- doctor.`);
  return healthy ? 0 : 1;
}
