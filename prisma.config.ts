// Prisma 7 reads its datasource and paths from here, not from schema.prisma.
// The schema engine runs offline: scripts/prisma-schema-engine.mjs wraps Prisma's
// WebAssembly schema engine so that `npx prisma migrate dev` needs no download.
import path from 'node:path';
import { defineConfig } from 'prisma/config';

const root = __dirname;
const envFile = path.join(root, '.env');
try {
  process.loadEnvFile(envFile);
} catch {
  // no .env: the shell's environment is used as it is
}

// Set before the CLI looks for (and would download) its engine, so plain
// `npx prisma migrate dev` runs offline too.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(root, 'scripts', 'prisma-schema-engine.mjs');
process.env.CHECKPOINT_DISABLE ??= '1';

export default defineConfig({
  schema: path.join(root, 'prisma', 'schema.prisma'),
  migrations: {
    path: path.join(root, 'prisma', 'migrations'),
    seed: 'node scripts/seed.mjs',
  },
  datasource: {
    // `prisma generate` needs no database; every other command gets a real URL
    // from scripts/prisma.mjs (embedded PostgreSQL) or from DATABASE_URL.
    url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/unset',
  },
});
