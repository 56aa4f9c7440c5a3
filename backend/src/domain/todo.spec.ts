import { FEDERATION_ZONE as zone } from '../reminders/zone';
import type { FineFact, MatchFact, MemberListFact, ReminderFacts } from './reminders';
import { BACKUP_WARNING_HOURS, todoItems, type BackupFact, type DrillFact, type RemarkFact, type TodoKind, type Viewer } from './todo';

const KAIMAN = { id: 'club-kaiman', name: 'Kaiman' };
const BOYS = { id: 'club-boys', name: 'Paramaribo Boys' };
const OTHER = { id: 'club-other', name: 'Marowijne' };
const at = (local: string) => zone.instant(local.slice(0, 10), local.slice(11, 16));

const match = (overrides: Partial<MatchFact> = {}): MatchFact => ({
  id: 'm',
  date: '2026-11-14',
  startTime: '20:00',
  start: at('2026-11-14T20:00'),
  home: { teamId: 'th', teamName: 'Kaiman 1', club: KAIMAN },
  away: { teamId: 'ta', teamName: 'Paramaribo Boys 1', club: BOYS },
  status: 'SCHEDULED',
  resultState: 'NONE',
  homeSigned: false,
  disputedAt: null,
  disputeComment: null,
  correctedAt: null,
  correctionReason: null,
  homeLineup: true,
  awayLineup: true,
  tableDisputedAt: null,
  impossibleSets: 0,
  ...overrides,
});
const list = (club = KAIMAN, submitted = false): MemberListFact => ({ seasonId: 's', seasonName: '2026/2027', club, deadline: '2026-08-17', seasonEndsOn: '2027-05-31', submitted });
const fine = (overrides: Partial<FineFact>): FineFact => ({ id: 'f', club: KAIMAN, rule: '5D', reason: 'Geen spelerslijst.', amountCents: 1500, status: 'OPEN', issuedOn: '2026-10-01', dueOn: '2026-10-31', ...overrides });

const ADMIN: Viewer = { role: 'ADMIN', clubId: null };
const KAIMAN_SECRETARY: Viewer = { role: 'SECRETARY', clubId: KAIMAN.id };
const BOYS_SECRETARY: Viewer = { role: 'SECRETARY', clubId: BOYS.id };
const SUPERVISOR: Viewer = { role: 'SUPERVISOR', clubId: null };

const facts = (f: Partial<Omit<ReminderFacts, 'users'>>) => ({ memberLists: [], matches: [], fines: [], transfers: [], ...f });
const kinds = (f: Partial<Omit<ReminderFacts, 'users'>>, viewer: Viewer, now: string): TodoKind[] => todoItems(facts(f), viewer, at(now), zone).map((i) => i.kind);

