// Issue 13 "Rules fidelity":
// - item 1: member numbers as the federation writes them (RULES.md, "Season, member lists and
//   eligibility"): letters, digits and dashes, compared without regard to case and surrounding
//   spaces, through every endpoint that reads or shows them;
// - item 8: Regel 11 counts per club ("vereniging"), over all its teams in the season;
// - item 9: Regel 7 / 9A follow from the recorded facts of a forfeit (pairs present, call-off time);
// - item 10: Regel 2, the transfer window until the freeze.
import iconv from 'iconv-lite';
import type { Test } from 'supertest';
import { todayIso } from '../src/common/dto';
import { addDays } from '../src/domain/dates';
import { FineProposalsService } from '../src/fines/fine-proposals.service';
import {
  type Agent,
  createClub,
  createDivision,
  createListedMember,
  createMatchDay,
  createMatchRow,
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
// The machine is shared; starting the app may take longer than Jest's 5 s default.
jest.setTimeout(60_000);

/** A member list the way Dutch Excel on Windows saves "CSV (gescheiden door lijstscheidingsteken)": Windows-1252, ';', CRLF. */
function cp1252Csv(...lines: string[]): Buffer {
  return iconv.encode(['Lidnummer;Achternaam;Tussenvoegsel;Voornamen;Geboortedatum', ...lines, ';;;;'].join('\r\n'), 'windows-1252');
}

describe('member numbers as the federation writes them (issue 13.1)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let season: { id: string };

  const listUrl = (clubId: string) => `/api/seasons/${season.id}/clubs/${clubId}/member-list`;
  const preview = (agent: Agent, clubId: string, body: Buffer, name = 'leden.csv'): Test => agent.post(`${listUrl(clubId)}/preview`).attach('file', body, name);
  async function upload(agent: Agent, clubId: string, body: Buffer, name = 'leden.csv') {
    const shown = await preview(agent, clubId, body, name).expect(200);
    const done = await agent.post(`${listUrl(clubId)}/confirm`).attach('file', body, name).field('previewId', shown.body.previewId);
    return { preview: shown.body, result: done };
  }
  const entriesOf = async (clubId: string) =>
    (await admin.get(listUrl(clubId)).expect(200)).body.entries as { memberId: string; memberNumber: string; familyName: string; namePrefix: string | null; givenNames: string }[];

  async function clubWithSecretary() {
    const club = await createClub(ctx.prisma);
    return { club, agent: (await loginAs(ctx, 'SECRETARY', club.id)).agent };
  }

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    // Competition starts in 60 days: no transfer freeze today (Regel 2).
    season = await ctx.prisma.season.create({
      data: {
        name: unique('Seizoen'),
        startsOn: new Date(`${addDays(TODAY, -10)}T00:00:00.000Z`),
        competitionStartsOn: new Date(`${addDays(TODAY, 60)}T00:00:00.000Z`),
        endsOn: new Date(`${addDays(TODAY, 300)}T00:00:00.000Z`),
        settings: { create: {} },
      },
    });
    admin = (await loginAs(ctx, 'ADMIN')).agent;
  });

  afterAll(() => ctx.close());

  it('a Windows-1252 CSV from Dutch Excel with TS- numbers and accented names stores every row', async () => {
    const { club, agent } = await clubWithSecretary();
    const file = cp1252Csv(
      'TS-10021;Açoek;;Ré;12-03-1984',
      'ts-10022 ;Doëlla;;Chérie;',
      '100233;Berg;van den;Zoë;30-09-1969',
      'TS-10024;Kanhai;;Šárka;22-04-1995',
    );
    expect(file.includes(Buffer.from([0xe7]))).toBe(true); // ç as one Windows-1252 byte, not UTF-8
    const { preview: shown, result } = await upload(agent, club.id, file);
    expect(shown).toMatchObject({ ok: true, errors: [], rowCount: 4 });
    expect(result.status).toBe(200);
    const entries = await entriesOf(club.id);
    expect(entries.map(({ memberNumber, familyName, namePrefix, givenNames }) => ({ memberNumber, familyName, namePrefix, givenNames })).sort((a, b) => a.memberNumber.localeCompare(b.memberNumber))).toEqual([
      { memberNumber: '100233', familyName: 'Berg', namePrefix: 'van den', givenNames: 'Zoë' },
      { memberNumber: 'TS-10021', familyName: 'Açoek', namePrefix: null, givenNames: 'Ré' },
      { memberNumber: 'TS-10022', familyName: 'Doëlla', namePrefix: null, givenNames: 'Chérie' },
      { memberNumber: 'TS-10024', familyName: 'Kanhai', namePrefix: null, givenNames: 'Šárka' },
    ]);
    // Uploading it again with the numbers in small letters and spaces around changes nothing.
    const again = await preview(agent, club.id, cp1252Csv(' ts-10021;Açoek;;Ré;12-03-1984', 'TS-10022;Doëlla;;Chérie;', '100233;Berg;van den;Zoë;30-09-1969', 'Ts-10024 ;Kanhai;;Šárka;22-04-1995')).expect(200);
    expect(again.body).toMatchObject({ ok: true, added: [], changed: [], removed: [], unchanged: 4 });
    // Leading zeros count: 0100233 is not 100233, so that file would replace one member by another.
    const zeros = await preview(agent, club.id, cp1252Csv('TS-10021;Açoek;;Ré;12-03-1984', 'TS-10022;Doëlla;;Chérie;', '0100233;Berg;van den;Zoë;30-09-1969', 'TS-10024;Kanhai;;Šárka;22-04-1995')).expect(200);
    expect(zeros.body).toMatchObject({ ok: true, added: [{ memberNumber: '0100233' }], removed: [{ memberNumber: '100233' }], unchanged: 3 });
  });

  test.each([
    ['a space inside', 'TS 10021'],
    ['a double dash', 'TS--10021'],
    ['a name in the number column', 'Pinas'],
    ['a dot', '12.345'],
  ])('a member number with %s is refused with the rule in the message', async (_case, number) => {
    const { club, agent } = await clubWithSecretary();
    const res = await preview(agent, club.id, cp1252Csv(`${number};Pinas;;Ruben;`)).expect(200);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ row: 2, code: 'MALFORMED_MEMBER_NUMBER', message: expect.stringContaining('een lidnummer bestaat uit letters, cijfers en streepjes') }),
    ]);
  });

  describe("'ts-10021 ' and 'TS-10021' are the same person everywhere", () => {
    let home: Awaited<ReturnType<typeof clubWithSecretary>>;
    let away: Awaited<ReturnType<typeof clubWithSecretary>>;

    beforeAll(async () => {
      home = await clubWithSecretary();
      away = await clubWithSecretary();
    });

    test.each([
      ['add an entry written in small letters with a trailing space', 'ts-30001 ', 201, null],
      ['the same number in capitals is already on the list', 'TS-30001', 409, 'ALREADY_ON_LIST'],
      ['with spaces and mixed case, still the same', '  Ts-30001', 409, 'ALREADY_ON_LIST'],
      ['a malformed number', 'TS 30001', 400, 'VALIDATION_FAILED'],
    ])('%s (%p)', async (_case, memberNumber, status, code) => {
      const res = await home.agent.post(`${listUrl(home.club.id)}/entries`).send({ memberNumber, familyName: 'Pinas', givenNames: 'Ruben' }).expect(status);
      if (code) expectError(res.body, status, code);
      else expect(res.body).toMatchObject({ memberNumber: 'TS-30001' });
    });

    it('another club cannot put the person on its list under another spelling (Regel 2)', async () => {
      const res = await away.agent.post(`${listUrl(away.club.id)}/entries`).send({ memberNumber: 'ts-30001', familyName: 'X', givenNames: 'Y' }).expect(422);
      expect(res.body.error.message).toMatch(/^Lidnummer TS-30001 /);
      expect(await ctx.prisma.member.count({ where: { memberNumber: { in: ['TS-30001', 'ts-30001', 'ts-30001 '] } } })).toBe(1);
    });

    it('a transfer request finds the person whatever the spelling', async () => {
      const res = await away.agent.post('/api/transfers').send({ memberNumber: ' ts-30001 ', toClubId: away.club.id }).expect(201);
      expect(res.body).toMatchObject({ memberNumber: 'TS-30001' });
      await admin.post(`/api/transfers/${res.body.id}/refuse`).send({ reason: 'Alleen een proef' }).expect(200);
    });

    it('the line-up picker (eligible players) shows the number as stored', async () => {
      const division = await createDivision(ctx.prisma, season.id);
      const team = await createTeam(ctx.prisma, division.id, home.club.id);
      const res = await home.agent.get(`/api/teams/${team.id}/eligible-players?date=${addDays(TODAY, 30)}`).expect(200);
      expect(res.body.players.map((p: { memberNumber: string }) => p.memberNumber)).toContain('TS-30001');
    });

    test.each([['csv'], ['xlsx']])('the %s download holds TS-30001 and uploads again without change', async (format) => {
      const res = await home.agent.get(`${listUrl(home.club.id)}/download?format=${format}`).responseType('blob').expect(200);
      const file = res.body as Buffer;
      if (format === 'csv') expect(file.toString('utf8')).toContain('TS-30001;Pinas');
      const again = await preview(home.agent, home.club.id, file, `leden.${format}`).expect(200);
      expect(again.body).toMatchObject({ ok: true, added: [], changed: [], removed: [], unchanged: 1 });
    });

    it('the database refuses a number that is not canonical, so its unique index ignores case', async () => {
      await expect(ctx.prisma.member.create({ data: { memberNumber: 'ts-30002', familyName: 'X', givenNames: 'Y' } })).rejects.toThrow();
      await expect(ctx.prisma.member.create({ data: { memberNumber: ' TS-30002', familyName: 'X', givenNames: 'Y' } })).rejects.toThrow();
    });
  });
  // Before the match-day tests below: their seasons (2026/2027) are in the freeze today, and a
  // freeze anywhere holds every transfer.
  describe('Regel 2, the transfer window until the freeze (issue 13.10)', () => {
    let from: Awaited<ReturnType<typeof clubWithSecretary>>;
    let to: Awaited<ReturnType<typeof clubWithSecretary>>;
    let number = 40000;
    /** A member on the old club's list of this season (competition in 60 days: no freeze yet). */
    async function memberOfOldClub() {
      number += 1;
      const { member } = await createListedMember(ctx.prisma, { seasonId: season.id, clubId: from.club.id, memberNumber: `TS-${number}` });
      return { member, number: `ts-${number}` };
    }
    const listed = async (clubId: string) => (await entriesOf(clubId)).map((e) => e.memberId);
    const setCompetitionStart = (days: number) =>
      ctx.prisma.season.update({ where: { id: season.id }, data: { competitionStartsOn: new Date(`${addDays(TODAY, days)}T00:00:00.000Z`) } });

    beforeAll(async () => {
      from = await clubWithSecretary();
      to = await clubWithSecretary();
    });

    it('before the freeze of a season whose competition has not started: takes effect at once for that season', async () => {
      const { member, number: asTyped } = await memberOfOldClub();
      const res = await admin.post('/api/transfers').send({ memberNumber: asTyped, toClubId: to.club.id }).expect(201);
      expect(res.body).toMatchObject({ status: 'COMPLETED', effectiveSeasonId: season.id, boardDecision: false });
      expect(await listed(to.club.id)).toContain(member.id);
      expect(await listed(from.club.id)).not.toContain(member.id);
    });

    test.each([
      ['in a pair of a line-up', { pairNumber: 2 }],
      ['brought in as a substitute', { substitute: true }],
    ])('not when the member already played for the old club in that season (%s): it waits for the next season', async (_case, how) => {
      const { member, number: asTyped } = await memberOfOldClub();
      const division = await createDivision(ctx.prisma, season.id);
      const [oldTeam, opponent] = [await createTeam(ctx.prisma, division.id, from.club.id), await createTeam(ctx.prisma, division.id, (await createClub(ctx.prisma)).id)];
      const match = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: oldTeam.id, awayTeamId: opponent.id, date: addDays(TODAY, -3), status: 'PLAYED' });
      const lineup = await ctx.prisma.lineup.create({ data: { matchId: match.id, teamId: oldTeam.id } });
      if ('pairNumber' in how) await ctx.prisma.lineupPlayer.create({ data: { lineupId: lineup.id, memberId: member.id, pairNumber: how.pairNumber } });
      else {
        const out = await createListedMember(ctx.prisma, { seasonId: season.id, clubId: from.club.id });
        await ctx.prisma.substitution.create({ data: { matchId: match.id, teamId: oldTeam.id, setNumber: 3, pairNumber: 1, outMemberId: out.member.id, inMemberId: member.id } });
      }
      const res = await admin.post('/api/transfers').send({ memberNumber: asTyped, toClubId: to.club.id }).expect(201);
      expect(res.body).toMatchObject({ status: 'APPROVED', effectiveSeasonId: null });
      expect(await listed(from.club.id)).toContain(member.id);
      expect(await listed(to.club.id)).not.toContain(member.id);
    });

    describe('inside the freeze (competition starts in 5 days): only the board, with a written reason', () => {
      beforeAll(() => setCompetitionStart(5));
      afterAll(() => setCompetitionStart(60));

      test.each<[string, 'admin' | 'secretary', Record<string, unknown>, number, string]>([
        ['a secretary’s request', 'secretary', {}, 422, 'TRANSFER_FREEZE'],
        ['an administrator’s request without a reason', 'admin', {}, 422, 'TRANSFER_FREEZE'],
        ['a secretary deciding as the board', 'secretary', { boardReason: 'Wij vinden het goed' }, 403, 'BOARD_ONLY'],
      ])('refuses %s, storing nothing', async (_case, who, extra, status, code) => {
        const { member, number: asTyped } = await memberOfOldClub();
        const agent = who === 'admin' ? admin : to.agent;
        const res = await agent.post('/api/transfers').send({ memberNumber: asTyped, toClubId: to.club.id, ...extra }).expect(status);
        expectError(res.body, status, code);
        expect(await ctx.prisma.transfer.count({ where: { memberId: member.id } })).toBe(0);
      });

      it('the board’s decision with a written reason takes effect at once; the reason is stored and in the audit log', async () => {
        const { member, number: asTyped } = await memberOfOldClub();
        const reason = 'Bestuursbesluit 7: verhuisd naar Almere';
        const res = await admin.post('/api/transfers').send({ memberNumber: asTyped, toClubId: to.club.id, boardReason: reason }).expect(201);
        expect(res.body).toMatchObject({ status: 'COMPLETED', boardDecision: true, boardReason: reason, effectiveSeasonId: season.id });
        expect(await listed(to.club.id)).toContain(member.id);
        expect(await ctx.prisma.auditLog.findFirst({ where: { entityId: res.body.id, action: 'transfer.approve' } })).toMatchObject({ reason });
      });

      it('a request put to the board waits; a secretary cannot approve it, the administrator can, with a reason', async () => {
        const { member, number: asTyped } = await memberOfOldClub();
        const asked = await to.agent.post('/api/transfers').send({ memberNumber: asTyped, toClubId: to.club.id, askBoard: true }).expect(201);
        expect(asked.body).toMatchObject({ status: 'REQUESTED' });
        expectError((await to.agent.post(`/api/transfers/${asked.body.id}/approve`).send({ reason: 'Akkoord' }).expect(403)).body, 403);
        expectError((await admin.post(`/api/transfers/${asked.body.id}/approve`).send({}).expect(400)).body, 400, 'VALIDATION_FAILED');
        const approved = await admin.post(`/api/transfers/${asked.body.id}/approve`).send({ reason: 'Bestuursbesluit 8' }).expect(200);
        expect(approved.body).toMatchObject({ status: 'COMPLETED', boardDecision: true, boardReason: 'Bestuursbesluit 8' });
        expect(await listed(to.club.id)).toContain(member.id);
      });
    });
  });

  describe('Regel 7 / 9A: the cause of a forfeit, and the rule of its fine, follow from the facts (issue 13.9)', () => {
    /** A match on Saturday 14-11-2026 at 20:00 (Amsterdam), the away team in default. */
    async function forfeit(facts: Record<string, unknown>) {
      const day = await createMatchDay(ctx.prisma, { date: '2026-11-14', playersPerClub: 0 });
      const res = await admin.post(`/api/matches/${day.match.id}/not-played`).send({ version: 0, kind: 'FORFEIT', offendingTeamId: day.away.id, reason: 'Uitploeg in gebreke', ...facts });
      return { day, res };
    }

    test.each<[string, Record<string, unknown>, string, string, string | null]>([
      ['4 pairs present', { pairsPresent: 4 }, 'TOO_FEW_PAIRS', '7', null],
      ['called off on the evening itself (local time)', { calledOffAt: '2026-11-14T18:00', calledOffBy: 'J. Pinas, secretaris' }, 'LATE_CANCELLATION', '7', '2026-11-14T17:00:00.000Z'],
      ['called off 47 hours 59 minutes before', { calledOffAt: '2026-11-12T20:01' }, 'LATE_CANCELLATION', '7', '2026-11-12T19:01:00.000Z'],
      ['the same local time with seconds: still local time', { calledOffAt: '2026-11-12T20:01:00' }, 'LATE_CANCELLATION', '7', '2026-11-12T19:01:00.000Z'],
      ['local time with seconds, 48 hours and a second before: in time', { calledOffAt: '2026-11-12T19:59:59.5' }, 'OTHER', '9A', '2026-11-12T18:59:59.500Z'],
      ['called off exactly 48 hours before (an instant with zone): in time, another act', { calledOffAt: '2026-11-12T19:00:00Z' }, 'OTHER', '9A', '2026-11-12T19:00:00.000Z'],
      ['called off a week before', { calledOffAt: '2026-11-07T12:00' }, 'OTHER', '9A', '2026-11-07T11:00:00.000Z'],
      ['nothing recorded: another act of the club', {}, 'OTHER', '9A', null],
    ])('%s → %s, fine under Regel %s for the affected club', async (_case, facts, cause, rule, calledOffAt) => {
      const { day, res } = await forfeit(facts);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'FORFEIT', forfeitCause: cause, calledOffAt, calledOffByTeamId: calledOffAt ? day.away.id : null, homePoints: 288, awayPoints: 0 });
      const fines = await ctx.prisma.fine.findMany({ where: { matchId: day.match.id } });
      expect(fines.map((f) => [f.rule, f.clubId, f.amountCents, f.beneficiary, f.beneficiaryClubId])).toEqual(
        expect.arrayContaining([[rule, day.awayClub.id, 6000, 'CLUB', day.homeClub.id]]),
      );
      expect(fines.filter((f) => f.rule === '7' || f.rule === '9A')).toHaveLength(1);
      const stored = await ctx.prisma.match.findUniqueOrThrow({ where: { id: day.match.id } });
      expect(stored.calledOffBy).toBe((facts.calledOffBy as string | undefined) ?? null);
    });

    test.each<[string, string, Record<string, unknown>, string]>([
      ['5 pairs present: the match could start (Regel 5B/5C)', 'FORFEIT', { pairsPresent: 5 }, 'pairsPresent'],
      ['pairs present and a call-off at once', 'FORFEIT', { pairsPresent: 3, calledOffAt: '2026-11-14T18:00' }, 'calledOffAt'],
      ['a call-off in the future', 'FORFEIT', { calledOffAt: '2099-01-01T10:00' }, 'calledOffAt'],
      ['a call-off time that does not exist', 'FORFEIT', { calledOffAt: '2026-02-30T10:00' }, 'calledOffAt'],
      ['a call-off on 31 September (with a zone: never rolled over to 1 October)', 'FORFEIT', { calledOffAt: '2026-09-31T10:00Z' }, 'calledOffAt'],
      ['a call-off at 24:00', 'FORFEIT', { calledOffAt: '2026-11-12T24:00' }, 'calledOffAt'],
      ['a call-off at 19:60 with an offset', 'FORFEIT', { calledOffAt: '2026-11-12T19:60+01:00' }, 'calledOffAt'],
      ['who called off, without when', 'FORFEIT', { calledOffBy: 'J. Pinas' }, 'calledOffBy'],
      ['a call-off on a match cancelled by the federation', 'CANCELLED', { calledOffAt: '2026-11-14T18:00' }, 'calledOffAt'],
    ])('refuses %s (400), storing nothing', async (_case, kind, facts, field) => {
      const day = await createMatchDay(ctx.prisma, { date: '2026-11-14', playersPerClub: 0 });
      const body = { version: 0, kind, reason: 'Uitploeg in gebreke', ...(kind === 'FORFEIT' ? { offendingTeamId: day.away.id } : {}), ...facts };
      const res = await admin.post(`/api/matches/${day.match.id}/not-played`).send(body).expect(400);
      expectError(res.body, 400);
      expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      expect(await ctx.prisma.match.findUniqueOrThrow({ where: { id: day.match.id } })).toMatchObject({ status: 'SCHEDULED', calledOffAt: null });
    });

    it("recorded again with another cause after a reopen: the first rule's proposal is withdrawn and the right one proposed", async () => {
      const { day, res } = await forfeit({});
      expect(res.body).toMatchObject({ forfeitCause: 'OTHER' });
      const reopened = await admin.post(`/api/matches/${day.match.id}/reopen`).send({ version: res.body.version, reason: 'Afzegging alsnog gemeld' }).expect(200);
      const again = await admin
        .post(`/api/matches/${day.match.id}/not-played`)
        .send({ version: reopened.body.version, kind: 'FORFEIT', offendingTeamId: day.away.id, calledOffAt: '2026-11-14T18:00', reason: 'Uitploeg zegde af op de avond zelf' })
        .expect(200);
      expect(again.body).toMatchObject({ forfeitCause: 'LATE_CANCELLATION' });
      const fines = await ctx.prisma.fine.findMany({ where: { matchId: day.match.id, rule: { in: ['7', '9A'] } } });
      expect(fines.map((f) => [f.rule, f.status]).sort()).toEqual([
        ['7', 'PROPOSED'],
        ['9A', 'DISCARDED'],
      ]);
      expect(fines.find((f) => f.rule === '9A')!.waivedReason).toMatch(/Regel 7/);
    });

    it('the cause is no longer picked by hand', async () => {
      const day = await createMatchDay(ctx.prisma, { date: '2026-11-14', playersPerClub: 0 });
      const res = await admin.post(`/api/matches/${day.match.id}/not-played`).send({ version: 0, kind: 'FORFEIT', offendingTeamId: day.away.id, cause: 'LATE_CANCELLATION', reason: 'x y z' }).expect(400);
      expectError(res.body, 400);
    });

    it('reopening clears the call-off', async () => {
      const { day, res } = await forfeit({ calledOffAt: '2026-11-14T18:00' });
      const reopened = await admin.post(`/api/matches/${day.match.id}/reopen`).send({ version: res.body.version, reason: 'Verkeerde wedstrijd' }).expect(200);
      expect(reopened.body).toMatchObject({ status: 'SCHEDULED', forfeitCause: null, calledOffAt: null, calledOffByTeamId: null });
    });

    it('the season file keeps the cause: exported and imported again, the forfeit is still a late call-off', async () => {
      const { day } = await forfeit({ calledOffAt: '2026-11-14T18:00' });
      const exported = (await admin.get(`/api/seasons/${day.season.id}/export`).expect(200)).body;
      expect(exported.matches).toEqual([expect.objectContaining({ status: 'FORFEIT', forfeitedBy: 'away', forfeitCause: 'LATE_CANCELLATION' })]);
      const name = unique('Kopie');
      await admin.post('/api/seasons/import').send({ ...exported, season: { ...exported.season, name } }).expect(201);
      const imported = await ctx.prisma.match.findFirstOrThrow({ where: { division: { season: { name } } } });
      expect(imported).toMatchObject({ status: 'FORFEIT', forfeitCause: 'LATE_CANCELLATION' });
    });
  });

  describe('Regel 11 counts per club, over all its teams in the season (issue 13.8)', () => {
    let proposals: FineProposalsService;
    let division: { id: string };
    let round = 100;
    beforeAll(async () => {
      proposals = ctx.app.get(FineProposalsService);
      const regel11Season = await createSeason(ctx.prisma, { startsOn: '2026-01-01', competitionStartsOn: '2026-01-10', endsOn: '2027-12-31' });
      division = await createDivision(ctx.prisma, regel11Season.id);
    });

    type Step = { team: 'A1' | 'A2' | 'B1'; as: 'incomplete' | 'forfeit with 3 pairs' | 'late call-off' };
    const incomplete = (team: Step['team']): Step => ({ team, as: 'incomplete' });
    test.each<[string, Step[], boolean[]]>([
      ['two teams of one club, each incomplete twice: the club’s 3rd and 4th time', [incomplete('A1'), incomplete('A2'), incomplete('A1'), incomplete('A2')], [false, false, true, false]],
      ['another club’s appearances do not count', [incomplete('A1'), incomplete('B1'), incomplete('A2'), incomplete('B1'), incomplete('A1')], [false, false, false, false, true]],
      ['a Regel 7 forfeit with fewer than 5 pairs counts as incomplete', [incomplete('A1'), incomplete('A2'), { team: 'A1', as: 'forfeit with 3 pairs' }], [false, false, true]],
      ['a call-off is no incomplete appearance', [incomplete('A1'), incomplete('A2'), { team: 'A2', as: 'late call-off' }, incomplete('A1')], [false, false, false, true]],
    ])('%s', async (_case, steps, fined) => {
      const [clubA, clubB, opponentClub] = [await createClub(ctx.prisma), await createClub(ctx.prisma), await createClub(ctx.prisma)];
      const teams = {
        A1: await createTeam(ctx.prisma, division.id, clubA.id),
        A2: await createTeam(ctx.prisma, division.id, clubA.id),
        B1: await createTeam(ctx.prisma, division.id, clubB.id),
      };
      const opponent = await createTeam(ctx.prisma, division.id, opponentClub.id);
      const matches: string[] = [];
      for (const step of steps) {
        round += 1;
        const team = teams[step.team];
        const match = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: opponent.id, awayTeamId: team.id, date: '2026-10-03', round, status: 'SCHEDULED' });
        matches.push(match.id);
        if (step.as === 'incomplete') {
          await ctx.prisma.$transaction((tx) => proposals.incompleteOrLate(tx, { matchId: match.id, teamId: team.id, actorId: null }));
        } else {
          const facts = step.as === 'late call-off' ? { calledOffAt: '2026-10-03T12:00' } : { pairsPresent: 3 };
          await admin.post(`/api/matches/${match.id}/not-played`).send({ version: 0, kind: 'FORFEIT', offendingTeamId: team.id, reason: 'In gebreke', ...facts }).expect(200);
        }
      }
      const regel11 = await ctx.prisma.fine.findMany({ where: { rule: '11', clubId: { in: [clubA.id, clubB.id] } } });
      expect(matches.map((id) => regel11.some((f) => f.matchId === id))).toEqual(fined);
      for (const f of regel11) expect(f).toMatchObject({ clubId: clubA.id, amountCents: 4500, status: 'PROPOSED', reason: expect.stringMatching(/^Vereniging voor de \d+e keer dit seizoen/) });
    });
  });
});
