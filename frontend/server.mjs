// The dashboard's own server: Next.js behind a plain Node HTTP server, so that every request
// carries the address of the client that really sent it, and /api/… goes to the API through a
// streaming proxy of our own (api-proxy.mjs) instead of Next's rewrite.
//
// Next keeps a client-sent X-Forwarded-For as it is, and the API believes the dashboard: a phone
// could claim any address (unlimited password guesses, another person's throttle). Here the
// header is rewritten from the socket: a request that comes from a proxy listed in
// TRUSTED_PROXIES keeps the chain that proxy built, up to the first address that is not such a
// proxy; any other request is taken at its own address, whatever it claims.
//
// HOST: the interface to listen on, 127.0.0.1 unless the operator opens the dashboard to the
// network (HOST=0.0.0.0). PORT: the port (3000). Started by scripts/start.mjs and scripts/e2e.mjs
// as `node server.mjs` in frontend/ (after `next build`).
import { createServer } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import next from 'next';
import { createApiProxy } from './api-proxy.mjs';
import { trustedProxyList } from './trusted-proxies.mjs';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || '127.0.0.1';
const trust = proxyAddr.compile(trustedProxyList(process.env.TRUSTED_PROXIES));

/** The address the request came from, as far as the trusted proxies vouch for it. */
function clientAddressOf(req) {
  return proxyAddr(req, trust);
}

/**
 * The one client address Next and the API may believe; every other forwarding claim is dropped,
 * and the host and protocol a client claims count only from a trusted proxy.
 */
function sanitise(req) {
  const fromProxy = trust(req.socket.remoteAddress ?? '', 0);
  req.headers['x-forwarded-for'] = clientAddressOf(req);
  delete req.headers['x-real-ip'];
  delete req.headers['forwarded'];
  if (!fromProxy) {
    delete req.headers['x-forwarded-host'];
    delete req.headers['x-forwarded-proto'];
  }
}

// /api/… goes straight to the API (api-proxy.mjs); every other path is the dashboard's.
const proxyToApi = createApiProxy(process.env.API_URL ?? 'http://127.0.0.1:3001');

const app = next({ dev: false, dir: import.meta.dirname, hostname: host, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  // The one address Next and the API may believe; every other forwarding claim is dropped.
  sanitise(req);
  if (req.url === '/api' || req.url?.startsWith('/api/')) return proxyToApi(req, res);
  handle(req, res).catch((error) => {
    console.error(`[dashboard] ${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
    if (!res.headersSent) {
      res.statusCode = 500;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
    }
    res.end('Er ging iets mis in het dashboard. Probeer het opnieuw.');
  });
});
// Live pages hold their event streams open: no request timeout for them, but idle sockets go.
server.requestTimeout = 0;
server.keepAliveTimeout = 65_000;
server.on('upgrade', (req, socket, head) => {
  sanitise(req);
  app.getUpgradeHandler()(req, socket, head);
});
server.listen(port, host, () => {
  console.log(`[tsbn] Dashboard luistert op http://${host.includes(':') ? `[${host}]` : host}:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections?.();
    app.close?.().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
