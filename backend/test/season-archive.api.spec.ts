/**
 * An archived season is closed (seasons/season-open.ts): it is read, not changed. Archiving a
 * division or a club that is still in use is refused; archiving twice keeps the first date.
 * Season competitions do not come to overlap through a change of dates.
 */
import { addDays } from '../src/domain/dates';
import { todayIso } from '../src/common/dto';
import {
  type Agent,
  createClub,
  createDivision,
  createListedMember,
  createMatchDay,
  createSeason,
  createTeam,
  expectError,
  loginAs,
  resetDatabase,
  startApp,
  TestContext,
  unique,
} from './helpers';

const TODAY = todayIso();

describe('archived seasons, divisions and clubs', () => {
  let ctx: TestContext;
  let admin: Agent;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
  });

  afterAll(() => ctx.close());

  describe('an archived season is read, not changed', () => {
    let season: { id: string };
    let division: { id: string };
    let team: { id: string };
    let club: { id: string };
    let otherClub: { id: string };
    let catalogItem: string;
    let fineId: string;
    let entryId: string;
    let secretary: Agent;

    beforeAll(async () => {
      season = await createSeason(ctx.prisma, { name: unique('Gesloten'), startsOn: addDays(TODAY, -400), competitionStartsOn: addDays(TODAY, -380), endsOn: addDays(TODAY, -100) });
      division = await createDivision(ctx.prisma, season.id);
      [club, otherClub] = [await createClub(ctx.prisma), await createClub(ctx.prisma)];
      team = await createTeam(ctx.prisma, division.id, club.id);
      await createTeam(ctx.prisma, division.id, otherClub.id);
      entryId = (await createListedMember(ctx.prisma, { seasonId: season.id, clubId: club.id, registeredOn: addDays(TODAY, -390) })).entry.id;
      secretary = (await loginAs(ctx, 'SECRETARY', club.id)).agent;
      catalogItem = (await admin.post('/api/fine-catalog').send({ seasonId: season.id, code: 'MATTEN', description: 'Geen matten' }).expect(201)).body.id;
      fineId = (await admin.post('/api/fines').send({ clubId: club.id, catalogItemId: catalogItem, issuedOn: addDays(TODAY, -200) }).expect(201)).body.id;
      const archived = await admin.post(`/api/seasons/${season.id}/archive`).send({}).expect(200);
      expect(archived.body.archivedAt).toEqual(expect.any(String));
    });

    const csv = () => Buffer.from('Lidnummer;Achternaam;Voornamen\r\nTS-1;Pinas;Ruben\r\n');
    test.each<[string, () => ReturnType<Agent['post']>]>([
      ['its dates or settings', () => admin.patch(`/api/seasons/${season.id}`).send({ name: unique('Andere naam') })],
      ['a new division', () => admin.post('/api/divisions').send({ seasonId: season.id, name: unique('Klasse') })],
      ['a division renamed', () => admin.patch(`/api/divisions/${division.id}`).send({ name: unique('Klasse') })],
      ['a division archived', () => admin.post(`/api/divisions/${division.id}/archive`).send({})],
      ['a new team', () => admin.post('/api/teams').send({ divisionId: division.id, clubId: otherClub.id, name: unique('Team') })],
      ['a team renamed', () => admin.patch(`/api/teams/${team.id}`).send({ name: unique('Team') })],
      ['a team archived', () => admin.post(`/api/teams/${team.id}/archive`).send({})],
      ['its fixtures', () => admin.post(`/api/divisions/${division.id}/schedule`).send({ dates: [addDays(TODAY, -300), addDays(TODAY, -293)], double: true })],
      ['a new catalog item', () => admin.post('/api/fine-catalog').send({ seasonId: season.id, code: 'KAARTEN', description: 'Oude kaarten' })],
      ['a catalog item changed', () => admin.patch(`/api/fine-catalog/${catalogItem}`).send({ description: 'Geen matten of kleden' })],
      ['a new fine', () => admin.post('/api/fines').send({ clubId: club.id, catalogItemId: catalogItem, issuedOn: addDays(TODAY, -150) })],
      ['a member added by the secretary', () => secretary.post(`/api/seasons/${season.id}/clubs/${club.id}/member-list/entries`).send({ memberNumber: 'TS-2', familyName: 'Sital', givenNames: 'Asha' })],
      ['a member changed', () => secretary.patch(`/api/member-list-entries/${entryId}`).send({ givenNames: 'Ruben Éloi' })],
      ['a member taken off', () => secretary.post(`/api/member-list-entries/${entryId}/remove`).send({})],
      ['an upload (already its preview)', () => secretary.post(`/api/seasons/${season.id}/clubs/${club.id}/member-list/preview`).attach('file', csv(), 'leden.csv')],
    ])('refuses %s with 409 SEASON_ARCHIVED, changing nothing', async (_what, send) => {
      const before = await ctx.prisma.auditLog.count();
      const res = await send().expect(409);
      expectError(res.body, 409, 'SEASON_ARCHIVED');
      expect(res.body.error.message).toMatch(/^Het seizoen .+ is gearchiveerd: het is nog in te zien, maar niet meer te wijzigen\.$/);
      expect(await ctx.prisma.auditLog.count()).toBe(before);
    });

    it('is still read: the season, its divisions, the member list and the fines', async () => {
      await admin.get(`/api/seasons/${season.id}`).expect(200);
      expect((await admin.get(`/api/seasons/${season.id}/divisions`).expect(200)).body).toEqual([expect.objectContaining({ id: division.id })]);
      const list = (await secretary.get(`/api/seasons/${season.id}/clubs/${club.id}/member-list`).expect(200)).body;
      expect(list).toMatchObject({ seasonArchived: true, entries: [expect.objectContaining({ id: entryId })] });
      expect((await admin.get(`/api/fines/${fineId}`).expect(200)).body).toMatchObject({ id: fineId, status: 'OPEN' });
    });

    it('still records that a fine of the season was paid (money comes in after a season closes)', async () => {
      const paid = await admin.post(`/api/fines/${fineId}/pay`).send({ paidOn: TODAY }).expect(200);
      expect(paid.body).toMatchObject({ status: 'PAID', paidOn: TODAY });
    });
  });

  it('archives no division with matches; an empty one is archived once (the first date stays)', async () => {
    const day = await createMatchDay(ctx.prisma);
    const res = await admin.post(`/api/divisions/${day.division.id}/archive`).send({}).expect(409);
    expectError(res.body, 409, 'DIVISION_HAS_MATCHES');
    expect(await ctx.prisma.division.findUniqueOrThrow({ where: { id: day.division.id } })).toMatchObject({ archivedAt: null });
    const empty = await createDivision(ctx.prisma, day.season.id);
    const first = await admin.post(`/api/divisions/${empty.id}/archive`).send({}).expect(200);
    const again = await admin.post(`/api/divisions/${empty.id}/archive`).send({}).expect(200);
    expect(again.body.archivedAt).toBe(first.body.archivedAt);
    expect(await ctx.prisma.auditLog.count({ where: { entityId: empty.id, action: 'division.archive' } })).toBe(1);
  });

  it('archives no club that still plays in a running season; one whose teams are all done is archived once', async () => {
    const running = await createSeason(ctx.prisma, { startsOn: addDays(TODAY, -30), competitionStartsOn: addDays(TODAY, -20), endsOn: addDays(TODAY, 200) });
    const club = await createClub(ctx.prisma);
    const team = await createTeam(ctx.prisma, (await createDivision(ctx.prisma, running.id)).id, club.id);
    const res = await admin.post(`/api/clubs/${club.id}/archive`).send({}).expect(409);
    expectError(res.body, 409, 'CLUB_HAS_TEAMS');
    expect(res.body.error.message).toContain(team.name);
    expect(await ctx.prisma.club.findUniqueOrThrow({ where: { id: club.id } })).toMatchObject({ archivedAt: null });

    // A club that played only in a season long over.
    const past = await createSeason(ctx.prisma, { startsOn: addDays(TODAY, -500), competitionStartsOn: addDays(TODAY, -480), endsOn: addDays(TODAY, -200) });
    const gone = await createClub(ctx.prisma);
    await createTeam(ctx.prisma, (await createDivision(ctx.prisma, past.id)).id, gone.id);
    const first = await admin.post(`/api/clubs/${gone.id}/archive`).send({}).expect(200);
    const again = await admin.post(`/api/clubs/${gone.id}/archive`).send({}).expect(200);
    expect(again.body.archivedAt).toBe(first.body.archivedAt);
  });

  it('a change of dates never makes two competitions overlap that did not; seasons that already did keep their dates editable', async () => {
    const base = addDays(TODAY, 3000);
    const at = (days: number) => addDays(base, days);
    const first = await admin.post('/api/seasons').send({ name: unique('Eerst'), startsOn: at(0), competitionStartsOn: at(10), endsOn: at(200) }).expect(201);
    const next = await admin.post('/api/seasons').send({ name: unique('Daarna'), startsOn: at(190), competitionStartsOn: at(220), endsOn: at(400) }).expect(201);
    const res = await admin.patch(`/api/seasons/${first.body.id}`).send({ endsOn: at(230) }).expect(409);
    expectError(res.body, 409, 'SEASON_OVERLAP');
    expect(res.body.error.message).toContain(next.body.name);
    const earlier = await admin.patch(`/api/seasons/${next.body.id}`).send({ startsOn: at(140), competitionStartsOn: at(150) }).expect(409);
    expectError(earlier.body, 409, 'SEASON_OVERLAP');
    await admin.patch(`/api/seasons/${first.body.id}`).send({ endsOn: at(215) }).expect(200);
    // Two seasons that overlap already (an import is not checked): their dates stay editable.
    const imported = await createSeason(ctx.prisma, { name: unique('Geïmporteerd'), startsOn: at(0), competitionStartsOn: at(20), endsOn: at(180) });
    await admin.patch(`/api/seasons/${imported.id}`).send({ endsOn: at(190) }).expect(200);
  });
});
