// `npm run restore -- <file> [--database <name>]`: restores a backup into a NEW database on the
// same PostgreSQL server and says what it restored. Over an existing database only with
// --vervang and a typed confirmation. See README, "Back-ups en herstellen".
import { runBackupCli } from './lib/backup-cli.mjs';

process.exit(await runBackupCli(['restore', ...process.argv.slice(2)]));
