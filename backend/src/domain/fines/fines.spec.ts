import { DEFAULT_SETTINGS } from '../settings';
import {
  planForfeitFine,
  planLineupFines,
  dueDate,
  formatEuro,
  isOverdue,
  proposeBothIncompleteFine,
  proposeForfeitFine,
  proposeIncompleteFine,
  proposeLineupMissingFine,
  proposeNoScreenFine,
  summarizeFines,
  type FineForSummary,
  type FineStatus,
  type FineTotals,
} from './fines';

const fine = (fields: Partial<FineForSummary> = {}): FineForSummary => ({
  clubId: 'club-1',
  status: 'OPEN',
  amountCents: 1500,
  dueOn: '2026-12-31',
  ...fields,
});

describe('dueDate (Regel 12B: issue date + 30 days)', () => {
  test.each([
    ['2028-01-30', '2028-02-29', 'into a leap day'],
    ['2027-01-30', '2027-03-01', 'over a short February'],
    ['2028-01-31', '2028-03-01', 'from a month end over a leap February'],
    ['2028-02-29', '2028-03-30', 'issued on a leap day'],
    ['2026-03-31', '2026-04-30', 'from a 31-day month end to a 30-day month end'],
    ['2026-12-15', '2027-01-14', 'into the next year'],
    ['2026-01-31', '2026-03-02', 'from a month end past February'],
    ['2026-11-01', '2026-12-01', 'within a 30-day month'],
  ])('issued %s → due %s (%s)', (issuedOn, expected) => {
    expect(dueDate(issuedOn, DEFAULT_SETTINGS)).toBe(expected);
  });

  it('follows the fineDueDays setting', () => {
    expect(dueDate('2026-11-01', { fineDueDays: 14 })).toBe('2026-11-15');
  });
});

describe('isOverdue', () => {
  test.each<[FineStatus, string, boolean]>([
    ['OPEN', '2026-11-29', false],
    ['OPEN', '2026-11-30', false],
    ['OPEN', '2026-12-01', true],
    ['PAID', '2026-12-01', false],
    ['WAIVED', '2026-12-01', false],
    ['PROPOSED', '2026-12-01', false],
    ['DISCARDED', '2026-12-01', false],
  ])('%s fine due 2026-11-30, today %s → overdue %s', (status, today, expected) => {
    expect(isOverdue({ status, dueOn: '2026-11-30' }, today)).toBe(expected);
  });
});

describe('proposeLineupMissingFine (Regel 5D, 5E)', () => {
  test.each([
    [0, '5D', 1500, 'Geen spelerslijst samengesteld voor aanvang van de wedstrijd (Regel 5D).'],
    [1, '5E', 4500, 'Geen spelerslijst samengesteld voor aanvang van de wedstrijd, 2e keer dit seizoen (Regel 5E).'],
    [2, '5E', 4500, 'Geen spelerslijst samengesteld voor aanvang van de wedstrijd, 3e keer dit seizoen (Regel 5E).'],
    [5, '5E', 4500, 'Geen spelerslijst samengesteld voor aanvang van de wedstrijd, 6e keer dit seizoen (Regel 5E).'],
  ])('%i earlier this season → rule %s, %i cents', (previousCount, rule, amountCents, reason) => {
    expect(proposeLineupMissingFine(previousCount, DEFAULT_SETTINGS)).toEqual({
      rule,
      amountCents,
      reason,
      beneficiary: { kind: 'FEDERATION' },
    });
  });

  it('takes its amounts from the settings', () => {
    const settings = { lineupMissingFineCents: 2000, lineupMissingRepeatFineCents: 5000 };
    expect([0, 1].map((n) => proposeLineupMissingFine(n, settings).amountCents)).toEqual([2000, 5000]);
  });

  test.each([-1, 1.5])('refuses previousCount %p', (previousCount) => {
    expect(() => proposeLineupMissingFine(previousCount, DEFAULT_SETTINGS)).toThrow(RangeError);
  });
});

describe('proposeForfeitFine (Regel 7, 9A, 9B: the cause gives the rule)', () => {
  test.each<[string, 'TOO_FEW_PAIRS' | 'LATE_CANCELLATION' | 'OTHER', string, string]>([
    ['fewer than 5 pairs present', 'TOO_FEW_PAIRS', '7', 'Wedstrijd niet doorgegaan: minder dan 5 koppels aanwezig, grove nalatigheid (Regel 7); de boete gaat naar de gedupeerde vereniging (Regel 9B).'],
    ['called off less than 48 hours before', 'LATE_CANCELLATION', '7', 'Wedstrijd niet doorgegaan: minder dan 48 uur van tevoren afgezegd, grove nalatigheid (Regel 7); de boete gaat naar de gedupeerde vereniging (Regel 9B).'],
    ['any other act of the club', 'OTHER', '9A', 'Wedstrijd niet doorgegaan: door toedoen van de vereniging, grove nalatigheid (Regel 9A); de boete gaat naar de gedupeerde vereniging (Regel 9B).'],
  ])('%s: Regel %s… fines the offending club €60 for the affected club', (_case, cause, rule, reason) => {
    expect(proposeForfeitFine({ offendingClubId: 'kwatta', affectedClubId: 'apintie' }, cause, DEFAULT_SETTINGS)).toEqual({
      clubId: 'kwatta',
      rule,
      amountCents: 6000,
      reason,
      beneficiary: { kind: 'CLUB', clubId: 'apintie' },
    });
  });
});

