// Building blocks shared by start, e2e and bench: the compiled API and Next.js's CLI.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
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
