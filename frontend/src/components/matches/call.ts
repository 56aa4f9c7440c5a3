'use client';
// One way for the match screens to call the API: the answer, or the envelope's error.
import { ApiErrorBody, errorOf } from '@/lib/api-client';
import type { MatchDetail } from './labels';

export type ApiError = ApiErrorBody['error'];
export type Outcome<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export async function attempt<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Outcome<T>> {
  try {
    const { data, error, response } = await request;
    if (response.ok) return { ok: true, data: data as T };
    return { ok: false, error: errorOf(error) };
  } catch {
    return { ok: false, error: errorOf(null) };
  }
}

/** The match as it is now stored, when a save was refused because someone else saved first (409 STALE_VERSION). */
export function staleCurrent(error: ApiError): MatchDetail | null {
  if (error.code !== 'STALE_VERSION') return null;
  const detail = error.details?.[0] as { current?: MatchDetail } | undefined;
  return detail?.current ?? null;
}

/** The API's messages for one error: the main one, then its details when they add something. */
export function messagesOf(error: ApiError): string[] {
  const details = (error.details ?? []).map((d) => d.message).filter((m) => m && m !== error.message);
  return [error.message, ...details];
}
