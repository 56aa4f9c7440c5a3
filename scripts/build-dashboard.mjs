// Builds the dashboard ahead of time (the Docker image does this when it is built), with
// the same fingerprint `npm start` checks, so starting does not build it again.
import { buildFrontendIfNeeded } from './lib/build.mjs';
import { apiAddress, loadEnv } from './lib/env.mjs';

loadEnv();
try {
  await buildFrontendIfNeeded(apiAddress().apiUrl, (message) => console.log(`[tsbn] ${message}`));
} catch (error) {
  console.error(`[tsbn] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
