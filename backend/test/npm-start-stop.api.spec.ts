/**
 * Ctrl-C on `npm start` (issue 47): the dashboard and the API stop first, then the embedded
 * PostgreSQL; nothing logs an error on the way, and `npm start` ends with exit code 0.
 *
 * As a terminal does it: `npm start` in a process group of its own, SIGINT to that whole group
 * (npm, and whatever else runs in it). It runs beside a developer's `npm start`: a cluster
 * (EMBEDDED_PG_DIR), dashboard build (NEXT_DIST_DIR) and ports of its own.
 *
 * Slow: the first run builds the dashboard (1–3 minutes on 2 cores) and loads the demo season;
 * later runs keep both (.data/pg-start-test, frontend/.next-start-test).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

jest.setTimeout(600_000);

const ROOT = path.join(__dirname, '..', '..');

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `preferred`, or the next free port: the same ports each run keep the dashboard's build (its API address is built in). */
async function freePortFrom(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 50; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port from ${preferred}`);
}

/** Every process below `pid`, with its command line. */
function descendants(pid: number): { pid: number; args: string }[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const below = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of parentOf) {
      if (below.has(parent) && !below.has(child)) {
        below.add(child);
        grew = true;
      }
    }
  }
  below.delete(pid);
  return [...below].flatMap((p) => {
    try {
      return [{ pid: p, args: readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ') }];
    } catch {
      return [];
    }
  });
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start, then Ctrl-C', () => {
  let npm: ChildProcess | undefined;
  let started: { pid: number; args: string }[] = [];

  afterAll(() => {
    // A failed run leaves nothing behind.
    const kill = (pid: number) => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    };
    if (npm && npm.exitCode === null && npm.signalCode === null) kill(-npm.pid!);
    for (const { pid } of started) kill(pid);
  });

  it('stops the dashboard and the API, then PostgreSQL, without an error line, and ends with exit code 0', async () => {
    const [web, api, database] = [await freePortFrom(3290), await freePortFrom(3295), await freePortFrom(54379)];
    // As from a developer's shell: none of the test run's own settings.
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(web), API_PORT: String(api), EMBEDDED_PG_PORT: String(database), EMBEDDED_PG_DIR: '.data/pg-start-test', NEXT_DIST_DIR: '.next-start-test', NEXT_TELEMETRY_DISABLED: '1' };
    for (const name of ['DATABASE_URL', 'NODE_ENV', 'SCHEDULED_JOBS', 'MATCH_ROW_CACHE_CHECK', 'SESSION_SECURE_COOKIE', 'TSBN_SERVER', 'API_URL', 'HOST', 'EMBEDDED_PG_DATABASE']) delete env[name];
    npm = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let ready: () => void;
    const isReady = new Promise<void>((resolve) => (ready = resolve));
    for (const stream of [npm.stdout!, npm.stderr!]) {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const text = rest + chunk.toString();
        const complete = text.split('\n');
        rest = complete.pop()!;
        lines.push(...complete);
        // Everything listens: the banner's last line and the dashboard's own (in either order).
        if (['Stoppen: Ctrl-C', 'Dashboard luistert op', 'API luistert op'].every((part) => lines.some((line) => line.includes(part)))) ready();
      });
    }
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => npm!.once('exit', (code, signal) => resolve({ code, signal })));
    await Promise.race([isReady, exited.then((how) => Promise.reject(new Error(`npm start ended early (${JSON.stringify(how)}):\n${lines.join('\n')}`)))]);

    // In use, as after a visit: the API holds connections to PostgreSQL.
    expect((await fetch(`http://127.0.0.1:${web}/api/health`)).status).toBe(200);
    started = descendants(npm.pid!);
    const find = (part: string) => started.find((p) => p.args.includes(part))?.pid;
    const pids = { dashboard: find('frontend/server.mjs'), api: find('backend/dist/main.js'), postgres: find('/bin/postgres') };
    expect(pids).toEqual({ dashboard: expect.any(Number), api: expect.any(Number), postgres: expect.any(Number) });

    const before = lines.length;
    process.kill(-npm.pid!, 'SIGINT'); // Ctrl-C: the terminal signals the whole foreground process group
    const goneAt: Record<string, number> = {};
    const start = performance.now();
    let ended: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    void exited.then((how) => (ended = how));
    while (ended === undefined || Object.keys(goneAt).length < 3) {
      for (const [name, pid] of Object.entries(pids)) if (!(name in goneAt) && !alive(pid!)) goneAt[name] = performance.now() - start;
      if (performance.now() - start > 60_000) throw new Error(`not stopped in 60 s: ${JSON.stringify(goneAt)}\n${lines.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }

    const after = lines.slice(before).filter((line) => line.trim());
    // No error-level JSON line (pino's level 50 and up), no PostgreSQL error, no npm error.
    const errorLines = after.filter((line) => /"level":\s*[5-9]\d|^\[postgres\]|npm (error|ERR)|fout|error/i.test(line));
    expect({ ...ended, errorLines }).toEqual({ code: 0, signal: null, errorLines: [] });
    expect(after[0]).toBe('[tsbn] Stoppen …');
    expect(after.at(-1)).toBe('[tsbn] Alles gestopt.');
    expect(goneAt.postgres).toBeGreaterThan(Math.max(goneAt.api, goneAt.dashboard));
    for (const { pid } of started) expect(alive(pid)).toBe(false);
  });
});
