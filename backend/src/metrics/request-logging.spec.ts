import type { IncomingMessage } from 'node:http';
import { newRequestId, requestIdOf } from './request-logging';

describe('request ids', () => {
  it('are 12 hex digits, all different, also across the refills of node:crypto’s block of random bytes (128 UUIDs each)', () => {
    const ids = Array.from({ length: 2_000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keep the caller’s X-Request-Id when it looks like one, and replace one that does not', () => {
    const request = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;
    expect(requestIdOf(request('dash-4f2a9c'))).toBe('dash-4f2a9c');
    expect(requestIdOf(request('kort'))).toMatch(/^[0-9a-f]{12}$/);
    expect(requestIdOf(request('a b c d e f'))).toMatch(/^[0-9a-f]{12}$/);
    expect(requestIdOf(request())).toMatch(/^[0-9a-f]{12}$/);
  });
});
