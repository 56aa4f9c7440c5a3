import { seasonStatus, SeasonStatus } from './season-status';

const season = { startsOn: '2026-09-01', endsOn: '2027-05-31' };

describe('seasonStatus', () => {
  test.each<[string, string, boolean, SeasonStatus]>([
    ['long before the start', '2026-03-01', false, 'PREPARING'],
    ['the day before startsOn', '2026-08-31', false, 'PREPARING'],
    ['on startsOn (before the first match day)', '2026-09-01', false, 'RUNNING'],
    ['in the middle of the competition', '2026-11-24', false, 'RUNNING'],
    ['on endsOn', '2027-05-31', false, 'RUNNING'],
    ['the day after endsOn', '2027-06-01', false, 'CLOSED'],
    ['archived while running', '2026-11-24', true, 'CLOSED'],
    ['archived before it started', '2026-03-01', true, 'CLOSED'],
    ['archived after it ended', '2027-07-01', true, 'CLOSED'],
  ])('%s (%s, archived %s) is %s', (_, today, archived, expected) => {
    expect(seasonStatus({ ...season, archived }, today)).toBe(expected);
  });
});
