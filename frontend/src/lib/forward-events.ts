// The live pages' event streams (Server-Sent Events) pass through a route handler instead of
// the /api rewrite, so the API sees each viewer's address (X-Forwarded-For, which Next fills
// in for a route handler) and its cap on streams per client counts viewers, not the dashboard.
// The body is passed on as it arrives (no buffering: the API marks it no-transform, so Next's
// gzip leaves it alone), and the API's stream ends when the viewer leaves (request.signal).

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3001';

/** What the API needs of the browser's request; nothing else (no cookies: the streams are public). */
const PASSED_ON = ['accept', 'last-event-id', 'user-agent', 'x-forwarded-for'];
/** Headers that belong to one connection, or to a body fetch has already decoded. */
const DROPPED = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'];

export async function forwardEvents(request: Request, path: string): Promise<Response> {
  const headers = new Headers();
  for (const name of PASSED_ON) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  let res: Response;
  try {
    res = await fetch(`${apiUrl}${path}${new URL(request.url).search}`, { headers, cache: 'no-store', redirect: 'manual', signal: request.signal });
  } catch {
    return Response.json({ error: { status: 502, code: 'API_UNREACHABLE', message: 'De server is niet bereikbaar. Probeer het opnieuw.' } }, { status: 502 });
  }
  const answer = new Headers(res.headers);
  for (const name of DROPPED) answer.delete(name);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: answer });
}