describe('planForfeitFine (a forfeit recorded again: one fine per forfeit, under the rule of the facts)', () => {
  const fine = (id: string, rule: '7' | '9A', status: 'PROPOSED' | 'OPEN' | 'PAID' | 'WAIVED' | 'DISCARDED') => ({ id, rule, status }) as const;
  it.each([
    ['nothing on record: propose', [], '7', { propose: true, withdraw: [] }],
    ['a proposal under the same rule: nothing new', [fine('a', '7', 'PROPOSED')], '7', { propose: false, withdraw: [] }],
    ['discarded by an administrator under the same rule: not proposed again', [fine('a', '9A', 'DISCARDED')], '9A', { propose: false, withdraw: [] }],
    ['a proposal under the other rule: withdrawn, the right one proposed', [fine('a', '9A', 'PROPOSED')], '7', { propose: true, withdraw: ['a'] }],
    ['confirmed under the other rule: it stays, no second fine', [fine('a', '9A', 'OPEN')], '7', { propose: false, withdraw: [] }],
    ['paid under the other rule: it stays', [fine('a', '7', 'PAID')], '9A', { propose: false, withdraw: [] }],
    ['discarded under the other rule: the facts changed, proposed', [fine('a', '7', 'DISCARDED')], '9A', { propose: true, withdraw: [] }],
  ] as const)('%s', (_case, recorded, rule, plan) => {
    expect(planForfeitFine(recorded, rule)).toEqual(plan);
  });
});

describe('planLineupFines (Regel 5D/5E in match order, discarded proposals excepted)', () => {
  const settings = DEFAULT_SETTINGS;
  const first = 'Geen spelerslijst samengesteld voor aanvang van de wedstrijd (Regel 5D).';
  const second = 'Geen spelerslijst samengesteld voor aanvang van de wedstrijd, 2e keer dit seizoen (Regel 5E).';
  const lineupFine = (id: string, matchAt: string, fields: Partial<Parameters<typeof planLineupFines>[0][number]> = {}) => ({
    id, status: 'PROPOSED' as const, rule: '5D' as const, amountCents: 1500, reason: first, amountChanged: false, matchAt, recordedAt: '2026-11-01T00:00:00.000Z', ...fields,
  });
  it('an offence recorded later for an earlier match is the first: the later match becomes the 5E', () => {
    const plan = planLineupFines([lineupFine('late-match', '2026-10-24 20:00'), lineupFine('early-match', '2026-10-03 20:00', { recordedAt: '2026-11-02T00:00:00.000Z' })], settings);
    expect(plan).toEqual([{ id: 'late-match', proposal: expect.objectContaining({ rule: '5E', amountCents: 4500, reason: second }) }]);
  });
  it('a discarded proposal no longer counts: the later offence becomes the first again', () => {
    const plan = planLineupFines([lineupFine('early', '2026-10-03 20:00', { status: 'DISCARDED' }), lineupFine('late', '2026-10-24 20:00', { rule: '5E', amountCents: 4500, reason: second })], settings);
    expect(plan).toEqual([{ id: 'late', proposal: expect.objectContaining({ rule: '5D', amountCents: 1500, reason: first }) }]);
  });
  it('a confirmed fine stays as confirmed and still counts; an amount an administrator changed stays', () => {
    const plan = planLineupFines([lineupFine('late', '2026-10-24 20:00', { amountChanged: true, amountCents: 1000 }), lineupFine('early', '2026-10-03 20:00', { status: 'OPEN', rule: '5E', amountCents: 4500, reason: second })], settings);
    expect(plan).toEqual([{ id: 'late', proposal: expect.objectContaining({ rule: '5E', amountCents: 1000, reason: second }) }]);
  });
  it('nothing to change when the proposals are in line', () => {
    expect(planLineupFines([lineupFine('a', '2026-10-03 20:00'), lineupFine('b', '2026-10-24 20:00', { rule: '5E', amountCents: 4500, reason: second })], settings)).toEqual([]);
  });
});

describe('proposeBothIncompleteFine (Regel 7 for each team, RULES.md "Fines" 2026-11-26)', () => {
  it('€60 (setting) to the federation: neither club is the affected one', () => {
    expect(proposeBothIncompleteFine(DEFAULT_SETTINGS)).toMatchObject({ rule: '7', amountCents: 6000, beneficiary: { kind: 'FEDERATION' } });
    expect(proposeBothIncompleteFine({ ...DEFAULT_SETTINGS, forfeitFineCents: 8000 }).amountCents).toBe(8000);
    expect(proposeBothIncompleteFine(DEFAULT_SETTINGS).reason).toContain('beide teams met minder dan 5 koppels');
  });
});

