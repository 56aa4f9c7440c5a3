// Releases: one folder per version under /opt/tsbn/releases, made from a commit of the
// installation's git clone (git archive: no .git, nothing left over from a working tree),
// installed from its lockfile and built once. `current` points at the one that runs, so going
// back is switching a link, not a rebuild.
import { cpSync, existsSync, lstatSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { layout } from './layout.mjs';
import { readEnvFile, run, say } from './system.mjs';

const git = (args, options = {}) => run('git', ['-C', layout.repository, ...args], options);

/**
 * The installation's clone (bare) of `source` (a path or URL). Its `origin` is where upgrades
 * fetch from: the source's own origin when it has one (the project's repository), else the source.
 */
export function ensureRepository(source) {
  if (!existsSync(layout.repository)) {
    say(`Git-kopie maken in ${layout.repository} …`);
    run('git', ['clone', '--bare', '--quiet', source, layout.repository]);
    const upstream = run('git', ['-C', source, 'remote', 'get-url', 'origin'], { allowFailure: true }).stdout.trim();
    if (upstream) git(['remote', 'set-url', 'origin', upstream]);
  }
  // The commit to install is the one checked out in the folder the command runs in.
  git(['fetch', '--quiet', source, '+HEAD:refs/tsbn/install']);
  return commitOf('refs/tsbn/install');
}

/** Fetches from `from` (default: the clone's origin) and answers the commit `ref` names there. */
export function fetchCommit(ref, from) {
  const remote = from ?? 'origin';
  git(['fetch', '--quiet', '--tags', remote, '+refs/heads/*:refs/remotes/upstream/*']);
  const candidates = ref ? [`refs/remotes/upstream/${ref}`, `refs/tags/${ref}`, ref] : ['refs/remotes/upstream/HEAD', 'refs/remotes/upstream/main', 'refs/remotes/upstream/master'];
  if (!ref) {
    const head = git(['ls-remote', '--symref', remote, 'HEAD'], { allowFailure: true }).stdout.match(/ref: refs\/heads\/(\S+)\s+HEAD/);
    if (head) candidates.unshift(`refs/remotes/upstream/${head[1]}`);
  }
  for (const candidate of candidates) {
    const found = git(['rev-parse', '--verify', '--quiet', `${candidate}^{commit}`], { allowFailure: true });
    if (found.ok) return found.stdout.trim();
  }
  throw new Error(`Versie "${ref ?? 'main'}" niet gevonden in ${remote}.`);
}

export const commitOf = (ref) => git(['rev-parse', '--verify', `${ref}^{commit}`]).stdout.trim();

/** The release folders, oldest first. */
export function listReleases() {
  if (!existsSync(layout.releases)) return [];
  return readdirSync(layout.releases).filter((name) => /^\d{8}-\d{6}-[0-9a-f]{7,}$/.test(name)).sort();
}

/** The release `current` points at (its folder name), or null. */
export function currentRelease() {
  try {
    return path.basename(readlinkSync(layout.current));
  } catch {
    return null;
  }
}

/** Points `current` at a release in one rename (a link is never missing in between). */
export function switchCurrent(release) {
  const next = `${layout.current}.new`;
  rmSync(next, { force: true });
  symlinkSync(path.join(layout.releases, release), next);
  renameSync(next, layout.current);
}

/** Removes old releases beyond the ones kept (never the current one or `keep`). */
export function pruneReleases(keep = []) {
  const all = listReleases();
  const protectedOnes = new Set([currentRelease(), ...keep]);
  const removable = all.slice(0, Math.max(0, all.length - layout.keepReleases)).filter((r) => !protectedOnes.has(r));
  for (const release of removable) rmSync(path.join(layout.releases, release), { recursive: true, force: true });
  return removable;
}

const sameFile = (a, b) => existsSync(a) && existsSync(b) && readFileSync(a).equals(readFileSync(b));

/** The environment a release is built and migrated with: the env file's settings. */
export function serverEnv() {
  return { ...process.env, ...Object.fromEntries(readEnvFile()), NEXT_TELEMETRY_DISABLED: '1', CHECKPOINT_DISABLE: '1' };
}

/**
 * Makes and builds a release of `commit`: its files, its packages (copied from `previous` when the
 * lockfile is the same, else `npm ci`), the API compiled and the dashboard built (its build copied
 * from `previous` when the dashboard's sources and lockfile are the same: build.mjs decides).
 * @returns {string} the release's folder name
 */
export function buildRelease(commit, { previous, log = say } = {}) {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const release = `${stamp}-${commit.slice(0, 10)}`;
  const dir = path.join(layout.releases, release);
  const building = `${dir}.bouwen`;
  rmSync(building, { recursive: true, force: true });
  run('mkdir', ['-p', building]);
  run('sh', ['-c', `git -C "${layout.repository}" archive --format=tar ${commit} | tar -x -C "${building}"`]);
  run('ln', ['-s', layout.envFile, path.join(building, '.env')]);
  const env = serverEnv();
  const previousDir = previous ? path.join(layout.releases, previous) : null;
  const lockSame = previousDir && sameFile(path.join(previousDir, 'package-lock.json'), path.join(building, 'package-lock.json'));
  if (lockSame && existsSync(path.join(previousDir, 'node_modules'))) {
    // Hard links: the packages take their disk space once for every release (nothing writes
    // into node_modules after the install; a later `npm ci` replaces files, never changes them).
    log('Pakketten: dezelfde lockfile als de vorige versie, overgenomen …');
    for (const modules of ['node_modules', 'backend/node_modules', 'frontend/node_modules']) {
      if (existsSync(path.join(previousDir, modules))) run('cp', ['-al', path.join(previousDir, modules), path.join(building, modules)]);
    }
    run(process.execPath, ['scripts/postinstall.mjs'], { cwd: building, env });
  } else {
    // --include=dev: the build (swc, Prisma's CLI, tsx for the backup commands) needs them; NODE_ENV=production would leave them out.
    log('Pakketten installeren (npm ci, 1 à 3 minuten) …');
    run('npm', ['ci', '--include=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: building, env });
  }
  if (lockSame && existsSync(path.join(previousDir, 'frontend', '.next'))) {
    cpSync(path.join(previousDir, 'frontend', '.next'), path.join(building, 'frontend', '.next'), { recursive: true, verbatimSymlinks: true });
  }
  log('Dashboard bouwen (alleen als het veranderd is; 2 à 5 minuten op 2 kernen) …');
  run(process.execPath, ['scripts/build-dashboard.mjs'], { cwd: building, env, quiet: false });
  run('chown', ['-R', `${layout.user}:${layout.user}`, building]);
  renameSync(building, dir);
  return release;
}

/** `prisma migrate deploy` of a release against the installation's database. */
export function migrateRelease(release) {
  const dir = path.join(layout.releases, release);
  run(process.execPath, ['scripts/prisma.mjs', 'migrate', 'deploy'], { cwd: dir, env: serverEnv() });
}

/** The migrations a release has (folder names), to tell whether the database is ahead of it. */
export function releaseMigrations(release) {
  const dir = path.join(layout.releases, release, 'prisma', 'migrations');
  return existsSync(dir) ? readdirSync(dir).filter((name) => lstatSync(path.join(dir, name)).isDirectory()).sort() : [];
}
