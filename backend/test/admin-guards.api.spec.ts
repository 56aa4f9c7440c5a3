/**
 * Guards found by probing the running system as an administrator, a secretary and the public
 * (29 Nov): a season's structure stays consistent with its fixtures, an administrator cannot
 * lock the federation out, passwords of spaces, fines outside their season or of € 0, archiving
 * twice, and paper-form scores before the home team's signature.
 */
import ExcelJS from 'exceljs';
import { type Agent, createClub, createMatchDay, createTeam, expectError, fullResultSets, lineupBody, loginAs, resetDatabase, startApp, TestContext, unique } from './helpers';

/** A fresh e-mail address. */
const mail = () => `proef-${Math.random().toString(36).slice(2, 10)}@example.nl`;

describe('administrative guards', () => {
  let ctx: TestContext;
  let admin: Agent;
  let adminId: string;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    const login = await loginAs(ctx, 'ADMIN');
    admin = login.agent;
    adminId = login.user.id;
  });

  afterAll(() => ctx.close());

  describe('the season, its divisions and fixtures', () => {
    it('schedules no match day before the competition starts (the first match day) and says which dates fall outside', async () => {
      const day = await createMatchDay(ctx.prisma);
      await ctx.prisma.match.deleteMany({ where: { divisionId: day.division.id } });
      // createSeason: starts 2026-09-01, competition from 2026-09-19, ends 2027-05-31.
      const res = await admin.post(`/api/divisions/${day.division.id}/schedule`).send({ dates: ['2026-09-05', '2026-09-12'], double: true }).expect(400);
      expectError(res.body, 400, 'OUTSIDE_SEASON');
      expect(res.body.error.message).toContain('05-09-2026');
      expect(res.body.error.message).toContain('vallen buiten de competitie');
      await admin.post(`/api/divisions/${day.division.id}/schedule`).send({ dates: ['2026-09-19', '2026-09-26'], double: true }).expect(201);
    });

    it('makes no season whose competition overlaps another’s; the next season may open its member lists before this one ends', async () => {
      // A season whose competition runs 19-09-2026 to 31-05-2027 (createSeason's dates).
      await createMatchDay(ctx.prisma);
      const res = await admin.post('/api/seasons').send({ name: unique('Overlap'), startsOn: '2026-10-01', competitionStartsOn: '2026-10-10', endsOn: '2027-04-30' }).expect(409);
      expectError(res.body, 409, 'SEASON_OVERLAP');
      expect(res.body.error.message).toMatch(/valt samen met die van .+ \(19-09-2026 t\/m 31-05-2027\)/);
      await admin.post('/api/seasons').send({ name: unique('Volgend'), startsOn: '2027-05-01', competitionStartsOn: '2027-09-18', endsOn: '2028-05-31' }).expect(201);
    });

    it('refuses season dates that would leave a fixture outside the competition, naming the match date', async () => {
      const day = await createMatchDay(ctx.prisma, { date: '2026-10-03' });
      const later = await admin.patch(`/api/seasons/${day.season.id}`).send({ competitionStartsOn: '2026-10-10' }).expect(409);
      expectError(later.body, 409, 'MATCHES_OUTSIDE_SEASON');
      expect(later.body.error.details).toEqual([expect.objectContaining({ field: 'competitionStartsOn', message: expect.stringContaining('03-10-2026') })]);
      const earlier = await admin.patch(`/api/seasons/${day.season.id}`).send({ endsOn: '2026-10-01' }).expect(409);
      expect(earlier.body.error.details).toEqual([expect.objectContaining({ field: 'endsOn' })]);
      await admin.patch(`/api/seasons/${day.season.id}`).send({ competitionStartsOn: '2026-10-03', endsOn: '2027-06-30' }).expect(200);
    });

    it('adds no team to a division with results, nor to an archived division or club; a division still to play may (then the schedule is replaced)', async () => {
      const day = await createMatchDay(ctx.prisma);
      const club = await createClub(ctx.prisma);
      await admin.post('/api/teams').send({ divisionId: day.division.id, clubId: club.id, name: unique('Nieuw') }).expect(201);
      await ctx.prisma.match.update({ where: { id: day.match.id }, data: { status: 'PLAYED', resultState: 'CONFIRMED', homePoints: 150, awayPoints: 138 } });
      const played = await admin.post('/api/teams').send({ divisionId: day.division.id, clubId: club.id, name: unique('Laat') }).expect(409);
      expectError(played.body, 409, 'MATCHES_PLAYED');
      const archived = await createClub(ctx.prisma);
      await ctx.prisma.club.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
      const other = await createMatchDay(ctx.prisma);
      await ctx.prisma.match.deleteMany({ where: { divisionId: other.division.id } });
      const res = await admin.post('/api/teams').send({ divisionId: other.division.id, clubId: archived.id, name: unique('Weg') }).expect(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'clubId', message: 'Deze vereniging is gearchiveerd.' })]);
    });

    it('archives no team that has matches (it would leave the standings while its matches stay)', async () => {
      const day = await createMatchDay(ctx.prisma);
      const res = await admin.post(`/api/teams/${day.home.id}/archive`).send({}).expect(409);
      expectError(res.body, 409, 'TEAM_HAS_MATCHES');
      const spare = await createTeam(ctx.prisma, day.division.id, day.otherClub.id);
      await admin.post(`/api/teams/${spare.id}/archive`).send({}).expect(200);
    });

    it('archiving a season or a catalog item twice keeps the first date', async () => {
      const day = await createMatchDay(ctx.prisma);
      const first = (await admin.post(`/api/seasons/${day.season.id}/archive`).send({}).expect(200)).body.archivedAt;
      const again = (await admin.post(`/api/seasons/${day.season.id}/archive`).send({}).expect(200)).body.archivedAt;
      expect(again).toBe(first);
    });
  });

  describe('accounts', () => {
    it('an administrator cannot take their own role; another administrator’s they may', async () => {
      const own = await admin.patch(`/api/users/${adminId}`).send({ role: 'SUPERVISOR' }).expect(409);
      expectError(own.body, 409, 'OWN_ROLE');
      // Another administrator may (one administrator always remains: the one acting).
      const other = await ctx.prisma.user.create({ data: { email: mail(), name: 'Tweede beheerder', role: 'ADMIN' } });
      const res = await admin.patch(`/api/users/${other.id}`).send({ role: 'SUPERVISOR' }).expect(200);
      expect([res.body.role, res.body.clubId]).toEqual(['SUPERVISOR', null]);
    });

    it('refuses a club for an administrator instead of dropping it', async () => {
      const club = await createClub(ctx.prisma);
      const res = await admin.post('/api/users').send({ email: mail(), name: 'Nieuwe beheerder', role: 'ADMIN', clubId: club.id }).expect(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'clubId' })]);
    });

    it('refuses a password of spaces', async () => {
      const res = await admin.post('/api/users').send({ email: mail(), name: 'Spatie', role: 'SUPERVISOR', password: '            ' }).expect(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'password', message: expect.stringContaining('spaties aan het begin en eind niet meegeteld') })]);
    });
  });

  describe('fines', () => {
    it('levies no fine dated before its season, and confirms no proposal at € 0', async () => {
      const day = await createMatchDay(ctx.prisma);
      const item = await ctx.prisma.fineCatalogItem.create({ data: { seasonId: day.season.id, code: unique('F').slice(0, 12), description: 'Formulier te laat', amountCents: 1500, rule: '10' } });
      const res = await admin.post('/api/fines').send({ clubId: day.homeClub.id, catalogItemId: item.id, issuedOn: '1990-01-01' }).expect(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'issuedOn', message: expect.stringContaining('01-09-2026') })]);
      const fine = await ctx.prisma.fine.create({
        data: { seasonId: day.season.id, clubId: day.homeClub.id, rule: '5D', reason: 'Opstelling te laat', amountCents: 1500, status: 'PROPOSED', issuedOn: new Date('2026-10-03T00:00:00Z'), dueOn: new Date('2026-11-02T00:00:00Z') },
      });
      const zero = await admin.post(`/api/fines/${fine.id}/amount`).send({ amountCents: 0, reason: 'Bestuur besloot tot nul' }).expect(400);
      expect(zero.body.error.details).toEqual([expect.objectContaining({ field: 'amountCents', message: expect.stringContaining('laat het voorstel vervallen') })]);
    });
  });

  describe('a member-list upload in the wrong shape', () => {
    it.each([
      ['a file in another field', (url: string, csv: Buffer) => admin.post(url).attach('bestand', csv, 'leden.csv'), "in het veld 'file'"],
      ['two files', (url: string, csv: Buffer) => admin.post(url).attach('file', csv, 'leden.csv').attach('file', csv, 'leden2.csv'), 'één bestand tegelijk'],
    ])('%s gets a Dutch answer that says what to send (400 FILE_FIELD)', async (_what, send, says) => {
      const day = await createMatchDay(ctx.prisma);
      const url = `/api/seasons/${day.season.id}/clubs/${day.homeClub.id}/member-list/preview`;
      const res = await send(url, Buffer.from('Lidnummer;Achternaam;Voornamen\r\nTS-1;Pinas;Ruben\r\n')).expect(400);
      expectError(res.body, 400, 'FILE_FIELD');
      expect(res.body.error.message).toContain(says);
    });
  });

  it('a workbook with members on two worksheets: the first is read and the preview names the other (OTHER_SHEETS)', async () => {
    const day = await createMatchDay(ctx.prisma);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Nieuw').addRows([['Lidnummer', 'Achternaam', 'Voornamen'], ['TS-88010', 'Pinas', 'Ruben']]);
    workbook.addWorksheet('Tweede').addRows([['Lidnummer', 'Achternaam', 'Voornamen'], ['TS-88011', 'Sewdien', 'Anita']]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await admin.post(`/api/seasons/${day.season.id}/clubs/${day.homeClub.id}/member-list/preview`).attach('file', file, 'leden.xlsx').expect(200);
    expect(res.body.sheetName).toBe('Nieuw');
    expect(res.body.warnings).toContainEqual(expect.objectContaining({ code: 'OTHER_SHEETS', message: expect.stringContaining("tabblad 'Tweede' bevat ook gegevens en is niet gelezen") }));
  });

  describe('a line-up before the match is final', () => {
    it('shows today’s check of its players: one taken off the list since the save is no longer eligible; a final match keeps what was checked', async () => {
      const day = await createMatchDay(ctx.prisma, { date: '2026-10-03' });
      const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
      const url = `/api/matches/${day.match.id}/lineups/${day.home.id}`;
      const saved = (await home.put(url).send(lineupBody(day.homePlayers)).expect(200)).body;
      const first = (body: { pairs: { players: { memberId: string; eligible: boolean; reasons: string[] }[] }[] }) => body.pairs[0].players.find((p) => p.memberId === day.homePlayers[0])!;
      expect(first(saved).eligible).toBe(true);
      await ctx.prisma.memberListEntry.updateMany({ where: { memberId: day.homePlayers[0], seasonId: day.season.id }, data: { removedAt: new Date('2026-09-30T00:00:00Z') } });
      const now = first((await home.get(url).expect(200)).body);
      expect(now.eligible).toBe(false);
      expect(now.reasons.join(' ')).toContain('afgevoerd');
      await ctx.prisma.match.update({ where: { id: day.match.id }, data: { resultState: 'CONFIRMED', status: 'PLAYED' } });
      expect(first((await home.get(url).expect(200)).body).eligible).toBe(true);
    });
  });

  describe('the paper form before the home team signs it (Regel 15)', () => {
    it('shows the public no scores of an entered form until the home team signed it; the clubs see them', async () => {
      const day = await createMatchDay(ctx.prisma, { date: '2026-10-03' });
      const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
      await admin.put(`/api/matches/${day.match.id}/lineups/${day.home.id}`).send({ ...lineupBody(day.homePlayers), reason: 'Achteraf' }).expect(200);
      await admin.put(`/api/matches/${day.match.id}/lineups/${day.away.id}`).send({ ...lineupBody(day.awayPlayers), reason: 'Achteraf' }).expect(200);
      const version = (await admin.get(`/api/matches/${day.match.id}`).expect(200)).body.version;
      await admin.put(`/api/matches/${day.match.id}/result`).send({ version, reason: 'Formulier van de avond', sets: fullResultSets().slice(0, 6) }).expect(200);
      const seen = (await home.get(`/api/matches/${day.match.id}`).expect(200)).body;
      expect(seen.sets.filter((s: { homePoints: number | null }) => s.homePoints !== null)).toHaveLength(6);
      const pub = (await ctx.http().get(`/api/matches/${day.match.id}`).expect(200)).body;
      expect(pub.resultState).toBe('ENTERED');
      expect(pub.sets.filter((s: { homePoints: number | null }) => s.homePoints !== null)).toHaveLength(0);
      expect([pub.homePoints, pub.awayPoints]).toEqual([null, null]);
      const list = (await ctx.http().get(`/api/divisions/${day.division.id}/matches`).expect(200)).body;
      const summary = JSON.stringify(list);
      expect(summary).toContain(day.match.id);
      const row = (list.rounds ?? list).flatMap?.((r: { matches?: unknown[] }) => r.matches ?? [r]) ?? [];
      const listed = row.find((m: { id: string }) => m.id === day.match.id) as { homePoints: number | null } | undefined;
      expect(listed?.homePoints ?? null).toBeNull();
    });
  });
});
