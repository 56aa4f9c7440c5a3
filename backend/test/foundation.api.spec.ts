import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClub, createDivision, createSeason, createTeam, expectError, loginAs, resetDatabase, startApp, TestContext, unique } from './helpers';

describe('foundation API', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let secretary: Awaited<ReturnType<typeof loginAs>>;
  let supervisor: Awaited<ReturnType<typeof loginAs>>;
  let ids: { season: string; division: string; club: string; team: string; user: string };

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    const season = await createSeason(ctx.prisma);
    const division = await createDivision(ctx.prisma, season.id);
    const club = await createClub(ctx.prisma);
    const team = await createTeam(ctx.prisma, division.id, club.id);
    admin = await loginAs(ctx, 'ADMIN');
    secretary = await loginAs(ctx, 'SECRETARY', club.id);
    supervisor = await loginAs(ctx, 'SUPERVISOR');
    ids = { season: season.id, division: division.id, club: club.id, team: team.id, user: secretary.user.id };
  });

  afterAll(() => ctx.close());

  describe('health and documentation', () => {
    it('reports a reachable database', async () => {
      const res = await ctx.http().get('/api/health').expect(200);
      expect(res.body).toEqual({ status: 'ok', database: 'ok' });
    });

    it('reports a running process without asking the database (/api/health/live)', async () => {
      const res = await ctx.http().get('/api/health/live').expect(200);
      expect(res.body).toEqual({ status: 'ok' });
    });

    it('serves an OpenAPI 3 document listing every endpoint', async () => {
      const res = await ctx.http().get('/api/docs-json').expect(200);
      expect(res.body.openapi).toMatch(/^3\./);
      const paths = Object.keys(res.body.paths);
      for (const path of ['/api/health', '/api/auth/login', '/api/auth/logout', '/api/auth/me', '/api/seasons', '/api/seasons/{id}', '/api/seasons/{seasonId}/divisions', '/api/divisions', '/api/clubs', '/api/teams', '/api/users']) {
        expect(paths).toContain(path);
      }
      // every route Nest registered is documented
      const routes = ctx.routes
        .filter((route) => !route.startsWith('HEAD ')) // Fastify adds HEAD for every GET
        .map((route) => route.split(' ')[1])
        .filter((path) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
        .map((path) => path.replace(/:(\w+)/g, '{$1}'));
      expect(routes.length).toBeGreaterThan(10);
      for (const route of routes) expect(paths).toContain(route);
    });

    it('matches the document the frontend types were generated from (run `npm run api:types` after API changes)', async () => {
      const res = await ctx.http().get('/api/docs-json').expect(200);
      const committed = JSON.parse(readFileSync(join(__dirname, '..', '..', 'frontend', 'src', 'lib', 'openapi.json'), 'utf8'));
      expect(res.body).toEqual(committed);
    });
  });

  describe('auth', () => {
    it('logs in, tells who is logged in, and logs out', async () => {
      const me = await secretary.agent.get('/api/auth/me').expect(200);
      expect(me.body).toMatchObject({ role: 'SECRETARY', clubId: ids.club });
      expect(me.body.passwordHash).toBeUndefined();
      const other = await loginAs(ctx, 'ADMIN');
      await other.agent.post('/api/auth/logout').expect(204);
      const after = await other.agent.get('/api/auth/me').expect(401);
      expectError(after.body, 401, 'UNAUTHENTICATED');
    });

    it('sets an httpOnly SameSite session cookie', async () => {
      const user = await loginAs(ctx, 'SUPERVISOR');
      const res = await ctx.http().post('/api/auth/login').send({ email: user.user.email, password: 'test-wachtwoord-123' }).expect(200);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/tsbn_session=/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
    });

    it('refuses a wrong password with a Dutch message', async () => {
      const res = await ctx.http().post('/api/auth/login').send({ email: secretary.user.email, password: 'fout' }).expect(401);
      expectError(res.body, 401, 'INVALID_CREDENTIALS');
      expect(res.body.error.message).toBe('E-mailadres of wachtwoord klopt niet.');
    });

    it('refuses further attempts after 10 wrong passwords for one address (429), also with the right one', async () => {
      const target = await loginAs(ctx, 'SUPERVISOR');
      for (let i = 0; i < 10; i++) {
        await ctx.http().post('/api/auth/login').send({ email: target.user.email, password: `fout-${i}` }).expect(401);
      }
      const res = await ctx.http().post('/api/auth/login').send({ email: target.user.email, password: 'test-wachtwoord-123' }).expect(429);
      expectError(res.body, 429, 'TOO_MANY_ATTEMPTS');
      // other addresses are not affected
      await ctx.http().post('/api/auth/login').send({ email: secretary.user.email, password: 'test-wachtwoord-123' }).expect(200);
    });

    it('rejects unknown fields', async () => {
      const res = await ctx.http().post('/api/auth/login').send({ email: 'a@b.nl', password: 'x', admin: true }).expect(400);
      expectError(res.body, 400, 'VALIDATION_FAILED');
      expect(res.body.error.details).toContainEqual(expect.objectContaining({ field: 'admin', message: "Onbekend veld 'admin'." }));
    });
  });

  // Every protected endpoint: 401 without login, 403 for the wrong role.
  const adminOnly: [string, 'get' | 'post' | 'patch', (i: typeof ids) => string, (i: typeof ids) => object][] = [
    ['create season', 'post', () => '/api/seasons', () => ({ name: 'X', startsOn: '2027-09-01', competitionStartsOn: '2027-09-15', endsOn: '2028-05-31' })],
    ['update season', 'patch', (i) => `/api/seasons/${i.season}`, () => ({ name: 'Y' })],
    ['archive season', 'post', (i) => `/api/seasons/${i.season}/archive`, () => ({})],
    ['create division', 'post', () => '/api/divisions', (i) => ({ seasonId: i.season, name: 'Z' })],
    ['update division', 'patch', (i) => `/api/divisions/${i.division}`, () => ({ name: 'Z' })],
    ['archive division', 'post', (i) => `/api/divisions/${i.division}/archive`, () => ({})],
    ['create club', 'post', () => '/api/clubs', () => ({ name: 'Nieuwe club' })],
    ['update club', 'patch', (i) => `/api/clubs/${i.club}`, () => ({ city: 'Den Haag' })],
    ['archive club', 'post', (i) => `/api/clubs/${i.club}/archive`, () => ({})],
    ['create team', 'post', () => '/api/teams', (i) => ({ divisionId: i.division, clubId: i.club, name: 'T' })],
    ['update team', 'patch', (i) => `/api/teams/${i.team}`, () => ({ name: 'T2' })],
    ['archive team', 'post', (i) => `/api/teams/${i.team}/archive`, () => ({})],
    ['list users', 'get', () => '/api/users', () => ({})],
    ['create user', 'post', () => '/api/users', () => ({ email: 'x@y.nl', name: 'X Y', password: 'geheim-wachtwoord', role: 'ADMIN' })],
    ['update user', 'patch', (i) => `/api/users/${i.user}`, () => ({ name: 'Nieuw' })],
    ['archive user', 'post', (i) => `/api/users/${i.user}/archive`, () => ({})],
  ];

  describe.each(adminOnly)('%s (administrators only)', (_name, method, path, body) => {
    it('is refused without login (401)', async () => {
      const res = await ctx.http()[method](path(ids)).send(body(ids)).expect(401);
      expectError(res.body, 401, 'UNAUTHENTICATED');
    });

    it('is refused for a secretary (403)', async () => {
      const res = await secretary.agent[method](path(ids)).send(body(ids)).expect(403);
      expectError(res.body, 403, 'WRONG_ROLE');
    });

    it('is refused for a supervisor (403)', async () => {
      const res = await supervisor.agent[method](path(ids)).send(body(ids)).expect(403);
      expectError(res.body, 403, 'WRONG_ROLE');
    });
  });

  it('refuses /api/auth/me without login', async () => {
    const res = await ctx.http().get('/api/auth/me').expect(401);
    expectError(res.body, 401);
  });

  describe('administrator CRUD', () => {
    it('creates a season with default settings, lists it publicly, and audits it', async () => {
      const name = unique('Seizoen');
      const res = await admin.agent
        .post('/api/seasons')
        .send({ name, startsOn: '2027-09-01', competitionStartsOn: '2027-09-18', endsOn: '2028-05-31', settings: { pointsWin: 3 } })
        .expect(201);
      expect(res.body.settings).toMatchObject({ memberListDeadlineDays: 15, registrationLeadWorkingDays: 5, pairsPerTeam: 6, gamesPerSet: 4, forfeitFineCents: 6000 });
      const list = await ctx.http().get('/api/seasons').expect(200);
      expect(list.body.map((s: { name: string }) => s.name)).toContain(name);
      const audit = await ctx.prisma.auditLog.findMany({ where: { entityId: res.body.id } });
      expect(audit).toEqual([expect.objectContaining({ action: 'season.create', userId: admin.user.id })]);
    });

    it('refuses a season whose dates are in the wrong order, naming the field', async () => {
      const res = await admin.agent.post('/api/seasons').send({ name: unique('S'), startsOn: '2027-09-01', competitionStartsOn: '2027-08-01', endsOn: '2028-05-31' }).expect(400);
      expectError(res.body, 400, 'VALIDATION_FAILED');
      expect(res.body.error.details[0].field).toBe('competitionStartsOn');
    });

    it('refuses an impossible date', async () => {
      const res = await admin.agent.post('/api/seasons').send({ name: unique('S'), startsOn: '2027-02-30', competitionStartsOn: '2027-08-01', endsOn: '2028-05-31' }).expect(400);
      expect(res.body.error.details).toContainEqual(expect.objectContaining({ field: 'startsOn' }));
    });

    it('creates a club, a division and a team, and archives the club', async () => {
      const club = await admin.agent.post('/api/clubs').send({ name: unique('Club'), city: 'Amsterdam' }).expect(201);
      const division = await admin.agent.post('/api/divisions').send({ seasonId: ids.season, name: unique('Klasse'), level: 2 }).expect(201);
      const team = await admin.agent.post('/api/teams').send({ divisionId: division.body.id, clubId: club.body.id, name: 'Team 1' }).expect(201);
      expect(team.body).toMatchObject({ clubName: club.body.name, divisionName: division.body.name, seasonId: ids.season });
      const publicDivision = await ctx.http().get(`/api/divisions/${division.body.id}`).expect(200);
      expect(publicDivision.body.teams).toEqual([expect.objectContaining({ id: team.body.id, clubName: club.body.name })]);
      // A club that still plays this season is not archived; its team (without matches) goes first.
      expectError((await admin.agent.post(`/api/clubs/${club.body.id}/archive`).expect(409)).body, 409, 'CLUB_HAS_TEAMS');
      await admin.agent.post(`/api/teams/${team.body.id}/archive`).expect(200);
      await admin.agent.post(`/api/clubs/${club.body.id}/archive`).expect(200);
      const clubs = await ctx.http().get('/api/clubs').expect(200);
      expect(clubs.body.map((c: { id: string }) => c.id)).not.toContain(club.body.id);
    });

    it('answers a duplicate club name with a conflict in the error envelope', async () => {
      const name = unique('Dubbel');
      await admin.agent.post('/api/clubs').send({ name }).expect(201);
      const res = await admin.agent.post('/api/clubs').send({ name }).expect(409);
      expectError(res.body, 409, 'ALREADY_EXISTS');
    });

    it('creates a secretary bound to a club, and requires the club', async () => {
      const missing = await admin.agent.post('/api/users').send({ email: 'sec@x.nl', name: 'Sec', password: 'lang-genoeg-1', role: 'SECRETARY' }).expect(400);
      expect(missing.body.error.details[0].field).toBe('clubId');
      const ok = await admin.agent.post('/api/users').send({ email: 'Sec@X.nl', name: 'Sec', password: 'lang-genoeg-1', role: 'SECRETARY', clubId: ids.club }).expect(201);
      expect(ok.body).toMatchObject({ email: 'sec@x.nl', clubId: ids.club });
      expect(ok.body.passwordHash).toBeUndefined();
    });

    it('refuses settings that contradict each other, naming the field', async () => {
      const res = await admin.agent.patch(`/api/seasons/${ids.season}`).send({ settings: { pointsWin: 1, pointsDraw: 2 } }).expect(400);
      expectError(res.body, 400, 'VALIDATION_FAILED');
      expect(res.body.error.details).toContainEqual(expect.objectContaining({ field: 'settings.pointsDraw' }));
    });

    it('fixes the structural settings and the teams once the season has a result', async () => {
      const season = await createSeason(ctx.prisma);
      const division = await createDivision(ctx.prisma, season.id);
      const other = await createDivision(ctx.prisma, season.id);
      const [a, b] = [await createTeam(ctx.prisma, division.id, ids.club), await createTeam(ctx.prisma, division.id, ids.club)];
      await admin.agent.patch(`/api/seasons/${season.id}`).send({ settings: { gamesPerSet: 5 } }).expect(200);
      await admin.agent.patch(`/api/teams/${a.id}`).send({ name: a.name, divisionId: other.id }).expect(200);
      await admin.agent.patch(`/api/teams/${a.id}`).send({ name: a.name, divisionId: division.id }).expect(200);
      await ctx.prisma.match.create({
        data: { divisionId: division.id, round: 1, date: new Date('2026-10-03T00:00:00Z'), homeTeamId: a.id, awayTeamId: b.id, status: 'PLAYED', resultState: 'ENTERED' },
      });
      const locked = await admin.agent.patch(`/api/seasons/${season.id}`).send({ settings: { gamesPerSet: 4, pointsWin: 3 } }).expect(409);
      expectError(locked.body, 409, 'SETTINGS_LOCKED');
      expect(locked.body.error.details).toEqual([expect.objectContaining({ field: 'settings.gamesPerSet' })]);
      await admin.agent.patch(`/api/seasons/${season.id}`).send({ settings: { pointsWin: 3, forfeitFineCents: 7000 } }).expect(200);
      const moved = await admin.agent.patch(`/api/teams/${a.id}`).send({ name: a.name, divisionId: other.id }).expect(409);
      expectError(moved.body, 409, 'TEAM_HAS_MATCHES');
    });

    it('answers 404 in the envelope for a missing record', async () => {
      const res = await ctx.http().get('/api/clubs/00000000-0000-4000-8000-000000000000').expect(404);
      expectError(res.body, 404, 'NOT_FOUND');
    });
  });

  describe('bodies the server cannot read', () => {
    it.each([
      ['malformed JSON', 'application/json', '{"name": "Kaiman"', 400, 'MALFORMED_JSON'],
      ['an empty JSON body', 'application/json', '', 400, 'MALFORMED_JSON'],
      ['a content type the API does not take', 'text/xml', '<club/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ])('answers %s in the envelope, in Dutch', async (_name, type, body, status, code) => {
      const res = await admin.agent.post('/api/clubs').set('Content-Type', type).send(body).expect(status);
      expectError(res.body, status, code);
      expect(res.body.error.message).toMatch(/[a-z]/);
    });

    it('answers an unknown route with 404 in the envelope', async () => {
      const res = await ctx.http().get('/api/bestaat-niet').expect(404);
      expectError(res.body, 404, 'NOT_FOUND');
    });
  });
});
