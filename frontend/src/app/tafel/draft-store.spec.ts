/// <reference types="jest" />
import { emptyGame } from '@/components/matches/result-draft';
import { loadDrafts, parseKept, saveDrafts } from './draft-store';

class MemoryStore {
  readonly data = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

const evening = new Date('2026-11-20T20:15:00Z');
const draft = { mode: 'totals' as const, games: Array.from({ length: 4 }, emptyGame), home: '5', away: '3', enteredBy: 'AWAY' as const };

describe('what a pair typed is kept per match and table (not per code)', () => {
  it('comes back for the same match and table, not for another table', () => {
    const store = new MemoryStore();
    expect(saveDrafts('m1', 3, { drafts: { 2: draft }, editing: { 2: true } }, evening, store)).toBe(true);
    expect(loadDrafts('m1', 3, evening, store)).toEqual({ drafts: { 2: draft }, editing: { 2: true } });
    expect(loadDrafts('m1', 4, evening, store)).toEqual({ drafts: {}, editing: {} });
    expect(loadDrafts('m2', 3, evening, store)).toEqual({ drafts: {}, editing: {} });
  });

  it('is forgotten when nothing is typed any more', () => {
    const store = new MemoryStore();
    saveDrafts('m1', 3, { drafts: { 2: draft }, editing: {} }, evening, store);
    saveDrafts('m1', 3, { drafts: {}, editing: {} }, evening, store);
    expect(store.data.size).toBe(0);
  });

  it('belongs to one evening: not brought back the next day', () => {
    const store = new MemoryStore();
    saveDrafts('m1', 3, { drafts: { 2: draft }, editing: {} }, evening, store);
    expect(loadDrafts('m1', 3, new Date('2026-11-21T05:59:00Z'), store).drafts).toEqual({ 2: draft });
    expect(loadDrafts('m1', 3, new Date('2026-11-21T14:00:00Z'), store).drafts).toEqual({});
  });

  test.each([
    ['not JSON', '{nope'],
    ['no moment', JSON.stringify({ drafts: { 2: draft } })],
    ['a draft of another shape', JSON.stringify({ savedAt: evening.toISOString(), drafts: { 2: { mode: 'x' } } })],
  ])('something unreadable (%s) is ignored, never a broken screen', (_name, text) => {
    expect(parseKept(text, evening)).toEqual({ drafts: {}, editing: {} });
  });

  it('an editing mark without its draft is dropped', () => {
    expect(parseKept(JSON.stringify({ savedAt: evening.toISOString(), drafts: {}, editing: { 2: true } }), evening)).toEqual({ drafts: {}, editing: {} });
  });

  it('a full or blocked storage says so and does not throw (the draft then lives on the screen)', () => {
    const store = new MemoryStore();
    store.full = true;
    expect(saveDrafts('m1', 3, { drafts: { 2: draft }, editing: {} }, evening, store)).toBe(false);
    expect(saveDrafts('m1', 3, { drafts: { 2: draft }, editing: {} }, evening, null)).toBe(false);
  });
});
