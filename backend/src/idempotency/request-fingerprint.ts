/**
 * What binds an idempotency key to its request: a SHA-256 over the method, the path, the query
 * and the body, each in a canonical form (object keys sorted), so a retry that sends the same
 * request in another key order is the same request, and any other request is not. Pure.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY } from '../common/idempotency.dto';

/** The same value with every object's keys sorted, so equal requests give equal JSON. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The request's fingerprint: `url` with its query string, `query` as parsed, `body` as parsed (JSON). */
export function requestFingerprint(method: string, url: string, query: unknown, body: unknown): string {
  const path = url.split('?')[0];
  return createHash('sha256')
    .update(JSON.stringify([method.toUpperCase(), path, canonical(query ?? {}), canonical(body ?? null)]))
    .digest('hex');
}

/**
 * The idempotency key a write carries: `idempotencyKey` in its JSON body or, for a DELETE, in
 * its query. Only a well-formed one (the DTOs refuse the rest, in Dutch); otherwise null.
 */
export function idempotencyKeyOf(body: unknown, query: unknown): string | null {
  const from = (source: unknown) => (source !== null && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, unknown>).idempotencyKey : undefined);
  const key = from(body) ?? from(query);
  return typeof key === 'string' && IDEMPOTENCY_KEY.test(key) ? key : null;
}
