import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { SESSION_COOKIE } from '../auth/auth.types';
import { UnauthorizedError } from './errors';

interface LargeBodyConfig {
  largeBodyLimit?: number;
}

/**
 * Lets this endpoint take a JSON body up to `bytes` instead of the app's limit (100 kB).
 * Only a request with a session may make the server read that much: one without is
 * answered 401 before its body is read (the guard would refuse it anyway, and then checks
 * the role). Takes effect through `largeBodyLimits()`, installed in app.factory.
 */
export const LargeBody = (bytes: number) => RouteConfig({ largeBodyLimit: bytes } satisfies LargeBodyConfig);

const needsSessionCookie: onRequestHookHandler = (request, _reply, done) => {
  done(request.cookies?.[SESSION_COOKIE] ? undefined : new UnauthorizedError());
};

/** Applies `@LargeBody()` as each route is registered; call before the app initialises. */
export function largeBodyLimits(instance: FastifyInstance): void {
  instance.addHook('onRoute', (route) => {
    const limit = (route.config as LargeBodyConfig | undefined)?.largeBodyLimit;
    if (!limit) return;
    route.bodyLimit = limit;
    route.onRequest = [needsSessionCookie, ...([] as onRequestHookHandler[]).concat(route.onRequest ?? [])];
  });
}
