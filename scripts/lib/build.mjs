// Building blocks shared by start, e2e and bench: the compiled API and Next.js's CLI.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './env.mjs';

export const frontendDir = path.join(root, 'frontend');
export const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const backendDir = path.join(root, 'backend');
const swcBin = path.join(root, 'node_modules', '@swc', 'cli', 'bin', 'swc.js');

/** Compiles `dirs` of backend/ with swc (decorator metadata included) into backend/`outDir`. */
export function compileBackend(dirs, outDir, extraArgs = []) {
  rmSync(path.join(backendDir, outDir), { recursive: true, force: true });
  const result = spawnSync(process.execPath, [swcBin, ...dirs, '-d', outDir, '--quiet', '--ignore', '**/*.spec.ts', ...extraArgs], {
    cwd: backendDir,
    stdio: 'inherit',
  });
  return result.status === 0;
}

/** backend/src → backend/dist, as `node backend/dist/main.js` runs it. About a second. */
export function buildBackend() {
  return compileBackend(['src'], 'dist', ['--strip-leading-paths']);
}

/** Hash of the dashboard's sources and build settings: rebuild only when they changed. */
function frontendFingerprint(apiUrl) {
  // SESSION_SECURE_COOKIE too: next.config.ts sends HSTS when it is true (HTTPS).
  const hash = createHash('sha256').update(apiUrl).update(`secure=${process.env.SESSION_SECURE_COOKIE === 'true'}`);
  const walk = (dir) => {
    for (const entry of readdirSync(dir).sort()) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      // Paths relative to frontend/: a server's release copied to another folder keeps its build.
      else hash.update(path.relative(frontendDir, file)).update(readFileSync(file));
    }
  };
  walk(path.join(frontendDir, 'src'));
  for (const f of ['next.config.ts', 'package.json', 'postcss.config.mjs']) hash.update(readFileSync(path.join(frontendDir, f)));
  // The packages it was built with (a server's next release may copy this build: release.mjs).
  hash.update(readFileSync(path.join(root, 'package-lock.json')));
  return hash.digest('hex');
}

/** The dashboard's own server (frontend/server.mjs): Next behind the client-address check. */
export const dashboardServer = path.join(frontendDir, 'server.mjs');

/**
 * Runs `next build` in frontend/ (env: the build's variables), printing how long it has been
 * busy every 20 s through `log` (a first build takes minutes on a 2-core machine). On failure
 * the error carries the build's last 40 lines, so whoever starts it sees why. `signal`: aborting
 * it ends the build.
 * @param {NodeJS.ProcessEnv} env
 * @param {(message: string) => void} [log]
 * @param {AbortSignal} [signal]
 * @returns {Promise<void>}
 */
export function nextBuild(env, log = console.log, signal = undefined) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const output = [];
    const keep = (chunk) => {
      output.push(...String(chunk).split('\n').filter((line) => line.trim()));
      if (output.length > 40) output.splice(0, output.length - 40);
    };
    const child = spawn(process.execPath, [nextBin, 'build'], { cwd: frontendDir, stdio: ['ignore', 'pipe', 'pipe'], env, signal });
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const progress = setInterval(() => log(`… het dashboard wordt nog gebouwd (${Math.round((Date.now() - started) / 1000)} s)`), 20_000);
    child.once('error', (error) => {
      clearInterval(progress);
      if (error.name === 'AbortError') return; // 'exit' follows
      reject(new Error(`next build kon niet starten: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearInterval(progress);
      if (code === 0) return resolve();
      const ended = signal ? `signaal ${signal}` : `code ${code}`;
      reject(new Error(`Het dashboard kon niet worden gebouwd (next build, ${ended}). De laatste regels:\n${output.join('\n')}`));
    });
  });
}

/**
 * Builds the dashboard (`next build` into frontend/.next) unless the last build was of the
 * same sources for the same API_URL and SESSION_SECURE_COOKIE (which the build bakes in). Used by `npm start` and the
 * Docker image (scripts/build-dashboard.mjs), so a container does not build at start. The build
 * folder is NEXT_DIST_DIR (next.config.ts), else frontend/.next. `signal`: aborting it ends the build.
 * @param {string} apiUrl
 * @param {(message: string) => void} [log]
 * @param {AbortSignal} [signal]
 */
export async function buildFrontendIfNeeded(apiUrl, log = console.log, signal = undefined) {
  const marker = path.join(frontendDir, process.env.NEXT_DIST_DIR ?? '.next', 'tsbn-build.txt');
  const fingerprint = frontendFingerprint(apiUrl);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint) return;
  log('Dashboard bouwen (eenmalig; 2 à 5 minuten op een machine met 2 kernen) …');
  const started = Date.now();
  await nextBuild({ ...process.env, API_URL: apiUrl, NEXT_TELEMETRY_DISABLED: '1' }, log, signal);
  writeFileSync(marker, fingerprint);
  log(`Dashboard gebouwd in ${Math.round((Date.now() - started) / 1000)} s.`);
}
