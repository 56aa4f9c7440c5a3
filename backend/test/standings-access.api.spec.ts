import {
  type Agent,
  createClub,
  createDivision,
  createSeason,
  createTeam,
  expectError,
  loginAs,
  resetDatabase,
  startApp,
  TestContext,
} from './helpers';


describe('standings and season files: who may do what', () => {
  let ctx: TestContext;
  let ids: { season: string; division: string; club: string; team: string; playoff: string };
  let agents: Record<'secretary' | 'otherSecretary' | 'supervisor', Agent>;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    const season = await createSeason(ctx.prisma);
    const division = await createDivision(ctx.prisma, season.id);
    const club = await createClub(ctx.prisma);
    const [team, other] = [await createTeam(ctx.prisma, division.id, club.id), await createTeam(ctx.prisma, division.id, club.id)];
    const playoff = await ctx.prisma.playoff.create({ data: { divisionId: division.id, winnerTeamId: team.id, loserTeamId: other.id, date: new Date('2027-05-29') } });
    ids = { season: season.id, division: division.id, club: club.id, team: team.id, playoff: playoff.id };
    agents = {
      secretary: (await loginAs(ctx, 'SECRETARY', club.id)).agent,
      otherSecretary: (await loginAs(ctx, 'SECRETARY', (await createClub(ctx.prisma)).id)).agent,
      supervisor: (await loginAs(ctx, 'SUPERVISOR')).agent,
    };
  });

  afterAll(() => ctx.close());

  const adminOnly: [string, 'get' | 'post' | 'delete', () => string, () => object | undefined][] = [
    ['export a season', 'get', () => `/api/seasons/${ids.season}/export`, () => undefined],
    ['import a season', 'post', () => '/api/seasons/import', () => ({ season: { name: 'Mag niet' }, divisions: [] })],
    ['record a play-off', 'post', () => `/api/divisions/${ids.division}/playoffs`, () => ({ winnerTeamId: ids.team, loserTeamId: ids.team, date: '2027-05-29' })],
    ['remove a play-off', 'delete', () => `/api/playoffs/${ids.playoff}`, () => undefined],
  ];

  describe.each(adminOnly)('%s', (_name, method, url, body) => {
    it('is refused without login (401)', async () => {
      const res = await ctx.http()[method](url()).send(body());
      expect(res.status).toBe(401);
      expectError(res.body, 401, 'UNAUTHENTICATED');
    });

    it.each(['secretary', 'otherSecretary', 'supervisor'] as const)('is refused for a %s (403)', async (who) => {
      const res = await agents[who][method](url()).send(body());
      expect(res.status).toBe(403);
      expectError(res.body, 403);
    });
  });

  it('stores nothing for refused callers', async () => {
    expect(await ctx.prisma.season.count()).toBe(1);
    expect(await ctx.prisma.playoff.count()).toBe(1);
  });

  it.each([
    ['standings', () => `/api/divisions/${ids.division}/standings`],
    ['standings after a round', () => `/api/divisions/${ids.division}/standings?round=1`],
    ['positions per round', () => `/api/divisions/${ids.division}/standings/positions`],
    ['play-offs', () => `/api/divisions/${ids.division}/playoffs`],
    ['division programme', () => `/api/divisions/${ids.division}/programme`],
    ['club programme', () => `/api/clubs/${ids.club}/programme`],
  ])('lets the public read the %s without login', async (_name, url) => {
    await ctx.http().get(url()).expect(200);
  });
});