describe('proposeIncompleteFine (Regel 11: every 3rd time)', () => {
  test.each([
    [1, null],
    [2, null],
    [3, 4500],
    [4, null],
    [5, null],
    [6, 4500],
    [7, null],
    [9, 4500],
  ])('occurrence %i → %p cents', (occurrence, amountCents) => {
    expect(proposeIncompleteFine(occurrence, DEFAULT_SETTINGS)?.amountCents ?? null).toBe(amountCents);
  });

  it('names the rule and the occurrence in the reason', () => {
    expect(proposeIncompleteFine(6, DEFAULT_SETTINGS)).toEqual({
      rule: '11',
      amountCents: 4500,
      reason: 'Vereniging voor de 6e keer dit seizoen onvolledig of te laat aanwezig (Regel 11).',
      beneficiary: { kind: 'FEDERATION' },
    });
  });

  it('follows the incompleteEveryNth setting', () => {
    const settings = { incompleteFineCents: 4500, incompleteEveryNth: 2 };
    expect([1, 2, 3, 4].map((n) => proposeIncompleteFine(n, settings) !== null)).toEqual([false, true, false, true]);
  });

  test.each([0, 2.5])('refuses occurrence %p', (occurrence) => {
    expect(() => proposeIncompleteFine(occurrence, DEFAULT_SETTINGS)).toThrow(RangeError);
  });
});

describe('proposeNoScreenFine (Regel 6)', () => {
  it('leaves the amount to the board', () => {
    expect(proposeNoScreenFine()).toEqual({
      rule: '6',
      amountCents: null,
      reason: 'Wedstrijd gespeeld zonder tafelscherm (Regel 6); het bestuur stelt het bedrag vast.',
      beneficiary: { kind: 'FEDERATION' },
    });
  });
});

describe('summarizeFines', () => {
  const today = '2026-12-01';

  const totals = (open: number, overdue: number, paid: number, waived: number): FineTotals => ({
    openCents: open,
    overdueCents: overdue,
    paidCents: paid,
    waivedCents: waived,
  });

  test.each<[string, FineForSummary, FineTotals]>([
    ['open, due today', fine({ dueOn: '2026-12-01' }), totals(1500, 0, 0, 0)],
    ['open and overdue: in open and in overdue', fine({ dueOn: '2026-11-30' }), totals(1500, 1500, 0, 0)],
    ['paid after its due date', fine({ status: 'PAID', dueOn: '2026-11-30' }), totals(0, 0, 1500, 0)],
    ['waived', fine({ status: 'WAIVED' }), totals(0, 0, 0, 1500)],
    ['proposed: not final, counts nowhere', fine({ status: 'PROPOSED', dueOn: '2026-11-30' }), totals(0, 0, 0, 0)],
    ['discarded: counts nowhere', fine({ status: 'DISCARDED' }), totals(0, 0, 0, 0)],
  ])('%s', (_name, f, expected) => {
    expect(summarizeFines([f], today)).toEqual({ ...expected, byClub: { 'club-1': expected } });
  });

  it('adds up over clubs and per club', () => {
    const summary = summarizeFines(
      [
        fine({ clubId: 'kwatta', amountCents: 1500, dueOn: '2026-11-01' }),
        fine({ clubId: 'kwatta', amountCents: 6000, status: 'PAID' }),
        fine({ clubId: 'apintie', amountCents: 4500 }),
        fine({ clubId: 'apintie', amountCents: 1500, status: 'WAIVED' }),
        fine({ clubId: 'apintie', amountCents: null, status: 'PROPOSED' }),
      ],
      today,
    );
    expect(summary).toEqual({
      ...totals(6000, 1500, 6000, 1500),
      byClub: { kwatta: totals(1500, 1500, 6000, 0), apintie: totals(4500, 0, 0, 1500) },
    });
  });

  it('is all zeros without fines', () => {
    expect(summarizeFines([], today)).toEqual({ ...totals(0, 0, 0, 0), byClub: {} });
  });
});

describe('formatEuro', () => {
  test.each([
    [1500, '€ 15,00'],
    [4500, '€ 45,00'],
    [5, '€ 0,05'],
    [0, '€ 0,00'],
    [123456, '€ 1.234,56'],
    [100000000, '€ 1.000.000,00'],
    [-1500, '€ -15,00'],
  ])('%i cents → %s', (cents, expected) => {
    expect(formatEuro(cents)).toBe(expected);
  });

  test.each([15.5, Number.NaN, 2 ** 53])('refuses %p, which is not a whole number of cents', (cents) => {
    expect(() => formatEuro(cents)).toThrow(RangeError);
  });
});
