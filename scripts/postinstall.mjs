// After `npm install`: generate the Prisma client (offline) and compile the API.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/env.mjs';
import { buildBackend } from './lib/build.mjs';
import { runPrisma } from './lib/prisma.mjs';

if (!existsSync(path.join(root, 'node_modules', 'prisma'))) process.exit(0); // partial install
const code = await runPrisma(['generate'], { quiet: true });
if (code !== 0) process.exit(code);
process.exit(buildBackend() ? 0 : 1);
