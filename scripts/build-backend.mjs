// Compiles backend/src to backend/dist with swc (decorator metadata included).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/env.mjs';

const backend = path.join(root, 'backend');
rmSync(path.join(backend, 'dist'), { recursive: true, force: true });
const swc = path.join(root, 'node_modules', '@swc', 'cli', 'bin', 'swc.js');
const result = spawnSync(process.execPath, [swc, 'src', '-d', 'dist', '--strip-leading-paths', '--quiet', '--ignore', '**/*.spec.ts'], {
  cwd: backend,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
