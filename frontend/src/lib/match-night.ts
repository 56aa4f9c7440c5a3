// The match night at the table (docs/match-night.md): the generated shapes under the names
// the screens use, and the small helpers they share.
import type { Schemas } from './api-core';
import { DECIDED_SET, SET_STATES } from './vocabulary';

export type Side = Schemas['Side'];
export type GameKind = Schemas['GameDto']['kind'];
export type GameInput = Schemas['GameInputDto'];
export type SetState = Schemas['SeatState'];
export type TableSet = Schemas['TableSetDto'];
export type TableView = Schemas['TableViewDto'];
export type MatchNight = Schemas['MatchNightDto'];
export type SeatAlert = Schemas['AlertDto'];
export type ConsoleSet = Schemas['ConsoleSeatDto'];
export type ConsoleMatch = Schemas['ConsoleMatchDto'];

/** "ABCDE23456" → "ABCDE-23456", as the code is printed on the table card. */
export function formatTableCode(code: string): string {
  return code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

/** What a person typed ("abcde-23456 ", with spaces or dashes) → the code as the API knows it. */
export function normaliseTableCode(typed: string): string {
  return typed.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** The state of a set in the table's own words (lib/vocabulary.ts). */
export const SET_STATE_LABELS = Object.fromEntries(Object.entries(SET_STATES).map(([state, w]) => [state, w.label])) as Record<SetState, string>;

export const SET_STATE_SHORT = Object.fromEntries(Object.entries(SET_STATES).map(([state, w]) => [state, w.short])) as Record<SetState, string>;

/** The sign of a set's state in a cell or a tab: ✓ for every final set. */
export const SET_STATE_MARKS = Object.fromEntries(Object.entries(SET_STATES).map(([state, w]) => [state, w.mark])) as Record<SetState, string>;

/** A set's state in full, "Beslist door de wedstrijdleider" for a signed set the wedstrijdleider decided. */
export function setStateLabel(set: { state: SetState; decidedAt?: string | null }): string {
  return set.state === 'SIGNED' && set.decidedAt ? DECIDED_SET.label : SET_STATES[set.state].label;
}

export const SET_STATE_TONE: Record<SetState, 'neutral' | 'warn' | 'good' | 'bad' | 'info'> = {
  WAITING: 'neutral',
  ENTERED: 'warn',
  SIGNED: 'good',
  DISPUTED: 'bad',
  CREDITED: 'info',
};

export const otherSide = (side: Side): Side => (side === 'HOME' ? 'AWAY' : 'HOME');

/** A key that makes a retried request count once (the API stores the first answer); works outside HTTPS too. */
export function idempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Per state, how many seats of a match are in it (the score is the API's: ConsoleMatch.score, the same on every screen). */
export function nightSummary(tables: ConsoleMatch['tables']) {
  const seats = tables.flatMap((t) => t.sets);
  const counts = Object.fromEntries((['WAITING', 'ENTERED', 'SIGNED', 'DISPUTED', 'CREDITED'] as const).map((s) => [s, seats.filter((x) => x.state === s).length])) as Record<SetState, number>;
  const done = counts.SIGNED + counts.CREDITED;
  return { seats: seats.length, counts, done, complete: seats.length > 0 && done === seats.length };
}
