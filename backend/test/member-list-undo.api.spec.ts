/**
 * RULES.md "A list upload is the whole list, and a mistake is undone" (revised 2026-12-06), and
 * issue 45 item 6: a secretary who uploaded a file with her three new members saw "12 leden
 * worden afgevoerd", confirmed once, and lost the list; re-uploading registered everyone anew, so
 * Regel 3B made all 12 ineligible for Wednesday's match. Here:
 * - an upload that removes more than a quarter of the list needs a second confirmation naming
 *   the number (422 REMOVAL_NOT_CONFIRMED otherwise, nothing stored);
 * - the club and the federation put the list back as it was before an upload, for 14 days, with
 *   the original registration dates, so the line-up is eligible again;
 * - a member added again to the same club within 14 days keeps the original registration date;
 * - a property: whatever the list and the file, upload then restore gives back exactly the list.
 *
 * Every date is counted from today, so the test reads the same on any day.
 */
import fc from 'fast-check';
import { todayIso } from '../src/common/dto';
import { addDays } from '../src/domain/dates';
import {
  type Agent,
  createClub,
  createDivision,
  createListedMember,
  createMatchRow,
  createSeason,
  createTeam,
  expectError,
  lineupBody,
  loginAs,
  resetDatabase,
  startApp,
  TestContext,
} from './helpers';

jest.setTimeout(120_000);

const TODAY = todayIso();
const SEASON_START = addDays(TODAY, -110);

interface Row {
  memberNumber: string;
  familyName: string;
  namePrefix?: string | null;
  givenNames: string;
  birthDate?: string | null;
}
interface Entry extends Row {
  id: string;
  memberId: string;
  registeredOn: string;
  registeredOnReason: string | null;
  removedAt: string | null;
}

/** A CSV as a club's spreadsheet writes it. */
const csv = (rows: readonly Row[]) =>
  Buffer.from(
    ['Lidnummer;Achternaam;Tussenvoegsel;Voornamen;Geboortedatum', ...rows.map((r) => `${r.memberNumber};${r.familyName};${r.namePrefix ?? ''};${r.givenNames};${r.birthDate?.split('-').reverse().join('-') ?? ''}`)].join(
      '\r\n',
    ),
    'utf8',
  );

const newMembers = (tag: string, count: number): Row[] => Array.from({ length: count }, (_, i) => ({ memberNumber: `${tag}-${i + 1}`, familyName: 'Nieuw', givenNames: `Lid ${i + 1}` }));

