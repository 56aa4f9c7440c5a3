// `npm test`: unit tests and API tests. The API tests get their own embedded
// PostgreSQL (.data/pg-test) unless DATABASE_URL is set, in which case that
// database is used instead (and emptied by the tests).
import { loadEnv } from './lib/env.mjs';
import { runJest } from './lib/jest-summary.mjs';
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

// A developer's .env never reaches real people or starts pg-boss in every test app: no mail
// server and no scheduled jobs (the tests that need them set them in-process).
const code = await runJest(args, { ...process.env, NODE_ENV: 'test', TZ: 'Europe/Amsterdam', SMTP_HOST: '', SCHEDULED_JOBS: 'off' });
if (db) await db.stop();
process.exit(code);
