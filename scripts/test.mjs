// `npm test`: unit tests and API tests. The API tests get their own embedded
// PostgreSQL (.data/pg-test) unless DATABASE_URL is set, in which case that
// database is used instead (and emptied by the tests).
import { spawn } from 'node:child_process';
import { root, loadEnv } from './lib/env.mjs';
import { ensureDatabase } from './lib/database.mjs';
import { migrateDeploy } from './lib/prisma.mjs';

loadEnv();
const args = process.argv.slice(2);
const onlyUnit = args.includes('--selectProjects') && args[args.indexOf('--selectProjects') + 1] === 'unit';

let db;
if (!onlyUnit) {
  db = await ensureDatabase('test');
  process.env.DATABASE_URL = db.url;
  await migrateDeploy(db.url);
}

const jest = spawn(process.execPath, ['node_modules/jest/bin/jest.js', '--runInBand', ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'test', TZ: 'Europe/Amsterdam' },
});
const code = await new Promise((resolve) => jest.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
if (db) await db.stop();
process.exit(code);
