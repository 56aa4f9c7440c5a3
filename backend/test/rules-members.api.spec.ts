// Issue 13 "Rules fidelity", item 1: member numbers as the federation writes them (RULES.md,
// "Season, member lists and eligibility"): letters, digits and dashes, compared without
// regard to case and surrounding spaces, through every endpoint that reads or shows them.
import iconv from 'iconv-lite';
import type { Test } from 'supertest';
import { todayIso } from '../src/common/dto';
import { addDays } from '../src/domain/dates';
import { type Agent, createClub, createDivision, createTeam, expectError, loginAs, resetDatabase, startApp, TestContext, unique } from './helpers';

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
    const again = await preview(agent, club.id, cp1252Csv(' ts-10021;Açoek;;Ré;12-03-1984', 'TS-10022;Doëlla;;Chérie;', '0100233;Berg;van den;Zoë;30-09-1969', 'Ts-10024 ;Kanhai;;Šárka;22-04-1995')).expect(200);
    expect(again.body).toMatchObject({ ok: true, added: [], changed: [], removed: [], unchanged: 4 });
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
});
