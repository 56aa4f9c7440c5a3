/**
 * Issue 17: "Te doen" per role (GET /api/todo) and the reminder preferences
 * (GET/PUT /api/me/notifications), against the real PostgreSQL with a controlled clock.
 */
import { localInstant } from '../src/matches/match-row';
import { Clock } from '../src/reminders/clock';
import { RemindersService } from '../src/reminders/reminders.service';
import { createClub, createDivision, createFineRow, createListedMember, createMatchRow, createSeason, createTeam, expectError, loginAs, resetDatabase, startApp, type Agent, type TestContext } from './helpers';

type Item = { kind: string; title: string; link: string; clubId: string | null; urgent: boolean };

describe('Te doen and reminder preferences', () => {
  let ctx: TestContext;
  let admin: Agent;
  let kaimanSecretary: Agent;
  let boysSecretary: Agent;
  let supervisor: Agent;
  let data: { kaiman: { id: string }; boys: { id: string }; other: { id: string }; disputed: { id: string }; unentered: { id: string }; signed: { id: string }; future: { id: string }; impossible: { id: string } };

  const items = async (agent: Agent): Promise<Item[]> => (await agent.get('/api/todo').expect(200)).body.items;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    ctx.app.get(Clock).set(localInstant('2026-10-05', '10:00'));
    const season = await createSeason(ctx.prisma, { name: '2026/2027', startsOn: '2026-09-01', competitionStartsOn: '2026-09-19', endsOn: '2027-05-31' });
    const division = await createDivision(ctx.prisma, season.id, 'Hoofdklasse');
    const kaiman = await createClub(ctx.prisma, 'Kaiman');
    const boys = await createClub(ctx.prisma, 'Paramaribo Boys');
    const other = await createClub(ctx.prisma, 'Marowijne');
    const k1 = await createTeam(ctx.prisma, division.id, kaiman.id, 'Kaiman 1');
    const b1 = await createTeam(ctx.prisma, division.id, boys.id, 'Paramaribo Boys 1');
    const o1 = await createTeam(ctx.prisma, division.id, other.id, 'Marowijne 1');
    await createListedMember(ctx.prisma, { seasonId: season.id, clubId: kaiman.id });
    await createListedMember(ctx.prisma, { seasonId: season.id, clubId: boys.id });
    // Marowijne never sent its list (due 17-08-2026).
    const unentered = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: k1.id, awayTeamId: b1.id, date: '2026-10-03', status: 'SCHEDULED' });
    const signed = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: o1.id, awayTeamId: k1.id, date: '2026-10-03', status: 'PLAYED' });
    await ctx.prisma.match.update({ where: { id: signed.id }, data: { resultState: 'ENTERED', homeSignedAt: new Date() } });
    const disputed = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: b1.id, awayTeamId: o1.id, date: '2026-09-26', status: 'PLAYED' });
    await ctx.prisma.match.update({ where: { id: disputed.id }, data: { resultState: 'ENTERED', disputedAt: localInstant('2026-10-04', '12:00'), disputeComment: 'Set 4 klopt niet' } });
    const future = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: k1.id, awayTeamId: o1.id, date: '2026-10-10', status: 'SCHEDULED' });
    await ctx.prisma.lineup.create({ data: { matchId: future.id, teamId: o1.id } });
    const impossible = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: o1.id, awayTeamId: b1.id, date: '2026-09-19', status: 'PLAYED' });
    await ctx.prisma.match.update({ where: { id: impossible.id }, data: { resultState: 'CONFIRMED' } });
    await ctx.prisma.matchSet.create({ data: { matchId: impossible.id, setNumber: 1, tableNumber: 1, homePairNumber: 1, awayPairNumber: 1, homePoints: 7, awayPoints: 0, source: 'TOTALS' } });
    await createFineRow(ctx.prisma, { seasonId: season.id, clubId: kaiman.id, status: 'PROPOSED', issuedOn: '2026-10-03' });
    await createFineRow(ctx.prisma, { seasonId: season.id, clubId: boys.id, issuedOn: '2026-08-20' }); // due 19-09: overdue
    await createFineRow(ctx.prisma, { seasonId: season.id, clubId: kaiman.id, issuedOn: '2026-09-08' }); // due 08-10: within 7 days
    data = { kaiman, boys, other, disputed, unentered, signed, future, impossible };
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    kaimanSecretary = (await loginAs(ctx, 'SECRETARY', kaiman.id)).agent;
    boysSecretary = (await loginAs(ctx, 'SECRETARY', boys.id)).agent;
    supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
  });

  afterAll(() => ctx.close());

  describe('GET /api/todo', () => {
    it('refuses without a login', async () => {
      expectError((await ctx.http().get('/api/todo').expect(401)).body, 401);
    });

    it("administrator: every club's missing list, unconfirmed results, disputes, proposed and overdue fines, late ones first", async () => {
      const list = await items(admin);
      expect(list.map((i) => i.kind)).toEqual(['MEMBER_LIST_MISSING', 'RESULT_NOT_ENTERED', 'RESULT_NOT_CONFIRMED', 'RESULT_DISPUTED', 'FINE_OVERDUE', 'FINE_PROPOSED']);
      expect(list[0]).toMatchObject({ clubId: data.other.id, urgent: true, link: expect.stringContaining(`/beheer/moederlijsten/${data.other.id}`) });
      expect(list.find((i) => i.kind === 'RESULT_DISPUTED')!.link).toBe(`/beheer/wedstrijden/${data.disputed.id}`);
    });

    it("secretary: only their own club's tasks, with links to where they are done", async () => {
      const list = await items(kaimanSecretary);
      expect(list.map((i) => [i.kind, i.link])).toEqual([
        ['RESULT_NOT_ENTERED', `/vereniging/wedstrijden/${data.unentered.id}/uitslag`],
        ['RESULT_NOT_CONFIRMED', `/vereniging/wedstrijden/${data.signed.id}`],
        ['LINEUP_MISSING', `/vereniging/wedstrijden/${data.future.id}/spelerslijst`],
        ['FINE_DUE', '/vereniging/boetes'],
        // The federation's proposal: for information, after her tasks (issue 47).
        ['FINE_PROPOSED', '/vereniging/boetes'],
      ]);
      expect(list.every((i) => i.clubId === data.kaiman.id)).toBe(true);
    });

    it("a secretary never sees another club's items", async () => {
      const list = await items(boysSecretary);
      expect(list.map((i) => i.kind)).toEqual(['RESULT_DISPUTED', 'FINE_OVERDUE']);
      expect(list.some((i) => i.clubId === data.kaiman.id || i.clubId === data.other.id)).toBe(false);
      expect(JSON.stringify(list)).not.toContain('Kaiman');
    });

    it('supervisor: disputes and impossible scores, nothing about lists or fines', async () => {
      const list = await items(supervisor);
      expect(list.map((i) => [i.kind, i.link])).toEqual([
        ['RESULT_DISPUTED', `/wedstrijdleider/${data.disputed.id}`],
        ['IMPOSSIBLE_SCORE', `/wedstrijdleider/${data.impossible.id}`],
      ]);
    });
  });

  describe('GET/PUT /api/me/notifications', () => {
    it('refuses without a login', async () => {
      expectError((await ctx.http().get('/api/me/notifications').expect(401)).body, 401);
      expectError((await ctx.http().put('/api/me/notifications').send({ weeklyDigest: true, notificationsOff: [] }).expect(401)).body, 401);
    });

    it('offers each role its own kinds, all on, one mail each', async () => {
      const secretary = (await kaimanSecretary.get('/api/me/notifications').expect(200)).body;
      expect(secretary.weeklyDigest).toBe(false);
      expect(secretary.kinds).toHaveLength(9);
      expect(secretary.kinds.every((k: { enabled: boolean }) => k.enabled)).toBe(true);
      expect((await supervisor.get('/api/me/notifications').expect(200)).body.kinds.map((k: { kind: string }) => k.kind)).toEqual(['MATCH_DISPUTED']);
    });

    it('validates: unknown kinds, unknown fields and missing fields are refused', async () => {
      for (const body of [{ weeklyDigest: true, notificationsOff: ['EVERYTHING'] }, { weeklyDigest: true, notificationsOff: [], extra: 1 }, { notificationsOff: [] }, { weeklyDigest: 'ja', notificationsOff: [] }]) {
        expectError((await kaimanSecretary.put('/api/me/notifications').send(body).expect(400)).body, 400);
      }
    });

    it('stores the choice, and the scan respects it; the recent reminders are listed', async () => {
      const body = (await kaimanSecretary.put('/api/me/notifications').send({ weeklyDigest: true, notificationsOff: ['FINE_DUE'] }).expect(200)).body;
      expect(body.weeklyDigest).toBe(true);
      expect(body.kinds.find((k: { kind: string }) => k.kind === 'FINE_DUE').enabled).toBe(false);
      await ctx.app.get(RemindersService).scan();
      const after = (await kaimanSecretary.get('/api/me/notifications').expect(200)).body;
      const kinds = after.recent.map((n: { kind: string }) => n.kind).sort();
      // FINE_DUE is off; the line-up of 10-10 is not due until 24 hours before.
      expect(kinds).toEqual(['RESULT_MISSING', 'RESULT_MISSING']);
      expect(after.recent.every((n: { mailedAt: string | null }) => n.mailedAt === null)).toBe(true);
      // Another user's reminders are never listed here.
      expect((await boysSecretary.get('/api/me/notifications').expect(200)).body.recent.map((n: { kind: string }) => n.kind).sort()).toEqual(['FINE_OVERDUE', 'MATCH_DISPUTED']);
    });
  });
});
