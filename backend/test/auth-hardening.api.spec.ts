/**
 * Issue 12 ("Trust"): nobody can lock another person out by guessing their password, and a
 * password change ends the other sessions of that user.
 */
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { PrismaService } from '../src/prisma/prisma.service';
import { createUser, expectError, loginAs, PASSWORD, resetDatabase, startApp, TestContext } from './helpers';

/** The app with this TRUSTED_PROXIES setting (supertest connects from 127.0.0.1). */
async function startWithTrustedProxies(trustedProxies: string) {
  const app = await createApp({ logger: false, trustedProxies });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, prisma: app.get(PrismaService), http: () => request(app.getHttpServer()) };
}

// Each wrong password costs an argon2 verification: give the floods time on a busy machine.
jest.setTimeout(60_000);

const CLIENT_A = '203.0.113.10';
const CLIENT_B = '198.51.100.20';

describe('login throttle: per account and client, X-Forwarded-For from the trusted proxy only', () => {
  let ctx: Awaited<ReturnType<typeof startWithTrustedProxies>>;

  beforeAll(async () => {
    ctx = await startWithTrustedProxies('loopback');
    await resetDatabase(ctx.prisma);
  });
  afterAll(() => ctx.app.close());

  const login = (email: string, password: string, client?: string) => {
    const req = ctx.http().post('/api/auth/login');
    if (client) req.set('X-Forwarded-For', client);
    return req.send({ email, password });
  };

  it("a flood of wrong passwords from client A does not refuse the right password from the owner's client B", async () => {
    const owner = await createUser(ctx.prisma, 'SECRETARY');
    // The owner's own browser on B, known from an earlier login there (issue 47: once an account
    // has 10 failures from any addresses, only its known browsers skip the account's wait;
    // login-protection.api.spec.ts).
    const ownBrowser = request.agent(ctx.app.getHttpServer());
    await ownBrowser.post('/api/auth/login').set('X-Forwarded-For', CLIENT_B).send({ email: owner.email, password: PASSWORD }).expect(200);
    for (let i = 0; i < 10; i++) await login(owner.email, `fout-${i}`, CLIENT_A).expect(401);
    // client A now waits, with a Dutch message and Retry-After …
    const refused = await login(owner.email, `fout-10`, CLIENT_A).expect(429);
    expectError(refused.body, 429, 'TOO_MANY_ATTEMPTS');
    expect(refused.body.error.message).toMatch(/^Te veel mislukte inlogpogingen\. Probeer het over \d+ (seconden|minuut|minuten) opnieuw\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // … also with the right password, as long as it comes from A …
    await login(owner.email, PASSWORD, CLIENT_A).expect(429);
    // … but the owner, elsewhere, logs in, through the proxy or straight at the API.
    const ok = await ownBrowser.post('/api/auth/login').set('X-Forwarded-For', CLIENT_B).send({ email: owner.email, password: PASSWORD }).expect(200);
    expect(ok.body.email).toBe(owner.email);
    await ownBrowser.post('/api/auth/login').send({ email: owner.email, password: PASSWORD }).expect(200);
  });

  it('the client that guesses for many accounts waits for every account; other clients do not', async () => {
    const victim = await createUser(ctx.prisma, 'ADMIN');
    for (let i = 0; i < 50; i++) await login(`onbekend-${i}@test.nl`, 'fout', '192.0.2.77').expect(401);
    await login(victim.email, PASSWORD, '192.0.2.77').expect(429);
    await login(victim.email, PASSWORD, CLIENT_B).expect(200);
  });
});

describe('X-Forwarded-For from an address that is not a trusted proxy', () => {
  let ctx: Awaited<ReturnType<typeof startWithTrustedProxies>>;

  beforeAll(async () => {
    // Only 192.0.2.1 is a proxy: the test's requests (from 127.0.0.1) are clients themselves.
    ctx = await startWithTrustedProxies('192.0.2.1');
    await resetDatabase(ctx.prisma);
  });
  afterAll(() => ctx.app.close());

  it('is ignored: claiming another address does not escape the wait', async () => {
    const owner = await createUser(ctx.prisma, 'SUPERVISOR');
    for (let i = 0; i < 10; i++) {
      await ctx.http().post('/api/auth/login').set('X-Forwarded-For', CLIENT_A).send({ email: owner.email, password: `fout-${i}` }).expect(401);
    }
    const res = await ctx.http().post('/api/auth/login').set('X-Forwarded-For', CLIENT_B).send({ email: owner.email, password: PASSWORD }).expect(429);
    expectError(res.body, 429, 'TOO_MANY_ATTEMPTS');
  });
});

describe('PUT /api/auth/password', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
  });
  afterAll(() => ctx.close());

  /** A second, independent session of the same user (another device). */
  async function secondSession(email: string, password = PASSWORD) {
    const agent = request.agent(ctx.app.getHttpServer());
    await agent.post('/api/auth/login').send({ email, password }).expect(200);
    return agent;
  }

  it.each(['ADMIN', 'SECRETARY', 'SUPERVISOR'] as const)('a %s changes their password: other sessions end, this one stays, only the new password works', async (role) => {
    const { agent, user } = await loginAs(ctx, role);
    const other = await secondSession(user.email);
    await other.get('/api/auth/me').expect(200);

    await agent.put('/api/auth/password').send({ currentPassword: PASSWORD, newPassword: 'nieuw-wachtwoord-2026' }).expect(204);

    const refused = await other.get('/api/auth/me').expect(401);
    expectError(refused.body, 401, 'UNAUTHENTICATED');
    await agent.get('/api/auth/me').expect(200);
    await ctx.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(401);
    await ctx.http().post('/api/auth/login').send({ email: user.email, password: 'nieuw-wachtwoord-2026' }).expect(200);
    const audit = await ctx.prisma.auditLog.findFirst({ where: { action: 'user.password', entityId: user.id } });
    expect(audit?.userId).toBe(user.id);
  });

  it('refuses a wrong current password, and keeps the old password and the sessions', async () => {
    const { agent, user } = await loginAs(ctx, 'SECRETARY');
    const other = await secondSession(user.email);
    const res = await agent.put('/api/auth/password').send({ currentPassword: 'niet-het-wachtwoord', newPassword: 'nieuw-wachtwoord-2026' }).expect(400);
    expectError(res.body, 400, 'WRONG_PASSWORD');
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'currentPassword', message: 'Het huidige wachtwoord klopt niet.' })]);
    await other.get('/api/auth/me').expect(200);
    await ctx.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
  });

  it('makes a session that keeps guessing the current password wait', async () => {
    const { agent } = await loginAs(ctx, 'SECRETARY');
    for (let i = 0; i < 10; i++) await agent.put('/api/auth/password').send({ currentPassword: `fout-${i}`, newPassword: 'nieuw-wachtwoord-2026' }).expect(400);
    const res = await agent.put('/api/auth/password').send({ currentPassword: PASSWORD, newPassword: 'nieuw-wachtwoord-2026' }).expect(429);
    expectError(res.body, 429, 'TOO_MANY_ATTEMPTS');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    ['a new password shorter than 10 characters', { currentPassword: PASSWORD, newPassword: 'kort-123' }, 'newPassword'],
    ['a missing current password', { newPassword: 'nieuw-wachtwoord-2026' }, 'currentPassword'],
    ['an unknown field', { currentPassword: PASSWORD, newPassword: 'nieuw-wachtwoord-2026', role: 'ADMIN' }, 'role'],
  ])('refuses %s', async (_, body, field) => {
    const { agent, user } = await loginAs(ctx, 'SUPERVISOR');
    const res = await agent.put('/api/auth/password').send(body).expect(400);
    expectError(res.body, 400, 'VALIDATION_FAILED');
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field }));
    await ctx.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
  });

  it('refuses the same password as the new one', async () => {
    const { agent } = await loginAs(ctx, 'SUPERVISOR');
    const res = await agent.put('/api/auth/password').send({ currentPassword: PASSWORD, newPassword: PASSWORD }).expect(400);
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field: 'newPassword', message: 'Kies een ander wachtwoord dan het huidige.' }));
  });

  it('refuses without a login', async () => {
    const res = await ctx.http().put('/api/auth/password').send({ currentPassword: PASSWORD, newPassword: 'nieuw-wachtwoord-2026' }).expect(401);
    expectError(res.body, 401, 'UNAUTHENTICATED');
  });
});

