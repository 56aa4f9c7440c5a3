// Logging out as a plain form post (the header's "Uitloggen" button), so it also works on
// the public pages, which load no JavaScript: ends the session at the API, passes on the
// API's cookie removal and sends the visitor to the home page.
import { cookies } from 'next/headers';

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3001';

export async function POST() {
  const res = await fetch(`${apiUrl}/api/auth/logout`, { method: 'POST', headers: { cookie: (await cookies()).toString() }, cache: 'no-store' });
  const headers = new Headers({ location: '/' });
  for (const cookie of res.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}
