// What a pair has typed but not yet saved, kept on the phone per match and table, not per code
// (issue 47, item 6): when the supervisor gives the table a new code, the old one stops working
// at once, and the half-entered set must come back under the new code, on the same phone,
// after a reload, and never be dropped. Small and synchronous, so it lives in localStorage;
// what was saved goes through the outbox (./outbox.ts), which moves to the new code by itself.
import type { SetDraftAtTable } from './[code]/set-draft';

export interface KeptDrafts {
  /** The typed sets, by set number. */
  drafts: Record<number, SetDraftAtTable>;
  /** Sets whose stored entry was being changed ("Invoer wijzigen"). */
  editing: Record<number, boolean>;
}

/** The night ends at 06:00; what was typed more than 16 hours ago belongs to another evening. */
const KEPT_MS = 16 * 60 * 60 * 1000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const keyOf = (matchId: string, tableNumber: number) => `tsbn-tafel-concept:${matchId}:${tableNumber}`;

const browserStore = (): Store | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage switched off (some private windows)
  }
};

const isSide = (v: unknown) => v === 'HOME' || v === 'AWAY' || v === null;

function isDraft(v: unknown): v is SetDraftAtTable {
  if (!v || typeof v !== 'object') return false;
  const d = v as Record<string, unknown>;
  return (d.mode === 'games' || d.mode === 'totals') && Array.isArray(d.games) && typeof d.home === 'string' && typeof d.away === 'string' && isSide(d.enteredBy);
}

/** The drafts kept for this table, or none (nothing kept, kept too long ago, or not readable). */
export function parseKept(text: string | null, now: Date): KeptDrafts {
  const none: KeptDrafts = { drafts: {}, editing: {} };
  if (!text) return none;
  try {
    const kept = JSON.parse(text) as { savedAt?: string; drafts?: Record<string, unknown>; editing?: Record<string, unknown> };
    const savedAt = Date.parse(kept.savedAt ?? '');
    if (!Number.isFinite(savedAt) || now.getTime() - savedAt > KEPT_MS) return none;
    const drafts: Record<number, SetDraftAtTable> = {};
    for (const [set, draft] of Object.entries(kept.drafts ?? {})) if (Number.isInteger(Number(set)) && isDraft(draft)) drafts[Number(set)] = draft;
    const editing: Record<number, boolean> = {};
    for (const [set, on] of Object.entries(kept.editing ?? {})) if (on === true && drafts[Number(set)]) editing[Number(set)] = true;
    return { drafts, editing };
  } catch {
    return none;
  }
}

export function loadDrafts(matchId: string, tableNumber: number, now = new Date(), store: Store | null = browserStore()): KeptDrafts {
  try {
    return parseKept(store?.getItem(keyOf(matchId, tableNumber)) ?? null, now);
  } catch {
    return { drafts: {}, editing: {} };
  }
}

/** Keep what is typed (or forget it when nothing is left). A full or blocked storage keeps the screen working: the draft then lives only on the screen. */
export function saveDrafts(matchId: string, tableNumber: number, kept: KeptDrafts, now = new Date(), store: Store | null = browserStore()): boolean {
  if (!store) return false;
  const key = keyOf(matchId, tableNumber);
  try {
    if (Object.keys(kept.drafts).length === 0) store.removeItem(key);
    else store.setItem(key, JSON.stringify({ savedAt: now.toISOString(), drafts: kept.drafts, editing: kept.editing }));
    return true;
  } catch {
    return false;
  }
}
