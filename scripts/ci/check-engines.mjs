// CI: every package in the lockfile must run on the oldest Node the README promises
// (package.json "engines.node"). A package listed below is exempt, with the reason.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const require = createRequire(path.join(root, 'package.json'));
const semver = require('semver');

const EXEMPT = {
  // Only `prisma dev` (the CLI's local Prisma Postgres server) loads it; this project never runs that command.
  '@prisma/streams-local': 'only used by `prisma dev`',
};

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const oldest = semver.minVersion(pkg.engines.node).version;
const bad = [];
for (const [where, entry] of Object.entries(lock.packages)) {
  const range = entry.engines?.node;
  if (!where || !range || entry.os?.length && !entry.os.includes('linux')) continue;
  const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
  if (EXEMPT[name]) continue;
  if (!semver.satisfies(oldest, range, { includePrerelease: true })) bad.push(`${where}@${entry.version} wants node ${range}`);
}
if (bad.length) {
  console.error(`These packages do not support Node ${oldest} (package.json engines.node ${pkg.engines.node}):\n  ${bad.join('\n  ')}`);
  process.exit(1);
}
console.log(`Every locked package supports Node ${oldest}.`);
