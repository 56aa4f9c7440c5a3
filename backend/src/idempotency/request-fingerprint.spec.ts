import { idempotencyKeyOf, requestFingerprint } from './request-fingerprint';

const remark = { text: 'Tafel 3 begon later', idempotencyKey: 'remark-0001' };
const base = requestFingerprint('POST', '/api/matches/m1/remarks', {}, remark);

describe('requestFingerprint', () => {
  test.each<[string, string, string, unknown, unknown]>([
    ['another match', 'POST', '/api/matches/m2/remarks', {}, remark],
    ['another endpoint', 'POST', '/api/matches/m1/dispute', {}, remark],
    ['another method', 'PUT', '/api/matches/m1/remarks', {}, remark],
    ['another text', 'POST', '/api/matches/m1/remarks', {}, { ...remark, text: 'Tafel 4 begon later' }],
    ['a field more', 'POST', '/api/matches/m1/remarks', {}, { ...remark, version: 3 }],
    ['another query', 'POST', '/api/matches/m1/remarks', { reason: 'x' }, remark],
  ])('differs for %s', (_, method, url, query, body) => {
    expect(requestFingerprint(method, url, query, body)).not.toBe(base);
  });

  test.each<[string, string, string, unknown, unknown]>([
    ['the fields in another order', 'POST', '/api/matches/m1/remarks', {}, { idempotencyKey: 'remark-0001', text: 'Tafel 3 begon later' }],
    ['the method in lower case', 'post', '/api/matches/m1/remarks', {}, remark],
    ['no query at all', 'POST', '/api/matches/m1/remarks', undefined, remark],
  ])('is the same with %s', (_, method, url, query, body) => {
    expect(requestFingerprint(method, url, query, body)).toBe(base);
  });

  it('sorts nested objects too, and keeps the order of lists', () => {
    const a = requestFingerprint('PUT', '/x', {}, { sets: [{ a: 1, b: 2 }, { a: 3 }] });
    expect(requestFingerprint('PUT', '/x', {}, { sets: [{ b: 2, a: 1 }, { a: 3 }] })).toBe(a);
    expect(requestFingerprint('PUT', '/x', {}, { sets: [{ a: 3 }, { a: 1, b: 2 }] })).not.toBe(a);
  });
});

describe('idempotencyKeyOf', () => {
  test.each<[string, unknown, unknown, string | null]>([
    ['from the body', { idempotencyKey: 'abcd-1234' }, {}, 'abcd-1234'],
    ["from a DELETE's query", undefined, { idempotencyKey: 'abcd-1234' }, 'abcd-1234'],
    ['none', { text: 'x' }, {}, null],
    ['too short (the DTO refuses it)', { idempotencyKey: 'abc' }, {}, null],
    ['not a string', { idempotencyKey: 12345678 }, {}, null],
    ['a list body', [{ idempotencyKey: 'abcd-1234' }], {}, null],
  ])('%s', (_, body, query, key) => {
    expect(idempotencyKeyOf(body, query)).toBe(key);
  });
});
