// The API client both routers use on the server: the app router's pages pass the
// cookies of `next/headers` (api-server.ts), the public pages (src/pages) the request's
// Cookie header. Nothing here may import a router-specific module.
import createClient, { type Middleware } from 'openapi-fetch';
import { ApiUnavailableError, UNAVAILABLE_STATUSES } from './api-unavailable';
import type { components, paths } from './api-types';

export { ApiUnavailableError, isApiUnavailable } from './api-unavailable';

export type Schemas = components['schemas'];
export type Me = Schemas['MeDto'];

const baseUrl = process.env.API_URL ?? 'http://127.0.0.1:3001';

/**
 * A typed API client that forwards the visitor's session cookie (if any) and address
 * (X-Forwarded-For, believed by the API only from TRUSTED_PROXIES): the calls are made on
 * the visitor's behalf.
 */
export function createApi(cookieHeader?: string, forwardedFor?: string, forwardedHost?: string) {
  const headers: Record<string, string> = {};
  if (cookieHeader) headers.cookie = cookieHeader;
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  // The dashboard's own address as the browser used it: links the API makes for phones
  // (table codes, QR codes) lead to the dashboard, not to the API's own address.
  if (forwardedHost) headers['x-forwarded-host'] = forwardedHost;
  const client = createClient<paths>({ baseUrl, headers, cache: 'no-store' });
  client.use(failWhenUnavailable);
  return client;
}

/**
 * A 503 (the API's database is down) or no answer at all throws ApiUnavailableError from
 * every call, so no page mistakes an outage for "nothing there" or "logged out".
 */
const failWhenUnavailable: Middleware = {
  onResponse({ response }) {
    if (!UNAVAILABLE_STATUSES.has(response.status)) return undefined;
    void response.body?.cancel();
    throw new ApiUnavailableError(response.status);
  },
  onError() {
    return new ApiUnavailableError(0);
  },
};

export type Api = ReturnType<typeof createApi>;

/** The Dutch message in an API error envelope, if there is one. */
export function messageOf(error: unknown): string | undefined {
  return (error as { error?: { message?: string } } | undefined)?.error?.message;
}

/** The logged-in user, or null. */
export async function userOf(api: Api): Promise<Me | null> {
  const { data } = await api.GET('/api/auth/me');
  return data ?? null;
}

/** The current season and its divisions (highest first), or null when there is no season. */
export async function seasonOf(api: Api) {
  const { data: season } = await api.GET('/api/seasons/current');
  if (!season) return null;
  const { data: divisions = [] } = await api.GET('/api/seasons/{seasonId}/divisions', { params: { path: { seasonId: season.id } } });
  return { season, divisions };
}
