import { formatDutchDate } from './dates';
import {
  checkEligibility,
  EligibilityInput,
  IneligibilityCode,
  describeSanction,
  eligibleFrom,
  firstMatchDateAfterRegistration,
  isInTransferFreeze,
  isListLate,
  memberListDeadline,
  memberStatus,
  registrationDeadline,
  Sanction,
  transferFreezePeriod,
  transferTiming,
} from './eligibility';
import { DEFAULT_SETTINGS } from './settings';

/** A member of club A, registered long before the match of Saturday 14-11-2026, without sanctions. */
function eligibilityInput(overrides: Partial<EligibilityInput> = {}): EligibilityInput {
  return {
    clubId: 'club-a',
    matchDate: '2026-11-14',
    settings: DEFAULT_SETTINGS,
    entry: { clubId: 'club-a', registeredOn: '2026-08-20', removedAt: null },
    sanctions: [],
    ...overrides,
  };
}

const suspension = (startsOn: string, endsOn: string | null): Sanction => ({ kind: 'SUSPENSION', startsOn, endsOn });
const expulsion = (startsOn: string): Sanction => ({ kind: 'EXPULSION', startsOn, endsOn: null });
const codes = (input: EligibilityInput): IneligibilityCode[] => checkEligibility(input).reasons.map((r) => r.code);

describe('formatDutchDate', () => {
  it('writes day-month-year with leading zeros', () => {
    expect(formatDutchDate('2026-11-09')).toBe('09-11-2026');
  });

  it('refuses something that is not a date', () => {
    expect(() => formatDutchDate('2026-02-30')).toThrow(RangeError);
  });
});

describe('registrationDeadline (Regel 3B: 5 working days before the match)', () => {
  test.each([
    ['Saturday', '2026-11-14', '2026-11-09', 'Monday (RULES.md example)'],
    ['Friday', '2026-11-13', '2026-11-06', 'the Friday a week before (RULES.md example)'],
    ['Monday', '2026-11-16', '2026-11-09', 'the Monday a week before (RULES.md example)'],
    ['Tuesday', '2026-11-17', '2026-11-10', 'the Tuesday a week before'],
    ['Wednesday', '2026-11-18', '2026-11-11', 'the Wednesday a week before'],
    ['Thursday', '2026-11-19', '2026-11-12', 'the Thursday a week before'],
    ['Friday', '2026-11-20', '2026-11-13', 'the Friday a week before'],
    ['Saturday', '2026-11-21', '2026-11-16', 'the Monday of the same week'],
    ['Sunday', '2026-11-22', '2026-11-16', 'the Monday of the same week'],
    ['Monday', '2027-01-04', '2026-12-28', 'Christmas and New Year count as working days: the rule names no holidays'],
  ])('match on %s %s → registered on or before %s (%s)', (_day, match, deadline) => {
    expect(registrationDeadline(match)).toBe(deadline);
  });

  test.each([
    [0, '2026-11-14', 'the match day itself'],
    [1, '2026-11-13', 'the Friday before'],
    [3, '2026-11-11', 'the Wednesday before'],
    [10, '2026-11-02', 'two full weeks back'],
  ])('with the setting at %i working days, a Saturday match of 14-11-2026 → %s (%s)', (days, deadline) => {
    expect(registrationDeadline('2026-11-14', days)).toBe(deadline);
  });

  it.each([-1, 2.5])('refuses %p working days', (days) => {
    expect(() => registrationDeadline('2026-11-14', days)).toThrow(RangeError);
  });
});

