// Shared helpers for the root scripts: repository paths and .env loading.
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Loads ./.env (if present) without overriding variables already set in the shell. On a server
 * (`npm run server`) a release's .env is a link to /etc/tsbn/tsbn.env (mode 600, root's): the
 * operator's commands as root read it; the service, which may not, has it from systemd already.
 */
export function loadEnv() {
  const file = path.join(root, '.env');
  if (!existsSync(file)) return;
  try {
    accessSync(file, constants.R_OK);
  } catch {
    return; // (Node's loadEnvFile would say ENOENT for a file it may not read)
  }
  process.loadEnvFile(file);
}

/** Whether this is an installation made by `npm run server -- install` (its env file says so). */
export const onServer = () => process.env.TSBN_SERVER === '1';

/**
 * The API's port and the address the dashboard proxies /api to (API_PORT, API_URL; after
 * loadEnv). One place, so `npm start` and the Docker build (build-dashboard.mjs) bake the
 * same API_URL into the dashboard and its build fingerprint.
 */
export function apiAddress() {
  const apiPort = Number(process.env.API_PORT ?? 3001);
  return { apiPort, apiUrl: process.env.API_URL ?? `http://127.0.0.1:${apiPort}` };
}