describe('Te doen per role', () => {
  test.each<[string, Partial<Omit<ReminderFacts, 'users'>>, Viewer, string, TodoKind[]]>([
    ['administrator: every club\'s missing list', { memberLists: [list(KAIMAN), list(OTHER), list(BOYS, true)] }, ADMIN, '2026-08-20T10:00', ['MEMBER_LIST_MISSING', 'MEMBER_LIST_MISSING']],
    ['secretary: only their own club\'s list', { memberLists: [list(KAIMAN), list(OTHER)] }, KAIMAN_SECRETARY, '2026-08-20T10:00', ['MEMBER_LIST_MISSING']],
    ['secretary of another club: nothing of Kaiman', { memberLists: [list(KAIMAN)], fines: [fine({})] }, { role: 'SECRETARY', clubId: OTHER.id }, '2026-11-20T10:00', []],
    ['supervisor: no member lists, no fines', { memberLists: [list(KAIMAN)], fines: [fine({ status: 'PROPOSED' })] }, SUPERVISOR, '2026-08-20T10:00', []],
    ['Regel 5D: a line-up to compose this week (secretary)', { matches: [match({ homeLineup: false })] }, KAIMAN_SECRETARY, '2026-11-10T10:00', ['LINEUP_MISSING']],
    ['a line-up three weeks ahead: not yet', { matches: [match({ homeLineup: false, date: '2026-12-05', start: at('2026-12-05T20:00') })] }, KAIMAN_SECRETARY, '2026-11-10T10:00', []],
    ['after the match, nothing entered: home enters', { matches: [match()] }, KAIMAN_SECRETARY, '2026-11-15T10:00', ['RESULT_NOT_ENTERED']],
    ['after the match, nothing entered: not the away team\'s task', { matches: [match()] }, BOYS_SECRETARY, '2026-11-15T10:00', []],
    ['signed by home: the away team confirms', { matches: [match({ status: 'PLAYED', resultState: 'ENTERED', homeSigned: true })] }, BOYS_SECRETARY, '2026-11-15T10:00', ['RESULT_NOT_CONFIRMED']],
    ['administrator: every unconfirmed result', { matches: [match(), match({ id: 'm2', status: 'PLAYED', resultState: 'ENTERED', homeSigned: true })] }, ADMIN, '2026-11-15T10:00', ['RESULT_NOT_ENTERED', 'RESULT_NOT_CONFIRMED']],
    ['a dispute: both clubs, the administrator and the supervisor', { matches: [match({ status: 'PLAYED', resultState: 'ENTERED', disputedAt: at('2026-11-15T09:00') })] }, SUPERVISOR, '2026-11-15T10:00', ['RESULT_DISPUTED']],
    ['supervisor: a refusal at the table and an impossible score', { matches: [match({ status: 'PLAYED', resultState: 'ENTERED', tableDisputedAt: at('2026-11-14T21:00'), impossibleSets: 2 })] }, SUPERVISOR, '2026-11-15T10:00', ['TABLE_DISPUTE', 'IMPOSSIBLE_SCORE']],
    ['administrator: proposed and overdue fines', { fines: [fine({ id: 'p', status: 'PROPOSED' }), fine({ id: 'o' }), fine({ id: 'paid', status: 'PAID' })] }, ADMIN, '2026-11-20T10:00', ['FINE_OVERDUE', 'FINE_PROPOSED']],
    ['secretary: a fine due within 7 days', { fines: [fine({ dueOn: '2026-11-25' })] }, KAIMAN_SECRETARY, '2026-11-20T10:00', ['FINE_DUE']],
  ])('%s', (_, f, viewer, now, expected) => {
    expect(kinds(f, viewer, now)).toEqual(expected);
  });

  test('links go to where the task is done, per role', () => {
    const f = facts({ memberLists: [list(KAIMAN)], matches: [match()] });
    const now = at('2026-11-15T10:00');
    expect(todoItems(f, ADMIN, now, zone).map((i) => i.link)).toEqual(['/beheer/moederlijsten/club-kaiman?seizoen=s', '/beheer/wedstrijden/m']);
    expect(todoItems(f, KAIMAN_SECRETARY, now, zone).map((i) => i.link)).toEqual(['/vereniging/moederlijst', '/vereniging/wedstrijden/m/uitslag']);
  });

  test('late items first', () => {
    const items = todoItems(facts({ memberLists: [list(KAIMAN)], fines: [fine({ status: 'PROPOSED' })] }), ADMIN, at('2026-08-20T10:00'), zone);
    expect(items.map((i) => [i.kind, i.urgent])).toEqual([
      ['MEMBER_LIST_MISSING', true],
      ['FINE_PROPOSED', false],
    ]);
  });
});