describe('registration in time for a match (Regel 3B via checkEligibility)', () => {
  test.each([
    ['2026-11-14', '2026-11-09', true, 'Saturday match, registered on the deadline Monday'],
    ['2026-11-14', '2026-11-10', false, 'Saturday match, registered the Tuesday after the deadline'],
    ['2026-11-14', '2026-11-08', true, 'Saturday match, registered the Sunday before the deadline Monday'],
    ['2026-11-14', '2026-11-07', true, 'Saturday match, registered the Saturday before the deadline Monday'],
    ['2026-11-13', '2026-11-06', true, 'Friday match, registered on the deadline Friday a week before'],
    ['2026-11-13', '2026-11-07', false, 'Friday match, registered the Saturday after the deadline'],
    ['2026-11-13', '2026-11-08', false, 'Friday match, registered the Sunday after the deadline'],
    ['2026-11-16', '2026-11-09', true, 'Monday match, registered on the deadline Monday a week before'],
    ['2026-11-16', '2026-11-10', false, 'Monday match, registered one day after the deadline'],
    ['2026-11-21', '2026-11-14', true, 'Saturday match, registered the weekend before the deadline Monday 16-11'],
    ['2026-11-21', '2026-11-15', true, 'Saturday match, registered the Sunday before the deadline Monday 16-11'],
    ['2026-11-21', '2026-11-17', false, 'Saturday match, registered the Tuesday after the deadline Monday 16-11'],
    ['2026-11-14', '2026-11-14', false, 'registered on the match day itself'],
    ['2026-11-14', '2026-11-20', false, 'registered after the match'],
  ])('match %s, registered %s → eligible: %s (%s)', (matchDate, registeredOn, eligible) => {
    const input = eligibilityInput({ matchDate, entry: { clubId: 'club-a', registeredOn } });
    expect(codes(input)).toEqual(eligible ? [] : ['REGISTERED_TOO_LATE']);
  });

  it('follows the lead-time setting', () => {
    const input = eligibilityInput({
      settings: { registrationLeadWorkingDays: 3 },
      entry: { clubId: 'club-a', registeredOn: '2026-11-11' },
    });
    expect(checkEligibility(input).eligible).toBe(true);
  });
});

describe('member list deadline (Regel 1: 15 days before the season start)', () => {
  it('is 15 days before the season start by default', () => {
    expect(memberListDeadline('2026-09-01', DEFAULT_SETTINGS)).toBe('2026-08-17');
  });

  it('follows the setting', () => {
    expect(memberListDeadline('2026-09-01', { memberListDeadlineDays: 30 })).toBe('2026-08-02');
  });

  test.each<[string | null, boolean, string]>([
    ['2026-08-01', false, 'submitted well before the deadline'],
    ['2026-08-17', false, 'submitted on the deadline itself'],
    ['2026-08-18', true, 'submitted one day after the deadline'],
    ['2026-09-05', true, 'submitted after the season started'],
    [null, false, 'not submitted yet: missing, not late'],
  ])('season starting 01-09-2026, first submission %s → late: %s (%s)', (submitted, late) => {
    expect(isListLate(submitted, '2026-09-01', DEFAULT_SETTINGS)).toBe(late);
  });
});

describe('transfer freeze (Regel 2: from 15 days before the competition start until the season end)', () => {
  const season = { competitionStartsOn: '2026-09-12', endsOn: '2027-05-31' };

  it('runs from 28-08-2026 until 31-05-2027', () => {
    expect(transferFreezePeriod(season, DEFAULT_SETTINGS)).toEqual({ from: '2026-08-28', until: '2027-05-31' });
  });

  test.each([
    ['2026-08-27', false, 'the day before the freeze: a transfer is still possible'],
    ['2026-08-28', true, '15 days before the competition start'],
    ['2026-09-12', true, 'the first match day'],
    ['2027-05-31', true, 'the last day of the season'],
    ['2027-06-01', false, 'after the season: transfers take effect between seasons'],
  ])('%s → frozen: %s (%s)', (date, frozen) => {
    expect(isInTransferFreeze(date, season, DEFAULT_SETTINGS)).toBe(frozen);
  });

  it('follows the setting', () => {
    expect(isInTransferFreeze('2026-08-27', season, { transferFreezeDays: 16 })).toBe(true);
  });
});

