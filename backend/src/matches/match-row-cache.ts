/**
 * The rows a process's table writes left, kept for the next write on the same match (issue 22:
 * a lone table write spent a third of its time loading the match it had just written). A kept
 * row is used only while the match's fingerprint (match-load.ts: the versions of every row the
 * load reads) is the one kept with it; anything else (another process, a supervisor, a line-up,
 * a member's new name) changes the fingerprint, and the write loads the match as before, in the
 * same statement. Only a table write keeps a row; what it keeps is the row as its transaction
 * left it (rowAfter with what storeStateChanges wrote), with the fingerprint that transaction
 * gave it: the versions of the rows it wrote are its own transaction's, the rest as loaded.
 *
 * MATCH_ROW_CACHE_CHECK=1 (the test suite): every kept row that is used is compared with a
 * fresh load first and frozen when kept, so a difference or a change to a kept row fails loudly.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Fingerprint } from './match-load';
import type { MatchRow } from './match-row';
import type { StoredChanges } from './match.repository';
import { makeRoomFor } from '../common/bounded';

export interface KeptRow {
  fingerprint: Fingerprint;
  row: MatchRow;
}

/** Rows for this many matches at most (a night has 30 in all; a row is some 100–200 kB), the least recently kept going first. */
const KEPT_MAX = 64;

/** MATCH_ROW_CACHE_CHECK=1: kept rows are compared with a fresh load when used, and frozen while kept. */
export const checkKeptRows = (): boolean => process.env.MATCH_ROW_CACHE_CHECK === '1';

export class MatchRowCache {
  private readonly kept = new Map<string, KeptRow>();
  /** Table writes that found their match as kept (no load), those that loaded it, and table page reads answered from a kept row. */
  readonly counts = { used: 0, loaded: 0, reads: 0 };

  get(matchId: string): KeptRow | null {
    return this.kept.get(matchId) ?? null;
  }

  /** Counts a table write's read: the kept row used, or the match loaded. */
  count(used: boolean): void {
    if (used) this.counts.used++;
    else this.counts.loaded++;
  }

  keep(matchId: string, entry: KeptRow): void {
    this.kept.delete(matchId);
    makeRoomFor(this.kept, matchId, KEPT_MAX);
    this.kept.set(matchId, checkKeptRows() ? { fingerprint: entry.fingerprint, row: deepFreeze(entry.row) } : entry);
  }

  forget(matchId: string): void {
    this.kept.delete(matchId);
  }

  /**
   * Matches whose kept row was not current at this process's last table write on them: another
   * process (or a supervisor, a line-up …) writes them too. Their next write does not send its
   * changes on the kept row unchecked; it reads the fingerprint first (and loads when it differs),
   * until a write finds the kept row current again.
   */
  private readonly contended = new Set<string>();

  /** Whether the match's next table write should read its fingerprint before it sends its changes. */
  isContended(matchId: string): boolean {
    return this.contended.has(matchId);
  }

  /** What a table write found: the kept row current (or not). */
  found(matchId: string, current: boolean): void {
    this.contended.delete(matchId);
    if (current) return;
    makeRoomFor(this.contended, matchId, KEPT_MAX);
    this.contended.add(matchId);
  }
}

/**
 * The `own` fingerprint (match-load.ts: the match row's version) the match has once this
 * transaction (`transaction`, its id as a row's xmin shows it) committed what storeStateChanges
 * wrote: a write that changed anything (the match row, its sets or games) updated the match row
 * too, so the row carries the transaction's id; a write that changed nothing leaves it as it was.
 */
export function ownAfter(own: string, stored: Pick<StoredChanges, 'changed'>, transaction: string): string {
  return stored.changed ? transaction : own;
}

/** A kept row against a fresh load of the same match (MATCH_ROW_CACHE_CHECK): throws with the first difference. */
export function assertSameRow(kept: MatchRow, loaded: MatchRow): void {
  const plain = (row: MatchRow) => JSON.parse(JSON.stringify(row)) as unknown;
  const a = plain(kept);
  const b = plain(loaded);
  if (isDeepStrictEqual(a, b)) return;
  throw new Error(`Bewaarde wedstrijdrij wijkt af van de database: ${firstDifference(a, b, '')}`);
}

function firstDifference(a: unknown, b: unknown, path: string): string {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const x = (a as Record<string, unknown>)[key];
      const y = (b as Record<string, unknown>)[key];
      if (!isDeepStrictEqual(x, y)) return firstDifference(x, y, `${path}.${key}`);
    }
  }
  return `${path}: bewaard ${JSON.stringify(a)}, geladen ${JSON.stringify(b)}`;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
