import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from './errors';

/** What decides whether a request comes from a page on another origin. */
export interface RequestOrigin {
  method: string;
  /** The browser's own verdict (Fetch Metadata), sent to HTTPS and localhost origins. */
  secFetchSite?: string;
  origin?: string;
  /** The hosts the request was addressed to: Host, and the dashboard proxy's X-Forwarded-Host. */
  hosts: readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `host[:port]` as the URL parser writes it: lower-case, without the scheme's default port. */
function sameHost(origin: URL, host: string): boolean {
  const authority = host.trim().toLowerCase();
  if (!authority) return false;
  if (origin.host === authority) return true;
  const defaultPort = origin.protocol === 'https:' ? '443' : origin.protocol === 'http:' ? '80' : null;
  return defaultPort !== null && !origin.port && `${origin.hostname}:${defaultPort}` === authority;
}

/**
 * Whether a state-changing request comes from a page on another origin (Go's
 * `net/http.CrossOriginProtection`, which Nest's `enableCsrfProtection()` follows too,
 * except that it ignores X-Forwarded-Host, which the dashboard's proxy needs):
 * reads (GET, HEAD, OPTIONS) never; with Sec-Fetch-Site, unless it says `same-origin` or
 * `none` (typed by the user); without it, when an Origin is sent whose host is not one the
 * request was addressed to (`Origin: null`, from a sandboxed frame, never matches). A
 * request with neither header (curl, server-side fetches, the tests) is not a browser's.
 */
export function isCrossOriginWrite(request: RequestOrigin): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.secFetchSite !== undefined) return request.secFetchSite !== 'same-origin' && request.secFetchSite !== 'none';
  if (request.origin === undefined) return false;
  let origin: URL;
  try {
    origin = new URL(request.origin);
  } catch {
    return true;
  }
  return !request.hosts.some((host) => sameHost(origin, host));
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Refuses (403 CROSS_ORIGIN) every POST, PUT, PATCH and DELETE that a page on another
 * origin makes the browser send, before its body is read: SameSite=Lax alone lets a
 * sibling host (same site) post with the session cookie. The hosts compared with Origin
 * are Host and X-Forwarded-Host: the dashboard's /api proxy sends the API its own host as
 * Host and the dashboard's as X-Forwarded-Host. A page cannot make a browser send
 * X-Forwarded-Host without a CORS preflight, which the API does not grant.
 */
export function refuseCrossOriginWrites(instance: FastifyInstance): void {
  instance.addHook('onRequest', (request, _reply, done) => {
    const crossOrigin = isCrossOriginWrite({
      method: request.method,
      secFetchSite: header(request, 'sec-fetch-site'),
      origin: header(request, 'origin'),
      hosts: [header(request, 'host') ?? '', ...(header(request, 'x-forwarded-host') ?? '').split(',')],
    });
    done(crossOrigin ? new ForbiddenError('Dit verzoek komt van een andere website en is daarom geweigerd. Gebruik de TSBN-site zelf.', 'CROSS_ORIGIN') : undefined);
  });
}
