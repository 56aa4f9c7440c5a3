import { addDays } from '../domain/dates';
import { backupsToKeep, DEFAULT_RETENTION, retentionFromEnv, type BackupEntry } from './retention';

/** One backup per day at 04:00 UTC from `first` for `days` days, named by day. */
function daily(first: string, days: number): BackupEntry[] {
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return { name: day, day, createdAt: new Date(`${day}T04:00:00Z`) };
  });
}
const kept = (backups: BackupEntry[], settings = DEFAULT_RETENTION) => [...backupsToKeep(backups, settings)].sort();

describe('backupsToKeep', () => {
  test.each([
    // [what, backups, settings, expected kept names]
    ['nothing to keep of nothing', [], DEFAULT_RETENTION, []],
    ['fewer backups than days: all', daily('2026-11-20', 3), DEFAULT_RETENTION, ['2026-11-20', '2026-11-21', '2026-11-22']],
    [
      'daily 2, weekly 0, monthly 0: the two newest',
      daily('2026-11-20', 5),
      { daily: 2, weekly: 0, monthly: 0 },
      ['2026-11-23', '2026-11-24'],
    ],
    [
      'all zero: still the newest',
      daily('2026-11-20', 5),
      { daily: 0, weekly: 0, monthly: 0 },
      ['2026-11-24'],
    ],
    [
      // 2026-11-30 is a Monday: the week it starts counts, then the weeks ending Sun 29 and 22
      'daily 0, weekly 3: the newest of each of the last three weeks (Monday–Sunday)',
      daily('2026-11-02', 29),
      { daily: 0, weekly: 3, monthly: 0 },
      ['2026-11-22', '2026-11-29', '2026-11-30'],
    ],
    [
      'monthly 2: the newest of each of the last two months, and the newest',
      daily('2026-10-15', 40),
      { daily: 0, weekly: 0, monthly: 2 },
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

  test('two backups on one day: the later one counts for the day', () => {
    const backups: BackupEntry[] = [
      { name: 'morning', day: '2026-11-26', createdAt: new Date('2026-11-26T04:00:00Z') },
      { name: 'manual', day: '2026-11-26', createdAt: new Date('2026-11-26T15:00:00Z') },
      { name: 'yesterday', day: '2026-11-25', createdAt: new Date('2026-11-25T04:00:00Z') },
    ];
    expect([...backupsToKeep(backups, { daily: 2, weekly: 0, monthly: 0 })].sort()).toEqual(['manual', 'yesterday']);
  });
});

describe('retentionFromEnv', () => {
  test.each([
    [{}, DEFAULT_RETENTION],
    [{ BACKUP_KEEP_DAILY: '3', BACKUP_KEEP_WEEKLY: '0', BACKUP_KEEP_MONTHLY: '24' }, { daily: 3, weekly: 0, monthly: 24 }],
    [{ BACKUP_KEEP_DAILY: 'veel', BACKUP_KEEP_WEEKLY: '-1', BACKUP_KEEP_MONTHLY: '1.5' }, DEFAULT_RETENTION],
  ])('%j', (env, expected) => {
    expect(retentionFromEnv(env as NodeJS.ProcessEnv)).toEqual(expected);
  });
});
