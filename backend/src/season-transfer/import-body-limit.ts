import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { UnauthorizedError } from '../common/errors';
import { SESSION_COOKIE } from '../auth/auth.types';

const SEASON_IMPORT_URL = '/api/seasons/import';
/** A 20-team double round robin with every set is about 150 kB; whole seasons of history fit easily. */
const SEASON_IMPORT_LIMIT = 10 * 1024 * 1024;

/**
 * A larger JSON body limit for the season import only; every other route keeps the app's
 * (100 kB). Only a request with a session may make the server read 10 MB: one without is
 * answered 401 before its body is read (the guard would refuse it anyway; it then checks
 * that the session is an administrator's). Call before the routes are registered.
 */
export function seasonImportBodyLimit(instance: FastifyInstance): void {
  const needsSessionCookie: onRequestHookHandler = (request, _reply, done) => {
    if (!request.cookies?.[SESSION_COOKIE]) return done(new UnauthorizedError());
    done();
  };
  instance.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    if (route.url !== SEASON_IMPORT_URL || !methods.includes('POST')) return;
    route.bodyLimit = SEASON_IMPORT_LIMIT;
    route.onRequest = [needsSessionCookie, ...([] as onRequestHookHandler[]).concat(route.onRequest ?? [])];
  });
}
