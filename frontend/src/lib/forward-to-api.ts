// Passes one browser request on to the API, with the browser's address in X-Forwarded-For.
// Next's /api rewrite (next.config.ts) does not send that header: the API would see every
// dashboard user as the dashboard itself. For a route handler Next has filled in
// X-Forwarded-For already: the browser's address, or the header a proxy in front of the
// dashboard set. The API believes it only from TRUSTED_PROXIES (by default: loopback).

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3001';

/** Headers that belong to one connection, not to the request (and the body's length, which fetch sets). */
const CONNECTION_HEADERS = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'expect', 'host', 'content-length'];

export async function forwardToApi(request: Request, path: string): Promise<Response> {
  const headers = new Headers(request.headers);
  for (const name of CONNECTION_HEADERS) headers.delete(name);
  // As the /api rewrite does: the API compares a write's Origin with the dashboard's host.
  headers.set('x-forwarded-host', request.headers.get('host') ?? '');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  let res: Response;
  try {
    res = await fetch(`${apiUrl}${path}${new URL(request.url).search}`, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      cache: 'no-store',
      redirect: 'manual',
    });
  } catch {
    return Response.json({ error: { status: 502, code: 'API_UNREACHABLE', message: 'De server is niet bereikbaar. Probeer het opnieuw.' } }, { status: 502 });
  }
  const answer = new Headers(res.headers);
  // fetch has decoded the body already; the length is the server's business again.
  for (const name of [...CONNECTION_HEADERS, 'content-encoding']) answer.delete(name);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: answer });
}
