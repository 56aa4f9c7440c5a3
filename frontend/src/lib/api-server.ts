// Server-side API client: forwards the visitor's session cookie to the API.
import createClient from 'openapi-fetch';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { components, paths } from './api-types';

export type Schemas = components['schemas'];
export type Me = Schemas['MeDto'];

const baseUrl = process.env.API_URL ?? 'http://127.0.0.1:3001';

export async function serverApi() {
  const cookieHeader = (await cookies()).toString();
  return createClient<paths>({ baseUrl, headers: cookieHeader ? { cookie: cookieHeader } : {}, cache: 'no-store' });
}

/** The Dutch message in an API error envelope, if there is one. */
export function messageOf(error: unknown): string | undefined {
  return (error as { error?: { message?: string } } | undefined)?.error?.message;
}

/** The logged-in user, or null. */
export async function currentUser(): Promise<Me | null> {
  const api = await serverApi();
  const { data } = await api.GET('/api/auth/me');
  return data ?? null;
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
  const { data: season } = await api.GET('/api/seasons/current');
  if (!season) return null;
  const { data: divisions = [] } = await api.GET('/api/seasons/{seasonId}/divisions', { params: { path: { seasonId: season.id } } });
  return { api, season, divisions };
}
