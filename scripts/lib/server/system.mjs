// The operating system's parts the server commands use: commands, apt, the app's user,
// PostgreSQL as its superuser, and the services (systemd where it runs, else started directly).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnvFile as parseEnvFileText } from './env-file.mjs';
import { layout } from './layout.mjs';

export const say = (message = '') => console.log(`[tsbn] ${message}`);

/** Runs a command; throws with its output when it fails (unless `allowFailure`). */
export function run(command, args, { allowFailure = false, quiet = true, ...options } = {}) {
  const stdin = options.input === undefined ? 'ignore' : 'pipe';
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: quiet ? [stdin, 'pipe', 'pipe'] : [stdin, 'inherit', 'inherit'], maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error && !allowFailure) throw new Error(`${command} kon niet starten: ${result.error.message}`);
  if (result.status !== 0 && !allowFailure) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`${command} ${args.join(' ')} mislukte (code ${result.status}):\n${output}`);
  }
  return { ok: result.status === 0, stdout: result.stdout ?? '', stderr: result.stderr ?? '', status: result.status };
}

export const commandExists = (name) => run('sh', ['-c', `command -v ${name}`], { allowFailure: true }).ok;

let aptUpdated = false;
/** apt-get install of Debian's packages that are missing; returns the ones it installed. */
export function aptInstall(packages) {
  const missing = packages.filter((name) => !run('dpkg-query', ['-W', '-f=${Status}', name], { allowFailure: true }).stdout.includes('install ok installed'));
  if (!missing.length) return [];
  if (!aptUpdated) {
    say('apt-get update …');
    run('apt-get', ['update', '-qq']);
    aptUpdated = true;
  }
  say(`Installeren met apt-get: ${missing.join(', ')} …`);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return missing;
}

/** The app's system user (no login, home = its data folder); created when missing. */
export function ensureUser() {
  if (run('id', ['-u', layout.user], { allowFailure: true }).ok) return false;
  run('useradd', ['--system', '--user-group', '--home-dir', layout.data, '--no-create-home', '--shell', '/usr/sbin/nologin', '--comment', 'TSBN competitieadministratie', layout.user]);
  return true;
}

export function userIds() {
  return { uid: Number(run('id', ['-u', layout.user]).stdout.trim()), gid: Number(run('id', ['-g', layout.user]).stdout.trim()) };
}

export function ensureDirectory(dir, { owner = layout.user, mode = '750' } = {}) {
  mkdirSync(dir, { recursive: true });
  run('chown', [`${owner}:${owner}`, dir]);
  run('chmod', [mode, dir]);
}

// ── PostgreSQL ──

/** Debian's clusters (pg_lsclusters): version, name, port, whether it runs. */
export function postgresClusters() {
  if (!commandExists('pg_lsclusters')) return [];
  return run('pg_lsclusters', ['--no-header'], { allowFailure: true })
    .stdout.split('\n')
    .filter(Boolean)
    .map((line) => {
      const [version, name, port, status] = line.trim().split(/\s+/);
      return { version, name, port: Number(port), online: status?.startsWith('online') ?? false };
    });
}

/** PostgreSQL running on this machine: the one that runs, else Debian's installed and started. */
export function ensurePostgres() {
  let clusters = postgresClusters();
  let installed = [];
  if (!clusters.length) {
    installed = aptInstall(['postgresql']);
    clusters = postgresClusters();
  }
  if (!clusters.length) throw new Error('PostgreSQL is geïnstalleerd maar heeft geen cluster; maak er een met pg_createcluster.');
  let cluster = clusters.find((c) => c.online);
  if (!cluster) {
    cluster = clusters[0];
    say(`PostgreSQL ${cluster.version}/${cluster.name} starten …`);
    if (systemdRuns()) run('systemctl', ['enable', '--now', `postgresql@${cluster.version}-${cluster.name}`]);
    else run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'start']);
  }
  return { ...cluster, installed };
}

/** psql as the postgres superuser over the local socket; `sql` with :'name' variables from `vars`. */
export function psqlAsSuperuser(sql, { port, database = 'postgres', vars = {} } = {}) {
  const args = ['-u', 'postgres', '--', 'psql', '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-p', String(port), '-d', database];
  for (const [key, value] of Object.entries(vars)) args.push('-v', `${key}=${value}`);
  return run('runuser', args, { input: sql, cwd: '/' }).stdout.trim();
}

