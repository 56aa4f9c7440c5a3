import { FEDERATION_ZONE as zone } from '../reminders/zone';
import { digestMail, dueReminders, fineDescription, reminderMail, type FineFact, type MatchFact, type MemberListFact, type Recipient, type ReminderFacts, type TransferFact } from './reminders';

const KAIMAN = { id: 'club-kaiman', name: 'Kaiman' };
const BOYS = { id: 'club-boys', name: 'Paramaribo Boys' };
const OTHER = { id: 'club-other', name: 'Marowijne' };

const users: Recipient[] = [
  { id: 'sec-kaiman', role: 'SECRETARY', clubId: KAIMAN.id, notificationsOff: [] },
  { id: 'sec-boys', role: 'SECRETARY', clubId: BOYS.id, notificationsOff: [] },
  { id: 'sec-other', role: 'SECRETARY', clubId: OTHER.id, notificationsOff: [] },
  { id: 'supervisor', role: 'SUPERVISOR', clubId: null, notificationsOff: [] },
  { id: 'admin', role: 'ADMIN', clubId: null, notificationsOff: [] },
];

/** Amsterdam wall-clock time → instant (November: UTC+1). */
const at = (local: string) => zone.instant(local.slice(0, 10), local.slice(11, 16));

const list = (overrides: Partial<MemberListFact> = {}): MemberListFact => ({
  seasonId: 'season',
  seasonName: '2026/2027',
  club: KAIMAN,
  deadline: '2026-08-17',
  seasonEndsOn: '2027-05-31',
  submitted: false,
  ...overrides,
});

const match = (overrides: Partial<MatchFact> = {}): MatchFact => ({
  id: 'match',
  date: '2026-11-14',
  startTime: '20:00',
  start: at('2026-11-14T20:00'),
  home: { teamId: 'team-kaiman', teamName: 'Kaiman 1', club: KAIMAN },
  away: { teamId: 'team-boys', teamName: 'Paramaribo Boys 1', club: BOYS },
  status: 'SCHEDULED',
  resultState: 'NONE',
  homeSigned: false,
  disputedAt: null,
  disputeComment: null,
  correctedAt: null,
  correctionReason: null,
  homeLineup: false,
  awayLineup: false,
  tableDisputedAt: null,
  impossibleSets: 0,
  ...overrides,
});

const fine = (overrides: Partial<FineFact> = {}): FineFact => ({
  id: 'fine',
  club: KAIMAN,
  rule: '5D',
  reason: 'Geen spelerslijst samengesteld voor aanvang van de wedstrijd (Regel 5D).',
  amountCents: 1500,
  status: 'OPEN',
  issuedOn: '2026-11-02',
  dueOn: '2026-12-02',
  ...overrides,
});

const transfer = (overrides: Partial<TransferFact> = {}): TransferFact => ({
  id: 'transfer',
  memberName: 'Ricardo Pinas',
  fromClub: BOYS,
  toClub: KAIMAN,
  status: 'COMPLETED',
  decidedAt: at('2026-11-10T14:00'),
  ...overrides,
});

const facts = (f: Partial<Omit<ReminderFacts, 'users'>>, who: Recipient[] = users): ReminderFacts => ({ users: who, memberLists: [], matches: [], fines: [], transfers: [], ...f });
const keys = (f: Partial<Omit<ReminderFacts, 'users'>>, now: string, who?: Recipient[]) =>
  dueReminders(facts(f, who), at(now), zone)
    .map((r) => r.dedupKey)
    .sort();

