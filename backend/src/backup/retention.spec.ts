import { addDays } from '../domain/dates';
import { backupKindOfWord, backupsToKeep, DEFAULT_RETENTION, retentionFromEnv, type BackupEntry, type BackupKind, type RetentionSettings } from './retention';

/** One backup per day at 04:00 UTC from `first` for `days` days, named by day. */
function daily(first: string, days: number, kind: BackupKind = 'schedule'): BackupEntry[] {
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return { name: day, kind, day, createdAt: new Date(`${day}T04:00:00Z`) };
  });
}
/** A backup at an ISO moment (its day: the UTC date, enough for these cases). */
const at = (name: string, kind: BackupKind, moment: string): BackupEntry => ({ name, kind, day: moment.slice(0, 10), createdAt: new Date(moment) });
/** Long after every backup of a case: the 24-hour rule keeps nothing by itself. */
const LATER = new Date('2030-01-01T00:00:00Z');
const kept = (backups: BackupEntry[], settings: RetentionSettings = DEFAULT_RETENTION, now = LATER) => [...backupsToKeep(backups, settings, now)].sort();

describe('backupsToKeep: the nightly backups', () => {
  test.each([
    // [what, backups, settings, expected kept names]
    ['nothing to keep of nothing', [], DEFAULT_RETENTION, []],
    ['fewer backups than days: all', daily('2026-11-20', 3), DEFAULT_RETENTION, ['2026-11-20', '2026-11-21', '2026-11-22']],
    [
      'daily 2, weekly 0, monthly 0: the two newest',
      daily('2026-11-20', 5),
      { daily: 2, weekly: 0, monthly: 0, last: 0 },
      ['2026-11-23', '2026-11-24'],
    ],
    [
      'all zero: still the newest',
      daily('2026-11-20', 5),
      { daily: 0, weekly: 0, monthly: 0, last: 0 },
      ['2026-11-24'],
    ],
    [
      'last 3 and nothing else: the three newest',
      daily('2026-11-20', 5),
      { daily: 0, weekly: 0, monthly: 0, last: 3 },
      ['2026-11-22', '2026-11-23', '2026-11-24'],
    ],
    [
      // 2026-11-30 is a Monday: the week it starts counts, then the weeks ending Sun 29 and 22
      'daily 0, weekly 3: the newest of each of the last three weeks (Monday–Sunday)',
      daily('2026-11-02', 29),
      { daily: 0, weekly: 3, monthly: 0, last: 0 },
      ['2026-11-22', '2026-11-29', '2026-11-30'],
    ],
    [
      'monthly 2: the newest of each of the last two months, and the newest',
      daily('2026-10-15', 40),
      { daily: 0, weekly: 0, monthly: 2, last: 0 },
      ['2026-10-31', '2026-11-23'],
    ],
  ])('%s', (_what, backups, settings, expected) => {
    expect(kept(backups as BackupEntry[], settings)).toEqual(expected);
  });

  test('a year of daily backups with the defaults keeps 7 days, 4 weeks, 12 months (overlapping)', () => {
    const backups = daily('2025-12-01', 366); // up to 2026-12-01 (a Tuesday)
    const result = kept(backups);
    const days = ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'];
    const weeks = ['2026-12-01', '2026-11-29', '2026-11-22', '2026-11-15']; // the newest of the weeks starting Nov 30, 23, 16, 9
    const months = ['2026-12-01', '2026-11-30', '2026-10-31', '2026-09-30', '2026-08-31', '2026-07-31', '2026-06-30', '2026-05-31', '2026-04-30', '2026-03-31', '2026-02-28', '2026-01-31'];
    expect(result).toEqual([...new Set([...days, ...weeks, ...months])].sort());
  });

  test('two nightly backups on one day: the later one counts for the day', () => {
    const backups: BackupEntry[] = [
      at('morning', 'schedule', '2026-11-26T04:00:00Z'),
      at('retry', 'schedule', '2026-11-26T04:30:00Z'),
      at('yesterday', 'schedule', '2026-11-25T04:00:00Z'),
    ];
    expect(kept(backups, { daily: 2, weekly: 0, monthly: 0, last: 0 })).toEqual(['retry', 'yesterday']);
  });
});

