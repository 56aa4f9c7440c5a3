import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { todayIso } from '../src/common/dto';
import { addDays } from '../src/domain/dates';
import { FineProposalsService } from '../src/fines/fine-proposals.service';
import {
  type Agent,
  binary,
  createClub,
  createDivision,
  createFineRow,
  createMatchRow,
  createSeason,
  createTeam,
  expectError,
  loginAs,
  resetDatabase,
  startApp,
  TestContext,
} from './helpers';

interface FineBody {
  id: string;
  clubId: string;
  teamId: string | null;
  rule: string;
  reason: string;
  amountCents: number | null;
  proposedAmountCents: number | null;
  changeReason: string | null;
  issuedOn: string;
  dueOn: string;
  beneficiary: string;
  beneficiaryClubId: string | null;
  status: string;
  overdue: boolean;
  paidOn: string | null;
  statusReason: string | null;
  match: { id: string } | null;
}

describe('fines API: from match facts to proposed, confirmed, paid and overdue fines', () => {
  let ctx: TestContext;
  let proposals: FineProposalsService;
  let admin: Agent;
  let secretary: Agent;
  const today = todayIso();
  const ids = {} as { season: string; division: string; kwatta: string; apintie: string; moengo: string; kwattaTeam: string; apintieTeam: string; moengoTeam: string; moengoTeam2: string };

  /** A played match between two of the test teams. */
  const match = (home: string, away: string, fields: { date?: string } = {}) =>
    createMatchRow(ctx.prisma, { divisionId: ids.division, homeTeamId: home, awayTeamId: away, ...fields });
  /** Calls the proposal contract the way match day does: inside its own transaction. */
  const record = (fn: (tx: Parameters<Parameters<typeof ctx.prisma.$transaction>[0]>[0]) => Promise<void>) => ctx.prisma.$transaction(fn);
  const finesOf = (where: { matchId?: string; clubId?: string; teamId?: string }) => ctx.prisma.fine.findMany({ where, orderBy: { createdAt: 'asc' } });
  const fine = async (id: string): Promise<FineBody> => (await admin.get(`/api/fines/${id}`).expect(200)).body;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    proposals = ctx.app.get(FineProposalsService);
    const season = await createSeason(ctx.prisma, { startsOn: '2026-01-01', competitionStartsOn: '2026-01-10', endsOn: '2027-12-31' });
    await ctx.prisma.seasonSettings.update({ where: { seasonId: season.id }, data: { paymentAccountName: 'Penningmeester TSBN', paymentIban: 'NL91 ABNA 0417 1643 00' } });
    const division = await createDivision(ctx.prisma, season.id);
    const [kwatta, apintie, moengo] = await Promise.all([createClub(ctx.prisma, 'Kwatta'), createClub(ctx.prisma, 'Apintie'), createClub(ctx.prisma, 'Moengo')]);
    Object.assign(ids, {
      season: season.id,
      division: division.id,
      kwatta: kwatta.id,
      apintie: apintie.id,
      moengo: moengo.id,
      kwattaTeam: (await createTeam(ctx.prisma, division.id, kwatta.id, 'Kwatta 1')).id,
      apintieTeam: (await createTeam(ctx.prisma, division.id, apintie.id, 'Apintie 1')).id,
      moengoTeam: (await createTeam(ctx.prisma, division.id, moengo.id, 'Moengo 1')).id,
      moengoTeam2: (await createTeam(ctx.prisma, division.id, moengo.id, 'Moengo 2')).id,
    });
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    secretary = (await loginAs(ctx, 'SECRETARY', kwatta.id)).agent;
  });

  afterAll(() => ctx.close());

  describe('Regel 5D/5E: line-up not composed before the match', () => {
    const missingLineup = async () => {
      const m = await match(ids.kwattaTeam, ids.apintieTeam);
      await ctx.prisma.lineup.create({ data: { matchId: m.id, teamId: ids.kwattaTeam, composedBeforeMatch: false } });
      await record((tx) => proposals.lineupMissing(tx, { matchId: m.id, teamId: ids.kwattaTeam, actorId: null }));
      return m;
    };

    it('proposes €15 the first time, linked to the match, due 30 days after issue', async () => {
      const m = await missingLineup();
      const [proposed] = await finesOf({ matchId: m.id });
      expect(proposed).toMatchObject({ clubId: ids.kwatta, teamId: ids.kwattaTeam, rule: '5D', amountCents: 1500, status: 'PROPOSED', beneficiary: 'FEDERATION' });
      expect(proposed.reason).toBe('Geen spelerslijst samengesteld voor aanvang van de wedstrijd (Regel 5D).');
      const body = await fine(proposed.id);
      expect(body).toMatchObject({ issuedOn: today, dueOn: addDays(today, 30), match: { id: m.id } });
      const audit = await ctx.prisma.auditLog.findMany({ where: { entityId: proposed.id } });
      expect(audit.map((a) => a.action)).toEqual(['fine.propose']);
    });

    it('proposes once when the fact is recorded twice', async () => {
      const m = await missingLineup();
      await record((tx) => proposals.lineupMissing(tx, { matchId: m.id, teamId: ids.kwattaTeam, actorId: null }));
      expect(await finesOf({ matchId: m.id })).toHaveLength(1);
    });

    it('proposes €45 the second time (5E), and a discarded proposal does not count', async () => {
      const [second] = await finesOf({ matchId: (await finesOf({ clubId: ids.kwatta }))[1].matchId! });
      expect(second).toMatchObject({ rule: '5E', amountCents: 4500 });
      expect(second.reason).toContain('2e keer dit seizoen');
      await admin.post(`/api/fines/${second.id}/discard`).send({ reason: 'Spelerslijst lag wel klaar, verkeerd genoteerd.' }).expect(200);
      const m = await missingLineup();
      const [again] = await finesOf({ matchId: m.id });
      expect(again).toMatchObject({ rule: '5E', amountCents: 4500 });
      expect(again.reason).toContain('2e keer dit seizoen');
      // The discarded one stays discarded: recording its fact again proposes nothing new.
      await record((tx) => proposals.lineupMissing(tx, { matchId: second.matchId!, teamId: ids.kwattaTeam, actorId: null }));
      expect(await finesOf({ matchId: second.matchId! })).toEqual([expect.objectContaining({ id: second.id, status: 'DISCARDED' })]);
    });

    it('counts the offences in match order: one recorded later for an earlier match is the 5D, and a discard moves the later ones up', async () => {
      const club = await createClub(ctx.prisma);
      const team = await createTeam(ctx.prisma, ids.division, club.id);
      const offence = async (date: string) => {
        const m = await match(team.id, ids.apintieTeam, { date });
        await ctx.prisma.lineup.create({ data: { matchId: m.id, teamId: team.id, composedBeforeMatch: false } });
        await record((tx) => proposals.lineupMissing(tx, { matchId: m.id, teamId: team.id, actorId: null }));
        return m;
      };
      const late = await offence('2026-10-24');
      const early = await offence('2026-10-03');
      const ruleOf = async (matchId: string) => (await finesOf({ matchId }))[0];
      expect(await ruleOf(early.id)).toMatchObject({ rule: '5D', amountCents: 1500 });
      expect(await ruleOf(late.id)).toMatchObject({ rule: '5E', amountCents: 4500 });
      expect((await ruleOf(late.id)).reason).toContain('2e keer dit seizoen');
      await admin.post(`/api/fines/${(await ruleOf(early.id)).id}/discard`).send({ reason: 'Spelerslijst lag wel klaar.' }).expect(200);
      expect(await ruleOf(late.id)).toMatchObject({ rule: '5D', amountCents: 1500, reason: 'Geen spelerslijst samengesteld voor aanvang van de wedstrijd (Regel 5D).' });
      const audit = await ctx.prisma.auditLog.findMany({ where: { entityId: (await ruleOf(late.id)).id, action: 'fine.renumber' } });
      expect(audit).toHaveLength(2);
    });

    it('proposes nothing when the transaction that recorded the fact is rolled back', async () => {
      const m = await match(ids.kwattaTeam, ids.apintieTeam);
      await expect(
        record(async (tx) => {
          await proposals.lineupMissing(tx, { matchId: m.id, teamId: ids.kwattaTeam, actorId: null });
          throw new Error('match day failed later');
        }),
      ).rejects.toThrow('match day failed later');
      expect(await finesOf({ matchId: m.id })).toEqual([]);
    });

    it('refuses a team that does not play the match', async () => {
      const m = await match(ids.kwattaTeam, ids.apintieTeam);
      await expect(record((tx) => proposals.lineupMissing(tx, { matchId: m.id, teamId: ids.moengoTeam, actorId: null }))).rejects.toMatchObject({ status: 400 });
    });
  });

  describe('Regel 7/9A/9B: forfeit through gross negligence', () => {
    it('fines the forfeiting club €60 for the affected club, once', async () => {
      const m = await createMatchRow(ctx.prisma, { divisionId: ids.division, homeTeamId: ids.kwattaTeam, awayTeamId: ids.apintieTeam, status: 'FORFEIT', forfeitingTeamId: ids.apintieTeam });
      await record((tx) => proposals.forfeit(tx, { matchId: m.id, forfeitingTeamId: ids.apintieTeam, actorId: null }));
      await record((tx) => proposals.forfeit(tx, { matchId: m.id, forfeitingTeamId: ids.apintieTeam, actorId: null }));
      const fines = await finesOf({ matchId: m.id });
      expect(fines).toEqual([expect.objectContaining({ clubId: ids.apintie, teamId: ids.apintieTeam, rule: '9A', amountCents: 6000, beneficiary: 'CLUB', beneficiaryClubId: ids.kwatta, status: 'PROPOSED' })]);
      expect(await fine(fines[0].id)).toMatchObject({ beneficiary: 'CLUB', beneficiaryClubId: ids.kwatta });
    });
  });

  describe('Regel 11: incomplete or late, the 3rd time and every 3rd time after', () => {
    it('records every occurrence and proposes €45 on the 3rd and 6th, not the 7th', async () => {
      const matches: { id: string }[] = [];
      for (let i = 0; i < 7; i++) matches.push(await match(ids.moengoTeam, ids.apintieTeam));
      for (const m of matches) await record((tx) => proposals.incompleteOrLate(tx, { matchId: m.id, teamId: ids.moengoTeam, actorId: null }));
      // Recorded twice: still one occurrence.
      await record((tx) => proposals.incompleteOrLate(tx, { matchId: matches[2].id, teamId: ids.moengoTeam, actorId: null }));
      expect(await ctx.prisma.incompleteAppearance.count({ where: { teamId: ids.moengoTeam } })).toBe(7);
      const fines = await finesOf({ teamId: ids.moengoTeam });
      expect(fines.map((f) => [f.matchId, f.rule, f.amountCents])).toEqual([
        [matches[2].id, '11', 4500],
        [matches[5].id, '11', 4500],
      ]);
      expect(fines[0].reason).toBe('Vereniging voor de 3e keer dit seizoen onvolledig of te laat aanwezig (Regel 11).');
      expect(fines[1].reason).toContain('6e keer');
    });

    it('counts per club ("vereniging"): another team of the same club continues the club’s count', async () => {
      const [eighth, ninth] = [await match(ids.moengoTeam2, ids.kwattaTeam), await match(ids.moengoTeam2, ids.kwattaTeam)];
      for (const m of [eighth, ninth]) await record((tx) => proposals.incompleteOrLate(tx, { matchId: m.id, teamId: ids.moengoTeam2, actorId: null }));
      expect(await ctx.prisma.incompleteAppearance.findFirst({ where: { matchId: eighth.id } })).toMatchObject({ occurrence: 8 });
      expect(await finesOf({ matchId: eighth.id })).toEqual([]);
      expect(await finesOf({ matchId: ninth.id })).toEqual([expect.objectContaining({ rule: '11', teamId: ids.moengoTeam2, amountCents: 4500 })]);
    });
  });

  describe('Regel 6: played without table screen', () => {
    let matchId: string;
    beforeAll(async () => {
      matchId = (await createMatchRow(ctx.prisma, { divisionId: ids.division, homeTeamId: ids.kwattaTeam, awayTeamId: ids.moengoTeam, status: 'NOT_PLAYED' })).id;
      await record((tx) => proposals.noTableScreen(tx, { matchId, actorId: null }));
      await record((tx) => proposals.noTableScreen(tx, { matchId, actorId: null }));
    });

    it('proposes a fine to both clubs without an amount', async () => {
      const fines = await finesOf({ matchId });
      expect(fines.map((f) => f.clubId).sort()).toEqual([ids.kwatta, ids.moengo].sort());
      for (const f of fines) expect(await fine(f.id)).toMatchObject({ rule: '6', amountCents: null, status: 'PROPOSED' });
    });

    it('requires the amount the board sets when confirming', async () => {
      const [f] = await finesOf({ matchId, clubId: ids.kwatta });
      const missing = await admin.post(`/api/fines/${f.id}/confirm`).send({}).expect(400);
      expectError(missing.body, 400, 'VALIDATION_FAILED');
      expect(missing.body.error.details[0].field).toBe('amountCents');
      const ok = await admin.post(`/api/fines/${f.id}/confirm`).send({ amountCents: 7500 }).expect(200);
      expect(ok.body).toMatchObject({ status: 'OPEN', amountCents: 7500, issuedOn: today, dueOn: addDays(today, 30) });
    });
  });

  describe('administrator decisions', () => {
    let proposalId: string;
    beforeAll(async () => {
      const m = await match(ids.apintieTeam, ids.kwattaTeam);
      await record((tx) => proposals.lineupMissing(tx, { matchId: m.id, teamId: ids.apintieTeam, actorId: null }));
      proposalId = (await finesOf({ matchId: m.id }))[0].id;
    });

    it('lists proposals to confirm', async () => {
      const res = await admin.get('/api/fines').query({ seasonId: ids.season, status: 'PROPOSED' }).expect(200);
      expect(res.body.fines.every((f: FineBody) => f.status === 'PROPOSED')).toBe(true);
      expect(res.body.fines.map((f: FineBody) => f.id)).toContain(proposalId);
      expect(res.body.proposedCount).toBe(res.body.fines.length);
    });

    it('refuses an amount when confirming a proposal whose amount the rules give', async () => {
      const res = await admin.post(`/api/fines/${proposalId}/confirm`).send({ amountCents: 100 }).expect(400);
      expect(res.body.error.details[0].field).toBe('amountCents');
    });

    it('changes the amount of a proposal with a reason, keeping what the rules gave', async () => {
      await admin.post(`/api/fines/${proposalId}/amount`).send({ amountCents: 1000 }).expect(400);
      const res = await admin.post(`/api/fines/${proposalId}/amount`).send({ amountCents: 1000, reason: 'Eerste seizoen van de vereniging, bestuursbesluit.' }).expect(200);
      expect(res.body).toMatchObject({ amountCents: 1000, proposedAmountCents: 1500, changeReason: 'Eerste seizoen van de vereniging, bestuursbesluit.', status: 'PROPOSED' });
      const again = await admin.post(`/api/fines/${proposalId}/amount`).send({ amountCents: 1200, reason: 'Toch iets hoger.' }).expect(200);
      expect(again.body).toMatchObject({ amountCents: 1200, proposedAmountCents: 1500 });
    });

    it('confirms the proposal: open, issued today, audited with before and after', async () => {
      const res = await admin.post(`/api/fines/${proposalId}/confirm`).send({}).expect(200);
      expect(res.body).toMatchObject({ status: 'OPEN', amountCents: 1200, issuedOn: today, dueOn: addDays(today, 30), overdue: false });
      const audit = await ctx.prisma.auditLog.findFirst({ where: { entityId: proposalId, action: 'fine.confirm' } });
      expect(audit?.before).toMatchObject({ status: 'PROPOSED' });
      expect(audit?.after).toMatchObject({ status: 'OPEN' });
      const detail = await fine(proposalId);
      expect((detail as unknown as { history: { action: string }[] }).history.map((h) => h.action)).toEqual(['fine.propose', 'fine.change-amount', 'fine.change-amount', 'fine.confirm']);
    });

    it('refuses to confirm, change or discard a fine that is no longer a proposal', async () => {
      for (const [path, body] of [
        ['confirm', {}],
        ['amount', { amountCents: 1, reason: 'te laat' }],
        ['discard', { reason: 'te laat' }],
      ] as const) {
        const res = await admin.post(`/api/fines/${proposalId}/${path}`).send(body).expect(409);
        expectError(res.body, 409, 'FINE_STATUS');
      }
    });

    it('marks a fine paid on a date, once, and never in the future', async () => {
      const future = await admin.post(`/api/fines/${proposalId}/pay`).send({ paidOn: addDays(today, 1) }).expect(400);
      expect(future.body.error.details[0].field).toBe('paidOn');
      const paid = await admin.post(`/api/fines/${proposalId}/pay`).send({ paidOn: today }).expect(200);
      expect(paid.body).toMatchObject({ status: 'PAID', paidOn: today, overdue: false });
      expectError((await admin.post(`/api/fines/${proposalId}/pay`).send({}).expect(409)).body, 409, 'FINE_STATUS');
    });

    it('waives an open fine with a reason (board decision)', async () => {
      const open = await createFineRow(ctx.prisma, { seasonId: ids.season, clubId: ids.apintie, issuedOn: today });
      await admin.post(`/api/fines/${open.id}/waive`).send({}).expect(400);
      const res = await admin.post(`/api/fines/${open.id}/waive`).send({ reason: 'Bestuursbesluit 12 november: matten waren gestolen.' }).expect(200);
      expect(res.body).toMatchObject({ status: 'WAIVED', statusReason: 'Bestuursbesluit 12 november: matten waren gestolen.' });
      const audit = await ctx.prisma.auditLog.findFirst({ where: { entityId: open.id, action: 'fine.waive' } });
      expect(audit?.reason).toBe('Bestuursbesluit 12 november: matten waren gestolen.');
    });

    it('marks several fines paid at once, or none when one is not open', async () => {
      const a = await createFineRow(ctx.prisma, { seasonId: ids.season, clubId: ids.apintie, issuedOn: today });
      const b = await createFineRow(ctx.prisma, { seasonId: ids.season, clubId: ids.moengo, issuedOn: today });
      const paid = await createFineRow(ctx.prisma, { seasonId: ids.season, clubId: ids.moengo, issuedOn: today, status: 'PAID', paidOn: today });
      const refused = await admin.post('/api/fines/pay').send({ fineIds: [a.id, paid.id], paidOn: today }).expect(409);
      expectError(refused.body, 409, 'FINE_STATUS');
      expect(refused.body.error.details).toEqual([expect.objectContaining({ field: 'fineIds', row: 1 })]);
      expect((await ctx.prisma.fine.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('OPEN');
      const ok = await admin.post('/api/fines/pay').send({ fineIds: [a.id, b.id], paidOn: today }).expect(200);
      expect(ok.body.map((f: FineBody) => [f.status, f.paidOn])).toEqual([
        ['PAID', today],
        ['PAID', today],
      ]);
      expect(await ctx.prisma.auditLog.count({ where: { entityId: { in: [a.id, b.id] }, action: 'fine.pay' } })).toBe(2);
    });
  });

  describe('levy from the catalog (Regel 10)', () => {
    let itemId: string;
    beforeAll(async () => {
      const res = await admin.post('/api/fine-catalog').send({ seasonId: ids.season, code: 'KAARTEN', description: 'Geen of oude speelkaarten' }).expect(201);
      expect(res.body).toMatchObject({ amountCents: 1500, rule: '10' });
      itemId = res.body.id;
    });

    it('levies an open fine with the catalog amount, linked to the match', async () => {
      const m = await match(ids.moengoTeam, ids.kwattaTeam);
      const res = await admin.post('/api/fines').send({ clubId: ids.moengo, catalogItemId: itemId, detail: 'kaarten zonder schoppen-aas', matchId: m.id }).expect(201);
      expect(res.body).toMatchObject({
        clubId: ids.moengo,
        teamId: ids.moengoTeam,
        rule: '10',
        amountCents: 1500,
        reason: 'Geen of oude speelkaarten: kaarten zonder schoppen-aas (Regel 10).',
        status: 'OPEN',
        issuedOn: today,
        dueOn: addDays(today, 30),
        match: { id: m.id },
      });
    });

    it('refuses a match the club did not play, a date in the future and an archived catalog item', async () => {
      const m = await match(ids.kwattaTeam, ids.apintieTeam);
      const wrongMatch = await admin.post('/api/fines').send({ clubId: ids.moengo, catalogItemId: itemId, matchId: m.id }).expect(400);
      expect(wrongMatch.body.error.details[0].field).toBe('matchId');
      const future = await admin.post('/api/fines').send({ clubId: ids.moengo, catalogItemId: itemId, issuedOn: addDays(today, 3) }).expect(400);
      expect(future.body.error.details[0].field).toBe('issuedOn');
      const archived = (await admin.post('/api/fine-catalog').send({ seasonId: ids.season, code: 'OUD', description: 'Vervallen soort' }).expect(201)).body.id;
      await admin.post(`/api/fine-catalog/${archived}/archive`).expect(200);
      const res = await admin.post('/api/fines').send({ clubId: ids.moengo, catalogItemId: archived }).expect(400);
      expect(res.body.error.details[0].field).toBe('catalogItemId');
    });

    it('levies once for one idempotency key: the same request again (a lost answer, a second click) answers the same fine; the key with another request is refused', async () => {
      const key = randomUUID();
      const request = { clubId: ids.apintie, catalogItemId: itemId, detail: 'tweede klik', idempotencyKey: key };
      const before = await ctx.prisma.fine.count({ where: { clubId: ids.apintie } });
      const first = await admin.post('/api/fines').send(request).expect(201);
      // Sent again, and twice at the same moment: still the one fine.
      const again = await admin.post('/api/fines').send(request).expect(201);
      const [x, y] = await Promise.all([admin.post('/api/fines').send(request), admin.post('/api/fines').send(request)]);
      for (const res of [again, x, y]) expect(res.body).toEqual(first.body);
      expect(await ctx.prisma.fine.count({ where: { clubId: ids.apintie } })).toBe(before + 1);
      expect(await ctx.prisma.auditLog.count({ where: { entityId: first.body.id, action: 'fine.levy' } })).toBe(1);
      // The key with another club: refused, nothing levied.
      const reused = await admin.post('/api/fines').send({ ...request, clubId: ids.kwatta }).expect(409);
      expectError(reused.body, 409, 'IDEMPOTENCY_KEY_REUSED');
      expect(await ctx.prisma.fine.count({ where: { clubId: ids.apintie } })).toBe(before + 1);
      // Without a key, two requests are two fines (as before).
      await admin.post('/api/fines').send({ clubId: ids.apintie, catalogItemId: itemId }).expect(201);
      await admin.post('/api/fines').send({ clubId: ids.apintie, catalogItemId: itemId }).expect(201);
      expect(await ctx.prisma.fine.count({ where: { clubId: ids.apintie } })).toBe(before + 3);
      // A malformed key is refused by validation.
      expectError((await admin.post('/api/fines').send({ clubId: ids.apintie, catalogItemId: itemId, idempotencyKey: 'kort' }).expect(400)).body, 400);
    });

    it('makes a fine levied long ago overdue, found by the overdue filter and in the totals', async () => {
      const issuedOn = addDays(today, -45);
      const res = await admin.post('/api/fines').send({ clubId: ids.kwatta, catalogItemId: itemId, issuedOn }).expect(201);
      expect(res.body).toMatchObject({ issuedOn, dueOn: addDays(today, -15), overdue: true });
      const list = await admin.get('/api/fines').query({ seasonId: ids.season, overdue: 'true' }).expect(200);
      expect(list.body.fines.map((f: FineBody) => f.id)).toContain(res.body.id);
      expect(list.body.fines.every((f: FineBody) => f.overdue && f.status === 'OPEN')).toBe(true);
      expect(list.body.totals.overdueCents).toBe(list.body.fines.reduce((s: number, f: FineBody) => s + f.amountCents!, 0));
    });
  });

  describe('overview and filters', () => {
    it('filters by club, status and rule, and totals per club add up to the season', async () => {
      const byClub = await admin.get('/api/fines').query({ seasonId: ids.season, clubId: ids.apintie }).expect(200);
      expect(byClub.body.fines.length).toBeGreaterThan(0);
      expect(byClub.body.fines.every((f: FineBody) => f.clubId === ids.apintie)).toBe(true);
      const byRule = await admin.get('/api/fines').query({ seasonId: ids.season, rule: '11' }).expect(200);
      // Moengo's 3rd, 6th and 9th time (Regel 11 per club, see above).
      expect(byRule.body.fines.map((f: FineBody) => f.rule)).toEqual(['11', '11', '11']);
      const { totals, byClub: clubs } = byClub.body;
      for (const key of ['openCents', 'overdueCents', 'paidCents', 'waivedCents'] as const) {
        expect(clubs.reduce((s: number, c: Record<string, number>) => s + c[key], 0)).toBe(totals[key]);
      }
      const all = await admin.get('/api/fines').query({ seasonId: ids.season }).expect(200);
      const open = all.body.fines.filter((f: FineBody) => f.status === 'OPEN').reduce((s: number, f: FineBody) => s + f.amountCents!, 0);
      expect(totals.openCents).toBe(open);
    });

    it('rejects unknown filters and values', async () => {
      expectError((await admin.get('/api/fines').query({ status: 'BETAALD' }).expect(400)).body, 400, 'VALIDATION_FAILED');
      expectError((await admin.get('/api/fines').query({ sort: 'amount' }).expect(400)).body, 400, 'VALIDATION_FAILED');
    });
  });

  describe("the secretary's view and the statement", () => {
    beforeAll(async () => {
      // An old open fine of Kwatta: overdue. And a proposal and a discarded one that the club does not see.
      await createFineRow(ctx.prisma, { seasonId: ids.season, clubId: ids.kwatta, issuedOn: '2026-02-01', reason: 'Geen badges; "oude" versie (Regel 10).', amountCents: 1500 });
      await createFineRow(ctx.prisma, { seasonId: ids.season, clubId: ids.kwatta, issuedOn: '2026-03-01', status: 'PAID', paidOn: '2026-03-10', amountCents: 4500, rule: '11' });
    });

    it('shows the club its confirmed fines apart from the proposals, with the payment details of the season', async () => {
      const res = await secretary.get(`/api/clubs/${ids.kwatta}/fines`).query({ seasonId: ids.season }).expect(200);
      expect(res.body.fines.length).toBeGreaterThanOrEqual(3);
      expect(res.body.fines.every((f: FineBody) => f.clubId === ids.kwatta && ['OPEN', 'PAID', 'WAIVED'].includes(f.status))).toBe(true);
      expect(res.body.fines.some((f: FineBody) => f.overdue)).toBe(true);
      expect(res.body.payment).toEqual({ accountName: 'Penningmeester TSBN', iban: 'NL91 ABNA 0417 1643 00', reference: `Boetes Kwatta ${res.body.season.name}` });
      const proposal = (await finesOf({ clubId: ids.kwatta })).find((f) => f.status === 'PROPOSED')!;
      expect(res.body.fines.map((f: FineBody) => f.id)).not.toContain(proposal.id);
      // Issue 14.5: a proposal is shown to the club apart, as not yet final (not in the totals).
      expect(res.body.proposed.map((f: FineBody) => f.id)).toContain(proposal.id);
      expect(res.body.proposed.every((f: FineBody) => f.clubId === ids.kwatta && f.status === 'PROPOSED')).toBe(true);
      expect((await secretary.get(`/api/fines/${proposal.id}`).expect(200)).body.status).toBe('PROPOSED');
      const open = res.body.fines.find((f: FineBody) => f.status === 'OPEN');
      expect((await secretary.get(`/api/fines/${open.id}`).expect(200)).body.id).toBe(open.id);
    });

    it('downloads a CSV statement whose rows and totals match the list', async () => {
      const list = (await secretary.get(`/api/clubs/${ids.kwatta}/fines`).query({ seasonId: ids.season }).expect(200)).body;
      const res = await secretary.get(`/api/clubs/${ids.kwatta}/fines/statement`).query({ seasonId: ids.season, format: 'csv' }).buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=boeteoverzicht-kwatta-[\w-]+\.csv$/);
      expect(res.headers['cache-control']).toBe('no-store'); // personal data: not kept by browsers or proxies
      const body = res.body as Buffer;
      expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows: string[][] = parse(body.toString('utf8'), { bom: true, delimiter: ';', relax_column_count: true, skip_empty_lines: false });
      const header = rows.findIndex((r) => r[0] === 'Opgelegd');
      const end = rows.findIndex((r, i) => i > header && r.length === 1 && r[0] === '');
      const fineRows = rows.slice(header + 1, end);
      expect(fineRows).toHaveLength(list.fines.length);
      const cents = (s: string) => Number(s.replace(/\./g, '').replace(',', ''));
      const amount = rows[header].indexOf('Bedrag');
      const status = rows[header].indexOf('Status');
      const sum = (test: (s: string) => boolean) => fineRows.filter((r) => test(r[status])).reduce((s, r) => s + cents(r[amount]), 0);
      const total = (label: string) => cents(rows.find((r) => r[0] === label)![1]);
      expect(sum((s) => s.startsWith('Openstaand'))).toBe(list.totals.openCents);
      expect(total('Totaal openstaand')).toBe(list.totals.openCents);
      expect(total('Waarvan te laat')).toBe(list.totals.overdueCents);
      expect(sum((s) => s === 'Betaald')).toBe(list.totals.paidCents);
      expect(total('Betaald')).toBe(list.totals.paidCents);
      expect(list.totals.overdueCents).toBeGreaterThan(0);
      expect(rows.find((r) => r[0] === 'IBAN')![1]).toBe('NL91 ABNA 0417 1643 00');
      expect(fineRows.map((r) => r[3])).toContain('Geen badges; "oude" versie (Regel 10).');
    });

    it('downloads a PDF statement', async () => {
      const res = await secretary.get(`/api/clubs/${ids.kwatta}/fines/statement`).query({ seasonId: ids.season, format: 'pdf' }).buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect((res.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((res.body as Buffer).length).toBeGreaterThan(1000);
    });

    it('refuses an unknown statement format', async () => {
      const res = await secretary.get(`/api/clubs/${ids.kwatta}/fines/statement`).query({ format: 'xlsx' }).expect(400);
      expect(res.body.error.details[0].field).toBe('format');
    });
  });
});
