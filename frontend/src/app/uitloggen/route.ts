// Logging out as a plain form post (the header's "Uitloggen" button), so it also works on
// the public pages, which load no JavaScript: ends the session at the API, passes on the
// API's cookie removal and sends the visitor to the home page. The browser's Origin and
// Sec-Fetch-Site go along with the dashboard's host, so the API's same-origin check refuses
// a logout posted from another site (403), as it refuses every other cross-site write.
import { cookies, headers as requestHeaders } from 'next/headers';

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3001';

export async function POST() {
  const incoming = await requestHeaders();
  const forwarded = new Headers({ cookie: (await cookies()).toString(), 'x-forwarded-host': incoming.get('host') ?? '' });
  for (const name of ['origin', 'sec-fetch-site', 'x-forwarded-for']) {
    const value = incoming.get(name);
    if (value) forwarded.set(name, value);
  }
  const res = await fetch(`${apiUrl}/api/auth/logout`, { method: 'POST', headers: forwarded, cache: 'no-store' });
  if (res.status === 403) {
    return new Response('Uitloggen kan alleen vanaf deze site zelf.', { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const headers = new Headers({ location: '/' });
  for (const cookie of res.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}
