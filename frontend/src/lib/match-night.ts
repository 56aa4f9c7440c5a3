// The match night at the table (docs/match-night.md): the shapes the screens use.
// Until the generated api-types carry the match-night endpoints these are written out here,
// in this one file, after the contract; then each becomes an alias of its Schemas entry.
import type { Schemas } from './api-core';

export type Side = Schemas['GameDto']['winner'];
export type GameKind = Schemas['GameDto']['kind'];
export type GameInput = Schemas['GameInputDto'];

export type SetState = 'WAITING' | 'ENTERED' | 'SIGNED' | 'DISPUTED' | 'CREDITED';

export interface TablePair {
  number: number;
  names: string[];
}

export interface TableSet {
  setNumber: number;
  homePair: TablePair;
  awayPair: TablePair;
  state: SetState;
  source: Schemas['SeatDto']['source'];
  games: Schemas['GameDto'][];
  homePoints: number | null;
  awayPoints: number | null;
  enteredBySide: Side | null;
  enteredAt: string | null;
  signedBySide: Side | null;
  signedAt: string | null;
  refusedBySide: Side | null;
  refusalComment: string | null;
  decisionReason: string | null;
  decidedAt: string | null;
}

export interface TableNotice {
  kind: Schemas['SupervisorActionDto']['kind'];
  setNumber: number;
  consequence: string;
  reason: string;
  createdAt: string;
}

export interface TableView {
  match: {
    id: string;
    date: string;
    startTime: string;
    round: number;
    division: string;
    home: { club: string; team: string };
    away: { club: string; team: string };
  };
  tableNumber: number;
  locked: boolean;
  /** Entering, signing and refusing are possible now (night open, result not locked). */
  writable: boolean;
  nightEndsAt: string;
  gamesPerSet: number;
  /** The first set that is not done; null when every set is. */
  currentSet: number | null;
  sets: TableSet[];
  notices: TableNotice[];
}

export interface MatchNight {
  matchId: string;
  open: boolean;
  opensOn: string;
  openedAt: string | null;
  endsAt: string | null;
  locked: boolean;
  tables: { tableNumber: number; code: string; displayCode: string; url: string; expiresAt: string; active: boolean }[];
}

export interface SeatAlert {
  kind: 'DISPUTE' | 'IMPOSSIBLE_SCORE';
  setNumber: number;
  tableNumber: number;
  message: string;
}

export type ConsoleSet = TableSet & { alerts: SeatAlert[] };

export interface ConsoleMatch {
  match: Schemas['MatchSummaryDto'];
  divisionName: string;
  venue: string | null;
  city: string | null;
  nightOpenedAt: string | null;
  nightEndsAt: string | null;
  counts: Record<SetState, number>;
  readyToConfirm: boolean;
  confirmations: { home: string | null; away: string | null };
  tables: { tableNumber: number; currentSet: number | null; sets: ConsoleSet[] }[];
  alerts: SeatAlert[];
}

/** "ABCDE23456" → "ABCDE-23456", as the code is printed on the table card. */
export function formatTableCode(code: string): string {
  return code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

/** What a person typed ("abcde-23456 ", with spaces or dashes) → the code as the API knows it. */
export function normaliseTableCode(typed: string): string {
  return typed.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** The state of a set in the table's own words. */
export const SET_STATE_LABELS: Record<SetState, string> = {
  WAITING: 'Wacht',
  ENTERED: 'Ingevoerd — wacht op handtekening',
  SIGNED: 'Ondertekend',
  DISPUTED: 'Betwist',
  CREDITED: 'Door de regels bepaald',
};

export const SET_STATE_SHORT: Record<SetState, string> = {
  WAITING: 'wacht',
  ENTERED: 'ingevoerd',
  SIGNED: 'ondertekend',
  DISPUTED: 'betwist',
  CREDITED: 'bepaald',
};

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

export type Sent<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/** A write from the browser to a match-night endpoint: the answer, or the envelope's message (with its details). */
export async function nightSend<T>(method: 'POST' | 'PUT', path: string, body: unknown = {}): Promise<Sent<T>> {
  try {
    const res = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.json().catch(() => null);
    if (res.ok) return { ok: true, data: json as T };
    const error = (json as { error?: { message?: string; details?: { message: string }[] } } | null)?.error;
    const message = [error?.message ?? 'Er ging iets mis.', ...(error?.details ?? []).map((d) => d.message).filter((m) => m !== error?.message)].join(' ');
    return { ok: false, status: res.status, message };
  } catch {
    return { ok: false, status: 0, message: 'De server is niet bereikbaar. Probeer het opnieuw.' };
  }
}

/** Per state, how many seats of a match are in it; and the points of the seats that count. */
export function nightSummary(tables: ConsoleMatch['tables']) {
  const seats = tables.flatMap((t) => t.sets);
  const counts = Object.fromEntries((['WAITING', 'ENTERED', 'SIGNED', 'DISPUTED', 'CREDITED'] as const).map((s) => [s, seats.filter((x) => x.state === s).length])) as Record<SetState, number>;
  const done = counts.SIGNED + counts.CREDITED;
  const home = seats.reduce((sum, s) => sum + (s.homePoints ?? 0), 0);
  const away = seats.reduce((sum, s) => sum + (s.awayPoints ?? 0), 0);
  return { seats: seats.length, counts, done, complete: seats.length > 0 && done === seats.length, home, away };
}
