/**
 * The HTTP layer's refusals (issue 12, items 4, 6, 8, 11): writes from another origin,
 * bodies that are not JSON (or multipart outside the uploads), security headers, JSON
 * nested too deep, integers beyond a database column, and `__proto__` keys.
 */
import {
  type Agent,
  createClub,
  createFineRow,
  createMatchDay,
  createSeason,
  expectError,
  fullResultSets,
  lineupBody,
  loginAs,
  PASSWORD,
  resetDatabase,
  startApp,
  TestContext,
} from './helpers';

// The machine is shared: argon2 logins and a second app take a while under load.
jest.setTimeout(30_000);

const EVIL = 'http://evil.example';
const TOO_BIG = 2 ** 31;

describe('HTTP hardening', () => {
  let ctx: TestContext;
  let admin: Agent;
  let adminEmail: string;
  let seasonId: string;
  let clubId: string;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    const login = await loginAs(ctx, 'ADMIN');
    admin = login.agent;
    adminEmail = login.user.email;
    seasonId = (await createSeason(ctx.prisma)).id;
    clubId = (await createClub(ctx.prisma)).id;
  });

  afterAll(() => ctx.close());

  const openFine = () => createFineRow(ctx.prisma, { seasonId, clubId });
  const statusOf = async (fineId: string) => (await ctx.prisma.fine.findUniqueOrThrow({ where: { id: fineId } })).status;
  const clubCount = (name: string) => ctx.prisma.club.count({ where: { name } });

  describe('writes from another origin (403 CROSS_ORIGIN)', () => {
    it.each([
      ['a page on another site', { Origin: EVIL }],
      ['a sibling host (same site), by Fetch Metadata', { Origin: 'https://evil.tsbn.nl', 'Sec-Fetch-Site': 'same-site' }],
      ['another site, by Fetch Metadata', { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' }],
      ['a sandboxed frame (Origin: null)', { Origin: 'null' }],
    ])('refuses "mark this fine paid" from %s, and the fine stays open', async (_name, headers) => {
      const fine = await openFine();
      const res = await admin.post(`/api/fines/${fine.id}/pay`).set(headers).send({}).expect(403);
      expectError(res.body, 403, 'CROSS_ORIGIN');
      expect(res.body.error.message).toMatch(/andere website/);
      expect(await statusOf(fine.id)).toBe('OPEN');
    });

    it.each(['PUT', 'PATCH', 'DELETE'] as const)('refuses %s from another origin too', async (method) => {
      const req = method === 'PUT' ? admin.put('/api/clubs/x') : method === 'PATCH' ? admin.patch(`/api/clubs/${clubId}`) : admin.delete(`/api/clubs/${clubId}`);
      const res = await req.set('Origin', EVIL).send({ name: 'Overgenomen' }).expect(403);
      expectError(res.body, 403, 'CROSS_ORIGIN');
    });

    it('refuses a login from another origin (no session is started)', async () => {
      const res = await ctx.http().post('/api/auth/login').set('Origin', EVIL).send({ email: adminEmail, password: PASSWORD }).expect(403);
      expectError(res.body, 403, 'CROSS_ORIGIN');
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('still answers reads from another origin', async () => {
      await ctx.http().get('/api/seasons').set('Origin', EVIL).set('Sec-Fetch-Site', 'cross-site').expect(200);
    });

    it.each([
      ['without Origin and Sec-Fetch-Site (curl, server-side fetches)', {}],
      ['from the same origin, by Fetch Metadata', { Origin: 'http://localhost:3000', 'Sec-Fetch-Site': 'same-origin' }],
      ['when Origin matches Host', { Origin: 'http://tsbn.example:8080', Host: 'tsbn.example:8080' }],
      ['when Origin matches Host on the default port', { Origin: 'https://tsbn.example', Host: 'tsbn.example:443' }],
      ["through the dashboard's /api proxy (Origin matches X-Forwarded-Host)", { Origin: 'http://tsbn.lan:3000', Host: '127.0.0.1:3001', 'X-Forwarded-Host': 'tsbn.lan:3000' }],
    ])('accepts a write %s', async (_name, headers) => {
      const fine = await openFine();
      await admin.post(`/api/fines/${fine.id}/pay`).set(headers).send({}).expect(200);
      expect(await statusOf(fine.id)).toBe('PAID');
    });
  });

  describe('body types: JSON, and multipart only for uploads (415)', () => {
    it('refuses a form-encoded login, even with the right password', async () => {
      const res = await ctx.http().post('/api/auth/login').type('form').send({ email: adminEmail, password: PASSWORD }).expect(415);
      expectError(res.body, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('refuses a form post to "mark this fine paid", and the fine stays open', async () => {
      const fine = await openFine();
      const res = await admin.post(`/api/fines/${fine.id}/pay`).type('form').send('paidOn=2026-10-02').expect(415);
      expectError(res.body, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(await statusOf(fine.id)).toBe('OPEN');
    });

    it('refuses JSON sent as text/plain (what a plain HTML form can send)', async () => {
      const name = `Tekstclub ${Date.now()}`;
      const res = await admin.post('/api/clubs').set('Content-Type', 'text/plain').send(JSON.stringify({ name })).expect(415);
      expectError(res.body, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(res.body.error.message).toMatch(/JSON/);
      expect(await clubCount(name)).toBe(0);
    });

    it('refuses multipart on a JSON endpoint, saying it takes JSON', async () => {
      const name = `Formulierclub ${Date.now()}`;
      const res = await admin.post('/api/clubs').field('name', name).expect(415);
      expectError(res.body, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(res.body.error.message).toMatch(/JSON/);
      expect(await clubCount(name)).toBe(0);
      const fine = await openFine();
      await admin.post(`/api/fines/${fine.id}/pay`).field('paidOn', '2026-10-02').expect(415);
      expect(await statusOf(fine.id)).toBe('OPEN');
    });

    it('refuses JSON on an upload endpoint, and takes the file as multipart', async () => {
      const url = `/api/seasons/${seasonId}/clubs/${clubId}/member-list/preview`;
      const res = await admin.post(url).send({ file: 'Lidnummer;Achternaam;Voornamen' }).expect(415);
      expectError(res.body, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(res.body.error.message).toMatch(/multipart\/form-data/);
      await admin.post(url).attach('file', Buffer.from('Lidnummer;Achternaam;Voornamen\r\n1001;Jansen;Piet\r\n'), 'leden.csv').expect(200);
    });

    it('takes JSON with a charset', async () => {
      const name = `Charsetclub ${Date.now()}`;
      await admin.post('/api/clubs').set('Content-Type', 'application/json; charset=utf-8').send(JSON.stringify({ name })).expect(201);
    });
  });

  describe('security headers', () => {
    function expectHardened(headers: Record<string, string | undefined>) {
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('same-origin');
    }

    it('sends them on answers, errors and refusals, without HSTS over plain HTTP', async () => {
      for (const res of [
        await ctx.http().get('/api/health'),
        await ctx.http().get('/api/bestaat-niet').expect(404),
        await admin.post('/api/clubs').set('Origin', EVIL).send({ name: 'x' }).expect(403),
        await ctx.http().post('/api/auth/login').set('Content-Type', 'text/plain').send('x').expect(415),
      ]) {
        expectHardened(res.headers);
        expect(res.headers['strict-transport-security']).toBeUndefined();
        expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      }
    });

    it('keeps the Swagger UI working: its scripts and styles are files from the API itself', async () => {
      const page = await ctx.http().get('/api/docs').redirects(1).expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expectHardened(page.headers);
      const csp = page.headers['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(body.trim()).toBe(''); // no inline script: script-src 'self' would block it
        const src = /src="([^"]+)"/.exec(attributes)![1];
        await ctx.http().get(new URL(src, 'http://api.test/api/docs/').pathname).expect(200);
      }
    });

    it('adds HSTS and upgrade-insecure-requests when served over HTTPS (SESSION_SECURE_COOKIE=true)', async () => {
      const before = process.env.SESSION_SECURE_COOKIE;
      process.env.SESSION_SECURE_COOKIE = 'true';
      const https = await startApp().finally(() => {
        if (before === undefined) delete process.env.SESSION_SECURE_COOKIE;
        else process.env.SESSION_SECURE_COOKIE = before;
      });
      try {
        const res = await https.http().get('/api/health');
        expectHardened(res.headers);
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      } finally {
        await https.close();
      }
    });
  });

  describe('hostile JSON (400, not 500)', () => {
    const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

    it.each([
      ['an array 2,000 levels deep', `{"email":${deepArray(2000)},"password":"x"}`],
      ['a bare array 2,000 levels deep', deepArray(2000)],
      ['an object 2,000 levels deep', deepObject(2000)],
      ['33 levels', deepArray(33)],
    ])('refuses %s on the unauthenticated login', async (_name, body) => {
      const res = await ctx.http().post('/api/auth/login').set('Content-Type', 'application/json').send(body).expect(400);
      expectError(res.body, 400, 'JSON_TOO_DEEP');
      expect(res.body.error.message).toMatch(/te diep genest/);
    });

    it('refuses deep JSON on every endpoint, and still reads brackets inside strings as text', async () => {
      const res = await admin.post('/api/clubs').set('Content-Type', 'application/json').send(`{"name":${deepArray(2000)}}`).expect(400);
      expectError(res.body, 400, 'JSON_TOO_DEEP');
      const name = `Haakjes ${'[{'.repeat(40)} ${Date.now()}`;
      await admin.post('/api/clubs').send({ name }).expect(201);
    });

    it.each([
      ['__proto__', '{"email":"a@b.nl","password":"x","__proto__":{"isAdmin":true}}'],
      ['__proto__', '{"nested":{"__proto__":{"isAdmin":true}}}'],
      ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}}}'],
    ])("answers a body with the key '%s' with a clear message", async (key, body) => {
      const res = await ctx.http().post('/api/auth/login').set('Content-Type', 'application/json').send(body).expect(400);
      expectError(res.body, 400, 'FORBIDDEN_KEY');
      expect(res.body.error.message).toContain(`'${key}'`);
      expect(res.body.error.message).toMatch(/niet toegestaan/);
    });

    it('still calls malformed JSON malformed', async () => {
      const res = await ctx.http().post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": "a@b.nl"').expect(400);
      expectError(res.body, 400, 'MALFORMED_JSON');
    });

    describe('integers beyond a database column (version >= 2^31)', () => {
      let url: string;
      let home: Agent;

      beforeAll(async () => {
        const day = await createMatchDay(ctx.prisma);
        home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
        const away = (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent;
        url = `/api/matches/${day.match.id}`;
        await home.put(`${url}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers)).expect(200);
        await away.put(`${url}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers)).expect(200);
      });

      it.each([
        ['result', 'put', '/result', { sets: fullResultSets() }],
        ['set', 'put', '/sets/1', { tables: [] }],
        ['confirm', 'post', '/confirm', {}],
        ['correction', 'post', '/corrections', { sets: fullResultSets(), reason: 'Telfout in set 3 hersteld.' }],
        ['not played', 'post', '/not-played', { kind: 'CANCELLED', reason: 'Afgelast wegens storm.' }],
        ['reopen', 'post', '/reopen', { reason: 'Toch gespeeld.' }],
      ] as const)('refuses version 2^31 on the %s with the field named', async (_name, method, path, body) => {
        const res = await admin[method](`${url}${path}`).send({ ...body, version: TOO_BIG }).expect(400);
        expectError(res.body, 400, 'VALIDATION_FAILED');
        expect(res.body.error.details).toContainEqual(expect.objectContaining({ field: 'version', code: 'max' }));
      });

      it('refuses a set number beyond a database column in the path', async () => {
        const version = (await admin.get(url).expect(200)).body.version;
        const res = await admin.put(`${url}/sets/${TOO_BIG}`).send({ version, tables: [] });
        expect(res.status).toBe(400);
        expectError(res.body, 400);
      });

      it('still takes the current version', async () => {
        const version = (await admin.get(url).expect(200)).body.version;
        await home.put(`${url}/result`).send({ version, sets: fullResultSets() }).expect(200);
      });
    });
  });

  // Issue 23 item 13: answers that carry a code or differ per viewer stay out of every cache;
  // Fastify's own refusals and one-line names with a Unicode line separator, in Dutch.
  describe('what a cache may keep, and the refusals before routing', () => {
    it('an answer to a logged-in request: private, no-store (the match form differs per viewer)', async () => {
      const day = await createMatchDay(ctx.prisma);
      for (const path of ['/api/auth/me', `/api/matches/${day.match.id}/form.pdf`, '/api/fines']) {
        const res = await admin.get(path).expect(200);
        expect([path, res.headers['cache-control']]).toEqual([path, 'private, no-store']);
      }
    });

    it("an answer to a table code (even an unknown one) is private, no-store", async () => {
      const res = await ctx.http().get('/api/table/ZZZZZZZZZZ').expect(404);
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('a public answer without a session: no-cache, varying by cookie', async () => {
      const res = await ctx.http().get('/api/seasons').expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/Cookie/i);
    });

    it('a path parameter longer than the router takes: 414 in the Dutch envelope', async () => {
      const res = await admin.get(`/api/matches/${'a'.repeat(500)}`).expect(414);
      expectError(res.body, 414, 'URI_TOO_LONG');
      expect(res.body.error.message).toMatch(/Het adres is te lang/);
    });

    it.each([
      ['a line separator (U+2028)', 'Kaiman\u2028Rotterdam'],
      ['a paragraph separator (U+2029)', 'Kaiman\u2029Rotterdam'],
    ])('refuses a club name with %s, and stores nothing', async (_what, name) => {
      const res = await admin.post('/api/clubs').send({ name, city: 'Rotterdam' }).expect(400);
      expectError(res.body, 400, 'VALIDATION_FAILED');
      expect(await clubCount(name)).toBe(0);
    });
  });
});
