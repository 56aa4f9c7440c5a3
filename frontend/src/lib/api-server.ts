// Server-side API client for the app router: forwards the visitor's session cookie to the API.
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { createApi, seasonOf, userOf, type Me } from './api-core';

export { messageOf, type Me, type Schemas } from './api-core';

export async function serverApi() {
  // The dashboard's server (server.mjs) has put the browser's address in X-Forwarded-For; the
  // host the browser asked for tells the API where phones reach the dashboard.
  const request = await headers();
  return createApi((await cookies()).toString(), request.get('x-forwarded-for') ?? undefined, request.get('x-forwarded-host') ?? request.get('host') ?? undefined);
}

/** The logged-in user, or null. */
export async function currentUser(): Promise<Me | null> {
  return userOf(await serverApi());
}

/** For pages behind a login: redirects to the login page, or returns null for the wrong role. */
export async function requireRole(...roles: Me['role'][]): Promise<{ me: Me; allowed: boolean }> {
  const me = await currentUser();
  if (!me) redirect('/inloggen');
  return { me, allowed: roles.includes(me.role) };
}

/** The current season and its divisions (highest first), or null when there is no season. */
export async function currentSeason() {
  const api = await serverApi();
  const current = await seasonOf(api);
  return current && { api, ...current };
}