describe('undo for a volunteer’s mistake on the member list (RULES.md, 2026-12-06)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let supervisor: Agent;
  let season: { id: string };

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
    season = await createSeason(ctx.prisma, { startsOn: SEASON_START, competitionStartsOn: addDays(TODAY, -100), endsOn: addDays(TODAY, 200) });
  });

  afterAll(() => ctx.close());

  /** A club with its secretary and `size` members registered at the season's start. */
  async function clubWithList(size: number) {
    const club = await createClub(ctx.prisma);
    const secretary = (await loginAs(ctx, 'SECRETARY', club.id)).agent;
    const players = [];
    for (let i = 0; i < size; i++) players.push(await createListedMember(ctx.prisma, { seasonId: season.id, clubId: club.id, registeredOn: SEASON_START }));
    const url = `/api/seasons/${season.id}/clubs/${club.id}/member-list`;
    return { club, secretary, players, url };
  }

  const listOf = async (url: string) => (await admin.get(url).expect(200)).body as { id: string; memberCount: number; entries: Entry[] };
  const onList = async (url: string) =>
    (await listOf(url)).entries
      .filter((e) => e.removedAt === null)
      .map(({ memberNumber, familyName, namePrefix, givenNames, birthDate, registeredOn }) => ({ memberNumber, familyName, namePrefix, givenNames, birthDate, registeredOn }))
      .sort((a, b) => a.memberNumber.localeCompare(b.memberNumber));

  const preview = (agent: Agent, url: string, file: Buffer) => agent.post(`${url}/preview`).attach('file', file, 'leden.csv');
  function confirm(agent: Agent, url: string, file: Buffer, previewId: string, fields: Record<string, string> = {}) {
    let req = agent.post(`${url}/confirm`).attach('file', file, 'leden.csv').field('previewId', previewId);
    for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
    return req;
  }
  /** Preview, then confirm exactly that preview, naming the number removed when the preview asks for it. */
  async function upload(agent: Agent, url: string, file: Buffer) {
    const shown = (await preview(agent, url, file).expect(200)).body;
    const done = await confirm(agent, url, file, shown.previewId, shown.removalNeedsConfirmation ? { confirmRemoved: String(shown.removed.length) } : {}).expect(200);
    return { preview: shown, result: done.body as { uploadId: string | null; restorableUntil: string | null; removed: number } };
  }
  const rowsOf = (entries: Entry[]) => entries.filter((e) => e.removedAt === null).map(({ memberNumber, familyName, namePrefix, givenNames, birthDate }) => ({ memberNumber, familyName, namePrefix, givenNames, birthDate }));

  describe('the issue’s secretary: a file with her three new members', () => {
    let s: Awaited<ReturnType<typeof clubWithList>>;
    let file: Buffer;
    let match: { id: string };
    let team: { id: string };
    let uploadId: string;
    const eligibility = async () => {
      const lineup = (await s.secretary.get(`/api/matches/${match.id}/lineups/${team.id}`).expect(200)).body as { pairs: { players: { memberId: string; eligible: boolean; reasonCodes: string[] }[] }[] };
      return lineup.pairs.flatMap((pair) => pair.players);
    };

    beforeAll(async () => {
      s = await clubWithList(12);
      file = csv(newMembers('DRIE', 3));
      // Wednesday's match, three days ahead: too soon for anyone registered today (Regel 3B).
      const division = await createDivision(ctx.prisma, season.id);
      team = await createTeam(ctx.prisma, division.id, s.club.id);
      const opponent = await createTeam(ctx.prisma, division.id, (await createClub(ctx.prisma)).id);
      match = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: team.id, awayTeamId: opponent.id, date: addDays(TODAY, 3), status: 'SCHEDULED' });
      await s.secretary.put(`/api/matches/${match.id}/lineups/${team.id}`).send(lineupBody(s.players.map((p) => p.member.id), { reserves: 0 })).expect(200);
    });

    it('the preview names the 12 of 12 removed and asks for a second confirmation', async () => {
      const shown = (await preview(s.secretary, s.url, file).expect(200)).body;
      expect(shown).toMatchObject({ ok: true, listSize: 12, removalNeedsConfirmation: true, removalConfirmPercent: 25 });
      expect(shown.added).toHaveLength(3);
      expect(shown.removed).toHaveLength(12);
    });

    it.each([
      ['without the number', {}],
      ['with the number added (3) instead of removed', { confirmRemoved: '3' }],
      ['with an empty number', { confirmRemoved: '' }],
    ])('a confirmation %s is refused in Dutch, and nothing is stored', async (_, fields) => {
      const shown = (await preview(s.secretary, s.url, file).expect(200)).body;
      const res = await confirm(s.secretary, s.url, file, shown.previewId, fields).expect(422);
      expectError(res.body, 422, 'REMOVAL_NOT_CONFIRMED');
      expect(res.body.error.message).toBe(
        'Dit bestand voert 12 leden van de 12 af: de hele moederlijst. Er is niets opgeslagen. Het bestand moet de hele lijst bevatten; klopt het toch, bevestig dan nog een keer dat 12 leden worden afgevoerd.',
      );
      expect(res.body.error.details).toEqual([{ field: 'confirmRemoved', message: 'Stuur het aantal af te voeren leden mee: 12.' }]);
      expect((await listOf(s.url)).memberCount).toBe(12);
      expect(await ctx.prisma.memberListUpload.count({ where: { memberList: { clubId: s.club.id } } })).toBe(0);
    });

    it('a number that is no number is a validation error', async () => {
      const shown = (await preview(s.secretary, s.url, file).expect(200)).body;
      expectError((await confirm(s.secretary, s.url, file, shown.previewId, { confirmRemoved: 'twaalf' }).expect(400)).body, 400, 'VALIDATION_FAILED');
    });

    it('confirmed with the number: the list holds the three, and the line-up is no longer eligible', async () => {
      const shown = (await preview(s.secretary, s.url, file).expect(200)).body;
      const res = await confirm(s.secretary, s.url, file, shown.previewId, { confirmRemoved: '12' }).expect(200);
      expect(res.body).toMatchObject({ added: 3, removed: 12, listChanged: true, uploadId: expect.any(String), restorableUntil: addDays(TODAY, 14) });
      uploadId = res.body.uploadId;
      expect((await listOf(s.url)).memberCount).toBe(3);
      const players = await eligibility();
      expect(players).toHaveLength(12);
      for (const player of players) expect(player).toMatchObject({ eligible: false, reasonCodes: ['NOT_ON_LIST'] });
    });

    it('the uploads say what putting the list back would do; only the club and the federation read them', async () => {
      const res = await s.secretary.get(`${s.url}/uploads`).expect(200);
      expect(res.body).toEqual({
        restoreDays: 14,
        uploads: [
          expect.objectContaining({
            id: uploadId,
            fileName: 'leden.csv',
            byFederation: false,
            added: 3,
            changed: 0,
            removed: 12,
            restorableUntil: addDays(TODAY, 14),
            restoredAt: null,
            canRestore: true,
            wouldRestore: { back: 12, off: 3, records: 0, kept: 0 },
          }),
        ],
      });
      expect((await admin.get(`${s.url}/uploads`).expect(200)).body.uploads).toEqual([expect.objectContaining({ id: uploadId, canRestore: true })]);
      const other = (await loginAs(ctx, 'SECRETARY', (await createClub(ctx.prisma)).id)).agent;
      expectError((await other.get(`${s.url}/uploads`).expect(403)).body, 403, 'OTHER_CLUB');
      expectError((await supervisor.get(`${s.url}/uploads`).expect(403)).body, 403, 'WRONG_ROLE');
      expectError((await ctx.http().get(`${s.url}/uploads`).expect(401)).body, 401, 'UNAUTHENTICATED');
    });

    it('a secretary of another club, a supervisor and the public cannot put the list back', async () => {
      const url = `${s.url}/uploads/${uploadId}/restore`;
      const other = (await loginAs(ctx, 'SECRETARY', (await createClub(ctx.prisma)).id)).agent;
      expectError((await other.post(url).expect(403)).body, 403, 'OTHER_CLUB');
      expectError((await supervisor.post(url).expect(403)).body, 403, 'WRONG_ROLE');
      expectError((await ctx.http().post(url).expect(401)).body, 401, 'UNAUTHENTICATED');
      // Another club's upload id under this club's list: not found, nothing told about it.
      const elsewhere = await clubWithList(1);
      const theirs = await upload(elsewhere.secretary, elsewhere.url, csv(newMembers('ANDER', 2)));
      expectError((await s.secretary.post(`${s.url}/uploads/${theirs.result.uploadId}/restore`).expect(404)).body, 404);
      expect((await listOf(s.url)).memberCount).toBe(3);
    });

    it('the club puts the list back: the twelve with their original registration date, the three off, the line-up eligible again', async () => {
      const res = await s.secretary.post(`${s.url}/uploads/${uploadId}/restore`).expect(200);
      expect(res.body).toEqual({ uploadId, back: 12, off: 3, records: 0, kept: 0, keptMembers: [], memberCount: 12 });
      const list = await listOf(s.url);
      const on = list.entries.filter((e) => e.removedAt === null);
      expect(on.map((e) => e.memberNumber).sort()).toEqual(s.players.map((p) => p.member.memberNumber).sort());
      for (const entry of on) expect(entry.registeredOn).toBe(SEASON_START);
      expect(list.entries.filter((e) => e.memberNumber.startsWith('DRIE-')).every((e) => e.removedAt !== null)).toBe(true);
      for (const player of await eligibility()) expect(player).toMatchObject({ eligible: true, reasonCodes: [] });

      // In the federation's log: who, when, how many.
      const audit = await ctx.prisma.auditLog.findFirst({ where: { entityId: list.id, action: 'memberList.restore' } });
      expect(audit).toMatchObject({ userId: expect.any(String), before: expect.objectContaining({ upload: uploadId, file: 'leden.csv', added: 3, removed: 12 }) });
      expect(audit!.after).toMatchObject({ counts: { back: 12, off: 3, records: 0, kept: 0 }, records: [], kept: [] });
      expect((audit!.after as { off: string[] }).off.sort()).toEqual(['DRIE-1', 'DRIE-2', 'DRIE-3']);

      // Once: a second restore is refused, and the upload says so.
      expectError((await s.secretary.post(`${s.url}/uploads/${uploadId}/restore`).expect(409)).body, 409, 'ALREADY_RESTORED');
      const uploads = (await s.secretary.get(`${s.url}/uploads`).expect(200)).body.uploads;
      expect(uploads[0]).toMatchObject({ id: uploadId, restoredAt: expect.any(String), restoredBy: expect.any(String), canRestore: false, wouldRestore: null });
    });

    it('the three new members, added again within 14 days, keep the day of the mistaken upload', async () => {
      const list = await listOf(s.url);
      const { preview: shown } = await upload(s.secretary, s.url, csv([...rowsOf(list.entries), ...newMembers('DRIE', 3)]));
      expect(shown.added.map((m: { keepsRegistrationOn: string | null }) => m.keepsRegistrationOn)).toEqual([TODAY, TODAY, TODAY]);
      expect((await listOf(s.url)).memberCount).toBe(15);
    });
  });

  describe('a member added again to the same club within 14 days keeps the original registration date', () => {
    it('one at a time: taken off and added again the same day', async () => {
      const s = await clubWithList(2);
      const [player] = s.players;
      await s.secretary.post(`/api/member-list-entries/${player.entry.id}/remove`).expect(200);
      const back = await s.secretary.post(`${s.url}/entries`).send({ memberNumber: player.member.memberNumber, familyName: player.member.familyName, givenNames: player.member.givenNames }).expect(201);
      expect(back.body).toMatchObject({ id: player.entry.id, registeredOn: SEASON_START, removedAt: null });
    });

    it('by an upload, on day 14: the preview says so and the entry keeps its date', async () => {
      const s = await clubWithList(4);
      const [player] = s.players;
      await s.secretary.post(`/api/member-list-entries/${player.entry.id}/remove`).expect(200);
      await ctx.prisma.memberListEntry.update({ where: { id: player.entry.id }, data: { removedAt: new Date(Date.now() - 14 * 86_400_000) } });
      const rows = s.players.map((p) => ({ memberNumber: p.member.memberNumber, familyName: p.member.familyName, givenNames: p.member.givenNames }));
      const { preview: shown } = await upload(s.secretary, s.url, csv(rows));
      expect(shown.added).toEqual([expect.objectContaining({ memberNumber: player.member.memberNumber, keepsRegistrationOn: SEASON_START })]);
      expect((await listOf(s.url)).entries.find((e) => e.id === player.entry.id)).toMatchObject({ registeredOn: SEASON_START, removedAt: null });
    });

    it('after 15 days it is a new registration (Regel 3B applies)', async () => {
      const s = await clubWithList(2);
      const [player] = s.players;
      await s.secretary.post(`/api/member-list-entries/${player.entry.id}/remove`).expect(200);
      await ctx.prisma.memberListEntry.update({ where: { id: player.entry.id }, data: { removedAt: new Date(Date.now() - 15 * 86_400_000 - 3_600_000) } });
      const shown = (await preview(s.secretary, s.url, csv(s.players.map((p) => ({ memberNumber: p.member.memberNumber, familyName: p.member.familyName, givenNames: p.member.givenNames }))))).body;
      expect(shown.added).toEqual([expect.objectContaining({ memberNumber: player.member.memberNumber, keepsRegistrationOn: null })]);
      const back = await s.secretary.post(`${s.url}/entries`).send({ memberNumber: player.member.memberNumber, familyName: player.member.familyName, givenNames: player.member.givenNames }).expect(201);
      expect(back.body).toMatchObject({ registeredOn: TODAY });
    });

    it('an administrator’s upload with an earlier registration date: newcomers get that date, a member coming back keeps the earlier of the two', async () => {
      const s = await clubWithList(3);
      const [player] = s.players;
      await s.secretary.post(`/api/member-list-entries/${player.entry.id}/remove`).expect(200);
      const rows = [...s.players.map((p) => ({ memberNumber: p.member.memberNumber, familyName: p.member.familyName, givenNames: p.member.givenNames })), ...newMembers('HIST', 1)];
      const file = csv(rows);
      const shown = (await preview(admin, s.url, file).expect(200)).body;
      const recorded = { registeredOn: addDays(TODAY, -30), registeredOnReason: 'Stond op de papieren lijst' };
      await confirm(admin, s.url, file, shown.previewId, recorded).expect(200);
      const list = await listOf(s.url);
      expect(list.entries.find((e) => e.memberNumber === 'HIST-1')).toMatchObject({ registeredOn: recorded.registeredOn, registeredOnReason: recorded.registeredOnReason });
      expect(list.entries.find((e) => e.id === player.entry.id)).toMatchObject({ registeredOn: SEASON_START, removedAt: null });
    });

    it('a newcomer is registered today', async () => {
      const s = await clubWithList(1);
      const added = await s.secretary.post(`${s.url}/entries`).send({ memberNumber: 'NIEUW-1', familyName: 'Nieuw', givenNames: 'Eén' }).expect(201);
      expect(added.body).toMatchObject({ registeredOn: TODAY });
    });
  });

  describe('what a restore does with what happened after the upload', () => {
    it('later changes stay: a member added since stays, one added again since keeps its date, a record edited since keeps the edit', async () => {
      const s = await clubWithList(8);
      const rows = s.players.map((p) => ({ memberNumber: p.member.memberNumber, familyName: p.member.familyName, givenNames: p.member.givenNames }));
      // The upload: four taken off, one name changed, one new member.
      const { result } = await upload(s.secretary, s.url, csv([...rows.slice(0, 3), { ...rows[3], givenNames: 'Verkeerd' }, ...newMembers('LATER', 1)]));
      expect(result.removed).toBe(4);
      // Afterwards, one at a time: a newcomer, one of the four added again, the changed name edited again.
      await s.secretary.post(`${s.url}/entries`).send({ memberNumber: 'ERNA-1', familyName: 'Erna', givenNames: 'Later' }).expect(201);
      await s.secretary.post(`${s.url}/entries`).send({ memberNumber: rows[4].memberNumber, familyName: rows[4].familyName, givenNames: rows[4].givenNames }).expect(201);
      await s.secretary.patch(`/api/member-list-entries/${s.players[3].entry.id}`).send({ givenNames: 'Verbeterd' }).expect(200);

      const res = await s.secretary.post(`${s.url}/uploads/${result.uploadId}/restore`).expect(200);
      expect(res.body).toMatchObject({ back: 3, off: 1, records: 0, kept: 1, keptMembers: [{ memberNumber: rows[3].memberNumber, reason: 'RECORD_CHANGED_SINCE' }], memberCount: 9 });
      const now = await onList(s.url);
      expect(now.map((e) => e.memberNumber)).toEqual([...rows.map((r) => r.memberNumber), 'ERNA-1'].sort());
      expect(now.filter((e) => e.memberNumber !== 'ERNA-1').every((e) => e.registeredOn === SEASON_START)).toBe(true);
      expect(now.find((e) => e.memberNumber === rows[3].memberNumber)).toMatchObject({ givenNames: 'Verbeterd' });
    });

    it('a member taken off and registered anew since (re-uploaded after 14 days) gets the original date back', async () => {
      const s = await clubWithList(4);
      const rows = s.players.map((p) => ({ memberNumber: p.member.memberNumber, familyName: p.member.familyName, givenNames: p.member.givenNames }));
      const { result } = await upload(s.secretary, s.url, csv(rows.slice(0, 3)));
      // Registered anew today, as before this rule (the list exported and uploaded again).
      const gone = s.players[3].entry.id;
      await ctx.prisma.memberListEntry.update({ where: { id: gone }, data: { removedAt: null, registeredOn: new Date(`${TODAY}T00:00:00.000Z`) } });
      const res = await s.secretary.post(`${s.url}/uploads/${result.uploadId}/restore`).expect(200);
      expect(res.body).toMatchObject({ back: 1, off: 0 });
      expect((await listOf(s.url)).entries.find((e) => e.id === gone)).toMatchObject({ registeredOn: SEASON_START, removedAt: null });
    });

    it('a member transferred to another club since stays there (Regel 2)', async () => {
      const s = await clubWithList(4);
      const rows = s.players.map((p) => ({ memberNumber: p.member.memberNumber, familyName: p.member.familyName, givenNames: p.member.givenNames }));
      const { result } = await upload(s.secretary, s.url, csv(rows.slice(0, 3)));
      const other = await createClub(ctx.prisma);
      await admin.post('/api/transfers').send({ memberNumber: rows[3].memberNumber, toClubId: other.id, boardReason: 'Bestuursbesluit: verhuisd' }).expect(201);
      const res = await s.secretary.post(`${s.url}/uploads/${result.uploadId}/restore`).expect(200);
      expect(res.body).toMatchObject({ back: 0, kept: 1, keptMembers: [{ memberNumber: rows[3].memberNumber, reason: 'TRANSFERRED' }], memberCount: 3 });
    });
  });

  describe('for 14 days, and the federation’s own uploads by the federation', () => {
    it('after 14 days an upload can no longer be put back, and is no longer offered', async () => {
      const s = await clubWithList(4);
      const { result } = await upload(s.secretary, s.url, csv(newMembers('OUD', 1)));
      await ctx.prisma.memberListUpload.update({ where: { id: result.uploadId! }, data: { createdAt: new Date(Date.now() - 15 * 86_400_000 - 3_600_000) } });
      const res = await s.secretary.post(`${s.url}/uploads/${result.uploadId}/restore`).expect(422);
      expectError(res.body, 422, 'RESTORE_EXPIRED');
      expect(res.body.error.message).toMatch(/^Een moederlijst is 14 dagen terug te zetten naar vóór een upload; deze upload van \d\d-\d\d-\d{4} kon tot en met \d\d-\d\d-\d{4} worden teruggezet\./);
      expect((await s.secretary.get(`${s.url}/uploads`).expect(200)).body.uploads).toEqual([]);
      expect((await listOf(s.url)).memberCount).toBe(1);
    });

    it('the setting decides how long', async () => {
      const s = await clubWithList(2);
      const { result } = await upload(s.secretary, s.url, csv(newMembers('KORT', 1)));
      await ctx.prisma.memberListUpload.update({ where: { id: result.uploadId! }, data: { createdAt: new Date(Date.now() - 3 * 86_400_000 - 3_600_000) } });
      await ctx.prisma.seasonSettings.update({ where: { seasonId: season.id }, data: { memberListRestoreDays: 2 } });
      try {
        expectError((await s.secretary.post(`${s.url}/uploads/${result.uploadId}/restore`).expect(422)).body, 422, 'RESTORE_EXPIRED');
      } finally {
        await ctx.prisma.seasonSettings.update({ where: { seasonId: season.id }, data: { memberListRestoreDays: 14 } });
      }
      expect((await s.secretary.post(`${s.url}/uploads/${result.uploadId}/restore`).expect(200)).body).toMatchObject({ back: 2, off: 1 });
    });

    it('the federation puts back a club’s upload; a club cannot put back the federation’s', async () => {
      const s = await clubWithList(4);
      const rows = s.players.map((p) => ({ memberNumber: p.member.memberNumber, familyName: p.member.familyName, givenNames: p.member.givenNames }));
      const byClub = await upload(s.secretary, s.url, csv(rows.slice(0, 2)));
      expect((await admin.post(`${s.url}/uploads/${byClub.result.uploadId}/restore`).expect(200)).body).toMatchObject({ back: 2, memberCount: 4 });

      const byFederation = await upload(admin, s.url, csv(rows.slice(0, 1)));
      const uploads = (await s.secretary.get(`${s.url}/uploads`).expect(200)).body.uploads;
      expect(uploads[0]).toMatchObject({ id: byFederation.result.uploadId, byFederation: true, canRestore: false, wouldRestore: { back: 3, off: 0, records: 0, kept: 0 } });
      const refused = await s.secretary.post(`${s.url}/uploads/${byFederation.result.uploadId}/restore`).expect(403);
      expectError(refused.body, 403, 'FEDERATION_UPLOAD');
      expect(refused.body.error.message).toBe('Deze upload is door de bond ingelezen; alleen de bond kan de moederlijst terugzetten naar vóór deze upload. Neem contact op met de bond.');
      expect((await admin.post(`${s.url}/uploads/${byFederation.result.uploadId}/restore`).expect(200)).body).toMatchObject({ back: 3, memberCount: 4 });
    });

    it('an archived season’s list is not put back', async () => {
      const s = await clubWithList(3);
      const { result } = await upload(s.secretary, s.url, csv(newMembers('ARCH', 1)));
      await ctx.prisma.season.update({ where: { id: season.id }, data: { archivedAt: new Date() } });
      try {
        expectError((await s.secretary.post(`${s.url}/uploads/${result.uploadId}/restore`).expect(409)).body, 409, 'SEASON_ARCHIVED');
      } finally {
        await ctx.prisma.season.update({ where: { id: season.id }, data: { archivedAt: null } });
      }
    });

    it('a small removal needs no second confirmation', async () => {
      const s = await clubWithList(8);
      const rows = s.players.map((p) => ({ memberNumber: p.member.memberNumber, familyName: p.member.familyName, givenNames: p.member.givenNames }));
      const shown = (await preview(s.secretary, s.url, csv(rows.slice(0, 6))).expect(200)).body;
      expect(shown).toMatchObject({ listSize: 8, removalNeedsConfirmation: false });
      await confirm(s.secretary, s.url, csv(rows.slice(0, 6)), shown.previewId).expect(200);
    });
  });

  /**
   * RULES.md's invariant through the API and the database: whatever list the club has (members
   * registered on different days, some taken off earlier) and whatever whole-list file it uploads
   * (keeping, dropping, renaming and adding members, bringing back ones taken off), putting the
   * list back gives exactly the earlier list: the same members, registration dates and records.
   */
  it('property: upload, then restore, gives back exactly the earlier list', async () => {
    const pool = Array.from({ length: 12 }, (_, i) => i);
    const names = ['Pinas', 'Wong', 'Sewdien', 'Ramdin'];
    const scenario = fc.record({
      listed: fc.subarray(pool, { minLength: 0, maxLength: 10 }),
      takenOff: fc.subarray(pool, { maxLength: 4 }),
      registered: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 12, maxLength: 12 }),
      file: fc.subarray(pool, { minLength: 1 }),
      renamed: fc.array(fc.constantFrom(...names), { minLength: 12, maxLength: 12 }),
      withBirthDates: fc.boolean(),
      /** Taken off within the last 14 days (added again: the date stays) or longer ago (registered anew). */
      recentlyOff: fc.boolean(),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ listed, takenOff, registered, file, renamed, withBirthDates, recentlyOff }) => {
        run += 1;
        const club = await createClub(ctx.prisma);
        const secretary = (await loginAs(ctx, 'SECRETARY', club.id)).agent;
        const url = `/api/seasons/${season.id}/clubs/${club.id}/member-list`;
        const number = (i: number) => `P${run}-${i}`;
        for (const i of new Set([...listed, ...takenOff])) {
          const { entry } = await createListedMember(ctx.prisma, { seasonId: season.id, clubId: club.id, memberNumber: number(i), familyName: names[i % 4], givenNames: `Speler ${i}`, registeredOn: addDays(SEASON_START, registered[i]) });
          if (takenOff.includes(i) && !listed.includes(i)) await ctx.prisma.memberListEntry.update({ where: { id: entry.id }, data: { removedAt: new Date(Date.now() - (recentlyOff ? 3 : 20) * 86_400_000) } });
        }
        const before = await onList(url);
        const rows = file.map((i) => ({ memberNumber: number(i), familyName: renamed[i], givenNames: `Speler ${i}`, birthDate: withBirthDates ? '1980-01-01' : null }));
        const { result } = await upload(secretary, url, csv(rows));
        if (!result.uploadId) return; // the file was the list: nothing changed, nothing to put back
        await secretary.post(`${url}/uploads/${result.uploadId}/restore`).expect(200);
        expect(await onList(url)).toEqual(before);
      }),
      { numRuns: 25 },
    );
  });
});