describe('backupsToKeep: each kind by itself (issue 45)', () => {
  const NONE = { daily: 0, weekly: 0, monthly: 0, last: 0 };
  test.each<[string, BackupEntry[], RetentionSettings, Date, string[]]>([
    [
      // the case: the first was deleted by the second
      'a second `npm run backup` the same day keeps the first',
      [at('hand-1', 'manual', '2026-11-26T09:00:00Z'), at('hand-2', 'manual', '2026-11-26T15:00:00Z'), ...daily('2026-11-20', 7)],
      { daily: 7, weekly: 0, monthly: 0 },
      new Date('2026-12-10T12:00:00Z'),
      ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', 'hand-1', 'hand-2'],
    ],
    [
      'a backup by hand does not count as the night\'s: the nightly of that day stays',
      [at('night', 'schedule', '2026-11-26T03:00:00Z'), at('hand', 'manual', '2026-11-26T20:00:00Z')],
      { daily: 1, weekly: 0, monthly: 0, last: 0 },
      new Date('2026-12-10T12:00:00Z'),
      ['hand', 'night'],
    ],
    [
      'the backup before an upgrade survives any number of later backups of other kinds',
      [at('upgrade', 'before-upgrade', '2026-10-01T10:00:00Z'), ...daily('2026-11-01', 30), ...daily('2026-11-01', 30, 'manual').map((b) => ({ ...b, name: `hand-${b.name}` }))],
      { daily: 1, weekly: 0, monthly: 0, last: 1 },
      new Date('2026-12-10T12:00:00Z'),
      ['2026-11-30', 'hand-2026-11-30', 'upgrade'],
    ],
    [
      'before a restore: its own kind, its newest `last`',
      [at('r1', 'before-restore', '2026-11-01T10:00:00Z'), at('r2', 'before-restore', '2026-11-02T10:00:00Z'), at('r3', 'before-restore', '2026-11-02T11:00:00Z')],
      { daily: 0, weekly: 0, monthly: 0, last: 2 },
      new Date('2026-12-10T12:00:00Z'),
      ['r2', 'r3'],
    ],
    [
      'younger than 24 hours: kept whatever the settings',
      [at('an-hour', 'manual', '2026-11-26T11:00:00Z'), at('five-hours', 'manual', '2026-11-26T07:00:00Z'), at('23h59', 'schedule', '2026-11-25T12:01:00Z'), at('old', 'schedule', '2026-11-20T12:00:00Z')],
      NONE,
      new Date('2026-11-26T12:00:00Z'),
      ['23h59', 'an-hour', 'five-hours'],
    ],
    [
      'exactly 24 hours old: no longer kept for its age',
      [at('day-old', 'manual', '2026-11-25T12:00:00Z'), at('newer', 'manual', '2026-11-26T06:00:00Z')],
      NONE,
      new Date('2026-11-26T12:00:00Z'),
      ['newer'],
    ],
  ])('%s', (_what, backups, settings, now, expected) => {
    expect(kept(backups, settings, now)).toEqual(expected);
  });
});

describe('the kinds on the command line', () => {
  test.each([
    ['handmatig', 'manual'],
    ['voor-upgrade', 'before-upgrade'],
    ['voor-herstel', 'before-restore'],
    ['gepland', 'schedule'],
    ['upgrade', null],
  ])('%s', (word, kind) => {
    expect(backupKindOfWord(word)).toBe(kind);
  });
});

describe('retentionFromEnv', () => {
  test.each([
    [{}, DEFAULT_RETENTION],
    [{ BACKUP_KEEP_DAILY: '3', BACKUP_KEEP_WEEKLY: '0', BACKUP_KEEP_MONTHLY: '24', BACKUP_KEEP_LAST: '2' }, { daily: 3, weekly: 0, monthly: 24, last: 2 }],
    [{ BACKUP_KEEP_DAILY: 'veel', BACKUP_KEEP_WEEKLY: '-1', BACKUP_KEEP_MONTHLY: '1.5', BACKUP_KEEP_LAST: '' }, DEFAULT_RETENTION],
  ])('%j', (env, expected) => {
    expect(retentionFromEnv(env as NodeJS.ProcessEnv)).toEqual(expected);
  });
});
