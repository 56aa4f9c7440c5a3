// After `npm install`: generate the Prisma client (offline) and compile the API.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/env.mjs';
import { runPrisma } from './lib/prisma.mjs';

if (!existsSync(path.join(root, 'node_modules', 'prisma'))) process.exit(0); // partial install
const code = await runPrisma(['generate'], { quiet: true });
if (code !== 0) process.exit(code);
const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-backend.mjs')], { cwd: root, stdio: 'inherit' });
process.exit(build.status ?? 1);
