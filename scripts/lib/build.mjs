// Building blocks shared by start, e2e and bench: the compiled API and Next.js's CLI.
import { spawnSync } from 'node:child_process';
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
      else hash.update(file).update(readFileSync(file));
    }
  };
  walk(path.join(frontendDir, 'src'));
  for (const f of ['next.config.ts', 'package.json', 'postcss.config.mjs']) hash.update(readFileSync(path.join(frontendDir, f)));
  return hash.digest('hex');
}

/**
 * Builds the dashboard (`next build` into frontend/.next) unless the last build was of the
 * same sources for the same API_URL and SESSION_SECURE_COOKIE (which the build bakes in). Used by `npm start` and the
 * Docker image (scripts/build-dashboard.mjs), so a container does not build at start.
 */
export function buildFrontendIfNeeded(apiUrl, log = console.log) {
  const marker = path.join(frontendDir, '.next', 'tsbn-build.txt');
  const fingerprint = frontendFingerprint(apiUrl);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint) return;
  log('Dashboard bouwen (eenmalig, ongeveer 20 seconden) …');
  const result = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd: frontendDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, API_URL: apiUrl, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('Het dashboard kon niet worden gebouwd (next build).');
  writeFileSync(marker, fingerprint);
}