describe('Regel 1: the member list deadline approaching and passed', () => {
  test.each<[string, Partial<MemberListFact>, string, string[]]>([
    ['8 days before the deadline: nothing yet', {}, '2026-08-09T12:00', []],
    ['7 days before, before 08:00: not yet', {}, '2026-08-10T07:59', []],
    ['7 days before, 08:00: "approaching" to the club\'s secretary', {}, '2026-08-10T08:00', ['list-due:season:club-kaiman:sec-kaiman']],
    ['on the deadline itself: still "approaching"', {}, '2026-08-17T23:00', ['list-due:season:club-kaiman:sec-kaiman']],
    ['the morning after the deadline: "passed"', {}, '2026-08-18T08:00', ['list-late:season:club-kaiman:sec-kaiman']],
    ['weeks later, still missing: "passed"', {}, '2026-10-01T10:00', ['list-late:season:club-kaiman:sec-kaiman']],
    ['submitted: nothing', { submitted: true }, '2026-08-18T08:00', []],
    ['the season is over: nothing', { seasonEndsOn: '2026-09-30' }, '2026-10-01T10:00', []],
  ])('%s', (_, overrides, now, expected) => {
    expect(keys({ memberLists: [list(overrides)] }, now)).toEqual(expected);
  });

  test('the reminder names the deadline and links to the member list', () => {
    const [reminder] = dueReminders(facts({ memberLists: [list()] }), at('2026-08-12T09:00'), zone);
    expect(reminder).toMatchObject({ kind: 'MEMBER_LIST_DEADLINE', userId: 'sec-kaiman', link: '/vereniging/moederlijst', subject: 'Moederlijst 2026/2027 uiterlijk 17-08-2026 inleveren' });
    expect(reminder.text).toContain('Regel 1');
  });
});

describe('Regel 5D: a line-up not composed 24 hours before the match', () => {
  test.each<[string, Partial<MatchFact>, string, string[]]>([
    ['25 hours before: nothing', {}, '2026-11-13T19:00', []],
    ['24 hours before: both teams without a line-up are reminded', {}, '2026-11-13T20:00', ['lineup:match:team-boys:sec-boys', 'lineup:match:team-kaiman:sec-kaiman']],
    ['only the side without a line-up', { homeLineup: true }, '2026-11-14T10:00', ['lineup:match:team-boys:sec-boys']],
    ['both composed: nothing', { homeLineup: true, awayLineup: true }, '2026-11-14T10:00', []],
    ['once the match started: too late, no reminder', {}, '2026-11-14T20:00', []],
    ['a match the federation cancelled: nothing', { status: 'CANCELLED' }, '2026-11-14T10:00', []],
    ['a later start time moves the moment', { startTime: '21:30', start: at('2026-11-14T21:30') }, '2026-11-13T21:00', []],
  ])('%s', (_, overrides, now, expected) => {
    expect(keys({ matches: [match(overrides)] }, now)).toEqual(expected);
  });

  test('the link opens the line-up of the match', () => {
    const [reminder] = dueReminders(facts({ matches: [match({ awayLineup: true })] }), at('2026-11-14T10:00'), zone);
    expect(reminder).toMatchObject({ kind: 'LINEUP_MISSING', link: '/vereniging/wedstrijden/match/spelerslijst' });
    expect(reminder.text).toContain('aanvang 20:00');
  });
});

describe('The result the morning after the match', () => {
  test.each<[string, Partial<MatchFact>, string, string[]]>([
    ['the evening of the match: nothing yet', { homeLineup: true, awayLineup: true }, '2026-11-14T23:30', []],
    ['08:00 the morning after, nothing entered: the home secretary', { homeLineup: true, awayLineup: true }, '2026-11-15T08:00', ['result-entry:match:sec-kaiman']],
    ['entered but not signed: still the home secretary', { status: 'PLAYED', resultState: 'ENTERED' }, '2026-11-15T09:00', ['result-entry:match:sec-kaiman']],
    ['signed by home: the away secretary confirms', { status: 'PLAYED', resultState: 'ENTERED', homeSigned: true }, '2026-11-15T09:00', ['result-confirm:match:sec-boys']],
    ['confirmed: nothing', { status: 'PLAYED', resultState: 'CONFIRMED', homeSigned: true }, '2026-11-15T09:00', []],
    ['a forfeit recorded by the federation: nothing', { status: 'FORFEIT' }, '2026-11-15T09:00', []],
  ])('%s', (_, overrides, now, expected) => {
    expect(keys({ matches: [match(overrides)] }, now)).toEqual(expected);
  });
});

