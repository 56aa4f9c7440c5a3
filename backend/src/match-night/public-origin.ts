import type { FastifyRequest } from 'fastify';

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0]?.trim() || undefined;
}

/**
 * Where phones reach the dashboard, for the table codes' links and QR codes: PUBLIC_URL when
 * set (e.g. https://competitie.tsbn.nl), otherwise the address the request was made to (the
 * dashboard's host from its /api proxy's X-Forwarded-Host, else Host), over https when
 * X-Forwarded-Proto says so or the session cookie is secure.
 */
export function publicOrigin(request: Pick<FastifyRequest, 'headers'>): string {
  const configured = process.env.PUBLIC_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  const claimed = first(request.headers['x-forwarded-host']) ?? first(request.headers.host);
  const host = claimed && /^[A-Za-z0-9.:[\]-]{1,255}$/.test(claimed) ? claimed : 'localhost:3000';
  const proto = first(request.headers['x-forwarded-proto']) ?? (process.env.SESSION_SECURE_COOKIE === 'true' ? 'https' : 'http');
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}
