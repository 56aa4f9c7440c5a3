import type { SecurityHeadersOptions } from '@nestjs/common';

/**
 * The API's security headers, through Nest's `app.useSecurityHeaders()` (helmet 8's
 * defaults, written on every response, errors and 404s included). Its default CSP suits both
 * the JSON and the Swagger UI at /api/docs (scripts and styles from 'self'). Changed from the
 * defaults: no framing at all, a Referrer-Policy that keeps the Origin header on same-origin
 * writes (with `no-referrer` a browser sends `Origin: null`, which the cross-origin check
 * refuses), and HSTS plus upgrade-insecure-requests only when served over HTTPS
 * (SESSION_SECURE_COOKIE=true).
 */
export function securityHeaders(https: boolean): SecurityHeadersOptions {
  return {
    contentSecurityPolicy: { directives: { frameAncestors: ["'none'"], upgradeInsecureRequests: https ? true : null } },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}
