// `npm run backup [-- --soort handmatig|voor-upgrade|voor-herstel]`: one backup now, into
// BACKUP_DIR (default .data/backups), next to the nightly ones (backend/src/backup/); the kind is
// in its file name and retention keeps each kind apart. Prints "Back-up gemaakt: <file>" (the
// upgrade of `npm run server` reads that line). Works while `npm start` runs: it then uses its
// database (this checkout's, never another server on the default port).
import { runBackupCli } from './lib/backup-cli.mjs';

process.exit(await runBackupCli(['backup', ...process.argv.slice(2)]));
