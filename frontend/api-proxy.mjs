// The dashboard's way to the API for every /api/… request (frontend/server.mjs): a plain
// streaming HTTP proxy. What it guarantees, which Next's rewrite proxy did not:
// - the API learns each client's own address (X-Forwarded-For as server.mjs set it from the
//   socket) and the dashboard's host as the browser used it (X-Forwarded-Host);
// - no ceiling on sockets: hundreds of open live streams never hold up other requests;
// - a body passes as a stream and the API's own answer comes back, also when it refuses the
//   body early (413 in Dutch, not a bare 500);
// - an API that cannot be reached (restarting) gives a Dutch 502 in the one error envelope;
// - a client that goes away ends its request at the API (a live stream's viewer left).
import http from 'node:http';

/**
 * Headers that belong to one connection, not to the request. `expect`: this server has already
 * answered a client's "100-continue"; the body then simply follows to the API.
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'proxy-authorization', 'proxy-authenticate', 'expect'];

/** The API's own bodies limit (backend app.factory.ts BODY_LIMIT): larger bodies only where an endpoint allows them. */
const API_BODY_LIMIT = 100 * 1024;

/**
 * Beyond this declared size the rest of a refused body is not read: the connection is closed
 * instead (a client still sending then sees its connection cut, as it would at the API).
 */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/**
 * The 413 in the API's words. The client may still be sending its body: it is read to its end
 * and dropped (the request is resumed by the caller), and the connection stays open, so the
 * client gets this answer instead of a broken pipe halfway through its upload.
 */
function tooLarge(req, res) {
  const body = JSON.stringify({ error: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Het bestand of verzoek is te groot.' } });
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
  if (Number(req.headers['content-length'] ?? 0) > DRAIN_LIMIT) headers.connection = 'close';
  res.writeHead(413, headers);
  res.end(body);
}

function unreachable(res) {
  const body = JSON.stringify({ error: { status: 502, code: 'API_UNREACHABLE', message: 'De server is even niet bereikbaar (hij start mogelijk opnieuw). Probeer het over een paar seconden opnieuw.' } });
  res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' });
  res.end(body);
}

/** @param {string} apiUrl e.g. http://127.0.0.1:3001 */
export function createApiProxy(apiUrl) {
  const upstream = new URL(apiUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 64 });
  return function proxy(req, res) {
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    headers['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? req.headers.host ?? '';
    headers['x-forwarded-proto'] = req.headers['x-forwarded-proto'] ?? (req.socket.encrypted ? 'https' : 'http');
    headers.host = upstream.host;
    const out = http.request({ protocol: upstream.protocol, hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      const back = { ...answer.headers };
      for (const name of HOP_BY_HOP) delete back[name];
      // An answer before the whole body (the API's 413): the rest is read and dropped, as above.
      if (!req.readableEnded && Number(req.headers['content-length'] ?? 0) > DRAIN_LIMIT) back.connection = 'close';
      res.writeHead(answer.statusCode ?? 502, back);
      // Server-Sent Events and downloads pass as they come.
      res.flushHeaders();
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    out.on('error', () => {
      if (res.headersSent) {
        if (!res.writableEnded) res.end();
        return;
      }
      // The API cut the connection while a body larger than it takes was still on its way: it
      // refused the body (its 413 is lost with the connection, so it is given here in its words).
      const length = Number(req.headers['content-length'] ?? 0);
      if (!req.readableEnded && length > API_BODY_LIMIT) {
        req.resume();
        return tooLarge(req, res);
      }
      // Before an answer: the API is away (restarting).
      unreachable(res);
    });
    // The API may answer before it has read the body (a body too large: 413) and close. Stop
    // sending the rest then, so its answer arrives instead of a broken pipe; the client's
    // remaining bytes are read and dropped.
    out.on('socket', (socket) => {
      socket.once('data', () => {
        if (req.readableEnded) return;
        req.unpipe(out);
        req.resume();
      });
    });
    // The client left (a live page closed): the API's stream ends too.
    res.on('close', () => {
      if (!res.writableFinished) out.destroy();
    });
    req.pipe(out);
  };
}
