import type { NextConfig } from 'next';

// The browser talks to one origin: /api/* is proxied to the NestJS API, so the
// session cookie just works. API_URL is read when the dashboard is built.
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3001';

// Security headers (the API sends its own, through Nest). Read when the dashboard is built:
// SESSION_SECURE_COOKIE=true means it is served over HTTPS, which adds HSTS.
const https = process.env.SESSION_SECURE_COOKIE === 'true';
const dev = process.env.NODE_ENV === 'development';

const policy = (directives: Record<string, string>) =>
  Object.entries({ ...directives, ...(https ? { 'upgrade-insecure-requests': '' } : {}) })
    .map(([name, value]) => `${name} ${value}`.trim())
    .join('; ');

const common = {
  'default-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

/** The public pages (pages router, `unstable_runtimeJS: false`) run no JavaScript at all. */
const publicPolicy = policy({ ...common, 'script-src': "'none'", 'connect-src': "'self'" });

/**
 * The live pages (/wedstrijden/{id}/live, /speelavond/{poule}/{ronde}) are public pages with
 * one script of our own, /live.js (progressive enhancement: it listens to the API's
 * Server-Sent Events on this origin and swaps the updated part of the page). No inline script.
 */
const livePolicy = policy({ ...common, 'script-src': "'self'", 'connect-src': "'self'" });

/**
 * The dashboard (app router) needs Next's scripts. They include inline ones (the React
 * Server Components payload, `self.__next_f.push(...)`) that differ per request, so without
 * a per-request nonce (which would need middleware and make every page dynamic) they can
 * only be allowed with 'unsafe-inline'. React escapes what it renders, and the other
 * directives still forbid scripts from elsewhere, framing, plugins and foreign form targets.
 * `next dev` also needs eval (React Refresh) and its WebSocket.
 */
const dashboardPolicy = policy({
  ...common,
  'script-src': `'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
  'connect-src': `'self'${dev ? ' ws: wss:' : ''}`,
});

const headers = (csp: string) => [
  { key: 'Content-Security-Policy', value: csp },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // Not 'no-referrer': with it a browser sends "Origin: null" on same-origin writes, which
  // the API refuses as cross-origin where Sec-Fetch-Site is missing (plain HTTP).
  { key: 'Referrer-Policy', value: 'same-origin' },
  ...(https ? [{ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' }] : []),
];

// The account pages opened from a mail (reset, invitation, new address) are dashboard pages too.
const DASHBOARD = ['/beheer', '/vereniging', '/wedstrijdleider', '/inloggen', '/wachtwoord', '/tafel', '/wachtwoord-vergeten', '/wachtwoord-herstellen', '/uitnodiging', '/e-mailadres-bevestigen', '/te-doen', '/instellingen'];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The browser tests build into their own folder so they never clobber `npm start`'s build.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  reactStrictMode: true,
  env: { API_URL: apiUrl },
  async headers() {
    return [
      // Everything but /api (proxied: the API sends its own), the public pages included;
      // a later entry overrides an earlier one for the same header.
      { source: '/:path((?!api/|api$).*)', headers: headers(publicPolicy) },
      ...DASHBOARD.map((prefix) => ({ source: `${prefix}/:path*`, headers: headers(dashboardPolicy) })),
      { source: '/wedstrijden/:id/live', headers: headers(livePolicy) },
      { source: '/speelavond/:path*', headers: headers(livePolicy) },
    ];
  },
  // The API behind /api for `next dev` only: under npm start, the browser tests and the bench the
  // dashboard's server (server.mjs) proxies /api/… itself (api-proxy.mjs: each client's address,
  // no socket ceiling, Dutch errors) before Next sees the request.
  async rewrites() {
    return { beforeFiles: [], afterFiles: [], fallback: [{ source: '/api/:path*', destination: `${apiUrl}/api/:path*` }] };
  },
};

export default nextConfig;
