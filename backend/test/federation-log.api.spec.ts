// Beheer → Logboek (issue 45 item 7): who changed what outside the matches, in Dutch sentences,
// filterable by club and kind, with the backup runs; administrators only.
import { AuditService } from '../src/audit/audit.service';
import { createClub, createFineRow, createListedMember, createSeason, expectError, loginAs, resetDatabase, startApp, TestContext } from './helpers';

type Log = { entries: { id: string; at: string; kind: string; action: string; sentence: string; clubId: string | null; clubName: string | null }[]; next: string | null; kinds: { kind: string; label: string }[] };

describe('the federation log', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let secretary: Awaited<ReturnType<typeof loginAs>>;
  let supervisor: Awaited<ReturnType<typeof loginAs>>;
  const ids = {} as { clubA: string; clubB: string; clubAName: string; clubBName: string };

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    const season = await createSeason(ctx.prisma);
    const a = await createClub(ctx.prisma, 'Kaiman');
    const b = await createClub(ctx.prisma, 'Paramaribo Boys');
    Object.assign(ids, { clubA: a.id, clubB: b.id, clubAName: a.name, clubBName: b.name });
    admin = await loginAs(ctx, 'ADMIN');
    secretary = await loginAs(ctx, 'SECRETARY', a.id);
    supervisor = await loginAs(ctx, 'SUPERVISOR');
    const audit = ctx.app.get(AuditService);
    const fine = await createFineRow(ctx.prisma, { seasonId: season.id, clubId: a.id });
    const { list, entry } = await createListedMember(ctx.prisma, { seasonId: season.id, clubId: b.id });
    // In time order, a second apart: the log shows the newest first.
    const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 20, 0, s));
    const entries = [
      { userId: admin.user.id, action: 'fine.levy', entityType: 'Fine', entityId: fine.id },
      { userId: secretary.user.id, action: 'memberList.import', entityType: 'MemberList', entityId: list.id, after: { file: 'leden.xlsx', added: ['1', '2', '3'], changed: [], removed: ['4', '5'] } },
      { userId: secretary.user.id, action: 'memberListEntry.remove', entityType: 'MemberListEntry', entityId: entry.id, reason: 'Verhuisd naar Suriname' },
      { userId: admin.user.id, action: 'season.update', entityType: 'Season', entityId: season.id },
      { userId: admin.user.id, action: 'user.create', entityType: 'User', entityId: secretary.user.id },
      { userId: supervisor.user.id, action: 'match.table.enter', entityType: 'Match', entityId: season.id },
    ];
    for (const [i, e] of entries.entries()) {
      await audit.record(e);
      await ctx.prisma.auditLog.updateMany({ where: { action: e.action, entityId: e.entityId }, data: { createdAt: at(i) } });
    }
    await ctx.prisma.backupRun.create({ data: { status: 'FAILED', trigger: 'schedule', startedAt: at(10), finishedAt: at(11), error: 'Schijf vol (ENOSPC)' } });
    await ctx.prisma.restoreDrill.create({ data: { status: 'SUCCEEDED', startedAt: at(20), finishedAt: at(21), file: 'tsbn-backup-2026-11-01T04-00-00-000Z-gepland.gz', tablesChecked: 40, rowsChecked: 1000 } });
  });

  afterAll(() => ctx.close());

  const read = async (query = '') => (await admin.agent.get(`/api/federation-log${query}`).expect(200)).body as Log;

  it('lists the changes outside matches, newest first, each as a Dutch sentence naming who and which club', async () => {
    const log = await read();
    expect(log.entries.map((e) => e.action)).toEqual(['backup.drill', 'backup.failed', 'user.create', 'season.update', 'memberListEntry.remove', 'memberList.import', 'fine.levy']);
    const byAction = Object.fromEntries(log.entries.map((e) => [e.action, e]));
    expect(byAction['fine.levy']).toMatchObject({ kind: 'boetes', clubId: ids.clubA, clubName: 'Kaiman' });
    expect(byAction['fine.levy'].sentence).toMatch(new RegExp(`^${admin.user.name} \\(bondsbeheerder\\): .+ — Kaiman\\.$`));
    expect(byAction['memberListEntry.remove']).toMatchObject({ kind: 'moederlijsten', clubName: 'Paramaribo Boys' });
    expect(byAction['memberListEntry.remove'].sentence).toBe(`${secretary.user.name} (secretaris): Lid van de moederlijst gehaald — Paramaribo Boys. Reden: Verhuisd naar Suriname`);
    expect(byAction['user.create']).toMatchObject({ kind: 'gebruikers', clubName: 'Kaiman' });
    // RULES.md: an upload in the log with who, when and how many.
    expect(byAction['memberList.import'].sentence).toBe(`${secretary.user.name} (secretaris): Moederlijst ingelezen (3 nieuw, 0 gewijzigd, 2 afgevoerd) — Paramaribo Boys.`);
    expect(byAction['backup.failed'].sentence).toBe('Het systeem: Back-up mislukt (de nachtelijke back-up). Fout: Schijf vol (ENOSPC).');
    expect(byAction['backup.drill'].sentence).toBe(
      'Het systeem: Hersteltest geslaagd (de wekelijkse hersteltest: teruggezet in een proefdatabase, vergeleken en weer verwijderd): tsbn-backup-2026-11-01T04-00-00-000Z-gepland.gz.',
    );
    expect(log.next).toBeNull();
    expect(log.kinds.map((k) => k.kind)).toEqual(['moederlijsten', 'boetes', 'seizoen', 'gebruikers', 'back-ups']);
  });

  it('filters by club (what concerns that club only) and by kind', async () => {
    expect((await read(`?clubId=${ids.clubA}`)).entries.map((e) => e.action)).toEqual(['user.create', 'fine.levy']);
    expect((await read(`?clubId=${ids.clubB}`)).entries.map((e) => e.action)).toEqual(['memberListEntry.remove', 'memberList.import']);
    expect((await read('?kind=boetes')).entries.map((e) => e.action)).toEqual(['fine.levy']);
    expect((await read('?kind=back-ups')).entries.map((e) => e.action)).toEqual(['backup.drill', 'backup.failed']);
    expect((await read(`?kind=moederlijsten&clubId=${ids.clubA}`)).entries).toEqual([]);
  });

  it('pages by moment: before= the last line gives what is older', async () => {
    const all = (await read()).entries;
    const older = await read(`?before=${encodeURIComponent(all[2].at)}`);
    expect(older.entries.map((e) => e.action)).toEqual(all.slice(3).map((e) => e.action));
    expect(older.entries.length).toBeGreaterThan(0);
    // From a line on (its moment and id): the lines of the same moment after it are not skipped.
    await ctx.prisma.auditLog.updateMany({ where: { action: { in: ['season.update', 'user.create'] } }, data: { createdAt: new Date(all[2].at) } });
    const same = (await read()).entries;
    const from = same.findIndex((e) => e.action === 'user.create' || e.action === 'season.update');
    const rest = await read(`?before=${encodeURIComponent(same[from].at)}&beforeId=${same[from].id}`);
    expect(rest.entries.map((e) => e.action)).toEqual(same.slice(from + 1).map((e) => e.action));
  });

  it('refuses unknown filters and bad values with the field named', async () => {
    expectError((await admin.agent.get('/api/federation-log?soort=boetes').expect(400)).body, 400);
    expectError((await admin.agent.get('/api/federation-log?kind=wedstrijden').expect(400)).body, 400);
    expectError((await admin.agent.get('/api/federation-log?clubId=12').expect(400)).body, 400);
  });

  it('is refused to the public (401), a secretary and a supervisor (403)', async () => {
    expectError((await ctx.http().get('/api/federation-log').expect(401)).body, 401, 'UNAUTHENTICATED');
    expectError((await secretary.agent.get('/api/federation-log').expect(403)).body, 403, 'WRONG_ROLE');
    expectError((await supervisor.agent.get('/api/federation-log').expect(403)).body, 403, 'WRONG_ROLE');
  });
});
