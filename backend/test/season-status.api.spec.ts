import { todayIso } from '../src/common/dto';
import { addDays } from '../src/domain/dates';
import { createSeason, expectError, loginAs, resetDatabase, startApp, TestContext } from './helpers';

type Summary = { id: string; name: string; status: string; archivedAt: string | null };

/** Seasons placed around today (the date in the Netherlands, as the API counts it). */
describe('season status (in voorbereiding, lopend, afgesloten) and the ?status= filter', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  const today = todayIso();
  const day = (n: number) => addDays(today, n);
  const ids = {} as Record<'preparing' | 'running' | 'startsToday' | 'endsToday' | 'ended' | 'archived', string>;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    const make = async (key: keyof typeof ids, startsOn: string, endsOn: string) => {
      const season = await createSeason(ctx.prisma, { name: `Seizoen ${key}`, startsOn, competitionStartsOn: startsOn, endsOn });
      ids[key] = season.id;
    };
    await make('preparing', day(30), day(300));
    await make('running', day(-60), day(200));
    await make('startsToday', day(0), day(250));
    await make('endsToday', day(-250), day(0));
    await make('ended', day(-400), day(-1));
    await make('archived', day(-50), day(210));
    await ctx.prisma.season.update({ where: { id: ids.archived }, data: { archivedAt: new Date() } });
    admin = await loginAs(ctx, 'ADMIN');
  });

  afterAll(() => ctx.close());

  it.each([
    ['preparing', 'PREPARING'],
    ['running', 'RUNNING'],
    ['startsToday', 'RUNNING'],
    ['endsToday', 'RUNNING'],
    ['ended', 'CLOSED'],
    ['archived', 'CLOSED'],
  ] as const)('GET /api/seasons/{id} of the %s season says %s', async (key, status) => {
    const res = await ctx.http().get(`/api/seasons/${ids[key]}`).expect(200);
    expect(res.body.status).toBe(status);
  });

  it('gives every season in the list its status', async () => {
    const res = await ctx.http().get('/api/seasons?includeArchived=true').expect(200);
    const byId = new Map((res.body as Summary[]).map((s) => [s.id, s.status]));
    expect(byId.get(ids.preparing)).toBe('PREPARING');
    expect(byId.get(ids.ended)).toBe('CLOSED');
    expect(byId.get(ids.archived)).toBe('CLOSED');
    expect(byId.size).toBe(6);
  });

  it.each([
    ['PREPARING', ['preparing']],
    ['RUNNING', ['running', 'startsToday', 'endsToday']],
    ['CLOSED', ['ended', 'archived']],
  ] as const)('?status=%s lists exactly those seasons (archived ones too)', async (status, keys) => {
    const res = await ctx.http().get(`/api/seasons?status=${status}`).expect(200);
    const listed = (res.body as Summary[]).map((s) => s.id).sort();
    expect(listed).toEqual(keys.map((k) => ids[k]).sort());
    expect((res.body as Summary[]).every((s) => s.status === status)).toBe(true);
  });

  it('refuses an unknown status with a Dutch validation error', async () => {
    const res = await ctx.http().get('/api/seasons?status=lopend').expect(400);
    expectError(res.body, 400, 'VALIDATION_FAILED');
    expect(res.body.error.details[0].field).toBe('status');
  });

  it('leaves archived seasons out of the list without a status, as before', async () => {
    const res = await ctx.http().get('/api/seasons').expect(200);
    expect((res.body as Summary[]).map((s) => s.id)).not.toContain(ids.archived);
    expect((res.body as Summary[]).map((s) => s.id)).toContain(ids.ended);
  });

  it('creates next season as "in voorbereiding" while the current season stays the running one', async () => {
    const before = await ctx.http().get('/api/seasons/current').expect(200);
    expect(before.body.status).toBe('RUNNING');
    const res = await admin.agent
      .post('/api/seasons')
      .send({ name: 'Volgend seizoen', startsOn: day(320), competitionStartsOn: day(340), endsOn: day(600) })
      .expect(201);
    expect(res.body.status).toBe('PREPARING');
    const after = await ctx.http().get('/api/seasons/current').expect(200);
    expect(after.body.id).toBe(before.body.id);
    const preparing = await ctx.http().get('/api/seasons?status=PREPARING').expect(200);
    expect((preparing.body as Summary[]).map((s) => s.id)).toContain(res.body.id);
  });

  it('archiving makes a season afgesloten, takes it out of the default list and never makes it the current season', async () => {
    const target = await createSeason(ctx.prisma, { name: 'Te archiveren', startsOn: day(-5), competitionStartsOn: day(-5), endsOn: day(500) });
    const res = await admin.agent.post(`/api/seasons/${target.id}/archive`).expect(200);
    expect(res.body.status).toBe('CLOSED');
    expect(res.body.archivedAt).not.toBeNull();
    const list = await ctx.http().get('/api/seasons').expect(200);
    expect((list.body as Summary[]).map((s) => s.id)).not.toContain(target.id);
    const current = await ctx.http().get('/api/seasons/current').expect(200);
    expect(current.body.id).not.toBe(target.id);
    expect(current.body.status).toBe('RUNNING');
  });

  it.each(['SECRETARY', 'SUPERVISOR'] as const)('refuses archiving and creating seasons to a %s (403)', async (role) => {
    const { agent } = await loginAs(ctx, role);
    const archive = await agent.post(`/api/seasons/${ids.running}/archive`).expect(403);
    expectError(archive.body, 403, 'WRONG_ROLE');
    const create = await agent.post('/api/seasons').send({ name: 'Poging', startsOn: day(320), competitionStartsOn: day(340), endsOn: day(600) }).expect(403);
    expectError(create.body, 403, 'WRONG_ROLE');
    const still = await ctx.http().get(`/api/seasons/${ids.running}`).expect(200);
    expect(still.body.status).toBe('RUNNING');
  });
});
