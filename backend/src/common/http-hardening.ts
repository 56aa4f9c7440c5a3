import { Reflector } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  instance.addHook('onSend', (request, reply, payload, done) => {
    setCacheControl(request, reply);
    done(null, payload);
  });
  refuseCrossOriginWrites(instance);
  jsonBodiesOnly(instance);
  app.useGlobalGuards(new BodyTypeGuard(app.get(Reflector)));
}

/**
 * Every API answer is current data; none may be kept where another person could read it. An
 * answer to a request with a session cookie, or to a table code, differs per viewer and may
 * carry a code or personal data: `private, no-store`. Anything else: `no-cache` (a shared cache
 * asks again every time) and `Vary: Cookie`, added to the handler's own Vary (the live answers
 * vary by Accept-Encoding too). A handler that sets its own Cache-Control keeps it.
 */
export function setCacheControl(request: Pick<FastifyRequest, 'headers' | 'url'>, reply: Pick<FastifyReply, 'hasHeader' | 'header' | 'getHeader'>): void {
  if (reply.hasHeader('cache-control')) return;
  const personal = Boolean(request.headers.cookie) || request.url.startsWith('/api/table/');
  if (personal) {
    reply.header('cache-control', 'private, no-store');
  } else {
    reply.header('cache-control', 'no-cache');
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Cookie` : 'Cookie');
  }
}

/** Fastify's own refusals before routing (a path parameter too long: 414; a malformed URL: 400), in the one Dutch envelope. */
export function frameworkErrors(error: Error & { statusCode?: number; code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode === 414 ? 414 : 400;
  const [code, message] =
    status === 414
      ? ['URI_TOO_LONG', 'Het adres is te lang. Controleer de link of ga terug naar de vorige pagina.']
      : ['BAD_URL', 'Het adres bevat ongeldige tekens. Controleer de link of ga terug naar de vorige pagina.'];
  void reply.code(status).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(JSON.stringify({ error: { status, code, message } }));
}