describe('checkEligibility (Regel 4)', () => {
  test.each<[string, Partial<EligibilityInput>, IneligibilityCode[]]>([
    ['on the club list, registered in time, no sanctions', {}, []],
    ['on no list at all', { entry: null }, ['NOT_ON_LIST']],
    ['on the list of another club', { entry: { clubId: 'club-b', registeredOn: '2026-08-20' } }, ['ON_OTHER_CLUB_LIST']],
    ['removed from the list before the match', { entry: { clubId: 'club-a', registeredOn: '2026-08-20', removedAt: '2026-11-01' } }, ['NOT_ON_LIST']],
    ['removed from the list on the match day', { entry: { clubId: 'club-a', registeredOn: '2026-08-20', removedAt: '2026-11-14' } }, ['NOT_ON_LIST']],
    ['removed from the list the day after the match', { entry: { clubId: 'club-a', registeredOn: '2026-08-20', removedAt: '2026-11-15' } }, []],
    ['removed from another club list before the match: on no list', { entry: { clubId: 'club-b', registeredOn: '2026-08-20', removedAt: '2026-10-01' } }, ['NOT_ON_LIST']],
    ['registered too late', { entry: { clubId: 'club-a', registeredOn: '2026-11-10' } }, ['REGISTERED_TOO_LATE']],
    ['suspended over the match date', { sanctions: [suspension('2026-11-01', '2026-11-30')] }, ['SUSPENDED']],
    ['suspended, the suspension starts on the match day', { sanctions: [suspension('2026-11-14', '2026-11-30')] }, ['SUSPENDED']],
    ['suspended, the suspension ends on the match day', { sanctions: [suspension('2026-11-01', '2026-11-14')] }, ['SUSPENDED']],
    ['suspended without an end date', { sanctions: [suspension('2026-10-01', null)] }, ['SUSPENDED']],
    ['a suspension that ended the day before the match', { sanctions: [suspension('2026-11-01', '2026-11-13')] }, []],
    ['a suspension that starts the day after the match', { sanctions: [suspension('2026-11-15', null)] }, []],
    ['expelled before the match', { sanctions: [expulsion('2026-10-01')] }, ['EXPELLED']],
    ['expelled on the match day', { sanctions: [expulsion('2026-11-14')] }, ['EXPELLED']],
    ['expelled only after the match', { sanctions: [expulsion('2026-11-15')] }, []],
    ['registered too late and suspended', { entry: { clubId: 'club-a', registeredOn: '2026-11-12' }, sanctions: [suspension('2026-11-01', null)] }, ['REGISTERED_TOO_LATE', 'SUSPENDED']],
    ['on another club list and expelled', { entry: { clubId: 'club-b', registeredOn: '2026-08-20' }, sanctions: [expulsion('2026-09-01')] }, ['ON_OTHER_CLUB_LIST', 'EXPELLED']],
    ['on no list, suspended and expelled', { entry: null, sanctions: [suspension('2026-11-01', null), expulsion('2026-11-10')] }, ['NOT_ON_LIST', 'SUSPENDED', 'EXPELLED']],
    ['two suspensions over the match date: both are named', { sanctions: [suspension('2026-11-01', '2026-11-20'), suspension('2026-11-10', null)] }, ['SUSPENDED', 'SUSPENDED']],
  ])('%s', (_description, overrides, expected) => {
    const result = checkEligibility(eligibilityInput(overrides));
    expect(result.reasons.map((r) => r.code)).toEqual(expected);
    expect(result.eligible).toBe(expected.length === 0);
  });

  test.each<[IneligibilityCode, Partial<EligibilityInput>, string]>([
    ['NOT_ON_LIST', { entry: null }, 'Staat niet op de moederlijst van deze vereniging voor dit seizoen (Regel 4)'],
    [
      'NOT_ON_LIST',
      { entry: { clubId: 'club-a', registeredOn: '2026-08-20', removedAt: '2026-11-01' } },
      'Op 01-11-2026 van de moederlijst van deze vereniging afgevoerd (Regel 4)',
    ],
    [
      'ON_OTHER_CLUB_LIST',
      { entry: { clubId: 'club-b', clubName: 'TV Kaaiman', registeredOn: '2026-08-20' } },
      'Staat op de moederlijst van TV Kaaiman, niet op die van deze vereniging (Regel 2 en 4)',
    ],
    [
      'ON_OTHER_CLUB_LIST',
      { entry: { clubId: 'club-b', registeredOn: '2026-08-20' } },
      'Staat op de moederlijst van een andere vereniging, niet op die van deze vereniging (Regel 2 en 4)',
    ],
    [
      'REGISTERED_TOO_LATE',
      { entry: { clubId: 'club-a', registeredOn: '2026-11-10' } },
      'Ingeschreven op 10-11-2026; voor de wedstrijd van 14-11-2026 uiterlijk 09-11-2026 (5 werkdagen ervoor, Regel 3B)',
    ],
    ['SUSPENDED', { sanctions: [suspension('2026-11-01', '2026-11-30')] }, 'Geschorst van 01-11-2026 tot en met 30-11-2026 (Regel 4)'],
    ['SUSPENDED', { sanctions: [suspension('2026-10-01', null)] }, 'Geschorst sinds 01-10-2026, zonder einddatum (Regel 4)'],
    ['EXPELLED', { sanctions: [expulsion('2026-10-01')] }, 'Geroyeerd sinds 01-10-2026 (Regel 4)'],
  ])('%s explains itself (case %#)', (code, overrides, message) => {
    expect(checkEligibility(eligibilityInput(overrides)).reasons).toEqual([{ code, message }]);
  });
});

