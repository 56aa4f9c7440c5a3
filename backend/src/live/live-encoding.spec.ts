import { gunzipSync } from 'node:zlib';
import { acceptsGzip, gzippedAnswer } from './live-encoding';

describe('live answers gzipped', () => {
  it('reads Accept-Encoding as browsers and proxies send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('GZIP, Deflate')).toBe(true);
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
  });

  it('gzips an answer once, however many readers ask, and the bytes are the JSON', async () => {
    const answer = { version: 'v1', json: JSON.stringify({ version: 'v1', rows: Array.from({ length: 200 }, (_, i) => ({ i, name: `Tafel ${i}` })) }) };
    const [a, b] = await Promise.all([gzippedAnswer(answer), gzippedAnswer(answer)]);
    expect(a).toBe(b);
    expect(await gzippedAnswer(answer)).toBe(a);
    expect(gunzipSync(a).toString('utf8')).toBe(answer.json);
    expect(a.length).toBeLessThan(answer.json.length / 4);
    // Another answer (the next version) is its own.
    const next = { ...answer, version: 'v2' };
    expect(await gzippedAnswer(next)).not.toBe(a);
  });
});