describe('A dispute or a correction of one\'s own match', () => {
  const disputedAt = at('2026-11-15T10:00');
  test.each<[string, Partial<MatchFact>, string, string[]]>([
    [
      'disputed by the away team: the home secretary and the supervisors',
      { status: 'PLAYED', resultState: 'ENTERED', disputedAt, disputeComment: 'Tafel 3 klopt niet' },
      '2026-11-15T10:05',
      [`dispute:match:${disputedAt.getTime()}:sec-kaiman`, `dispute:match:${disputedAt.getTime()}:supervisor`],
    ],
    ['signed again by home: the dispute is over', { status: 'PLAYED', resultState: 'ENTERED', homeSigned: true, disputedAt: null }, '2026-11-15T07:00', []],
    [
      'a set refused at the table (Regel 35B): the supervisors',
      { status: 'PLAYED', resultState: 'ENTERED', homeSigned: true, tableDisputedAt: at('2026-11-14T21:10') },
      '2026-11-14T21:15',
      [`table-dispute:match:${at('2026-11-14T21:10').getTime()}:supervisor`],
    ],
    [
      'a correction: both clubs\' secretaries',
      { status: 'PLAYED', resultState: 'CONFIRMED', homeSigned: true, correctedAt: at('2026-11-20T12:00'), correctionReason: 'Tafel 2 set 4 verkeerd overgenomen' },
      '2026-11-20T12:15',
      [`correction:match:${at('2026-11-20T12:00').getTime()}:sec-boys`, `correction:match:${at('2026-11-20T12:00').getTime()}:sec-kaiman`],
    ],
    ['a correction more than two weeks old: not told any more', { status: 'PLAYED', resultState: 'CONFIRMED', correctedAt: at('2026-11-01T12:00') }, '2026-11-20T12:15', []],
  ])('%s', (_, overrides, now, expected) => {
    expect(keys({ matches: [match(overrides)] }, now)).toEqual(expected);
  });

  test('the supervisor is sent to the supervisor page, the secretary to the result', () => {
    const reminders = dueReminders(facts({ matches: [match({ status: 'PLAYED', resultState: 'ENTERED', disputedAt })] }), at('2026-11-15T11:00'), zone);
    expect(Object.fromEntries(reminders.map((r) => [r.userId, r.link]))).toEqual({ 'sec-kaiman': '/vereniging/wedstrijden/match/uitslag', supervisor: '/wedstrijdleider/match' });
  });
});

describe('Regel 12B: a fine confirmed, due within 7 days, overdue', () => {
  test.each<[string, Partial<FineFact>, string, string[]]>([
    ['confirmed today: "opgelegd"', {}, '2026-11-02T10:00', ['fine-confirmed:fine:sec-kaiman']],
    ['a proposal: nothing (not final)', { status: 'PROPOSED' }, '2026-11-02T10:00', []],
    ['three weeks after confirmation: nothing new', {}, '2026-11-23T10:00', []],
    ['7 days before due, 08:00: "due"', {}, '2026-11-25T08:00', ['fine-due:fine:sec-kaiman']],
    ['on the due day: still "due"', {}, '2026-12-02T20:00', ['fine-due:fine:sec-kaiman']],
    ['the morning after the due day: "overdue"', {}, '2026-12-03T08:00', ['fine-overdue:fine:sec-kaiman']],
    ['paid: nothing', { status: 'PAID' }, '2026-12-03T08:00', []],
    ['waived: nothing', { status: 'WAIVED' }, '2026-12-03T08:00', []],
  ])('%s', (_, overrides, now, expected) => {
    expect(keys({ fines: [fine(overrides)] }, now)).toEqual(expected);
  });
});

test.each<[string, Partial<FineFact>, string]>([
  ['the reason names its rule: not twice', {}, 'Geen spelerslijst samengesteld voor aanvang van de wedstrijd (Regel 5D); € 15,00'],
  ['a Regel 10 fine whose reason does not name it', { rule: '10', reason: 'Geen speelmatten.' }, 'Geen speelmatten (Regel 10); € 15,00'],
  ['Regel 6: the board has not set the amount yet', { rule: '6', reason: 'Gespeeld zonder tafelscherm (Regel 6).', amountCents: null }, 'Gespeeld zonder tafelscherm (Regel 6); bedrag nog vast te stellen'],
])('a fine is described once: %s', (_, overrides, expected) => {
  expect(fineDescription(fine(overrides))).toBe(expected);
});

