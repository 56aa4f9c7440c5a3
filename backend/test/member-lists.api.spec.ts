import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Test } from 'supertest';
import { AuditService } from '../src/audit/audit.service';
import { todayIso } from '../src/common/dto';
import { addDays } from '../src/domain/dates';
import { registrationDeadline } from '../src/domain/eligibility';
import { parseMemberFile } from '../src/member-lists/member-file-parser';
import {
  type Agent,
  createClub,
  createDivision,
  createListedMember,
  createTeam,
  expectError,
  loginAs,
  resetDatabase,
  startApp,
  TestContext,
  unique,
} from './helpers';

const FIXTURES = join(__dirname, 'fixtures/member-lists');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
interface MemberFields {
  memberNumber: string;
  familyName: string;
  namePrefix: string | null;
  givenNames: string;
  birthDate: string | null;
}
const expected = JSON.parse(fixture('expected-names.json').toString('utf8')) as { members: MemberFields[] };
const fields = ({ memberNumber, familyName, namePrefix, givenNames, birthDate }: MemberFields): MemberFields => ({ memberNumber, familyName, namePrefix, givenNames, birthDate });
const byNumber = (a: MemberFields, b: MemberFields) => a.memberNumber.localeCompare(b.memberNumber);
const csv = (...lines: string[]) => Buffer.from(['Lidnummer;Achternaam;Tussenvoegsel;Voornamen;Geboortedatum', ...lines].join('\r\n'), 'utf8');

const TODAY = todayIso();