describe('the backup warning (issues 25 and 45): administrators, when the last good backup is older than 36 hours or the last attempt failed', () => {
  const NOW = '2026-11-26T12:00';
  const hoursBefore = (hours: number) => new Date(at(NOW).getTime() - hours * 3_600_000);
  const backupKinds = (backup: BackupFact | null, viewer: Viewer = ADMIN) => todoItems(facts({}), viewer, at(NOW), zone, backup).map((i) => i.kind);

  test.each<[string, BackupFact | null, Viewer, TodoKind[]]>([
    ['never attempted (a new installation): nothing', null, ADMIN, []],
    ['good backup 8 hours ago: nothing', { lastSuccessAt: hoursBefore(8), lastFailure: null }, ADMIN, []],
    ['good backup exactly 36 hours ago: nothing yet', { lastSuccessAt: hoursBefore(BACKUP_WARNING_HOURS), lastFailure: null }, ADMIN, []],
    ['good backup 37 hours ago: warned', { lastSuccessAt: hoursBefore(37), lastFailure: null }, ADMIN, ['BACKUP_OVERDUE']],
    ['only failures, never a good one: warned', { lastSuccessAt: null, lastFailure: { at: hoursBefore(1), error: 'schijf vol' } }, ADMIN, ['BACKUP_OVERDUE']],
    // issue 45: a full disk is said at once, not 36 hours later
    ['a failure after a good backup of 10 hours ago: the failure', { lastSuccessAt: hoursBefore(10), lastFailure: { at: hoursBefore(1), error: 'schijf vol' } }, ADMIN, ['BACKUP_FAILED']],
    ['a failure after a good backup of 37 hours ago: overdue (with the reason), once', { lastSuccessAt: hoursBefore(37), lastFailure: { at: hoursBefore(1), error: 'schijf vol' } }, ADMIN, ['BACKUP_OVERDUE']],
    ['a failure a secretary never sees', { lastSuccessAt: hoursBefore(10), lastFailure: { at: hoursBefore(1), error: 'schijf vol' } }, KAIMAN_SECRETARY, []],
    ['a secretary never sees it', { lastSuccessAt: hoursBefore(100), lastFailure: null }, KAIMAN_SECRETARY, []],
    ['a supervisor never sees it', { lastSuccessAt: hoursBefore(100), lastFailure: null }, SUPERVISOR, []],
  ])('%s', (_what, backup, viewer, expected) => {
    expect(backupKinds(backup, viewer)).toEqual(expected);
  });

  test('it comes first, urgent, with the date of the last good backup and the reason of the failure', () => {
    const items = todoItems(facts({ memberLists: [list(KAIMAN)] }), ADMIN, at(NOW), zone, { lastSuccessAt: at('2026-11-24T04:00'), lastFailure: { at: hoursBefore(2), error: 'schijf vol' } });
    expect(items.map((i) => i.kind)).toEqual(['BACKUP_OVERDUE', 'MEMBER_LIST_MISSING']);
    expect(items[0]).toMatchObject({ urgent: true, link: '/beheer', date: '2026-11-24', title: 'Geen goede back-up sinds 24-11-2026 (meer dan 36 uur)' });
    expect(items[0].detail).toContain('schijf vol');
  });

  test('a failed attempt after a good one: urgent, with its reason and the date of the last good backup', () => {
    const items = todoItems(facts({}), ADMIN, at(NOW), zone, { lastSuccessAt: at('2026-11-26T04:00'), lastFailure: { at: hoursBefore(1), error: 'De schijf is vol (ENOSPC).' } });
    expect(items).toEqual([
      expect.objectContaining({ kind: 'BACKUP_FAILED', urgent: true, link: '/beheer', date: '2026-11-26', title: 'De laatste back-up is mislukt (26-11-2026)' }),
    ]);
    expect(items[0].detail).toContain('De schijf is vol (ENOSPC).');
    expect(items[0].detail).toContain('De laatste goede back-up is van 26-11-2026');
  });
});

describe('the restore drill (issue 45 item 5): administrators, while the last weekly drill failed', () => {
  const NOW = '2026-12-06T12:00';
  const SUNDAY = at('2026-12-06T05:02');
  const failed = (lastSuccessAt: Date | null = null): DrillFact => ({ last: { at: SUNDAY, failed: true, error: 'Herstel niet gelijk aan de back-up voor: matches.', file: 'tsbn-backup-x.gz' }, lastSuccessAt });
  const drillKinds = (drill: DrillFact | null, viewer: Viewer = ADMIN) => todoItems(facts({}), viewer, at(NOW), zone, null, drill).map((i) => i.kind);

  test.each<[string, DrillFact | null, Viewer, TodoKind[]]>([
    ['never ran (a new installation): nothing', null, ADMIN, []],
    ['the last one succeeded: nothing', { last: { at: SUNDAY, failed: false, error: null, file: 'tsbn-backup-x.gz' }, lastSuccessAt: SUNDAY }, ADMIN, []],
    ['the last one failed: said', failed(at('2026-11-29T05:02')), ADMIN, ['RESTORE_DRILL_FAILED']],
    ['a secretary never sees it', failed(), KAIMAN_SECRETARY, []],
    ['a supervisor never sees it', failed(), SUPERVISOR, []],
  ])('%s', (_what, drill, viewer, expected) => {
    expect(drillKinds(drill, viewer)).toEqual(expected);
  });

  test('urgent, after a failed backup, with the file, the reason, the last good drill and what to do', () => {
    const backup: BackupFact = { lastSuccessAt: at('2026-12-06T04:00'), lastFailure: { at: at('2026-12-06T11:00'), error: 'schijf vol' } };
    const items = todoItems(facts({ memberLists: [list(KAIMAN)] }), ADMIN, at(NOW), zone, backup, failed(at('2026-11-29T05:02')));
    expect(items.map((i) => i.kind)).toEqual(['BACKUP_FAILED', 'RESTORE_DRILL_FAILED', 'MEMBER_LIST_MISSING']);
    expect(items[1]).toMatchObject({ urgent: true, link: '/beheer', date: '2026-12-06', club: null, title: 'De laatste hersteltest is mislukt (06-12-2026)' });
    expect(items[1].detail).toBe(
      'De back-up tsbn-backup-x.gz kwam niet goed terug: Herstel niet gelijk aan de back-up voor: matches. De laatste geslaagde hersteltest was op 29-11-2026. Zoek de oorzaak en probeer een back-up met npm run restore -- --check; deze melding verdwijnt zodra de wekelijkse hersteltest weer lukt.',
    );
    expect(todoItems(facts({}), ADMIN, at(NOW), zone, null, failed())[0].detail).toContain('Er is nog geen hersteltest geslaagd.');
  });
});

