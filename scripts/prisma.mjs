// `npm run prisma -- <args>`: the Prisma CLI, offline, against DATABASE_URL or
// the embedded development database (started and stopped around the command).
import { loadEnv } from './lib/env.mjs';
import { ensureDatabase } from './lib/database.mjs';
import { runPrisma } from './lib/prisma.mjs';

loadEnv();
const args = process.argv.slice(2);
const needsDatabase = ['migrate', 'db', 'studio'].includes(args[0]);
const db = needsDatabase ? await ensureDatabase('dev') : null;
const code = await runPrisma(args, { url: db?.url });
await db?.stop();
process.exit(code);