describe('checkEligibility with earlier registrations (a past match is judged by the registration that held on its date)', () => {
  // Registered 20-08, taken off 20-11 and added again on 25-11; or moved to club B on 20-11.
  const readded = { entry: { clubId: 'club-a', registeredOn: '2026-11-25', removedAt: null }, earlierEntries: [{ clubId: 'club-a', registeredOn: '2026-08-20', removedAt: '2026-11-20' }] };
  const transferred = { entry: { clubId: 'club-b', clubName: 'Club B', registeredOn: '2026-11-20', removedAt: null }, earlierEntries: [{ clubId: 'club-a', clubName: 'Club A', registeredOn: '2026-08-20', removedAt: '2026-11-20' }] };

  test.each<[string, Partial<EligibilityInput>, IneligibilityCode[]]>([
    ['taken off and added again: a match while on the list the first time', { ...readded, matchDate: '2026-11-14' }, []],
    ['taken off and added again: a match after the new registration counts from it', { ...readded, matchDate: '2026-11-28' }, ['REGISTERED_TOO_LATE']],
    ['taken off and added again: a match well after the new registration', { ...readded, matchDate: '2026-12-12' }, []],
    ['taken off and added again: a match on the day taken off (not on the list)', { ...readded, matchDate: '2026-11-20' }, ['REGISTERED_TOO_LATE']],
    ['taken off and added again: a match before the first registration', { ...readded, matchDate: '2026-08-22' }, ['REGISTERED_TOO_LATE']],
    ['transferred: the old club, a match before the transfer', { ...transferred, matchDate: '2026-11-14' }, []],
    ['transferred: the old club, a match after the transfer', { ...transferred, matchDate: '2026-11-28' }, ['ON_OTHER_CLUB_LIST']],
    ['transferred: the new club, a match before the transfer (then on the old list)', { ...transferred, clubId: 'club-b', matchDate: '2026-11-14' }, ['ON_OTHER_CLUB_LIST']],
    ['transferred: the new club, a match well after the transfer', { ...transferred, clubId: 'club-b', matchDate: '2026-12-12' }, []],
    ['an earlier registration registered too late for its match', { ...readded, earlierEntries: [{ clubId: 'club-a', registeredOn: '2026-11-12', removedAt: '2026-11-20' }], matchDate: '2026-11-14' }, ['REGISTERED_TOO_LATE']],
  ])('%s', (_case, overrides, expected) => {
    expect(codes(eligibilityInput(overrides))).toEqual(expected);
  });

  it('names the list the member was on at the match date', () => {
    expect(checkEligibility(eligibilityInput({ ...transferred, clubId: 'club-b', matchDate: '2026-11-14' })).reasons[0].message).toContain('Club A');
  });

  it('eligibleFrom counts from the registration that holds on the later date', () => {
    expect(eligibleFrom(eligibilityInput({ ...readded, matchDate: '2026-11-21' }))).toBe('2026-12-02');
    expect(firstMatchDateAfterRegistration('2026-11-25')).toBe('2026-12-02');
  });
});