describe('issue 47: a team leader\'s remark is on the supervisors\' and the federation\'s to-do; a fine proposal is news for a secretary', () => {
  const NOW = at('2026-11-15T10:00');
  const remark = (overrides: Partial<RemarkFact> = {}): RemarkFact => ({
    id: 'r1',
    match: { id: 'm', date: '2026-11-14', home: match().home, away: match().away },
    club: BOYS,
    authorId: 'user-boys',
    text: 'Tafel 3 speelde set 2 met de verkeerde kaarten; graag even naar kijken.',
    createdAt: at('2026-11-14T23:10'),
    ...overrides,
  });
  const remarkKinds = (remarks: RemarkFact[], viewer: Viewer) => todoItems(facts({}), viewer, NOW, zone, null, null, remarks).map((i) => i.kind);

  test.each<[string, RemarkFact[], Viewer, TodoKind[]]>([
    ['the supervisor: one item per remark not yet handled', [remark(), remark({ id: 'r2' })], SUPERVISOR, ['MATCH_REMARK', 'MATCH_REMARK']],
    ['the federation too', [remark()], ADMIN, ['MATCH_REMARK']],
    ['not a secretary (not even of the club that wrote it)', [remark()], BOYS_SECRETARY, []],
    ['not the one who wrote it', [remark({ authorId: 'admin-1', club: null })], { ...ADMIN, userId: 'admin-1' }, []],
  ])('%s', (_what, remarks, viewer, expected) => {
    expect(remarkKinds(remarks, viewer)).toEqual(expected);
  });

  test('names the club and the match, quotes the remark and links to the remarks on the role\'s match page', () => {
    const [item] = todoItems(facts({}), SUPERVISOR, NOW, zone, null, null, [remark()]);
    expect(item).toMatchObject({
      title: 'Opmerking van Paramaribo Boys bij Kaiman 1 – Paramaribo Boys 1 lezen',
      link: '/wedstrijdleider/m#opmerkingen',
      date: '2026-11-14',
      urgent: false,
      club: BOYS,
    });
    expect(item.detail).toContain('“Tafel 3 speelde set 2 met de verkeerde kaarten; graag even naar kijken.”');
    expect(todoItems(facts({}), ADMIN, NOW, zone, null, null, [remark()])[0].link).toBe('/beheer/wedstrijden/m#opmerkingen');
    expect(todoItems(facts({}), ADMIN, NOW, zone, null, null, [remark({ text: 'x'.repeat(300) })])[0].detail).toContain(`“${'x'.repeat(139)}…”`);
  });

  test('a fine proposal: a task for the federation, information for the secretary (listed after her tasks)', () => {
    const f = facts({ fines: [fine({ id: 'p', status: 'PROPOSED' })], matches: [match()] });
    const secretary = todoItems(f, KAIMAN_SECRETARY, NOW, zone);
    expect(secretary.map((i) => [i.kind, i.info ?? false])).toEqual([
      ['RESULT_NOT_ENTERED', false],
      ['FINE_PROPOSED', true],
    ]);
    expect(secretary[1].title).toBe('Boetevoorstel van de bond: € 15,00, nog niet definitief');
    expect(secretary[1].detail).toMatch(/u hoeft nu niets te doen\.$/);
    expect(todoItems(f, ADMIN, NOW, zone).find((i) => i.kind === 'FINE_PROPOSED')).toMatchObject({ title: 'Boetevoorstel voor Kaiman bevestigen of laten vervallen' });
    expect(todoItems(f, ADMIN, NOW, zone).find((i) => i.kind === 'FINE_PROPOSED')?.info).toBeUndefined();
  });
});
