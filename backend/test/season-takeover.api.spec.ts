/**
 * Preparing a season (issue 23 item 11): the administrator takes over last season's divisions
 * and teams into a season in preparation; refused when it already has divisions (409), and for
 * anyone but the administrator.
 */
import { type Agent, createClub, createDivision, createSeason, createTeam, expectError, loginAs, resetDatabase, startApp, TestContext } from './helpers';

describe('take over last season\'s divisions and teams', () => {
  let ctx: TestContext;
  let admin: Agent;
  let last: { id: string; name: string };
  let clubs: { id: string; name: string }[];

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    last = await createSeason(ctx.prisma, { startsOn: '2026-09-01', competitionStartsOn: '2026-09-19', endsOn: '2027-05-31' });
    clubs = [await createClub(ctx.prisma), await createClub(ctx.prisma), await createClub(ctx.prisma)];
    const first = await ctx.prisma.division.create({ data: { seasonId: last.id, name: 'Eerste klasse', level: 1 } });
    const second = await ctx.prisma.division.create({ data: { seasonId: last.id, name: 'Tweede klasse', level: 2 } });
    await createTeam(ctx.prisma, first.id, clubs[0].id, 'Kaiman 1');
    await createTeam(ctx.prisma, first.id, clubs[1].id, 'Para Boys 1');
    await createTeam(ctx.prisma, second.id, clubs[0].id, 'Kaiman 2');
    await ctx.prisma.team.create({ data: { divisionId: second.id, clubId: clubs[2].id, name: 'Gestopt 1', archivedAt: new Date() } });
    const gone = await createClub(ctx.prisma);
    await ctx.prisma.club.update({ where: { id: gone.id }, data: { archivedAt: new Date() } });
    await createTeam(ctx.prisma, second.id, gone.id, 'Opgeheven 1');
    // An older season is not the one taken over.
    const older = await createSeason(ctx.prisma, { startsOn: '2025-09-01', competitionStartsOn: '2025-09-19', endsOn: '2026-05-31' });
    await createDivision(ctx.prisma, older.id, 'Oude klasse');
  });

  afterAll(() => ctx.close());

  const newSeason = () => createSeason(ctx.prisma, { startsOn: '2027-09-01', competitionStartsOn: '2027-09-18', endsOn: '2028-05-31' });

  it('copies the divisions by level with their teams, leaving archived teams and clubs behind, and logs it', async () => {
    const season = await newSeason();
    const res = await admin.post(`/api/seasons/${season.id}/take-over`).send({}).expect(200);
    expect(res.body).toEqual({ from: { id: last.id, name: last.name }, divisions: 2, teams: 3, skipped: [expect.stringContaining('Opgeheven 1 (Tweede klasse)')] });
    const divisions = await ctx.prisma.division.findMany({ where: { seasonId: season.id }, include: { teams: { orderBy: { name: 'asc' } } }, orderBy: { level: 'asc' } });
    expect(divisions.map((d) => [d.name, d.level, d.teams.map((t) => [t.name, t.clubId])])).toEqual([
      ['Eerste klasse', 1, [['Kaiman 1', clubs[0].id], ['Para Boys 1', clubs[1].id]]],
      ['Tweede klasse', 2, [['Kaiman 2', clubs[0].id]]],
    ]);
    // Last season keeps its own divisions and teams.
    expect(await ctx.prisma.team.count({ where: { division: { seasonId: last.id } } })).toBe(5);
    expect(await ctx.prisma.auditLog.count({ where: { action: 'season.take-over', entityId: season.id } })).toBe(1);
  });

  it('refuses a season that already has divisions, in Dutch, and changes nothing', async () => {
    const season = await newSeason();
    await createDivision(ctx.prisma, season.id, 'Al gemaakt');
    const res = await admin.post(`/api/seasons/${season.id}/take-over`).send({}).expect(409);
    expectError(res.body, 409, 'DIVISIONS_EXIST');
    expect(res.body.error.message).toContain('heeft al een poule');
    expect(await ctx.prisma.division.count({ where: { seasonId: season.id } })).toBe(1);
  });

  it('refuses a second take-over of the same season', async () => {
    const season = await newSeason();
    await admin.post(`/api/seasons/${season.id}/take-over`).send({}).expect(200);
    expectError((await admin.post(`/api/seasons/${season.id}/take-over`).send({}).expect(409)).body, 409, 'DIVISIONS_EXIST');
    expect(await ctx.prisma.division.count({ where: { seasonId: season.id } })).toBe(2);
  });

  it('says so when there is no earlier season, and refuses unknown fields', async () => {
    const first = await createSeason(ctx.prisma, { startsOn: '2020-09-01', competitionStartsOn: '2020-09-19', endsOn: '2030-05-31' });
    expectError((await admin.post(`/api/seasons/${first.id}/take-over`).send({}).expect(404)).body, 404, 'NO_PREVIOUS_SEASON');
    const season = await newSeason();
    expectError((await admin.post(`/api/seasons/${season.id}/take-over`).send({ divisions: [] }).expect(400)).body, 400);
    expectError((await admin.post(`/api/seasons/${season.id}/take-over`).send({ fromSeasonId: 'vorig' }).expect(400)).body, 400);
  });

  it.each([
    ['a secretary', 'SECRETARY', 403],
    ['a supervisor', 'SUPERVISOR', 403],
    ['the public', null, 401],
  ] as const)('refuses %s', async (_, role, status) => {
    const season = await newSeason();
    const agent = role ? (await loginAs(ctx, role, role === 'SECRETARY' ? clubs[0].id : null)).agent : ctx.http();
    expectError((await agent.post(`/api/seasons/${season.id}/take-over`).send({}).expect(status)).body, status);
    expect(await ctx.prisma.division.count({ where: { seasonId: season.id } })).toBe(0);
  });
});
