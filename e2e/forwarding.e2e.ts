// The dashboard's own route handlers for /api/table/… and the live streams come before its
// /api proxy (next.config.ts: the rewrite is a fallback), so the API sees each phone's address:
// a client that guesses table codes waits on its own, the other phones at the venue go on.
import { BASE_URL } from './browser';

const unknownCode = 'ZZZZZZZZZZ';

/** A table read through the dashboard, as a phone with this address makes it. */
function readTable(address: string) {
  return fetch(`${BASE_URL}/api/table/${unknownCode}`, { headers: { 'x-forwarded-for': address } });
}

describe('dashboard forwarding of table requests', () => {
  it('counts wrong codes per client address, not for the whole dashboard', async () => {
    const guesser = '198.51.100.7';
    let waited = false;
    for (let attempt = 0; attempt < 30 && !waited; attempt++) {
      const res = await readTable(guesser);
      expect([404, 429]).toContain(res.status);
      waited = res.status === 429;
    }
    expect(waited).toBe(true);
    // Another phone is not made to wait by the guesser.
    const other = await readTable('198.51.100.8');
    expect(other.status).toBe(404);
    expect((await other.json()).error.code).toBe('TABLE_CODE_INVALID');
  });
});