describe('Regel 2: a transfer decided by the board', () => {
  test.each<[string, Partial<TransferFact>, string, string[]]>([
    ['granted: both clubs', {}, '2026-11-10T14:05', ['transfer:transfer:sec-boys', 'transfer:transfer:sec-kaiman']],
    ['refused: both clubs', { status: 'REFUSED' }, '2026-11-10T14:05', ['transfer:transfer:sec-boys', 'transfer:transfer:sec-kaiman']],
    ['still waiting for the board: nothing', { status: 'REQUESTED', decidedAt: null }, '2026-11-10T14:05', []],
    ['granted without a board decision: nothing to tell', { decidedAt: null, status: 'APPROVED' }, '2026-11-10T14:05', []],
    ['decided a month ago: not told any more', {}, '2026-12-10T14:05', []],
  ])('%s', (_, overrides, now, expected) => {
    expect(keys({ transfers: [transfer(overrides)] }, now)).toEqual(expected);
  });
});

describe('What each user receives', () => {
  test('a kind switched off is not sent to that user; others still get it', () => {
    const who: Recipient[] = [
      { id: 'sec-a', role: 'SECRETARY', clubId: KAIMAN.id, notificationsOff: ['FINE_DUE'] },
      { id: 'sec-b', role: 'SECRETARY', clubId: KAIMAN.id, notificationsOff: [] },
    ];
    expect(keys({ fines: [fine()] }, '2026-11-26T09:00', who)).toEqual(['fine-due:fine:sec-b']);
  });

  test('a secretary is never reminded of another club\'s tasks; administrators get no reminders', () => {
    const all = dueReminders(facts({ memberLists: [list({ club: OTHER })], fines: [fine({ club: OTHER })] }), at('2026-11-26T09:00'), zone);
    expect(new Set(all.map((r) => r.userId))).toEqual(new Set(['sec-other']));
  });

  test('the same facts at a later moment give the same keys again (the store keeps them once)', () => {
    const f = { memberLists: [list()], fines: [fine()] };
    const first = keys(f, '2026-08-12T09:00');
    expect(keys(f, '2026-08-12T09:15')).toEqual(first);
  });
});

describe('Mails', () => {
  const url = (path: string) => `https://tsbn.example${path}`;
  const stored = (subject: string, minutes: number) => ({ kind: 'FINE_DUE', subject, text: `Tekst ${subject}`, link: '/vereniging/boetes', createdAt: new Date(Date.UTC(2026, 10, 20, 8, minutes)) });

  test('one reminder: its text, the absolute link and where to change the preferences', () => {
    const mail = reminderMail(stored('Boete uiterlijk 02-12-2026 betalen', 0), url);
    expect(mail.subject).toBe('Boete uiterlijk 02-12-2026 betalen');
    expect(mail.paragraphs).toEqual(['Tekst Boete uiterlijk 02-12-2026 betalen']);
    expect(mail.action).toEqual({ label: 'Naar de pagina', url: 'https://tsbn.example/vereniging/boetes' });
    expect(mail.after.join()).toContain('https://tsbn.example/instellingen/meldingen');
  });

  test('the weekly summary combines every reminder, oldest first', () => {
    const mail = digestMail([stored('Tweede', 5), stored('Eerste', 1)], url);
    expect(mail.subject).toBe('Weekoverzicht TSBN: 2 herinneringen');
    expect(mail.paragraphs.slice(1).map((p) => p.split('\n')[0])).toEqual(['1. Eerste', '2. Tweede']);
    expect(mail.paragraphs[1]).toContain('https://tsbn.example/vereniging/boetes');
    expect(mail.action?.url).toBe('https://tsbn.example/te-doen');
  });
});