describe('memberStatus on a date (Regel 4)', () => {
  test.each<[string, Sanction[], string, string]>([
    ['no sanctions', [], '2026-11-14', 'ACTIVE'],
    ['suspended, first day', [suspension('2026-11-14', '2026-11-30')], '2026-11-14', 'SUSPENDED'],
    ['suspended, last day', [suspension('2026-11-01', '2026-11-14')], '2026-11-14', 'SUSPENDED'],
    ['suspension over', [suspension('2026-11-01', '2026-11-13')], '2026-11-14', 'ACTIVE'],
    ['suspension not begun', [suspension('2026-11-15', null)], '2026-11-14', 'ACTIVE'],
    ['open-ended suspension', [suspension('2026-10-01', null)], '2027-05-01', 'SUSPENDED'],
    ['expelled from that day on', [expulsion('2026-11-14')], '2026-11-14', 'EXPELLED'],
    ['expulsion still ahead', [expulsion('2026-11-15')], '2026-11-14', 'ACTIVE'],
    ['expelled while suspended: expulsion outweighs', [suspension('2026-11-01', '2026-12-01'), expulsion('2026-11-10')], '2026-11-14', 'EXPELLED'],
  ])('%s → %s on %s', (_what, sanctions, date, status) => {
    expect(memberStatus(sanctions, date)).toBe(status);
  });

  test.each<[Sanction, string]>([
    [suspension('2026-10-01', '2026-10-31'), 'Geschorst van 01-10-2026 tot en met 31-10-2026'],
    [suspension('2026-10-01', null), 'Geschorst sinds 01-10-2026, zonder einddatum'],
    [expulsion('2026-10-01'), 'Geroyeerd sinds 01-10-2026'],
  ])('describes %j as %p', (sanction, text) => {
    expect(describeSanction(sanction)).toBe(text);
  });
});

describe('transferTiming (Regel 2: the window between seasons runs until the freeze)', () => {
  const settings = { transferFreezeDays: 15 };
  const s2026 = { id: '2026', startsOn: '2026-09-01', competitionStartsOn: '2026-09-19', endsOn: '2027-05-31', settings };
  const s2027 = { id: '2027', startsOn: '2027-09-01', competitionStartsOn: '2027-09-18', endsOn: '2028-05-31', settings };
  test.each<[string, string, (typeof s2026)[], string[], string | null, string | null]>([
    ['before the season starts', '2026-08-20', [s2026, s2027], [], null, '2026'],
    ['season started, competition and freeze not yet (competition start − 16 days): at once for the running season', '2026-09-03', [s2026, s2027], [], null, '2026'],
    ['season started, freeze not yet, but the member already played for the old club in it: the next season', '2026-09-03', [s2026, s2027], ['2026'], null, '2027'],
    ['the same, next season not created: waits for it', '2026-09-03', [s2026], ['2026'], null, null],
    ['first day of the freeze (competition start − 15 days)', '2026-09-04', [s2026, s2027], [], '2026', '2027'],
    ['mid-season', '2027-01-15', [s2026, s2027], [], '2026', '2027'],
    ['last day of the season', '2027-05-31', [s2026, s2027], [], '2026', '2027'],
    ['between seasons', '2027-06-01', [s2026, s2027], [], null, '2027'],
    ['between seasons, played for the old club only in the season before', '2027-06-01', [s2026, s2027], ['2026'], null, '2027'],
    ['between seasons, next season not created', '2027-06-01', [s2026], [], null, null],
    ['mid-season, next season not created', '2027-01-15', [s2026], [], '2026', null],
    ['the earliest open season, whatever the order given', '2026-08-20', [s2027, s2026], [], null, '2026'],
  ])('%s (%s)', (_what, date, seasons, played, frozenIn, takesEffectIn) => {
    const timing = transferTiming(date, seasons, new Set(played));
    expect(timing.frozenIn?.id ?? null).toBe(frozenIn);
    expect(timing.takesEffectIn?.id ?? null).toBe(takesEffectIn);
  });
});

