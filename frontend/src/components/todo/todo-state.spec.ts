/// <reference types="jest" />
// The to-do list's badges on a fixed clock (issue 23 item 10): a dispute filed minutes ago is
// not "te laat"; only an item whose own term has passed on the Dutch calendar is.
import { dutchToday, todoState, todoSummary } from './todo-state';

type Item = Parameters<typeof todoState>[0];

/** Saturday 28 November 2026, 21:40 in the Netherlands: a demo match evening. */
const EVENING = new Date('2026-11-28T20:40:00Z');
/** Sunday 29 November 2026, 00:30 in the Netherlands (still the 28th in UTC). */
const AFTER_MIDNIGHT = new Date('2026-11-28T23:30:00Z');

const item = (kind: Item['kind'], date: string | null, urgent: boolean): Item => ({ kind, date, urgent });

describe('todoState', () => {
  it('knows the Dutch calendar day, not the UTC one', () => {
    expect(dutchToday(EVENING)).toBe('2026-11-28');
    expect(dutchToday(AFTER_MIDNIGHT)).toBe('2026-11-29');
  });

  test.each([
    // a dispute or a refusal waits for a decision (Regel 35B): never late, however old
    ['a result disputed minutes ago', item('RESULT_DISPUTED', '2026-11-28', true), EVENING, 'betwist'],
    ['a result disputed last week', item('RESULT_DISPUTED', '2026-11-21', true), EVENING, 'betwist'],
    ['a refusal at the table tonight', item('TABLE_DISPUTE', '2026-11-28', true), EVENING, 'beslissing nodig'],
    ['an impossible score tonight', item('IMPOSSIBLE_SCORE', '2026-11-28', true), EVENING, 'beslissing nodig'],
    // a result is entered and confirmed on the match evening: late from the next day
    ['tonight\'s result, not yet entered', item('RESULT_NOT_ENTERED', '2026-11-28', false), EVENING, 'open'],
    ['tonight\'s result after midnight', item('RESULT_NOT_ENTERED', '2026-11-28', false), AFTER_MIDNIGHT, 'te laat'],
    ['yesterday\'s result, not confirmed', item('RESULT_NOT_CONFIRMED', '2026-11-27', true), EVENING, 'te laat'],
    // Regel 1: the member list's deadline day itself is still in time
    ['a member list due today', item('MEMBER_LIST_MISSING', '2026-11-28', false), EVENING, 'open'],
    ['a member list due yesterday', item('MEMBER_LIST_MISSING', '2026-11-27', true), EVENING, 'te laat'],
    // Regel 12B: past the due date
    ['a fine past its due date', item('FINE_OVERDUE', '2026-11-20', true), EVENING, 'te laat'],
    ['a fine due in a week', item('FINE_DUE', '2026-12-05', false), EVENING, 'open'],
    // a line-up is due before the match starts: pressing on the day, never late
    ['a line-up for tonight', item('LINEUP_MISSING', '2026-11-28', true), EVENING, 'dringend'],
    ['a line-up for next week', item('LINEUP_MISSING', '2026-12-05', false), EVENING, 'open'],
    ['an old backup', item('BACKUP_OVERDUE', '2026-11-26', true), EVENING, 'dringend'],
    // issue 47: a team leader's remark waits to be read; a fine the federation proposes is news for a secretary
    ['a remark from last night', item('MATCH_REMARK', '2026-11-27', false), EVENING, 'open'],
    ['a fine proposal, for information', { ...item('FINE_PROPOSED', '2026-11-20', false), info: true }, EVENING, 'ter informatie'],
  ])('%s: %s', (_name, todo, now, label) => {
    expect(todoState(todo, now).label).toBe(label);
  });
});

describe('todoSummary', () => {
  it('counts tasks, not "punten", and calls late only what is late', () => {
    const items = [item('RESULT_DISPUTED', '2026-11-28', true), item('RESULT_NOT_ENTERED', '2026-11-27', true), item('FINE_DUE', '2026-12-05', false)];
    expect(todoSummary(items, EVENING)).toBe('3 taken, waarvan 1 te laat en 1 vraagt nu aandacht');
    expect(todoSummary([item('TABLE_DISPUTE', '2026-11-28', true)], EVENING)).toBe('1 taak, waarvan 1 vraagt nu aandacht');
    expect(todoSummary([item('FINE_DUE', '2026-12-05', false), item('FINE_PROPOSED', '2026-11-28', false)], EVENING)).toBe('2 taken');
  });
});
