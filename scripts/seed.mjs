// `npm run db:seed`: loads the demo season (prisma/seed.ts). Safe to run twice.
// With --if-empty (used by `npm start`) it does nothing when a season exists.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureDatabase } from './lib/database.mjs';
import { loadEnv, root } from './lib/env.mjs';

loadEnv();
const db = await ensureDatabase('dev');
const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'prisma', 'seed.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: db.url },
});
await db.stop();
process.exit(result.status ?? 1);
