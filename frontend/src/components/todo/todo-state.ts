// Which badge a to-do item carries (issue 23 item 10): "te laat" only when the item's own term
// has passed on today's date in the Netherlands, by the rule that sets the term (RULES.md).
// Pure, so its spec runs on a fixed clock.
import type { Schemas } from '@/lib/api-core';
// Relative, not '@/': the unit tests (jest, no path aliases) import this file.
import { taskCount, TODO_STATES } from '../../lib/vocabulary';

type TodoItem = Pick<Schemas['TodoItemDto'], 'kind' | 'date' | 'urgent'> & { info?: boolean };
export type TodoState = (typeof TODO_STATES)[keyof typeof TODO_STATES];

/** The kinds whose `date` is a term that can pass: the deadline, the match day, the due date. */
const TERM_PASSES_AFTER_DATE: ReadonlySet<TodoItem['kind']> = new Set([
  'MEMBER_LIST_MISSING', // Regel 1: the list's deadline
  'RESULT_NOT_ENTERED', // the match day: entered and signed that evening
  'RESULT_NOT_CONFIRMED', // the match day
  'FINE_OVERDUE', // Regel 12B: the due date
]);

/** "2026-11-28": the calendar day in the Netherlands at `now`. */
export function dutchToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function todoState(item: TodoItem, now: Date): TodoState {
  // Nothing to do for this viewer (a fine the federation proposes to a secretary's club).
  if (item.info) return TODO_STATES.INFO;
  switch (item.kind) {
    // A refused result or signature waits for the other team or the wedstrijdleider: no term passes (Regel 35B).
    case 'RESULT_DISPUTED':
      return TODO_STATES.DISPUTED;
    case 'TABLE_DISPUTE':
    case 'IMPOSSIBLE_SCORE':
      return TODO_STATES.DECISION;
  }
  if (TERM_PASSES_AFTER_DATE.has(item.kind) && item.date !== null && item.date < dutchToday(now)) return TODO_STATES.LATE;
  return item.urgent ? TODO_STATES.PRESSING : TODO_STATES.OPEN;
}

/** "3 taken, waarvan 1 te laat en 1 dringend". */
export function todoSummary(items: TodoItem[], now: Date): string {
  const states = items.map((i) => todoState(i, now));
  const late = states.filter((s) => s === TODO_STATES.LATE).length;
  const pressing = states.filter((s) => s.tone === 'bad' && s !== TODO_STATES.LATE).length;
  const parts = [late ? `${late} ${TODO_STATES.LATE.label}` : '', pressing ? `${pressing} ${pressing === 1 ? 'vraagt' : 'vragen'} nu aandacht` : ''].filter(Boolean);
  const count = taskCount(items.length);
  return parts.length ? `${count}, waarvan ${parts.join(' en ')}` : count;
}
