// Builds the dashboard ahead of time (the Docker image does this when it is built), with
// the same fingerprint `npm start` checks, so starting does not build it again.
import { buildFrontendIfNeeded } from './lib/build.mjs';
import { loadEnv } from './lib/env.mjs';

loadEnv();
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${Number(process.env.API_PORT ?? 3001)}`;
buildFrontendIfNeeded(apiUrl, (message) => console.log(`[tsbn] ${message}`));