describe('member lists API (Regel 1–4)', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let secretary: Awaited<ReturnType<typeof loginAs>>;
  let otherSecretary: Awaited<ReturnType<typeof loginAs>>;
  let supervisor: Awaited<ReturnType<typeof loginAs>>;
  /** The running season: the transfer freeze holds today (Regel 2) and its list deadline has passed (Regel 1). */
  let season: { id: string };
  let club: { id: string; name: string };
  let otherClub: { id: string; name: string };
  let ids: { entry: string; member: string; sanction: string; transfer: string; team: string };

  const listUrl = (clubId = club.id, seasonId = season.id) => `/api/seasons/${seasonId}/clubs/${clubId}/member-list`;

  function preview(agent: Agent, body: Buffer, name = 'leden.csv', clubId = club.id, seasonId = season.id): Test {
    return agent.post(`${listUrl(clubId, seasonId)}/preview`).attach('file', body, name);
  }

  function confirm(agent: Agent, body: Buffer, previewId: string, name = 'leden.csv', clubId = club.id, seasonId = season.id, extra: Record<string, string> = {}): Test {
    let req = agent.post(`${listUrl(clubId, seasonId)}/confirm`).attach('file', body, name).field('previewId', previewId);
    for (const [key, value] of Object.entries(extra)) req = req.field(key, value);
    return req;
  }

  /** The second confirmation an upload that removes more than a quarter of the list needs (RULES.md, 2026-12-06; member-list-undo.api.spec.ts). */
  const removalConfirmed = (shown: { removed: unknown[] }) => ({ confirmRemoved: String(shown.removed.length) });

  /** Preview, then confirm exactly that preview (naming the number removed, as the second confirmation does). */
  async function upload(agent: Agent, body: Buffer, name = 'leden.csv', clubId = club.id, seasonId = season.id) {
    const shown = await preview(agent, body, name, clubId, seasonId).expect(200);
    const done = await confirm(agent, body, shown.body.previewId, name, clubId, seasonId, removalConfirmed(shown.body));
    return { preview: shown.body, result: done };
  }

  async function listOf(clubId = club.id, seasonId = season.id) {
    return (await admin.agent.get(listUrl(clubId, seasonId)).expect(200)).body as {
      id: string;
      deadlineStatus: string;
      memberCount: number;
      lastChangedAt: string | null;
      entries: (MemberFields & { id: string; memberId: string; removedAt: string | null; status: string; matchesPlayed: number; registeredOn: string; sanctions: unknown[] })[];
    };
  }

  /** A new club with its own logged-in secretary. */
  async function clubWithSecretary() {
    const created = await createClub(ctx.prisma);
    return { club: created, agent: (await loginAs(ctx, 'SECRETARY', created.id)).agent };
  }

  async function newSeason(startsInDays: number, competitionInDays: number, endsInDays: number) {
    return ctx.prisma.season.create({
      data: {
        name: unique('Seizoen'),
        startsOn: new Date(`${addDays(TODAY, startsInDays)}T00:00:00.000Z`),
        competitionStartsOn: new Date(`${addDays(TODAY, competitionInDays)}T00:00:00.000Z`),
        endsOn: new Date(`${addDays(TODAY, endsInDays)}T00:00:00.000Z`),
        settings: { create: {} },
      },
    });
  }

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    season = await newSeason(-90, -70, 150);
    club = await createClub(ctx.prisma);
    otherClub = await createClub(ctx.prisma);
    admin = await loginAs(ctx, 'ADMIN');
    secretary = await loginAs(ctx, 'SECRETARY', club.id);
    otherSecretary = await loginAs(ctx, 'SECRETARY', otherClub.id);
    supervisor = await loginAs(ctx, 'SUPERVISOR');
    const { member, entry } = await createListedMember(ctx.prisma, { seasonId: season.id, clubId: club.id });
    const sanction = await ctx.prisma.memberSanction.create({ data: { memberId: member.id, kind: 'SUSPENSION', startsOn: new Date('2020-01-01'), endsOn: new Date('2020-01-31'), reason: 'Oud' } });
    const transfer = await ctx.prisma.transfer.create({ data: { memberId: member.id, fromClubId: club.id, toClubId: otherClub.id, requestedOn: new Date(), status: 'REFUSED' } });
    const team = await createTeam(ctx.prisma, (await createDivision(ctx.prisma, season.id)).id, club.id);
    ids = { entry: entry.id, member: member.id, sanction: sanction.id, transfer: transfer.id, team: team.id };
  });

  afterAll(() => ctx.close());

  describe('access: personal data for administrators and the club’s own secretary only', () => {
    type Call = (agent: Agent | ReturnType<TestContext['http']>) => Test;
    const file = () => csv('1;Pinas;;Ruben;');
    const clubScoped: [string, Call][] = [
      ['read the list', (a) => a.get(listUrl())],
      ['download the list', (a) => a.get(`${listUrl()}/download?format=csv`)],
      ['preview an upload', (a) => a.post(`${listUrl()}/preview`).attach('file', file(), 'leden.csv')],
      ['confirm an upload', (a) => a.post(`${listUrl()}/confirm`).attach('file', file(), 'leden.csv').field('previewId', 'xxxxxxxxxxxx')],
      ['add an entry', (a) => a.post(`${listUrl()}/entries`).send({ memberNumber: '77', familyName: 'Pinas', givenNames: 'Ruben' })],
      ['edit an entry', (a) => a.patch(`/api/member-list-entries/${ids.entry}`).send({ givenNames: 'Iwan' })],
      ['remove an entry', (a) => a.post(`/api/member-list-entries/${ids.entry}/remove`)],
      ['list transfers of the club', (a) => a.get(`/api/transfers?clubId=${club.id}`)],
      ['request a transfer to the club', (a) => a.post('/api/transfers').send({ memberNumber: '1', toClubId: club.id })],
    ];
    const adminOnly: [string, Call][] = [
      ['the overview of all lists', (a) => a.get(`/api/seasons/${season.id}/member-lists`)],
      ['suspend or expel', (a) => a.post(`/api/members/${ids.member}/sanctions`).send({ kind: 'EXPULSION', startsOn: TODAY, reason: 'Wangedrag' })],
      ['revoke a sanction', (a) => a.post(`/api/member-sanctions/${ids.sanction}/revoke`).send({ reason: 'Vergissing' })],
      ['approve a transfer', (a) => a.post(`/api/transfers/${ids.transfer}/approve`).send({ reason: 'Bestuursbesluit' })],
      ['refuse a transfer', (a) => a.post(`/api/transfers/${ids.transfer}/refuse`).send({ reason: 'Bestuursbesluit' })],
    ];

    describe.each([...clubScoped, ...adminOnly])('%s', (_name, call) => {
      it('is refused without login (401)', async () => {
        expectError((await call(ctx.http()).expect(401)).body, 401, 'UNAUTHENTICATED');
      });

      it('is refused for a supervisor (403)', async () => {
        expectError((await call(supervisor.agent).expect(403)).body, 403, 'WRONG_ROLE');
      });
    });

    describe.each(clubScoped)('%s', (_name, call) => {
      it("is refused for another club's secretary (403)", async () => {
        expectError((await call(otherSecretary.agent).expect(403)).body, 403, 'OTHER_CLUB');
      });
    });

    describe.each(adminOnly)('%s', (_name, call) => {
      it('is refused for a secretary, even of the club concerned (403)', async () => {
        expectError((await call(secretary.agent).expect(403)).body, 403, 'WRONG_ROLE');
      });
    });

    describe('eligible players of a team', () => {
      const url = () => `/api/teams/${ids.team}/eligible-players?date=${TODAY}`;
      it('is refused without login (401)', async () => {
        expectError((await ctx.http().get(url()).expect(401)).body, 401, 'UNAUTHENTICATED');
      });
      it("is refused for another club's secretary (403)", async () => {
        expectError((await otherSecretary.agent.get(url()).expect(403)).body, 403, 'OTHER_CLUB');
      });
      it('is refused for a supervisor: member lists are for administrators and the club’s secretary (403)', async () => {
        expectError((await supervisor.agent.get(url()).expect(403)).body, 403, 'WRONG_ROLE');
      });
      it.each([
        ['an administrator', () => admin.agent],
        ["the team's secretary", () => secretary.agent],
      ])('is allowed for %s', async (_who, agent) => {
        const res = await agent().get(url()).expect(200);
        expect(res.body.players.map((p: { memberId: string }) => p.memberId)).toEqual([ids.member]);
      });
    });

    it('no public endpoint in the API description returns members', async () => {
      const doc = (await ctx.http().get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, { security?: unknown; responses: unknown }>> };
      const memberPaths = Object.keys(doc.paths).filter((path) => /member|transfer|eligible/.test(path));
      expect(memberPaths.length).toBeGreaterThanOrEqual(10);
      for (const path of memberPaths) {
        const concrete = path.replace(/\{[^}]+\}/g, ids.team);
        for (const method of Object.keys(doc.paths[path])) {
          const res = await (ctx.http() as unknown as Record<string, (url: string) => Test>)[method](concrete);
          expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 401`);
        }
      }
    });
  });


  describe('uploading the real fixture files', () => {
    const numbers = expected.members.map((m) => m.memberNumber);
    /** The fixtures share their member numbers: give each test the numbers back (Regel 2 allows one club per season). */
    const freeNumbers = async (alsoForget = false) => {
      await ctx.prisma.memberListEntry.deleteMany({ where: { member: { memberNumber: { in: numbers } } } });
      if (alsoForget) await ctx.prisma.member.deleteMany({ where: { memberNumber: { in: numbers } } });
    };

    test.each([
      ['moederlijst-windows1252.csv', []],
      ['moederlijst-utf8-bom.csv', ["Kolom 'Notes' (kolom 6) wordt genegeerd"]],
      ['moederlijst.xlsx', ["Kolom 'Telefoon' (kolom 6) wordt genegeerd"]],
    ])('%s: previewed, confirmed, and every name stored byte for byte', async (name, warnings) => {
      await freeNumbers(true);
      const { club: fresh, agent } = await clubWithSecretary();
      const { preview: shown, result } = await upload(agent, fixture(name), name, fresh.id);
      expect(shown).toMatchObject({ ok: true, rowCount: 12, unchanged: 0, changed: [], removed: [], errors: [] });
      expect(shown.warnings.map((w: { message: string }) => w.message)).toEqual(warnings);
      expect(shown.added.map(fields)).toEqual(expected.members);
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ added: 12, changed: 0, removed: 0, listChanged: true, deadlineStatus: 'LATE' });

      const list = await listOf(fresh.id);
      expect(Buffer.from(JSON.stringify(list.entries.map(fields).sort(byNumber)), 'utf8')).toEqual(Buffer.from(JSON.stringify(expected.members), 'utf8'));
      const stored = await ctx.prisma.member.findMany({ where: { memberNumber: { in: numbers } }, orderBy: { memberNumber: 'asc' } });
      const text = (m: Omit<MemberFields, 'birthDate'>) => `${m.memberNumber}|${m.familyName}|${m.namePrefix ?? ''}|${m.givenNames}`;
      expect(stored.map((m) => Buffer.from(text(m), 'utf8'))).toEqual(expected.members.map((m) => Buffer.from(text(m), 'utf8')));
      expect(list.entries.every((entry) => entry.registeredOn === TODAY)).toBe(true);
    });

    it('uploading the same file again changes nothing: no writes, no audit entry', async () => {
      await freeNumbers();
      const { club: fresh, agent } = await clubWithSecretary();
      await upload(agent, fixture('moederlijst-windows1252.csv'), 'a.csv', fresh.id);
      const before = await listOf(fresh.id);
      const audits = await ctx.prisma.auditLog.count();
      const again = await upload(agent, fixture('moederlijst-windows1252.csv'), 'a.csv', fresh.id);
      expect(again.preview).toMatchObject({ ok: true, added: [], changed: [], removed: [], unchanged: 12 });
      expect(again.result.body).toMatchObject({ added: 0, changed: 0, removed: 0, unchanged: 12, listChanged: false });
      // The same members in another format are the same list.
      const xlsx = await upload(agent, fixture('moederlijst.xlsx'), 'b.xlsx', fresh.id);
      expect(xlsx.result.body.listChanged).toBe(false);
      expect(await listOf(fresh.id)).toEqual(before);
      expect(await ctx.prisma.auditLog.count()).toBe(audits);
    });

    it('the file with an error: the preview names row 6, the confirmation stores nothing', async () => {
      await freeNumbers();
      const { club: fresh, agent } = await clubWithSecretary();
      const shown = await preview(agent, fixture('moederlijst-met-fout.csv'), 'fout.csv', fresh.id).expect(200);
      expect(shown.body.ok).toBe(false);
      expect(shown.body.errors).toEqual([{ row: 6, field: 'memberNumber', code: 'MISSING_MEMBER_NUMBER', message: 'Rij 6: lidnummer ontbreekt', memberNumber: null }]);
      expect(shown.body.added).toHaveLength(11);
      const res = await confirm(agent, fixture('moederlijst-met-fout.csv'), shown.body.previewId, 'fout.csv', fresh.id).expect(400);
      expectError(res.body, 400, 'IMPORT_FAILED');
      expect(res.body.error.details).toEqual([{ row: 6, field: 'memberNumber', code: 'MISSING_MEMBER_NUMBER', message: 'Rij 6: lidnummer ontbreekt' }]);
      expect(await ctx.prisma.memberList.findUnique({ where: { seasonId_clubId: { seasonId: season.id, clubId: fresh.id } } })).toBeNull();
    });
  });

  describe('a 500-row list', () => {
    const rows = (base: number, bad?: number) =>
      csv(...Array.from({ length: 500 }, (_, i) => `${i === bad ? 'ABC' : base + i};Achternaam ${i};;Voornaam ${i};01-01-1980`));
    let fresh: { id: string };
    let agent: Agent;

    beforeAll(async () => {
      ({ club: fresh, agent } = await clubWithSecretary());
      const first = await upload(agent, csv('610001;Pinas;;Ruben;', '610002;Sital;;Asha;'), 'eerst.csv', fresh.id);
      expect(first.result.status).toBe(200);
    });

    it('with one failing row leaves the previous list untouched', async () => {
      const before = await listOf(fresh.id);
      const file = rows(620000, 249);
      const shown = await preview(agent, file, 'groot.csv', fresh.id).expect(200);
      expect(shown.body).toMatchObject({ ok: false, rowCount: 500 });
      expect(shown.body.errors).toEqual([expect.objectContaining({ row: 251, code: 'MALFORMED_MEMBER_NUMBER', field: 'memberNumber' })]);
      expect(shown.body.removed.map((m: MemberFields) => m.memberNumber).sort()).toEqual(['610001', '610002']);
      const res = await confirm(agent, file, shown.body.previewId, 'groot.csv', fresh.id).expect(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ row: 251, message: expect.stringMatching(/^Rij 251: lidnummer 'ABC' is ongeldig/) })]);
      expect(await listOf(fresh.id)).toEqual(before);
      expect(await ctx.prisma.member.count({ where: { memberNumber: { startsWith: '620' } } })).toBe(0);
    });

    it('is applied in one transaction: a failure halfway leaves nothing behind', async () => {
      const before = await listOf(fresh.id);
      const file = rows(630000);
      const shown = await preview(agent, file, 'groot.csv', fresh.id).expect(200);
      expect(shown.body).toMatchObject({ ok: true, rowCount: 500 });
      const spy = jest.spyOn(AuditService.prototype, 'record').mockRejectedValueOnce(new Error('schijf vol'));
      try {
        const res = await confirm(agent, file, shown.body.previewId, 'groot.csv', fresh.id, season.id, removalConfirmed(shown.body)).expect(500);
        expectError(res.body, 500, 'INTERNAL_ERROR');
      } finally {
        spy.mockRestore();
      }
      expect(await listOf(fresh.id)).toEqual(before);
      expect(await ctx.prisma.member.count({ where: { memberNumber: { startsWith: '630' } } })).toBe(0);
      // And the same confirmation succeeds once the failure is gone.
      const res = await confirm(agent, file, shown.body.previewId, 'groot.csv', fresh.id, season.id, removalConfirmed(shown.body)).expect(200);
      expect(res.body).toMatchObject({ added: 500, removed: 2 });
      expect((await listOf(fresh.id)).memberCount).toBe(500);
    });
  });

  describe('import errors, each surfaced through the API', () => {
    let fresh: { id: string };
    let agent: Agent;
    beforeAll(async () => {
      ({ club: fresh, agent } = await clubWithSecretary());
      await createListedMember(ctx.prisma, { seasonId: season.id, clubId: otherClub.id, memberNumber: '555001', familyName: 'Wong', givenNames: 'Glenn' });
    });

    test.each<[string, Buffer, { row: number; code: string; field?: string; message: RegExp }]>([
      ['a missing member number', csv('1;Pinas;;Ruben;', ';Sital;;Asha;'), { row: 3, code: 'MISSING_MEMBER_NUMBER', field: 'memberNumber', message: /^Rij 3: lidnummer ontbreekt$/ }],
      ['a malformed member number', csv('12.345;Pinas;;Ruben;'), { row: 2, code: 'MALFORMED_MEMBER_NUMBER', field: 'memberNumber', message: /^Rij 2: lidnummer '12\.345' is ongeldig/ }],
      ['a duplicate within the file', csv('ts-7;Pinas;;Ruben;', ' TS-7 ;Pinas;;Ruben;'), { row: 3, code: 'DUPLICATE_IN_FILE', field: 'memberNumber', message: /^Rij 3: lidnummer TS-7 staat ook al in rij 2/ }],
      [
        'a person on another club’s list this season (Regel 2), without naming that club',
        csv('555001;Wing;;Glen;'),
        { row: 2, code: 'ON_OTHER_CLUB_LIST', field: 'memberNumber', message: /^Rij 2: lidnummer 555001 \(Glen Wing\) staat dit seizoen al op de moederlijst van een andere vereniging; .*\(Regel 2\)$/ },
      ],
      ['an empty name', csv('8;;;Ruben;'), { row: 2, code: 'EMPTY_NAME', field: 'familyName', message: /^Rij 2: achternaam ontbreekt$/ }],
      ['an impossible birth date', csv('9;Pinas;;Ruben;31-02-1980'), { row: 2, code: 'INVALID_BIRTH_DATE', field: 'birthDate', message: /bestaat niet$/ }],
      ['a birth date before 1900', csv('9;Pinas;;Ruben;31-12-1899'), { row: 2, code: 'INVALID_BIRTH_DATE', field: 'birthDate', message: /^Rij 2: geboortedatum '31-12-1899' ligt vóór 1900$/ }],
      ['a birth date after today', csv(`9;Pinas;;Ruben;${addDays(TODAY, 1)}`), { row: 2, code: 'INVALID_BIRTH_DATE', field: 'birthDate', message: /ligt in de toekomst$/ }],
      ['a family name over 100 characters', csv(`9;${'a'.repeat(101)};;Ruben;`), { row: 2, code: 'NAME_TOO_LONG', field: 'familyName', message: /^Rij 2: achternaam is te lang \(101 tekens; hoogstens 100\)$/ }],
      ['a prefix over 30 characters', csv(`9;Pinas;${'v'.repeat(31)};Ruben;`), { row: 2, code: 'NAME_TOO_LONG', field: 'namePrefix', message: /tussenvoegsel is te lang/ }],
      ['given names over 150 characters', csv(`9;Pinas;;${'r'.repeat(151)};`), { row: 2, code: 'NAME_TOO_LONG', field: 'givenNames', message: /voornamen zijn te lang/ }],
      ['a file that is not a member list', Buffer.from('Naam;Telefoon\nRuben;0612345678\n'), { row: 1, code: 'NOT_A_TABLE', message: /^Dit bestand is niet als moederlijst te lezen/ }],
      ['headers without members', csv(), { row: 1, code: 'NO_MEMBERS', message: /geen leden/ }],
    ])('%s: in the preview and in the refused confirmation', async (_what, file, error) => {
      const shown = await preview(agent, file, 'leden.csv', fresh.id).expect(200);
      expect(shown.body.ok).toBe(false);
      for (const secret of ['Wong', 'Glenn', otherClub.name]) expect(JSON.stringify(shown.body)).not.toContain(secret);
      expect(shown.body.errors).toEqual([expect.objectContaining({ ...error, field: error.field ?? null, message: expect.stringMatching(error.message) })]);
      const res = await confirm(agent, file, shown.body.previewId, 'leden.csv', fresh.id).expect(400);
      expectError(res.body, 400, 'IMPORT_FAILED');
      expect(res.body.error.details).toEqual([expect.objectContaining({ row: error.row, code: error.code, message: expect.stringMatching(error.message) })]);
    });

    test.each<[string, () => Test, number, string, RegExp]>([
      ['an empty file', () => agent.post(`${listUrl(fresh.id)}/preview`).attach('file', Buffer.alloc(0), 'leeg.csv'), 400, 'EMPTY_FILE', /is leeg/],
      ['a PDF', () => agent.post(`${listUrl(fresh.id)}/preview`).attach('file', Buffer.from('%PDF-1.7\n1 0 obj'), 'lijst.pdf'), 400, 'UNSUPPORTED_FORMAT', /PDF-bestand, geen tabel/],
      ['a one-column text', () => agent.post(`${listUrl(fresh.id)}/preview`).attach('file', Buffer.from('Naam\nRuben\n'), 'l.csv'), 400, 'NOT_A_TABLE', /maar één kolom/],
      ['an unclosed quote', () => agent.post(`${listUrl(fresh.id)}/preview`).attach('file', Buffer.from('Lidnummer;Achternaam;Voornamen\n1;"Pinas;Ruben\n'), 'l.csv'), 400, 'UNREADABLE_FILE', /aanhalingsteken/],
      ['no file at all', () => agent.post(`${listUrl(fresh.id)}/preview`).field('x', 'y'), 400, 'FILE_MISSING', /Kies een bestand/],
      ['a file over 5 MB', () => agent.post(`${listUrl(fresh.id)}/preview`).attach('file', Buffer.alloc(5 * 1024 * 1024 + 1, 'a'), 'groot.csv'), 413, 'FILE_TOO_LARGE', /hoogstens 5 MB/],
      ['a confirmation without previewId', () => agent.post(`${listUrl(fresh.id)}/confirm`).attach('file', csv('1;Pinas;;Ruben;'), 'l.csv'), 400, 'VALIDATION_FAILED', /Niet alle velden/],
    ])('%s is refused in the envelope, in Dutch', async (_what, call, status, code, message) => {
      const res = await call().expect(status);
      expectError(res.body, status, code);
      expect(res.body.error.message).toMatch(message);
    });

    it('a confirmation of another file than the one previewed is refused (the client’s preview is never trusted)', async () => {
      const shown = await preview(agent, csv('11;Pinas;;Ruben;'), 'a.csv', fresh.id).expect(200);
      const res = await confirm(agent, csv('12;Pinas;;Ruben;'), shown.body.previewId, 'a.csv', fresh.id).expect(409);
      expectError(res.body, 409, 'PREVIEW_OUTDATED');
      expect((await listOf(fresh.id)).entries).toEqual([]);
    });

    it('a list changed since the preview is refused, so nothing unseen is applied', async () => {
      const file = csv('21;Pinas;;Ruben;');
      const shown = await preview(agent, file, 'a.csv', fresh.id).expect(200);
      await agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: '22', familyName: 'Sital', givenNames: 'Asha' }).expect(201);
      expectError((await confirm(agent, file, shown.body.previewId, 'a.csv', fresh.id).expect(409)).body, 409, 'PREVIEW_OUTDATED');
    });
  });

  describe('changes, removal and history', () => {
    let fresh: { id: string };
    let agent: Agent;
    beforeAll(async () => {
      ({ club: fresh, agent } = await clubWithSecretary());
      await upload(agent, csv('701;Pinas;;Ruben;01-01-1980', '702;Sital;;Asha;', '703;Wong;;Glenn;'), 'v1.csv', fresh.id);
    });

    it('previews and applies added, changed and removed members; a removed member who played keeps the history', async () => {
      const list = await listOf(fresh.id);
      const wong = list.entries.find((e) => e.memberNumber === '703')!;
      const team = await createTeam(ctx.prisma, (await createDivision(ctx.prisma, season.id)).id, fresh.id);
      const opponent = await createTeam(ctx.prisma, (await createDivision(ctx.prisma, season.id)).id, otherClub.id);
      const match = await ctx.prisma.match.create({
        data: { divisionId: team.divisionId, round: 1, date: new Date(`${addDays(TODAY, -7)}T00:00:00.000Z`), homeTeamId: team.id, awayTeamId: opponent.id, status: 'PLAYED' },
      });
      await ctx.prisma.lineup.create({ data: { matchId: match.id, teamId: team.id, players: { create: [{ memberId: wong.memberId, pairNumber: 1 }] } } });
      // A line-up for a match still to come is no match played: it does not count.
      const ahead = await ctx.prisma.match.create({
        data: { divisionId: team.divisionId, round: 2, date: new Date(`${addDays(TODAY, 7)}T00:00:00.000Z`), homeTeamId: opponent.id, awayTeamId: team.id, status: 'SCHEDULED' },
      });
      await ctx.prisma.lineup.create({ data: { matchId: ahead.id, teamId: team.id, players: { create: [{ memberId: wong.memberId, pairNumber: 1 }] } } });

      // A file without the birth date column: stored birth dates stay.
      const file = Buffer.from('Lidnummer;Achternaam;Voornamen\r\n701;Pinas;Ruben Éloi\r\n702;Sital;Asha\r\n704;Karsters;Iwan\r\n');
      const shown = await preview(agent, file, 'v2.csv', fresh.id).expect(200);
      expect(shown.body).toMatchObject({ ok: true, unchanged: 1 });
      expect(shown.body.added.map(fields)).toEqual([{ memberNumber: '704', familyName: 'Karsters', namePrefix: null, givenNames: 'Iwan', birthDate: null }]);
      expect(shown.body.changed).toEqual([expect.objectContaining({ memberNumber: '701', row: 2, fields: ['givenNames'] })]);
      expect(shown.body.removed).toEqual([expect.objectContaining({ memberNumber: '703', matchesPlayed: 1 })]);
      const res = await confirm(agent, file, shown.body.previewId, 'v2.csv', fresh.id, season.id, removalConfirmed(shown.body)).expect(200);
      expect(res.body).toMatchObject({ added: 1, changed: 1, removed: 1, unchanged: 1, listChanged: true });

      const after = await listOf(fresh.id);
      expect(after.memberCount).toBe(3);
      expect(after.entries.find((e) => e.memberNumber === '701')).toMatchObject({ givenNames: 'Ruben Éloi', birthDate: '1980-01-01' });
      const removed = after.entries.find((e) => e.memberNumber === '703')!;
      expect(removed).toMatchObject({ id: wong.id, removedAt: expect.any(String), matchesPlayed: 1 });
      expect(after.entries[after.entries.length - 1].memberNumber).toBe('703');
      expect(await ctx.prisma.lineupPlayer.count({ where: { memberId: wong.memberId, lineup: { matchId: match.id } } })).toBe(1);
      const audit = await ctx.prisma.auditLog.findFirst({ where: { entityId: after.id, action: 'memberList.import' }, orderBy: { createdAt: 'desc' } });
      expect(audit).toMatchObject({ userId: expect.any(String) });
      const columns = ['memberNumber', 'familyName', 'namePrefix', 'givenNames', 'birthDate'];
      expect(audit!.before).toEqual({ columns, changed: [['701', 'Pinas', null, 'Ruben', '1980-01-01']], removed: [['703', 'Wong', null, 'Glenn', null]] });
      expect(audit!.after).toEqual({ file: 'v2.csv', columns, added: [['704', 'Karsters', null, 'Iwan', null]], changed: [['701', 'Pinas', null, 'Ruben Éloi', '1980-01-01']], removed: ['703'] });
    });

    it('a removed member on a later upload comes back on the list, within 14 days with the registration they had', async () => {
      const file = csv('701;Pinas;;Ruben Éloi;01-01-1980', '702;Sital;;Asha;', '703;Wong;;Glenn;', '704;Karsters;;Iwan;');
      const { preview: shown, result } = await upload(agent, file, 'v3.csv', fresh.id);
      expect(shown.added.map((m: MemberFields) => m.memberNumber)).toEqual(['703']);
      expect(result.body).toMatchObject({ added: 1, removed: 0 });
      const list = await listOf(fresh.id);
      expect(list.entries.find((e) => e.memberNumber === '703')).toMatchObject({ removedAt: null, registeredOn: TODAY, matchesPlayed: 1 });
    });

    it('adds, edits and removes single entries, each audited with before and after', async () => {
      const added = await agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: '0000705', familyName: 'Doëlla', namePrefix: '', givenNames: 'Chérie', birthDate: '1984-03-12' }).expect(201);
      expect(added.body).toMatchObject({ memberNumber: '0000705', familyName: 'Doëlla', namePrefix: null, givenNames: 'Chérie', birthDate: '1984-03-12', registeredOn: TODAY, status: 'ACTIVE' });
      expectError((await agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: ' 0000705 ', familyName: 'X', givenNames: 'Y' }).expect(409)).body, 409, 'ALREADY_ON_LIST');
      expectError((await agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: 'A 5', familyName: 'X', givenNames: 'Y' }).expect(400)).body, 400, 'VALIDATION_FAILED');
      // A secretary learns neither the stored name nor the club; an administrator sees both.
      const other = await agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: '555001', familyName: 'X', givenNames: 'Y' }).expect(422);
      expectError(other.body, 422, 'ON_OTHER_CLUB_LIST');
      expect(other.body.error.message).toBe(
        'Lidnummer 555001 staat dit seizoen al op de moederlijst van een andere vereniging; een lid kan maar bij één vereniging ingeschreven staan en overschrijven gaat via de bond (Regel 2).',
      );
      const seenByAdmin = await admin.agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: '555001', familyName: 'X', givenNames: 'Y' }).expect(422);
      expect(seenByAdmin.body.error.message).toMatch(new RegExp(`^Lidnummer 555001 \\(Glenn Wong\\) staat dit seizoen al op de moederlijst van ${otherClub.name};`));
      expectError((await agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: '9', familyName: 'X', givenNames: 'Y', admin: true }).expect(400)).body, 400, 'VALIDATION_FAILED');

      const edited = await agent.patch(`/api/member-list-entries/${added.body.id}`).send({ namePrefix: 'van', givenNames: 'Chérie Anne' }).expect(200);
      expect(edited.body).toMatchObject({ familyName: 'Doëlla', namePrefix: 'van', givenNames: 'Chérie Anne' });
      const removed = await agent.post(`/api/member-list-entries/${added.body.id}/remove`).expect(200);
      expect(removed.body.removedAt).toEqual(expect.any(String));
      expectError((await agent.post(`/api/member-list-entries/${added.body.id}/remove`).expect(409)).body, 409, 'ALREADY_REMOVED');

      const audits = await ctx.prisma.auditLog.findMany({ where: { entityId: added.body.id }, orderBy: { createdAt: 'asc' } });
      expect(audits.map((a) => a.action)).toEqual(['memberListEntry.add', 'memberListEntry.update', 'memberListEntry.remove']);
      expect(audits[1].before).toMatchObject({ givenNames: 'Chérie', namePrefix: null });
      expect(audits[1].after).toMatchObject({ givenNames: 'Chérie Anne', namePrefix: 'van' });
      expect(audits[2].before).toMatchObject({ removedAt: null });
      expect(audits[2].after).toMatchObject({ removedAt: expect.any(String) });

      const back = await agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: '0000705', familyName: 'Doëlla', givenNames: 'Chérie' }).expect(201);
      // Leading zeros count (RULES.md: as the federation writes it): 705 is another member.
      expect((await agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: '705', familyName: 'Doëlla', givenNames: 'Chérie' }).expect(201)).body).toMatchObject({ memberNumber: '705' });
      expect(back.body).toMatchObject({ id: added.body.id, removedAt: null, birthDate: '1984-03-12' });
    });

    it('only an administrator records an earlier registration date, and only with a reason', async () => {
      const body = { memberNumber: '706', familyName: 'Amatkarijo', givenNames: 'Soekarni', registeredOn: '2026-01-10', registeredOnReason: 'Stond op de papieren lijst van januari' };
      expectError((await agent.post(`${listUrl(fresh.id)}/entries`).send(body).expect(403)).body, 403, 'ADMIN_ONLY');
      const withoutReason = await admin.agent.post(`${listUrl(fresh.id)}/entries`).send({ ...body, registeredOnReason: undefined }).expect(400);
      expect(withoutReason.body.error.details).toEqual([expect.objectContaining({ field: 'registeredOnReason' })]);
      expectError((await admin.agent.post(`${listUrl(fresh.id)}/entries`).send({ ...body, registeredOn: addDays(TODAY, 1) }).expect(400)).body, 400);
      const res = await admin.agent.post(`${listUrl(fresh.id)}/entries`).send(body).expect(201);
      expect(res.body).toMatchObject({ registeredOn: '2026-01-10', registeredOnReason: body.registeredOnReason });
      const audit = await ctx.prisma.auditLog.findFirst({ where: { entityId: res.body.id } });
      expect(audit).toMatchObject({ action: 'memberListEntry.add', userId: admin.user.id, reason: body.registeredOnReason });
      // The secretary may not move it, the administrator may, with a reason.
      expectError((await agent.patch(`/api/member-list-entries/${res.body.id}`).send({ registeredOn: '2026-01-01', registeredOnReason: 'x'.repeat(5) }).expect(403)).body, 403, 'ADMIN_ONLY');
      const moved = await admin.agent.patch(`/api/member-list-entries/${res.body.id}`).send({ registeredOn: '2026-01-05', registeredOnReason: 'Datum op het formulier' }).expect(200);
      expect(moved.body.registeredOn).toBe('2026-01-05');
      // A secretary confirming an upload cannot backdate either.
      const file = csv('707;Pinas;;Ruben;');
      const shown = await preview(agent, file, 'x.csv', fresh.id).expect(200);
      expectError((await confirm(agent, file, shown.body.previewId, 'x.csv', fresh.id, season.id, { registeredOn: '2026-01-01', registeredOnReason: 'Geschiedenis' }).expect(403)).body, 403, 'ADMIN_ONLY');
    });
  });

  describe('download as CSV and XLSX', () => {
    let fresh: { id: string; name: string };
    let agent: Agent;
    const members = csv("801;Doëlla;;Chérie;12-03-1984", "802;Hek;van 't;Jozef;", '803;=HYPERLINK("x");;Evil;');

    beforeAll(async () => {
      ({ club: fresh, agent } = await clubWithSecretary());
      await upload(agent, members, 'l.csv', fresh.id);
    });

    it('CSV: UTF-8 with BOM, semicolons, Dutch headers, names intact, formulas defused', async () => {
      const res = await agent.get(`${listUrl(fresh.id)}/download?format=csv`).responseType('blob').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=moederlijst-[\w-]+\.csv$/);
      expect(res.headers['cache-control']).toBe('no-store'); // personal data: not kept by browsers or proxies
      const body = res.body as Buffer;
      expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = body.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe('Lidnummer;Achternaam;Tussenvoegsel;Voornamen;Geboortedatum;Ingeschreven op;Status');
      expect(lines).toContain(`801;Doëlla;;Chérie;12-03-1984;${TODAY.split('-').reverse().join('-')};Actief`);
      expect(lines).toContain(`803;"'=HYPERLINK(""x"")";;Evil;;${TODAY.split('-').reverse().join('-')};Actief`);
      // Uploading the downloaded file again changes nothing (the extra columns are reported).
      const again = await preview(agent, body, 'terug.csv', fresh.id).expect(200);
      expect(again.body).toMatchObject({ added: [], removed: [], errors: [] });
      expect(again.body.changed).toEqual([]); // the defused '=HYPERLINK comes back as it was (common/csv.ts)
      expect(again.body.warnings.map((w: { header: string }) => w.header)).toEqual(['Ingeschreven op', 'Status']);
    });

    it('XLSX: a workbook that reads back as the same list', async () => {
      const res = await agent.get(`${listUrl(fresh.id)}/download?format=xlsx`).responseType('blob').expect(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const parsed = await parseMemberFile({ buffer: res.body as Buffer, originalName: 'x.xlsx' });
      expect(parsed.headers.slice(0, 5)).toEqual(['Lidnummer', 'Achternaam', 'Tussenvoegsel', 'Voornamen', 'Geboortedatum']);
      expect(parsed.rows.map((r) => r.slice(0, 5))).toEqual([
        ['803', '=HYPERLINK("x")', '', 'Evil', ''],
        ['801', 'Doëlla', '', 'Chérie', '1984-03-12'],
        ['802', 'Hek', "van 't", 'Jozef', ''],
      ]);
      const again = await preview(agent, res.body as Buffer, 'terug.xlsx', fresh.id).expect(200);
      expect(again.body).toMatchObject({ added: [], changed: [], removed: [], unchanged: 3 });
    });

    it('refuses an unknown format', async () => {
      expectError((await agent.get(`${listUrl(fresh.id)}/download?format=pdf`).expect(400)).body, 400, 'VALIDATION_FAILED');
    });
  });

  describe('deadline status and the administrators’ overview (Regel 1)', () => {
    it('shows every club: not submitted, late, with member count and last change', async () => {
      const { club: fresh, agent } = await clubWithSecretary();
      const idle = await createClub(ctx.prisma);
      await upload(agent, csv('901;Pinas;;Ruben;', '902;Sital;;Asha;'), 'l.csv', fresh.id);
      await agent.post(`/api/member-list-entries/${(await listOf(fresh.id)).entries[0].id}/remove`).expect(200);
      const res = await admin.agent.get(`/api/seasons/${season.id}/member-lists`).expect(200);
      expect(res.body.deadline).toBe(addDays(addDays(TODAY, -90), -15));
      const row = (id: string) => res.body.lists.find((l: { clubId: string }) => l.clubId === id);
      expect(row(fresh.id)).toMatchObject({ deadlineStatus: 'LATE', memberCount: 1, firstSubmittedAt: expect.any(String), lastChangedAt: expect.any(String) });
      expect(row(idle.id)).toMatchObject({ deadlineStatus: 'NOT_SUBMITTED', memberCount: 0, listId: null, lastChangedAt: null });
      const names = res.body.lists.map((l: { clubName: string }) => l.clubName);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'nl')));
    });

    it('a list submitted before the deadline is on time', async () => {
      const future = await newSeason(40, 60, 300);
      try {
        const { club: fresh, agent } = await clubWithSecretary();
        const { result } = await upload(agent, csv('911;Pinas;;Ruben;'), 'l.csv', fresh.id, future.id);
        expect(result.body.deadlineStatus).toBe('ON_TIME');
        expect(await listOf(fresh.id, future.id)).toMatchObject({ deadlineStatus: 'ON_TIME', deadline: addDays(TODAY, 25), memberCount: 1 });
      } finally {
        await ctx.prisma.memberListEntry.deleteMany({ where: { seasonId: future.id } });
        await ctx.prisma.memberList.deleteMany({ where: { seasonId: future.id } });
        await ctx.prisma.seasonSettings.deleteMany({ where: { seasonId: future.id } });
        await ctx.prisma.season.delete({ where: { id: future.id } });
      }
    });
  });

  describe('suspensions and expulsions (Regel 4)', () => {
    let fresh: { id: string };
    let agent: Agent;
    let entry: { id: string; memberId: string };
    beforeAll(async () => {
      ({ club: fresh, agent } = await clubWithSecretary());
      entry = (await agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: '1001', familyName: 'Mungra', givenNames: 'Ravi' }).expect(201)).body;
    });

    it('an administrator suspends; the secretary sees the status but cannot change it', async () => {
      const body = { kind: 'SUSPENSION', startsOn: addDays(TODAY, -1), endsOn: addDays(TODAY, 10), reason: 'Wangedrag aan tafel 3' };
      expectError((await agent.post(`/api/members/${entry.memberId}/sanctions`).send(body).expect(403)).body, 403, 'WRONG_ROLE');
      const res = await admin.agent.post(`/api/members/${entry.memberId}/sanctions`).send(body).expect(201);
      expect(res.body).toMatchObject({ kind: 'SUSPENSION', reason: body.reason, description: expect.stringMatching(/^Geschorst van .* tot en met /) });
      const seen = (await agent.get(listUrl(fresh.id)).expect(200)).body.entries[0];
      expect(seen).toMatchObject({ status: 'SUSPENDED', sanctions: [expect.objectContaining({ id: res.body.id })] });
      expect(await ctx.prisma.auditLog.findFirst({ where: { entityId: res.body.id } })).toMatchObject({ action: 'member.suspend', userId: admin.user.id, reason: body.reason });
    });

    it('an expulsion outweighs a suspension; revoking it is audited', async () => {
      const res = await admin.agent.post(`/api/members/${entry.memberId}/sanctions`).send({ kind: 'EXPULSION', startsOn: TODAY, reason: 'Royement door het bestuur' }).expect(201);
      expect((await listOf(fresh.id)).entries[0].status).toBe('EXPELLED');
      await admin.agent.post(`/api/member-sanctions/${res.body.id}/revoke`).send({ reason: 'Verkeerd lid geroyeerd' }).expect(200);
      expect((await listOf(fresh.id)).entries[0].status).toBe('SUSPENDED');
      expect(await ctx.prisma.auditLog.findFirst({ where: { entityId: res.body.id, action: 'member.sanctionRevoke' } })).toMatchObject({ reason: 'Verkeerd lid geroyeerd', before: expect.objectContaining({ kind: 'EXPULSION' }) });
    });

    test.each([
      ['a suspension without an end', { kind: 'SUSPENSION', startsOn: TODAY, reason: 'Reden' }, 'endsOn'],
      ['a suspension ending before it starts', { kind: 'SUSPENSION', startsOn: TODAY, endsOn: addDays(TODAY, -1), reason: 'Reden' }, 'endsOn'],
      ['an expulsion with an end', { kind: 'EXPULSION', startsOn: TODAY, endsOn: addDays(TODAY, 5), reason: 'Reden' }, 'endsOn'],
      ['no reason', { kind: 'EXPULSION', startsOn: TODAY }, 'reason'],
      ['an unknown kind', { kind: 'WARNING', startsOn: TODAY, reason: 'Reden' }, 'kind'],
    ])('refuses %s', async (_what, body, field) => {
      const res = await admin.agent.post(`/api/members/${entry.memberId}/sanctions`).send(body).expect(400);
      expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    });
  });

  describe('eligible players of a team on a date (Regel 3B, 4)', () => {
    it('lists every member on the club’s list with eligible yes/no and Dutch reasons, nothing else', async () => {
      const { club: fresh, agent } = await clubWithSecretary();
      const team = await createTeam(ctx.prisma, (await createDivision(ctx.prisma, season.id)).id, fresh.id);
      const date = addDays(TODAY, 3);
      const add = async (memberNumber: string, familyName: string, registeredOn?: string) =>
        (
          await admin.agent
            .post(`${listUrl(fresh.id)}/entries`)
            .send({ memberNumber, familyName, givenNames: 'Test', ...(registeredOn ? { registeredOn, registeredOnReason: 'Ingeschreven op papier' } : {}) })
            .expect(201)
        ).body as { id: string; memberId: string };
      const early = '2026-01-05';
      await add('1101', 'Abrahams', early);
      await add('1102', 'Biswamitre');
      const suspended = await add('1103', 'Doelwijt', early);
      const expelled = await add('1104', 'Fränkel', early);
      const removed = await add('1105', 'Gone', early);
      await admin.agent.post(`/api/members/${suspended.memberId}/sanctions`).send({ kind: 'SUSPENSION', startsOn: TODAY, endsOn: addDays(TODAY, 7), reason: 'Schorsing' }).expect(201);
      await admin.agent.post(`/api/members/${expelled.memberId}/sanctions`).send({ kind: 'EXPULSION', startsOn: addDays(TODAY, -30), reason: 'Royement' }).expect(201);
      await agent.post(`/api/member-list-entries/${removed.id}/remove`).expect(200);

      const res = await agent.get(`/api/teams/${team.id}/eligible-players?date=${date}`).expect(200);
      const deadline = registrationDeadline(date, 5);
      expect(res.body).toMatchObject({ teamId: team.id, date, deadline });
      const byNumberCode = Object.fromEntries(res.body.players.map((p: { memberNumber: string; eligible: boolean; reasons: { code: string }[] }) => [p.memberNumber, [p.eligible, p.reasons.map((r) => r.code)]]));
      expect(byNumberCode).toEqual({
        '1101': [true, []],
        '1102': [false, ['REGISTERED_TOO_LATE']],
        '1103': [false, ['SUSPENDED']],
        '1104': [false, ['EXPELLED']],
      });
      const late = res.body.players.find((p: { memberNumber: string }) => p.memberNumber === '1102');
      expect(late).toMatchObject({ familyName: 'Biswamitre', namePrefix: null, givenNames: 'Test', memberId: expect.any(String) });
      expect(late.reasons[0].message).toMatch(/^Ingeschreven op .*; voor de wedstrijd van .* uiterlijk .* \(5 werkdagen ervoor, Regel 3B\)$/);
      // Members of other clubs are not offered (the other club's list holds 555001).
      expect(res.body.players.map((p: { memberNumber: string }) => p.memberNumber)).not.toContain('555001');
      // Before the removal the removed member was on the list, and eligible.
      const past = await agent.get(`/api/teams/${team.id}/eligible-players?date=${addDays(TODAY, -1)}`).expect(200);
      expect(past.body.players.find((p: { memberNumber: string }) => p.memberNumber === '1105')).toMatchObject({ eligible: true });
    });

    it('refuses a date that does not exist', async () => {
      const res = await admin.agent.get(`/api/teams/${ids.team}/eligible-players?date=2026-02-30`).expect(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'date' })]);
    });

    it('answers 404 for an unknown team', async () => {
      expectError((await admin.agent.get(`/api/teams/00000000-0000-4000-8000-000000000000/eligible-players?date=${TODAY}`).expect(404)).body, 404);
    });
  });

  describe('transfers (Regel 2)', () => {
    let from: { club: { id: string; name: string }; agent: Agent };
    let to: { club: { id: string; name: string }; agent: Agent };
    let memberNumber = 1200;
    async function memberOfFromClub(seasonId = season.id) {
      memberNumber += 1;
      const { member, entry } = await createListedMember(ctx.prisma, { seasonId, clubId: from.club.id, memberNumber: String(memberNumber) });
      return { member, entry, number: String(memberNumber) };
    }

    beforeAll(async () => {
      from = await clubWithSecretary();
      to = await clubWithSecretary();
    });

    describe('inside the freeze (today lies between competition start − 15 days and the season end)', () => {
      it('refuses a request with a Dutch message (422), storing nothing', async () => {
        const { member, number } = await memberOfFromClub();
        const res = await to.agent.post('/api/transfers').send({ memberNumber: number, toClubId: to.club.id }).expect(422);
        expectError(res.body, 422, 'TRANSFER_FREEZE');
        expect(res.body.error.message).toMatch(/^Overschrijven kan in seizoen .* niet van .* tot en met .*\(Regel 2\)\. Alleen het bestuur kan hiervan afwijken/);
        expect(await ctx.prisma.transfer.count({ where: { memberId: member.id } })).toBe(0);
      });

      it('a secretary cannot decide as the board', async () => {
        const { number } = await memberOfFromClub();
        const res = await to.agent.post('/api/transfers').send({ memberNumber: number, toClubId: to.club.id, boardReason: 'Wij vinden het goed' }).expect(403);
        expectError(res.body, 403, 'BOARD_ONLY');
      });

      it('a request put to the board waits; approved with a written reason it takes effect at once', async () => {
        const { member, entry, number } = await memberOfFromClub();
        const asked = await to.agent.post('/api/transfers').send({ memberNumber: number, toClubId: to.club.id, askBoard: true }).expect(201);
        // Until the member is on their list, the receiving secretary sees neither name nor club (the administrator does).
        expect(asked.body).toMatchObject({ status: 'REQUESTED', memberName: null, fromClubId: null, fromClubName: null, toClubId: to.club.id, effectiveSeasonId: season.id, boardDecision: false });
        const forAdmin = (await admin.agent.get(`/api/transfers?memberId=${member.id}`).expect(200)).body;
        expect(forAdmin).toEqual([expect.objectContaining({ memberName: `${member.givenNames} ${member.familyName}`, fromClubId: from.club.id, fromClubName: from.club.name })]);
        const forFromClub = (await from.agent.get(`/api/transfers?memberId=${member.id}`).expect(200)).body;
        expect(forFromClub).toEqual([expect.objectContaining({ memberName: `${member.givenNames} ${member.familyName}`, fromClubId: from.club.id })]);
        expectError((await to.agent.post('/api/transfers').send({ memberNumber: number, toClubId: to.club.id, askBoard: true }).expect(409)).body, 409, 'TRANSFER_PENDING');
        expect((await listOf(from.club.id)).entries.map((e) => e.memberId)).toContain(member.id);

        const reason = 'Bestuursbesluit 12: verhuisd naar een andere stad';
        const approved = await admin.agent.post(`/api/transfers/${asked.body.id}/approve`).send({ reason }).expect(200);
        expect(approved.body).toMatchObject({ status: 'COMPLETED', boardDecision: true, boardReason: reason, decidedAt: expect.any(String) });
        expect((await listOf(from.club.id)).entries.map((e) => e.memberId)).not.toContain(member.id);
        expect((await listOf(to.club.id)).entries.find((e) => e.memberId === member.id)).toMatchObject({ id: entry.id, registeredOn: TODAY, removedAt: null });
        expect(await ctx.prisma.auditLog.findFirst({ where: { entityId: asked.body.id, action: 'transfer.approve' } })).toMatchObject({ userId: admin.user.id, reason });
        expectError((await admin.agent.post(`/api/transfers/${asked.body.id}/refuse`).send({ reason: 'Te laat' }).expect(409)).body, 409, 'ALREADY_DECIDED');

        const history = await to.agent.get(`/api/transfers?memberId=${member.id}`).expect(200);
        expect(history.body).toEqual([expect.objectContaining({ id: asked.body.id, memberNumber: number, fromClubName: from.club.name, toClubName: to.club.name })]);
      });

      it('of two simultaneous requests for one member, one is stored and the other refused', async () => {
        const { member, number } = await memberOfFromClub();
        const body = { memberNumber: number, toClubId: to.club.id, askBoard: true };
        const answers = await Promise.all([to.agent.post('/api/transfers').send(body), to.agent.post('/api/transfers').send(body)]);
        expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
        expectError(answers.find((res) => res.status === 409)!.body, 409, 'TRANSFER_PENDING');
        expect(answers.find((res) => res.status === 409)!.body.error.message).toBe(`Voor lidnummer ${number} loopt al een overschrijving.`);
        expect(await ctx.prisma.transfer.count({ where: { memberId: member.id } })).toBe(1);
      });

      it('an administrator approves directly as a board decision; a refused request changes no list', async () => {
        const first = await memberOfFromClub();
        const direct = await admin.agent.post('/api/transfers').send({ memberNumber: first.number, toClubId: to.club.id, boardReason: 'Bestuursbesluit 13' }).expect(201);
        expect(direct.body).toMatchObject({ status: 'COMPLETED', boardDecision: true, boardReason: 'Bestuursbesluit 13', effectiveSeasonId: season.id });
        expect((await listOf(to.club.id)).entries.map((e) => e.memberId)).toContain(first.member.id);

        const second = await memberOfFromClub();
        const asked = await to.agent.post('/api/transfers').send({ memberNumber: second.number, toClubId: to.club.id, askBoard: true }).expect(201);
        const refused = await admin.agent.post(`/api/transfers/${asked.body.id}/refuse`).send({ reason: 'Geen reden voor uitzondering' }).expect(200);
        expect(refused.body).toMatchObject({ status: 'REFUSED', boardReason: 'Geen reden voor uitzondering' });
        expect((await listOf(from.club.id)).entries.map((e) => e.memberId)).toContain(second.member.id);
      });

      test.each([
        ['an unknown member number', { memberNumber: '99999991' }, 404, 'MEMBER_NOT_FOUND'],
        ['a malformed member number', { memberNumber: 'x.12' }, 400, 'VALIDATION_FAILED'],
      ])('refuses %s', async (_what, body, status, code) => {
        expectError((await to.agent.post('/api/transfers').send({ toClubId: to.club.id, ...body }).expect(status)).body, status, code);
      });

      it('refuses a member who is already on the receiving club’s list', async () => {
        const { number } = await memberOfFromClub();
        expectError((await from.agent.post('/api/transfers').send({ memberNumber: number, toClubId: from.club.id }).expect(422)).body, 422, 'ALREADY_AT_CLUB');
      });

      it('a secretary sees only transfers of their own club', async () => {
        const mine = await from.agent.get('/api/transfers').expect(200);
        expect(mine.body.length).toBeGreaterThan(0);
        expect(mine.body.every((t: { fromClubId: string; toClubId: string }) => t.fromClubId === from.club.id || t.toClubId === from.club.id)).toBe(true);
        const all = await admin.agent.get('/api/transfers').expect(200);
        expect(all.body.length).toBeGreaterThan(mine.body.length);
      });
    });

    describe('outside the freeze', () => {
      const competitionStartsOn = (days: number) => ctx.prisma.season.update({ where: { id: season.id }, data: { competitionStartsOn: new Date(`${addDays(TODAY, days)}T00:00:00.000Z`) } });
      beforeAll(() => competitionStartsOn(30));
      afterAll(() => competitionStartsOn(-70));

      const request = (agent: Agent, memberNumber: string) => agent.post('/api/transfers').send({ memberNumber, toClubId: to.club.id });
      const approve = (id: string) => admin.agent.post(`/api/transfers/${id}/approve`).send({ reason: 'Bestuursbesluit 20: akkoord van beide verenigingen' }).expect(200);
      const membersOf = async (clubId: string, seasonId = season.id) => (await listOf(clubId, seasonId)).entries.map((e) => e.memberId);

      it('between seasons, without a next season: granted, pending for the next season; it takes effect once that season exists', async () => {
        const direct = await memberOfFromClub();
        const asked = await memberOfFromClub();
        // Between seasons: this season is over, so no season is open to the transfer (Regel 2).
        await ctx.prisma.season.update({ where: { id: season.id }, data: { competitionStartsOn: new Date(`${addDays(TODAY, -70)}T00:00:00.000Z`), endsOn: new Date(`${addDays(TODAY, -1)}T00:00:00.000Z`) } });
        try {
          expectError((await admin.agent.post('/api/transfers').send({ memberNumber: direct.number, toClubId: to.club.id, boardReason: 'Onnodig' }).expect(400)).body, 400, 'VALIDATION_FAILED');
          // An administrator grants at once; a secretary's request for another club's member waits for the board.
          const granted = await request(admin.agent, direct.number).expect(201);
          expect(granted.body).toMatchObject({ status: 'APPROVED', effectiveSeasonId: null, boardDecision: false });
          const waiting = await request(to.agent, asked.number).expect(201);
          expect(waiting.body).toMatchObject({ status: 'REQUESTED', effectiveSeasonId: null, boardDecision: false });
          expect(await approve(waiting.body.id)).toMatchObject({ body: expect.objectContaining({ status: 'APPROVED', effectiveSeasonId: null, boardDecision: true }) });
          // This season the members stay with the old club.
          expect(await membersOf(from.club.id)).toEqual(expect.arrayContaining([direct.member.id, asked.member.id]));

          const next = await newSeason(200, 220, 500);
          const list = await to.agent.get(listUrl(to.club.id, next.id)).expect(200);
          expect(list.body.entries).toEqual(
            expect.arrayContaining([direct.member.id, asked.member.id].map((memberId) => expect.objectContaining({ memberId, registeredOn: TODAY, removedAt: null }))),
          );
          const [settled] = (await to.agent.get(`/api/transfers?memberId=${direct.member.id}`).expect(200)).body;
          expect(settled).toMatchObject({ status: 'COMPLETED', effectiveSeasonId: next.id, effectiveSeasonName: next.name });
          const entry = list.body.entries.find((e: { memberId: string }) => e.memberId === direct.member.id);
          expect(await ctx.prisma.auditLog.findFirst({ where: { action: 'memberListEntry.transfer', entityId: entry.id } })).toMatchObject({ userId: null });
        } finally {
          await ctx.prisma.season.update({ where: { id: season.id }, data: { competitionStartsOn: new Date(`${addDays(TODAY, 30)}T00:00:00.000Z`), endsOn: new Date(`${addDays(TODAY, 150)}T00:00:00.000Z`) } });
        }
      });

      it('before the freeze of a season whose competition has not started: an administrator’s transfer takes effect at once for that season (Regel 2, revised)', async () => {
        const { member, number } = await memberOfFromClub();
        const res = await request(admin.agent, number).expect(201);
        expect(res.body).toMatchObject({ status: 'COMPLETED', effectiveSeasonId: season.id, fromClubId: from.club.id });
        expect(await membersOf(to.club.id)).toContain(member.id);
        expect(await membersOf(from.club.id)).not.toContain(member.id);
      });

      it('a secretary cannot take a member off another club’s list of the coming season: the board decides', async () => {
        const next = (await ctx.prisma.season.findFirstOrThrow({ where: { startsOn: { gt: new Date() } }, orderBy: { startsOn: 'asc' } })).id;
        const { member, number } = await memberOfFromClub(next);
        const res = await request(to.agent, number).expect(201);
        // The running season is open to the transfer (Regel 2, revised); the member moves from then on.
        expect(res.body).toMatchObject({ status: 'REQUESTED', effectiveSeasonId: season.id, boardDecision: false });
        expect(await membersOf(from.club.id, next)).toContain(member.id);
        expect(await membersOf(to.club.id, next)).not.toContain(member.id);
        // The administrators' screen lists the request; approved, the member moves.
        const pending = (await admin.agent.get('/api/transfers').expect(200)).body as { id: string; status: string }[];
        expect(pending).toContainEqual(expect.objectContaining({ id: res.body.id, status: 'REQUESTED' }));
        const approved = await approve(res.body.id);
        expect(approved.body).toMatchObject({ status: 'COMPLETED', effectiveSeasonId: season.id, boardDecision: true });
        expect(await membersOf(from.club.id, next)).not.toContain(member.id);
        expect(await membersOf(to.club.id, next)).toContain(member.id);
      });

      it('a secretary’s request for a member on another club’s list this season waits as well', async () => {
        const { member, number } = await memberOfFromClub();
        const res = await request(to.agent, number).expect(201);
        expect(res.body).toMatchObject({ status: 'REQUESTED', boardDecision: false });
        const next = res.body.effectiveSeasonId as string;
        expect(next).toEqual(expect.any(String));
        expect(await membersOf(to.club.id, next)).not.toContain(member.id);
        await admin.agent.post(`/api/transfers/${res.body.id}/refuse`).send({ reason: 'Geen akkoord' }).expect(200);
        expect(await membersOf(from.club.id)).toContain(member.id);
        expect(await membersOf(to.club.id, next)).not.toContain(member.id);
      });

      it('a member on no other club’s current list (only on an ended season’s): the board decides, as a number alone names nobody to a secretary', async () => {
        const past = await newSeason(-500, -480, -200);
        const { member, number } = await memberOfFromClub(past.id);
        const res = await request(to.agent, number).expect(201);
        expect(res.body).toMatchObject({ status: 'REQUESTED', effectiveSeasonId: expect.any(String), memberName: null, fromClubId: null });
        expect(await membersOf(to.club.id, res.body.effectiveSeasonId)).not.toContain(member.id);
        // An administrator's request for such a member is placed directly.
        const other = await memberOfFromClub(past.id);
        const direct = await request(admin.agent, other.number).expect(201);
        expect(direct.body).toMatchObject({ status: 'COMPLETED', fromClubId: from.club.id });
        expect(await membersOf(to.club.id, direct.body.effectiveSeasonId)).toContain(other.member.id);
      });
    });
  });

  describe('a secretary neither sees nor rewrites the records of other clubs’ members', () => {
    let past: { id: string };
    let number = 5150;
    /** A person the federation knows from another club's list of an earlier season (not this one). */
    async function knownElsewhere(familyName = 'Geheim', givenNames = 'Persoon') {
      number += 1;
      const { member } = await createListedMember(ctx.prisma, { seasonId: past.id, clubId: otherClub.id, memberNumber: String(number), familyName, givenNames });
      return { member, number: String(number) };
    }
    const stored = (memberNumber: string) => ctx.prisma.member.findUniqueOrThrow({ where: { memberNumber } });
    const keptWarning = (row: number, memberNumber: string) =>
      expect.objectContaining({
        code: 'MEMBER_KEPT',
        row,
        memberNumber,
        message: `Rij ${row}: gegevens van lidnummer ${memberNumber} worden niet gewijzigd: deze persoon is bij de bond al bekend; vraag de bond om een correctie`,
      });

    beforeAll(async () => {
      past = await newSeason(-900, -880, -600);
    });

    it('the upload preview does not show the stored name, only that the row names someone else; an administrator sees it', async () => {
      const { number: known } = await knownElsewhere();
      const { club: fresh, agent } = await clubWithSecretary();
      const file = csv(`${known};Anders;;Naam;`);
      const shown = await preview(agent, file, 'l.csv', fresh.id).expect(200);
      // For a secretary the row is an error: a number alone does not put a person (and their record) on the list.
      expect(shown.body).toMatchObject({ ok: false, added: [], errors: [expect.objectContaining({ row: 2, code: 'MEMBER_KNOWN_OTHERWISE', memberNumber: known })] });
      for (const secret of ['Geheim', 'Persoon', otherClub.name]) expect(JSON.stringify(shown.body)).not.toContain(secret);
      const forAdmin = await preview(admin.agent, file, 'l.csv', fresh.id).expect(200);
      expect(forAdmin.body.added).toEqual([expect.objectContaining({ knownUnderOtherName: true, knownAs: 'Persoon Geheim' })]);
    });

    it('an upload keeps the stored record of a person known from another club, with a warning on the row', async () => {
      const { member, number: known } = await knownElsewhere();
      const { club: fresh, agent } = await clubWithSecretary();
      // Named as the federation knows the person (case aside): on the list, the record unchanged.
      const file = csv('5100;Eigen;;Lid;', `${known};GEHEIM;;persoon;01-01-1970`);
      const { preview: shown, result } = await upload(agent, file, 'l.csv', fresh.id);
      expect(shown).toMatchObject({ ok: true, errors: [] });
      expect(shown.warnings).toEqual([keptWarning(3, known)]);
      expect(result.status).toBe(200);
      expect(await stored(known)).toMatchObject({ id: member.id, familyName: 'Geheim', namePrefix: null, givenNames: 'Persoon', birthDate: null });
      expect((await listOf(fresh.id)).entries.map((e) => e.memberNumber).sort()).toEqual([known, '5100'].sort());
      // Uploading it again: still nothing to change, still the warning.
      const again = await preview(agent, file, 'l.csv', fresh.id).expect(200);
      expect(again.body).toMatchObject({ ok: true, added: [], changed: [], unchanged: 2 });
      expect(again.body.warnings).toEqual([keptWarning(3, known)]);
      // An administrator's upload does correct the record.
      await upload(admin.agent, csv('5100;Eigen;;Lid;', `${known};Anders;van;Naam;01-01-1970`), 'l.csv', fresh.id);
      expect(await stored(known)).toMatchObject({ familyName: 'Anders', namePrefix: 'van', givenNames: 'Naam', birthDate: new Date('1970-01-01T00:00:00.000Z') });
    });

    it('names of a member only ever on the club’s own lists are still updated by the upload', async () => {
      const { club: fresh, agent } = await clubWithSecretary();
      await createListedMember(ctx.prisma, { seasonId: past.id, clubId: fresh.id, memberNumber: '5199', familyName: 'Oud', givenNames: 'Naam' });
      const { preview: shown } = await upload(agent, csv('5199;Nieuw;;Naam;'), 'l.csv', fresh.id);
      expect(shown.warnings).toEqual([]);
      expect(shown.added).toEqual([expect.objectContaining({ knownUnderOtherName: true, knownAs: null })]);
      expect(await stored('5199')).toMatchObject({ familyName: 'Nieuw' });
    });

    it('adding or editing a single entry keeps the stored record; an administrator may correct it', async () => {
      const { number: known } = await knownElsewhere();
      const { club: fresh, agent } = await clubWithSecretary();
      // Under another name the person is refused (the number alone must not reveal who it is) ...
      const refused = await agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: known, familyName: 'Anders', givenNames: 'Naam', birthDate: '1970-01-01' }).expect(422);
      expectError(refused.body, 422, 'MEMBER_KNOWN_OTHERWISE');
      // ... named as the federation knows them (case aside), they are added and the record is kept.
      const added = await agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: known, familyName: 'geheim', givenNames: 'PERSOON', birthDate: '1970-01-01' }).expect(201);
      expect(await stored(known)).toMatchObject({ familyName: 'Geheim', givenNames: 'Persoon', birthDate: null });
      const edit = await agent.patch(`/api/member-list-entries/${added.body.id}`).send({ familyName: 'Anders' }).expect(422);
      expectError(edit.body, 422, 'MEMBER_KEPT');
      expect(edit.body.error.message).toBe(`De gegevens van lidnummer ${known} worden niet gewijzigd: deze persoon is bij de bond al bekend; vraag de bond om een correctie.`);
      // Sending the stored values back unchanged (as the edit form does) is no change.
      await agent.patch(`/api/member-list-entries/${added.body.id}`).send({ familyName: 'Geheim', givenNames: 'Persoon', namePrefix: '', birthDate: '' }).expect(200);
      await admin.agent.patch(`/api/member-list-entries/${added.body.id}`).send({ familyName: 'Anders' }).expect(200);
      expect(await stored(known)).toMatchObject({ familyName: 'Anders', givenNames: 'Persoon' });
    });

    it('a transfer request and its errors name the member by number only', async () => {
      await createListedMember(ctx.prisma, { seasonId: season.id, clubId: otherClub.id, memberNumber: '5198', familyName: 'Verborgen', givenNames: 'Iemand' });
      const { club: fresh, agent } = await clubWithSecretary();
      const asked = await agent.post('/api/transfers').send({ memberNumber: '5198', toClubId: fresh.id, askBoard: true }).expect(201);
      expect(asked.body).toMatchObject({ memberNumber: '5198', memberName: null, fromClubId: null, fromClubName: null, status: 'REQUESTED' });
      const again = await agent.post('/api/transfers').send({ memberNumber: '5198', toClubId: fresh.id, askBoard: true }).expect(409);
      const listed = await agent.get('/api/transfers').expect(200);
      expect(listed.body).toEqual([expect.objectContaining({ id: asked.body.id, memberName: null, fromClubName: null })]);
      for (const body of [asked.body, again.body, listed.body]) {
        for (const secret of ['Verborgen', 'Iemand', otherClub.name]) expect(JSON.stringify(body)).not.toContain(secret);
      }
      await admin.agent.post(`/api/transfers/${asked.body.id}/refuse`).send({ reason: 'Niet nodig' }).expect(200);
      // A person on no list at all: the refusal says so without naming them.
      await ctx.prisma.member.create({ data: { memberNumber: '5196', familyName: 'Los', givenNames: 'Zonder Lijst' } });
      const notTransfer = await agent.post('/api/transfers').send({ memberNumber: '5196', toClubId: fresh.id, askBoard: true }).expect(422);
      expectError(notTransfer.body, 422, 'NOT_A_TRANSFER');
      expect(notTransfer.body.error.message).toBe('Lidnummer 5196 staat bij geen vereniging ingeschreven; voeg het lid gewoon toe aan uw moederlijst.');
    });

    test.each([
      ['before 1900', '1899-12-31'],
      ['after today', addDays(TODAY, 1)],
    ])('refuses a birth date %s when adding or editing an entry', async (_what, birthDate) => {
      const { club: fresh, agent } = await clubWithSecretary();
      const details = [{ field: 'birthDate', code: 'isBirthDate', message: 'Vul een geboortedatum in tussen 01-01-1900 en vandaag.' }];
      const res = await agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: '5197', familyName: 'Pinas', givenNames: 'Ruben', birthDate }).expect(400);
      expect(res.body.error.details).toEqual(details);
      const added = await agent.post(`${listUrl(fresh.id)}/entries`).send({ memberNumber: String(5190 + (birthDate < TODAY ? 1 : 2)), familyName: 'Pinas', givenNames: 'Ruben', birthDate: TODAY }).expect(201);
      expect((await agent.patch(`/api/member-list-entries/${added.body.id}`).send({ birthDate }).expect(400)).body.error.details).toEqual(details);
      await agent.patch(`/api/member-list-entries/${added.body.id}`).send({ birthDate: '1900-01-01' }).expect(200);
    });
  });
});