describe('firstMatchDateAfterRegistration (Regel 3B the other way round)', () => {
  test.each([
    ['Monday', '2026-11-09', 5, '2026-11-14', 'the Saturday: Sat 14-11 has Mon 09-11 as its deadline (RULES.md example)'],
    ['Friday', '2026-11-06', 5, '2026-11-13', 'the Friday a week later (RULES.md example)'],
    ['Tuesday', '2026-11-10', 5, '2026-11-17', 'the Tuesday a week later; Sat 14 to Mon 16 still need Mon 09-11'],
    ['Saturday', '2026-11-14', 5, '2026-11-21', 'a weekend registration counts from the next working day: the Saturday a week later'],
    ['Sunday', '2026-11-15', 5, '2026-11-21', 'as on Saturday'],
    ['Monday', '2026-11-16', 5, '2026-11-21', 'the Saturday of the same week'],
    ['Wednesday', '2026-11-18', 3, '2026-11-21', 'with 3 working days (setting): the Saturday of the same week'],
    ['Monday', '2026-11-16', 0, '2026-11-16', 'with 0 working days: the day itself'],
  ])('registered on %s %s with %i working days → eligible for a match from %s (%s)', (_day, registeredOn, workingDays, from) => {
    expect(firstMatchDateAfterRegistration(registeredOn, workingDays)).toBe(from);
  });

  test.each(['2026-11-09', '2026-11-13', '2026-11-14', '2026-12-31'])('agrees with registrationDeadline for a registration on %s', (registeredOn) => {
    const from = firstMatchDateAfterRegistration(registeredOn);
    expect(registrationDeadline(from) >= registeredOn).toBe(true);
    expect(registrationDeadline(addOneDayBefore(from)) < registeredOn).toBe(true);
  });
});

function addOneDayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

describe('eligibleFrom (the first date on which the member may play, if nothing changes)', () => {
  const entry = (registeredOn: string, clubId = 'club-a') => ({ clubId, registeredOn, removedAt: null });
  test.each<[string, Partial<EligibilityInput>, string | null]>([
    ['eligible already: nothing to wait for', {}, null],
    ['registered Wednesday 11-11 for the match of Saturday 14-11: from Wednesday 18-11', { entry: entry('2026-11-11') }, '2026-11-18'],
    ['registered Monday 16-11 for the match of Saturday 14-11: from Saturday 21-11', { entry: entry('2026-11-16') }, '2026-11-21'],
    ['suspended until 20-11: from 21-11', { sanctions: [suspension('2026-11-01', '2026-11-20')] }, '2026-11-21'],
    ['registered too late and suspended longer: the later of the two', { entry: entry('2026-11-11'), sanctions: [suspension('2026-11-01', '2026-11-30')] }, '2026-12-01'],
    ['a suspension that begins when the registration wait ends: after the suspension', { entry: entry('2026-11-11'), sanctions: [suspension('2026-11-18', '2026-11-25')] }, '2026-11-26'],
    ['suspended without end date: no date', { sanctions: [suspension('2026-11-01', null)] }, null],
    ['expelled: no date', { sanctions: [expulsion('2026-10-01')] }, null],
    ['not on the list: no date', { entry: null }, null],
    ['on another club\'s list: no date', { entry: entry('2026-08-01', 'club-b') }, null],
  ])('%s', (_case, overrides, from) => {
    expect(eligibleFrom(eligibilityInput(overrides))).toBe(from);
  });
});
