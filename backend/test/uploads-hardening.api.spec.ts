/**
 * Issue 12 (Trust), items 2 and 10: a workbook that is small outside and huge inside is
 * refused in Dutch without freezing the API, and every CSV the system writes is neutralised
 * against formulas by one writer whose output the member-list upload reads back unchanged.
 */
import type { Response } from 'supertest';
import { todayIso } from '../src/common/dto';
import { addDays } from '../src/domain/dates';
import { memberWorkbook } from './fixtures/workbooks';
import { type Agent, binary, createClub, createDivision, createMatchRow, createSeason, createTeam, expectError, loginAs, resetDatabase, startApp, TestContext, unique } from './helpers';

const TODAY = todayIso();
/** Jest's limit per test, not a speed claim: the first upload starts the worker from the TypeScript sources. */
const SLOW = 60_000;
const csv = (...lines: string[]) => Buffer.from(['Lidnummer;Achternaam;Tussenvoegsel;Voornamen;Geboortedatum', ...lines].join('\r\n'), 'utf8');

describe('uploads and CSV downloads that can be trusted (issue 12)', () => {
  let ctx: TestContext;
  let season: { id: string };

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    season = await ctx.prisma.season.create({
      data: {
        name: unique('Seizoen'),
        startsOn: new Date(`${addDays(TODAY, -10)}T00:00:00.000Z`),
        competitionStartsOn: new Date(`${addDays(TODAY, 20)}T00:00:00.000Z`),
        endsOn: new Date(`${addDays(TODAY, 200)}T00:00:00.000Z`),
        settings: { create: {} },
      },
    });
  }, 30_000);

  afterAll(() => ctx.close());

  const listUrl = (clubId: string) => `/api/seasons/${season.id}/clubs/${clubId}/member-list`;

  async function clubWithSecretary() {
    const club = await createClub(ctx.prisma);
    return { club, agent: (await loginAs(ctx, 'SECRETARY', club.id)).agent };
  }

  const preview = (agent: Agent, clubId: string, body: Buffer, name: string) => agent.post(`${listUrl(clubId)}/preview`).attach('file', body, name);

  describe('a workbook far larger inside than outside', () => {
    let club: { id: string };
    let agent: Agent;

    beforeAll(async () => {
      ({ club, agent } = await clubWithSecretary());
    });

    /** Runs the upload and asks /api/health again and again until the upload is answered. */
    async function uploadWhileAskingHealth(uploads: Promise<Response>[]) {
      let settled = false;
      const all = Promise.all(uploads).finally(() => {
        settled = true;
      });
      const health: number[] = [];
      do health.push((await ctx.http().get('/api/health')).status);
      while (!settled);
      return { answers: await all, health };
    }

    it('300 MB unpacked in a 1 MB .xlsx: refused in Dutch (413) while /api/health keeps answering', async () => {
      const bomb = memberWorkbook({ repeatMb: 300 });
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const { answers, health } = await uploadWhileAskingHealth([preview(agent, club.id, bomb, 'leden.xlsx').then((res) => res)]);
      const [refused] = answers;
      expectError(refused.body, 413, 'WORKBOOK_TOO_LARGE');
      expect(refused.body.error.message).toMatch(/^De Excel-werkmap 'leden\.xlsx' is uitgepakt veel groter dan een moederlijst kan zijn \(hoogstens 32 MB\); er is niets gelezen\./);
      expect(refused.body.error.details).toEqual([
        { field: 'file', code: 'WORKBOOK_TOO_LARGE', message: 'xl/worksheets/sheet1.xml: zegt uitgepakt 300 MB te zijn (de hele werkmap mag hoogstens 32 MB zijn)' },
      ]);
      expect(health.length).toBeGreaterThan(0);
      expect(health.every((status) => status === 200)).toBe(true);
    }, SLOW);

    it('two at once, one lying about its size: both refused, health answers, the confirmation too', async () => {
      const honest = memberWorkbook({ repeatMb: 300 });
      const liar = memberWorkbook({ repeatMb: 300, declaredSheetBytes: 4_000 });
      const { answers, health } = await uploadWhileAskingHealth([
        preview(agent, club.id, honest, 'a.xlsx').then((res) => res),
        agent.post(`${listUrl(club.id)}/confirm`).attach('file', liar, 'b.xlsx').field('previewId', 'A'.repeat(43)).then((res) => res),
      ]);
      for (const answer of answers) expectError(answer.body, 413, 'WORKBOOK_TOO_LARGE');
      expect(answers[1].body.error.details[0].message).toBe('xl/worksheets/sheet1.xml: pakt uit tot een andere grootte dan het zelf aangeeft');
      expect(health.every((status) => status === 200)).toBe(true);
      // Nothing was stored.
      const list = await agent.get(listUrl(club.id)).expect(200);
      expect(list.body.entries).toEqual([]);
    }, SLOW);

    it('a CSV of more than 20,000 rows is refused with the first row too many', async () => {
      const lines = Array.from({ length: 20_000 }, (_, i) => `${30_000 + i};Achternaam ${i};;Voornaam;`);
      const res = await preview(agent, club.id, csv(...lines), 'lang.csv').expect(413);
      expectError(res.body, 413, 'TOO_MANY_ROWS');
      expect(res.body.error.details).toEqual([{ row: 20_001, code: 'TOO_MANY_ROWS', message: 'Rij 20.001: meer regels dan een moederlijst mag hebben (hoogstens 20.000)' }]);
    }, SLOW);

    it('a workbook with a value in row 1,000,000 is refused instead of read as a million rows', async () => {
      const res = await preview(agent, club.id, memberWorkbook({ farRows: [1_000_000] }), 'ver.xlsx').expect(413);
      expectError(res.body, 413, 'TOO_MANY_ROWS');
    }, SLOW);

    it('an ordinary workbook still reads (through the worker)', async () => {
      const res = await preview(agent, club.id, memberWorkbook({ members: 3 }), 'leden.xlsx').expect(200);
      expect(res.body).toMatchObject({ ok: true, format: 'xlsx', errors: [] });
      expect(res.body.added.map((m: { memberNumber: string }) => m.memberNumber)).toEqual(['10000', '10001', '10002']);
    }, SLOW);
  });

  describe('CSV in and out', () => {
    it('the member-list download, uploaded again unchanged, changes nothing, formula-like names included', async () => {
      const { club, agent } = await clubWithSecretary();
      const names = csv(
        '9101;=1+1;;Jan;01-02-1980',
        '9102;+Pinas;;@Ruben;',
        '9103;-Sital;;Asha;',
        "9104;Hoen;'t;Kees;",
        '9105;"=HYPERLINK(""http://x"";""klik"")";;Evil;',
      );
      const first = await preview(agent, club.id, names, 'leden.csv').expect(200);
      expect(first.body).toMatchObject({ ok: true, errors: [] });
      await agent.post(`${listUrl(club.id)}/confirm`).attach('file', names, 'leden.csv').field('previewId', first.body.previewId).expect(200);
      // Typed in the form: a name that itself begins with an apostrophe and then '='.
      await agent.post(`${listUrl(club.id)}/entries`).send({ memberNumber: '9106', familyName: "'=Quote", givenNames: 'Piet' }).expect(201);

      for (const format of ['csv', 'xlsx'] as const) {
        const download = await agent.get(`${listUrl(club.id)}/download?format=${format}`).buffer(true).parse(binary).expect(200);
        const body = download.body as Buffer;
        if (format === 'csv') {
          const text = body.toString('utf8');
          expect(text).toContain("9101;'=1+1;;Jan;01-02-1980");
          expect(text).toContain("9102;'+Pinas;;'@Ruben;");
          expect(text).toContain("9104;Hoen;'t;Kees;");
          expect(text).toContain('9105;"\'=HYPERLINK(""http://x"";""klik"")";;Evil;');
          expect(text).toContain("9106;''=Quote;;Piet;");
        }
        const again = await preview(agent, club.id, body, `terug.${format}`).expect(200);
        expect(again.body).toMatchObject({ ok: true, errors: [], added: [], changed: [], removed: [], unchanged: 6 });
      }
      const stored = await agent.get(listUrl(club.id)).expect(200);
      expect(stored.body.entries.map((e: { familyName: string; givenNames: string }) => [e.familyName, e.givenNames]).sort()).toEqual(
        [['=1+1', 'Jan'], ['+Pinas', '@Ruben'], ['-Sital', 'Asha'], ['Hoen', 'Kees'], ['=HYPERLINK("http://x";"klik")', 'Evil'], ["'=Quote", 'Piet']].sort(),
      );
    }, SLOW);

    it('the public fixtures.csv neutralises team names a spreadsheet would run as formulas', async () => {
      const fixtureSeason = await createSeason(ctx.prisma);
      const division = await createDivision(ctx.prisma, fixtureSeason.id);
      const home = await createTeam(ctx.prisma, division.id, (await createClub(ctx.prisma)).id, '=HYPERLINK("http://evil";"Uitslag")');
      const away = await createTeam(ctx.prisma, division.id, (await createClub(ctx.prisma)).id, '@Kaiman 1');
      await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: home.id, awayTeamId: away.id, status: 'SCHEDULED', round: 1 });
      const res = await ctx.http().get(`/api/divisions/${division.id}/fixtures.csv`).buffer(true).parse(binary).expect(200);
      const lines = (res.body as Buffer).toString('utf8').slice(1).split('\r\n');
      expect(lines[0]).toBe('Ronde;Datum;Aanvang;Thuis;Uit;Status;Uitslag;Winnaar');
      expect(lines[1]).toMatch(/^1;03-10-2026;[^;]*;"'=HYPERLINK\(""http:\/\/evil"";""Uitslag""\)";'@Kaiman 1;gepland;;$/);
      for (const field of lines[1].split(';')) expect(field).not.toMatch(/^[=+\-@\t\r]/);
    }, SLOW);
  });
});