// ── Services ──

/** Whether systemd is the init system here (not in a container or CI). */
export const systemdRuns = () => existsSync('/run/systemd/system');

/** The app's service: systemd's unit, or (where systemd does not run) the unit's command started directly. */
export const appService = {
  start() {
    if (systemdRuns()) return run('systemctl', ['start', 'tsbn']);
    if (this.pid()) return;
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: layout.data, ...Object.fromEntries(readEnvFile()) };
    mkdirSync(path.dirname(layout.logFile), { recursive: true });
    const out = openSync(layout.logFile, 'a');
    const { uid, gid } = userIds();
    const child = spawn(process.execPath, [path.join(layout.current, 'scripts', 'start.mjs')], { cwd: layout.current, env, uid, gid, detached: true, stdio: ['ignore', out, out] });
    closeSync(out);
    writeFileSync(layout.pidFile, String(child.pid));
    child.unref();
  },
  async stop() {
    if (systemdRuns()) return run('systemctl', ['stop', 'tsbn']);
    const pid = this.pid();
    if (!pid) return;
    process.kill(pid, 'SIGTERM');
    for (let i = 0; i < 300 && alive(pid); i++) await sleep(100);
    if (alive(pid)) process.kill(-pid, 'SIGKILL');
    rmSync(layout.pidFile, { force: true });
  },
  async restart() {
    if (systemdRuns()) return run('systemctl', ['restart', 'tsbn']);
    await this.stop();
    this.start();
  },
  /** The running service's main pid where systemd does not run (null when it does not run). */
  pid() {
    if (systemdRuns()) return Number(run('systemctl', ['show', '-p', 'MainPID', '--value', 'tsbn'], { allowFailure: true }).stdout.trim()) || null;
    if (!existsSync(layout.pidFile)) return null;
    const pid = Number(readFileSync(layout.pidFile, 'utf8').trim());
    return pid && alive(pid) ? pid : null;
  },
  running() {
    if (systemdRuns()) return run('systemctl', ['is-active', '--quiet', 'tsbn'], { allowFailure: true }).ok;
    return Boolean(this.pid());
  },
};

/** Caddy: Debian's caddy.service, or `caddy start` (its own background process) where systemd does not run. */
export const caddyService = {
  reload() {
    if (systemdRuns()) return run('systemctl', ['reload-or-restart', 'caddy']);
    const env = { ...process.env, HOME: path.dirname(path.dirname(path.dirname(layout.caddyData))), XDG_DATA_HOME: path.dirname(layout.caddyData) };
    const reloaded = run('caddy', ['reload', '--config', layout.caddyfile, '--adapter', 'caddyfile'], { env, allowFailure: true });
    if (reloaded.ok) return;
    // Caddy's background process keeps what it inherits open: its output goes to a file, not to
    // a pipe this command would wait on for ever.
    mkdirSync('/var/log/caddy', { recursive: true });
    const out = openSync('/var/log/caddy/caddy.log', 'a');
    try {
      const started = spawnSync('caddy', ['start', '--config', layout.caddyfile, '--adapter', 'caddyfile'], { env, stdio: ['ignore', out, out] });
      if (started.status !== 0) throw new Error(`Caddy startte niet; zie /var/log/caddy/caddy.log`);
    } finally {
      closeSync(out);
    }
  },
  enable() {
    if (systemdRuns()) run('systemctl', ['enable', 'caddy']);
  },
  running() {
    if (systemdRuns()) return run('systemctl', ['is-active', '--quiet', 'caddy'], { allowFailure: true }).ok;
    return run('pgrep', ['-x', 'caddy'], { allowFailure: true }).ok;
  },
};

/** Whether a process runs (a zombie, ended but not yet reaped by its parent, does not). */
function alive(pid) {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The env file's settings (empty when there is none). */
export function readEnvFile() {
  if (!existsSync(layout.envFile)) return new Map();
  return parseEnvFileText(readFileSync(layout.envFile, 'utf8'));
}
