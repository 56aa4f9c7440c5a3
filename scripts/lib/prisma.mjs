// Runs the Prisma CLI offline: the schema engine is our small Node program
// (scripts/prisma-schema-engine.mjs) over Prisma's WebAssembly engine, so no
// native binary is downloaded.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './env.mjs';

export const schemaEngine = path.join(root, 'scripts', 'prisma-schema-engine.mjs');

export function prismaEnv(url) {
  return {
    ...process.env,
    ...(url ? { DATABASE_URL: url } : {}),
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? schemaEngine,
    PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING: '1',
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    PRISMA_DISABLE_WARNINGS: '1',
  };
}

/** Runs `prisma <args>`; resolves with the exit code. */
export function runPrisma(args, { url, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'prisma', 'build', 'index.js'), ...args], {
      cwd: root,
      env: prismaEnv(url),
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0 && quiet) process.stderr.write(output);
      resolve(code ?? 1);
    });
  });
}

export async function migrateDeploy(url) {
  const code = await runPrisma(['migrate', 'deploy'], { url, quiet: true });
  if (code !== 0) throw new Error('Migraties toepassen mislukt (prisma migrate deploy).');
}
