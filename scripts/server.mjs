// `npm run server -- <command>`: the system on a real server (Debian 12/13, Ubuntu 24.04), behind
// Caddy over HTTPS, run by systemd. README: "Op een server".
//
//   install --domain <naam> --email <adres> [--tls internal] [--smtp-host … --smtp-port … --smtp-user … --smtp-password … --mail-from …] [--offsite <restic-repository>]
//   doctor                          checks everything, one line each; exit 1 on a FOUT
//   upgrade [--to <git ref>]        backup, fetch, build, migrate, restart; goes back by itself on failure
//   rollback                        back to the release before the current one
//   backup                          a backup now (and its copy off the server), as the service's user
//   start | stop | status           the service (systemd's, or started directly where systemd does not run)
import { parseArgs } from 'node:util';
import { doctor } from './lib/server/doctor.mjs';
import { install } from './lib/server/install.mjs';
import { layout } from './lib/server/layout.mjs';
import { currentRelease } from './lib/server/release.mjs';
import { appService, caddyService, say } from './lib/server/system.mjs';
import { backupNow, rollback, upgrade } from './lib/server/upgrade.mjs';

const USAGE = `Gebruik: npm run server -- <opdracht>
  install --domain <naam> --email <adres> [--tls internal] [--smtp-host <server> --smtp-port 587 --smtp-user <naam> --smtp-password <wachtwoord> --mail-from "<afzender>"] [--offsite /mnt/schijf2/tsbn | sftp:gebruiker@host:/pad | s3:https://host/bucket]
  doctor
  upgrade [--to <versie>]
  rollback
  backup
  start | stop | status`;

const [command, ...rest] = process.argv.slice(2);
let values;
try {
  ({ values } = parseArgs({
    args: rest,
    options: {
      domain: { type: 'string' },
      email: { type: 'string' },
      tls: { type: 'string' },
      'smtp-host': { type: 'string' },
      'smtp-port': { type: 'string' },
      'smtp-user': { type: 'string' },
      'smtp-password': { type: 'string' },
      'mail-from': { type: 'string' },
      offsite: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      force: { type: 'boolean' },
      'health-seconds': { type: 'string' },
    },
  }));
} catch (error) {
  console.error(`[tsbn] ${error.message}\n${USAGE}`);
  process.exit(2);
}

const commands = {
  install: () => install(values),
  doctor: () => doctor(),
  upgrade: () => upgrade(values),
  rollback: () => rollback(),
  // A backup now, as the service's user with the installation's settings (and its copy off the server).
  backup: async () => {
    say(`Back-up gemaakt: ${backupNow(currentRelease(), 'handmatig')}`);
    return 0;
  },
  start: async () => {
    appService.start();
    caddyService.reload();
    return 0;
  },
  stop: async () => {
    await appService.stop();
    return 0;
  },
  status: async () => {
    console.log(`Versie: ${currentRelease() ?? '(geen)'} in ${layout.current}`);
    console.log(`Dienst tsbn: ${appService.running() ? 'draait' : 'gestopt'}; Caddy: ${caddyService.running() ? 'draait' : 'gestopt'}`);
    return appService.running() ? 0 : 3;
  },
};

if (!commands[command]) {
  console.error(USAGE);
  process.exit(2);
}
try {
  process.exit(await commands[command]());
} catch (error) {
  console.error(`[tsbn] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