describe('an administrator sets a password (PATCH /api/users/{id})', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
  });
  afterAll(() => ctx.close());

  it("ends that user's sessions", async () => {
    const admin = await loginAs(ctx, 'ADMIN');
    const supervisor = await loginAs(ctx, 'SUPERVISOR');
    await admin.agent.patch(`/api/users/${supervisor.user.id}`).send({ password: 'door-de-bond-gezet' }).expect(200);
    await supervisor.agent.get('/api/auth/me').expect(401);
    await admin.agent.get('/api/auth/me').expect(200);
    await ctx.http().post('/api/auth/login').send({ email: supervisor.user.email, password: 'door-de-bond-gezet' }).expect(200);
  });

  it('keeps the sessions when the password is not changed', async () => {
    const admin = await loginAs(ctx, 'ADMIN');
    const supervisor = await loginAs(ctx, 'SUPERVISOR');
    await admin.agent.patch(`/api/users/${supervisor.user.id}`).send({ name: 'Andere Naam' }).expect(200);
    await supervisor.agent.get('/api/auth/me').expect(200);
  });

  it('of their own: ends their other sessions, keeps the one they did it in', async () => {
    const admin = await loginAs(ctx, 'ADMIN');
    const elsewhere = request.agent(ctx.app.getHttpServer());
    await elsewhere.post('/api/auth/login').send({ email: admin.user.email, password: PASSWORD }).expect(200);
    await admin.agent.patch(`/api/users/${admin.user.id}`).send({ password: 'eigen-nieuw-wachtwoord' }).expect(200);
    await elsewhere.get('/api/auth/me').expect(401);
    await admin.agent.get('/api/auth/me').expect(200);
  });
});
