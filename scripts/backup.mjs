// `npm run backup`: one backup now, into BACKUP_DIR (default .data/backups), next to the nightly
// ones (backend/src/backup/). Works while `npm start` runs: it then uses its database.
import { runBackupCli } from './lib/backup-cli.mjs';

process.exit(await runBackupCli(['backup', ...process.argv.slice(2)]));
