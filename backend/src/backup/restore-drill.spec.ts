import { drillDue, drillScheduleFromEnv, isScratchDatabaseOf, scratchDatabaseName } from './restore-drill';

const SUNDAY_0500 = drillScheduleFromEnv({});
const at = (iso: string) => new Date(iso);

describe('restore drills: the weekly slot (Sunday 05:00, Amsterdam) and the scratch databases', () => {
  test('the settings: RESTORE_DRILL_SCHEDULE, in BACKUP_TIME_ZONE', () => {
    expect(SUNDAY_0500).toEqual({ cron: '0 5 * * 0', timeZone: 'Europe/Amsterdam' });
    expect(drillScheduleFromEnv({ RESTORE_DRILL_SCHEDULE: ' 30 6 * * 3 ', BACKUP_TIME_ZONE: 'UTC' })).toEqual({ cron: '30 6 * * 3', timeZone: 'UTC' });
  });

  // 6 December 2026 is a Sunday; 05:00 in Amsterdam (winter) is 04:00 UTC.
  test.each<[string, string | null, string, boolean]>([
    ['never a drill: due', null, '2026-12-02T12:00:00Z', true],
    ['one on Sunday 05:00, asked on Wednesday: not due', '2026-12-06T04:00:10Z', '2026-12-09T12:00:00Z', false],
    ['one on Sunday 05:00, asked the next Sunday at 05:00: due', '2026-12-06T04:00:10Z', '2026-12-13T04:00:30Z', true],
    ['one a minute early (the job started early): not due again', '2026-12-06T03:59:30Z', '2026-12-06T04:01:00Z', false],
    ['the API was down on Sunday, started on Monday: due (the week is made up)', '2026-11-29T04:00:10Z', '2026-12-07T09:00:00Z', true],
    ['one by the start check on Monday, asked on Saturday: not due', '2026-12-07T09:10:00Z', '2026-12-12T23:00:00Z', false],
  ])('%s', (_what, last, now, due) => {
    expect(drillDue(last ? at(last) : null, SUNDAY_0500, at(now))).toBe(due);
  });

  test.each<[string, string, boolean]>([
    ['tsbn', 'tsbn_hersteltest_20261206_040012', true],
    ['tsbn', 'tsbn_herstel_20261206_040012', false],
    ['tsbn', 'tsbn_hersteltest_20261206_040012_x', false],
    ['tsbn', 'tsbn_test_hersteltest_20261206_040012', false],
    ['tsbn_test', 'tsbn_test_hersteltest_20261206_040012', true],
    ['tsbn', 'tsbn', false],
  ])('a scratch database of %s: %s → %s', (current, name, expected) => {
    expect(isScratchDatabaseOf(current, name)).toBe(expected);
  });

  test('the name: <db>_hersteltest_<moment UTC>, shortened to 63 characters; always recognised as scratch', () => {
    expect(scratchDatabaseName('tsbn', at('2026-12-06T04:00:12.345Z'))).toBe('tsbn_hersteltest_20261206_040012');
    const long = 'x'.repeat(60);
    const name = scratchDatabaseName(long, at('2026-12-06T04:00:12Z'));
    expect(name).toHaveLength(63);
    expect(isScratchDatabaseOf(long, name)).toBe(true);
    expect(isScratchDatabaseOf(long, long)).toBe(false);
  });
});
