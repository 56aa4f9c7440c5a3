import { createClub, createFineRow, createSeason, expectError, loginAs, resetDatabase, startApp, TestContext } from './helpers';

type Method = 'get' | 'post' | 'patch';
type Ids = { season: string; club: string; otherClub: string; proposal: string; open: string; item: string };
type Endpoint = [name: string, method: Method, path: (i: Ids) => string, body: (i: Ids) => object];

describe('fines API: who may do what', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let secretary: Awaited<ReturnType<typeof loginAs>>;
  let otherSecretary: Awaited<ReturnType<typeof loginAs>>;
  let supervisor: Awaited<ReturnType<typeof loginAs>>;
  const ids = {} as Ids;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    const season = await createSeason(ctx.prisma);
    await ctx.prisma.seasonSettings.update({ where: { seasonId: season.id }, data: { negligenceFineCents: 2000 } });
    const club = await createClub(ctx.prisma);
    const otherClub = await createClub(ctx.prisma);
    const proposal = await createFineRow(ctx.prisma, { seasonId: season.id, clubId: club.id, status: 'PROPOSED', rule: '5D' });
    const open = await createFineRow(ctx.prisma, { seasonId: season.id, clubId: club.id });
    const item = await ctx.prisma.fineCatalogItem.create({ data: { seasonId: season.id, code: 'MATTEN', description: 'Geen speelmatten', rule: '10', amountCents: 1500 } });
    Object.assign(ids, { season: season.id, club: club.id, otherClub: otherClub.id, proposal: proposal.id, open: open.id, item: item.id });
    admin = await loginAs(ctx, 'ADMIN');
    secretary = await loginAs(ctx, 'SECRETARY', club.id);
    otherSecretary = await loginAs(ctx, 'SECRETARY', otherClub.id);
    supervisor = await loginAs(ctx, 'SUPERVISOR');
  });

  afterAll(() => ctx.close());

  const adminOnly: Endpoint[] = [
    ['list all fines', 'get', (i) => `/api/fines?seasonId=${i.season}`, () => ({})],
    ['levy a fine', 'post', () => '/api/fines', (i) => ({ clubId: i.club, catalogItemId: i.item })],
    ['bulk mark paid', 'post', () => '/api/fines/pay', (i) => ({ fineIds: [i.open] })],
    ['confirm a proposal', 'post', (i) => `/api/fines/${i.proposal}/confirm`, () => ({})],
    ['change the amount', 'post', (i) => `/api/fines/${i.proposal}/amount`, () => ({ amountCents: 1, reason: 'poging' })],
    ['discard a proposal', 'post', (i) => `/api/fines/${i.proposal}/discard`, () => ({ reason: 'poging' })],
    ['mark paid', 'post', (i) => `/api/fines/${i.open}/pay`, () => ({})],
    ['waive', 'post', (i) => `/api/fines/${i.open}/waive`, () => ({ reason: 'poging' })],
    ['list the catalog', 'get', (i) => `/api/seasons/${i.season}/fine-catalog`, () => ({})],
    ['add to the catalog', 'post', () => '/api/fine-catalog', (i) => ({ seasonId: i.season, code: 'POGING', description: 'Poging' })],
    ['change a catalog item', 'patch', (i) => `/api/fine-catalog/${i.item}`, () => ({ amountCents: 1 })],
    ['archive a catalog item', 'post', (i) => `/api/fine-catalog/${i.item}/archive`, () => ({})],
  ];

  const ownClub: Endpoint[] = [
    ['read one fine', 'get', (i) => `/api/fines/${i.open}`, () => ({})],
    ["read a club's fines", 'get', (i) => `/api/clubs/${i.club}/fines?seasonId=${i.season}`, () => ({})],
    ['download the CSV statement', 'get', (i) => `/api/clubs/${i.club}/fines/statement?format=csv&seasonId=${i.season}`, () => ({})],
    ['download the PDF statement', 'get', (i) => `/api/clubs/${i.club}/fines/statement?format=pdf&seasonId=${i.season}`, () => ({})],
  ];

  describe.each([...adminOnly, ...ownClub])('%s', (_name, method, path, body) => {
    it('is refused to the public (401)', async () => {
      const res = await ctx.http()[method](path(ids)).send(body(ids)).expect(401);
      expectError(res.body, 401, 'UNAUTHENTICATED');
    });

    it('is refused to a supervisor (403)', async () => {
      expectError((await supervisor.agent[method](path(ids)).send(body(ids)).expect(403)).body, 403, 'WRONG_ROLE');
    });

    it("is refused to another club's secretary (403)", async () => {
      expectError((await otherSecretary.agent[method](path(ids)).send(body(ids)).expect(403)).body, 403);
    });
  });

  describe.each(adminOnly)('%s (administrators only)', (_name, method, path, body) => {
    it("is refused to the club's own secretary (403)", async () => {
      expectError((await secretary.agent[method](path(ids)).send(body(ids)).expect(403)).body, 403, 'WRONG_ROLE');
    });
  });

  describe.each(ownClub)('%s (own club)', (_name, method, path) => {
    it("tells another club's secretary it is not their club", async () => {
      expectError((await otherSecretary.agent[method](path(ids)).expect(403)).body, 403, 'OTHER_CLUB');
    });

    it("is allowed to the club's secretary and to an administrator", async () => {
      await secretary.agent[method](path(ids)).expect(200);
      await admin.agent[method](path(ids)).expect(200);
    });
  });

  it('left every fine and the catalog untouched after the refused requests', async () => {
    expect(await ctx.prisma.fine.findUniqueOrThrow({ where: { id: ids.proposal } })).toMatchObject({ status: 'PROPOSED', amountCents: 1500 });
    expect(await ctx.prisma.fine.findUniqueOrThrow({ where: { id: ids.open } })).toMatchObject({ status: 'OPEN', paidOn: null });
    expect(await ctx.prisma.fine.count()).toBe(2);
    expect(await ctx.prisma.fineCatalogItem.findMany()).toEqual([expect.objectContaining({ id: ids.item, amountCents: 1500, archivedAt: null })]);
    expect(await ctx.prisma.auditLog.count()).toBe(0);
  });

  it('answers 404 for a fine or club that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expectError((await admin.agent.get(`/api/fines/${missing}`).expect(404)).body, 404, 'NOT_FOUND');
    expectError((await admin.agent.post(`/api/fines/${missing}/confirm`).send({}).expect(404)).body, 404, 'NOT_FOUND');
    expectError((await admin.agent.get(`/api/clubs/${missing}/fines`).expect(404)).body, 404, 'NOT_FOUND');
  });

  describe('the Regel 10 catalog (administrators)', () => {
    it('adds an item at the season default amount, and refuses a code twice', async () => {
      const res = await admin.agent.post('/api/fine-catalog').send({ seasonId: ids.season, code: 'BADGES', description: 'Geen badges gedragen' }).expect(201);
      expect(res.body).toMatchObject({ code: 'BADGES', rule: '10', amountCents: 2000, archivedAt: null });
      expectError((await admin.agent.post('/api/fine-catalog').send({ seasonId: ids.season, code: 'BADGES', description: 'Dubbel' }).expect(409)).body, 409, 'ALREADY_EXISTS');
      const audit = await ctx.prisma.auditLog.findFirst({ where: { entityId: res.body.id } });
      expect(audit).toMatchObject({ action: 'fine-catalog.create', userId: admin.user.id });
    });

    it('validates code, amount and unknown fields', async () => {
      const res = await admin.agent.post('/api/fine-catalog').send({ seasonId: ids.season, code: 'kleine letters', description: 'X', amountCents: -5, rule: '7' }).expect(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['amountCents', 'code', 'description', 'rule']);
    });

    it('changes an amount with before and after in the audit log, and archives an item', async () => {
      const created = (await admin.agent.post('/api/fine-catalog').send({ seasonId: ids.season, code: 'KOFFER', description: 'Geen supervisorkoffer', amountCents: 1500 }).expect(201)).body;
      const changed = await admin.agent.patch(`/api/fine-catalog/${created.id}`).send({ amountCents: 2500 }).expect(200);
      expect(changed.body).toMatchObject({ amountCents: 2500, description: 'Geen supervisorkoffer' });
      const audit = await ctx.prisma.auditLog.findFirst({ where: { entityId: created.id, action: 'fine-catalog.update' } });
      expect(audit?.before).toMatchObject({ amountCents: 1500 });
      expect(audit?.after).toMatchObject({ amountCents: 2500 });
      await admin.agent.post(`/api/fine-catalog/${created.id}/archive`).expect(200);
      const list = await admin.agent.get(`/api/seasons/${ids.season}/fine-catalog`).expect(200);
      expect(list.body.map((i: { code: string }) => i.code)).not.toContain('KOFFER');
      const all = await admin.agent.get(`/api/seasons/${ids.season}/fine-catalog?includeArchived=true`).expect(200);
      expect(all.body.map((i: { code: string }) => i.code)).toContain('KOFFER');
    });
  });
});
