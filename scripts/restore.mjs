// `npm run restore -- <file> [--database <name>]`: restores a backup into a NEW database on the
// same PostgreSQL server and says what it restored and how to work with it. Over an existing
// database only with --vervang and a typed confirmation (no answer: exit 1): built beside it,
// checked, then swapped in by name; the replaced one is kept. `npm run restore -- --check [<file>]`:
// a restore drill (into a scratch database, compared with the file, dropped; default the newest
// backup), exit 0 or 1. See docs/backups.md.
import { runBackupCli } from './lib/backup-cli.mjs';

process.exit(await runBackupCli(['restore', ...process.argv.slice(2)]));
