import { silenceKnownWarnings } from '../src/prisma/known-warnings';

// API tests run against the real PostgreSQL that scripts/test.mjs prepared.
if (!process.env.DATABASE_URL) {
  throw new Error('DATABASE_URL ontbreekt: start de API-tests met `npm test`.');
}
process.env.SESSION_SECURE_COOKIE = 'false';
// Every row a table write kept for the next one is compared with a fresh load when it is used,
// and frozen while kept (matches/match-row-cache.ts): the whole suite checks the kept rows.
process.env.MATCH_ROW_CACHE_CHECK = '1';
// Jest runs the files in a worker process: the known Prisma/pg warning is silenced there too.
silenceKnownWarnings();
