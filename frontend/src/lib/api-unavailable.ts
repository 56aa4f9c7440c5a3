// The API answered 503 (its database cannot be reached) or could not be reached at all.
// Pages must say so ("tijdelijk niet bereikbaar") and never read it as "no data" (no
// season, a 404) or as "not logged in" (the login form): the session cookie stays as it is.
// No server-only imports: the app router's error.tsx (a client component) uses this too.

/** Statuses that mean "the API or its database is down", not "the request was wrong". */
export const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/** Next.js keeps a server error's own `digest`; error.tsx recognises the outage by it. */
export const API_UNAVAILABLE_DIGEST = 'TSBN_API_UNAVAILABLE';

export class ApiUnavailableError extends Error {
  readonly digest = API_UNAVAILABLE_DIGEST;

  constructor(readonly status: number) {
    super(status ? `De API is tijdelijk niet bereikbaar (HTTP ${status}).` : 'De API is niet bereikbaar (geen verbinding).');
    this.name = 'ApiUnavailableError';
    // Next.js logs every page that fails with it; during an outage a stack trace per request says nothing.
    this.stack = `${this.name}: ${this.message}`;
  }
}

export function isApiUnavailable(error: unknown): boolean {
  return (error as { digest?: unknown } | null | undefined)?.digest === API_UNAVAILABLE_DIGEST;
}
