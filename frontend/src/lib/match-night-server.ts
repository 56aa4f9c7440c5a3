// Server-side reads of the match-night endpoints for the app router's pages, with the
// visitor's cookie and address (as serverApi does). Kept apart until the generated client
// knows these paths; then the pages call serverApi().GET and this file goes.
import { cookies, headers } from 'next/headers';
import { ApiUnavailableError, UNAVAILABLE_STATUSES } from './api-unavailable';

const baseUrl = process.env.API_URL ?? 'http://127.0.0.1:3001';

export type Read<T> = { ok: true; data: T } | { ok: false; status: number; code: string; message: string };

export async function nightGet<T>(path: string): Promise<Read<T>> {
  const forwarded = (await headers()).get('x-forwarded-for');
  const res = await fetch(`${baseUrl}${path}`, {
    cache: 'no-store',
    headers: { cookie: (await cookies()).toString(), ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) },
  }).catch(() => null);
  if (!res) throw new ApiUnavailableError(0);
  if (UNAVAILABLE_STATUSES.has(res.status)) throw new ApiUnavailableError(res.status);
  const body = await res.json().catch(() => null);
  if (res.ok) return { ok: true, data: body as T };
  const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
  return { ok: false, status: res.status, code: error?.code ?? 'UNKNOWN', message: error?.message ?? 'Er ging iets mis.' };
}
