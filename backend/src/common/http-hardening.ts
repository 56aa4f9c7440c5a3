import { Reflector } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BodyTypeGuard } from './body-type.guard';
import { jsonBodiesOnly } from './json-body';
import { refuseCrossOriginWrites } from './same-origin';
import { securityHeaders } from './security-headers';

/**
 * What the HTTP layer refuses before a controller sees a request, in one place (called by
 * createApp before init; the app must be created with `bodyParser: false`):
 * security headers on every response; POST/PUT/PATCH/DELETE from another origin (403
 * CROSS_ORIGIN); bodies other than JSON, or multipart outside the uploads (415); JSON nested
 * too deep or with a `__proto__` key (400).
 */
export function hardenHttp(app: NestFastifyApplication, options: { https: boolean }): void {
  app.useSecurityHeaders(securityHeaders(options.https));
  const instance = app.getHttpAdapter().getInstance();
  refuseCrossOriginWrites(instance);
  jsonBodiesOnly(instance);
  app.useGlobalGuards(new BodyTypeGuard(app.get(Reflector)));
}
