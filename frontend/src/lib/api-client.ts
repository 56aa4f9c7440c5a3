'use client';
// Browser-side API client: same origin, the session cookie goes along by itself.
import createClient from 'openapi-fetch';
import type { paths } from './api-types';

export const api = createClient<paths>({ baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin });

export interface ApiErrorDetail {
  field?: string;
  row?: number;
  message: string;
}

export interface ApiErrorBody {
  /** requestId: the "foutcode" that finds the API's log lines of this request. */
  error: { status: number; code: string; message: string; details?: ApiErrorDetail[]; requestId?: string };
}

export function errorOf(body: unknown): ApiErrorBody['error'] {
  const error = (body as ApiErrorBody | undefined)?.error;
  return error ?? { status: 0, code: 'NETWORK', message: 'De server is niet bereikbaar. Probeer het opnieuw.' };
}

/** The envelope's message followed by its details, as one sentence for the screen; a server error adds its foutcode to quote. */
export function errorText(body: unknown): string {
  const error = errorOf(body);
  const code = error.status >= 500 && error.requestId ? [`(foutcode ${error.requestId})`] : [];
  return [error.message, ...(error.details ?? []).map((d) => d.message), ...code].join(' ');
}
