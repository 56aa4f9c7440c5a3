// API tests run against the real PostgreSQL that scripts/test.mjs prepared.
if (!process.env.DATABASE_URL) {
  throw new Error('DATABASE_URL ontbreekt: start de API-tests met `npm test`.');
}
process.env.SESSION_SECURE_COOKIE = 'false';
