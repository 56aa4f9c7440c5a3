// The outbox of the table's phone and the supervisor's console (issue 16): every entry,
// signature, refusal and decision is stored in IndexedDB (Dexie) *before* it is sent, with an
// idempotency key the API keeps, so a retry never doubles a set and nothing is lost when the
// connection drops, the page is reloaded offline or the browser closes the tab. Items leave
// the outbox only when the API has answered them: 2xx (stored) or a refusal the table must
// read (kept, marked "niet verstuurd", with the API's Dutch message).
//
// The service worker (public/sw.js) reads the same database for Background Sync (Chromium
// only); the page never relies on it: it sends when the connection returns, when it regains
// focus, and with "Nu versturen". Both may send the same item at once: the key makes it count once.
import Dexie, { type Table } from 'dexie';
import { FIXED_GAME_POINTS } from '@/components/matches/labels';
import { idempotencyKey, type GameInput, type Side, type TableView } from '@/lib/match-night';

/** What an item does; SIGNED_ENTRY is an entry with the opposing pair's signature given on the device. */
export type OutboxKind = 'ENTER' | 'SIGNED_ENTRY' | 'REFUSE' | 'DECISION';

export interface EntryBody {
  enteredBy: Side;
  games?: GameInput[];
  totals?: { home: number; away: number };
}

export interface OutboxItem {
  id?: number;
  /** `table:<code>` or `console:<matchId>`: whose list it is. */
  scope: string;
  kind: OutboxKind;
  setNumber: number;
  tableNumber: number | null;
  method: 'PUT' | 'POST';
  path: string;
  body: Record<string, unknown> & { idempotencyKey: string };
  createdAt: string;
  status: 'WAITING' | 'REFUSED';
  /** Why the API refused it (Dutch, shown at the table). */
  message: string | null;
}

interface StoredView {
  code: string;
  view: TableView;
  savedAt: string;
}

class OutboxDatabase extends Dexie {
  items!: Table<OutboxItem, number>;
  views!: Table<StoredView, string>;
  constructor() {
    super('tsbn-outbox');
    // public/sw.js opens this database without Dexie: keep the store names and keys in step.
    this.version(1).stores({ items: '++id, scope, status', views: 'code' });
  }
}

let database: OutboxDatabase | null = null;
const db = () => (database ??= new OutboxDatabase());

/**
 * iOS Safari drops the IndexedDB connection of a page that was in the background ("Connection
 * to Indexed Database server lost"); Dexie then reports the database closed. Reopen and try once more.
 */
async function withDb<T>(work: (d: OutboxDatabase) => Promise<T>): Promise<T> {
  try {
    return await work(db());
  } catch (error) {
    const text = `${(error as Error)?.name ?? ''} ${(error as Error)?.message ?? ''}`;
    if (!/DatabaseClosed|InvalidState|connection.*lost|UnknownError/i.test(text)) throw error;
    db().close();
    await db().open();
    return work(db());
  }
}

/** Called when the page becomes visible again: a connection iOS dropped in the background is reopened before anyone taps. */
export async function reopenOutbox(): Promise<void> {
  if (!db().isOpen()) await db().open().catch(() => undefined);
}

/** Ask the browser not to evict the outbox under storage pressure (granted silently to an installed or much-used site). */
export async function askPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}

export const tableScope = (code: string) => `table:${code}`;
export const consoleScope = (matchId: string) => `console:${matchId}`;

export function itemsOf(scope: string): Promise<OutboxItem[]> {
  return withDb((d) => d.items.where('scope').equals(scope).sortBy('id'));
}

export function waitingCount(items: readonly OutboxItem[]): number {
  return items.filter((i) => i.status === 'WAITING').length;
}

async function add(item: Omit<OutboxItem, 'createdAt' | 'status' | 'message' | 'body'> & { body: Record<string, unknown> }, replaces: (i: OutboxItem) => boolean) {
  await withDb((d) =>
    d.transaction('rw', d.items, async () => {
      // An unsent entry of the same set that this one replaces never needs to reach the server.
      const old = await d.items.where('scope').equals(item.scope).filter((i) => i.status === 'WAITING' && i.setNumber === item.setNumber && replaces(i)).primaryKeys();
      await d.items.bulkDelete(old);
      await d.items.add({ ...item, body: { ...item.body, idempotencyKey: idempotencyKey() }, createdAt: new Date().toISOString(), status: 'WAITING', message: null });
    }),
  );
  askBackgroundSync();
}

const tablePath = (code: string, setNumber: number, what = '') => `/api/table/${encodeURIComponent(code)}/sets/${setNumber}${what}`;

/** A pair enters (or changes) its set: replaces an unsent entry of that set. */
export function queueEntry(code: string, setNumber: number, body: EntryBody) {
  return add({ scope: tableScope(code), kind: 'ENTER', setNumber, tableNumber: null, method: 'PUT', path: tablePath(code, setNumber), body: { ...body } }, (i) => i.kind === 'ENTER');
}

/**
 * The opposing pair signs: sent as the entry it saw together with its signature, so the server
 * can tell a late identical signature (the same set) from a different one (a dispute), and a
 * signature never lands on an entry someone else changed meanwhile. Replaces the unsent entry.
 */
export function queueSignature(code: string, setNumber: number, entry: EntryBody, signedBy: Side) {
  return add({ scope: tableScope(code), kind: 'SIGNED_ENTRY', setNumber, tableNumber: null, method: 'PUT', path: tablePath(code, setNumber), body: { ...entry, signedBy } }, (i) => i.kind === 'ENTER');
}

export function queueRefusal(code: string, setNumber: number, side: Side, comment: string) {
  return add({ scope: tableScope(code), kind: 'REFUSE', setNumber, tableNumber: null, method: 'POST', path: tablePath(code, setNumber, '/refuse'), body: { side, comment } }, () => false);
}

/** The supervisor's decision on a seat (console), with its reason. */
export function queueDecision(matchId: string, setNumber: number, tableNumber: number, body: Record<string, unknown>) {
  return add(
    { scope: consoleScope(matchId), kind: 'DECISION', setNumber, tableNumber, method: 'POST', path: `/api/matches/${matchId}/sets/${setNumber}/tables/${tableNumber}/decision`, body },
    (i) => i.kind === 'DECISION' && i.tableNumber === tableNumber,
  );
}

/**
 * The table got a new code (the supervisor revoked the old one, issue 47): what this phone kept
 * under an earlier code of the same match and table moves to the new one, oldest first, with its
 * own key (the API keeps keys per table, so an item that did arrive under the old code counts
 * once). Which match and table an old code opened is known from the table this phone last saw
 * under it. Returns how many items moved.
 */
export async function moveToCode(code: string, matchId: string, tableNumber: number): Promise<number> {
  const here = tableScope(code);
  const others = (await itemsWithPrefix('table:')).filter((i) => i.scope !== here);
  let moved = 0;
  for (const scope of new Set(others.map((i) => i.scope))) {
    const old = scope.slice('table:'.length);
    const seen = await loadView(old);
    if (!seen || seen.view.match.id !== matchId || seen.view.tableNumber !== tableNumber) continue;
    const from = `/api/table/${encodeURIComponent(old)}/`;
    const to = `/api/table/${encodeURIComponent(code)}/`;
    moved += await withDb((d) =>
      d.transaction('rw', d.items, async () => {
        const items = await d.items.where('scope').equals(scope).toArray();
        for (const item of items) await d.items.update(item.id!, { scope: here, path: item.path.startsWith(from) ? to + item.path.slice(from.length) : item.path });
        return items.length;
      }),
    );
  }
  return moved;
}

/** Forget a refused item once the table has read it. */
export function dismiss(id: number) {
  return withDb((d) => d.items.delete(id));
}

export async function saveView(code: string, view: TableView) {
  await withDb((d) => d.views.put({ code, view, savedAt: new Date().toISOString() })).catch(() => undefined);
}

export function loadView(code: string): Promise<StoredView | undefined> {
  return withDb((d) => d.views.get(code)).catch(() => undefined);
}

/** Background Sync where the browser has it (Chromium): the worker sends even when the page is closed. Never relied on. */
function askBackgroundSync() {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register('tsbn-outbox'))
    .catch(() => undefined);
}

/**
 * The answer of one attempt: sent (with the API's answer), refused (the API said no), not
 * reached, or the table's code no longer works (a new code, issue 47): then the item stays
 * waiting for the new code (moveToCode), it is never marked refused and never dropped.
 */
export type Attempt = { sent: true; answer: unknown } | { sent: false; refused: true; message: string } | { sent: false; refused: false; codeGone?: string };

const LOCKED_MESSAGE = 'Niet verstuurd: de uitslag is al definitief. Vraag de wedstrijdleider als deze stand anders moet.';

async function attempt(item: OutboxItem): Promise<Attempt> {
  let res: Response;
  try {
    res = await fetch(item.path, { method: item.method, cache: 'no-store', headers: { 'content-type': 'application/json' }, body: JSON.stringify(item.body) });
  } catch {
    return { sent: false, refused: false };
  }
  const json = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string; details?: { message: string }[] } } | null;
  if (res.ok) return { sent: true, answer: json };
  // Not reached, or not now: the API or its database away (502–504), too many requests, a proxy's error page.
  if (res.status >= 500 || res.status === 429 || res.status === 408 || !json?.error) return { sent: false, refused: false };
  const error = json.error;
  if (res.status === 404 && error.code === 'TABLE_CODE_INVALID') return { sent: false, refused: false, codeGone: error.message ?? 'Deze tafelcode werkt niet meer.' };
  if (error.code === 'RESULT_LOCKED') return { sent: false, refused: true, message: LOCKED_MESSAGE };
  const lines = [error.message ?? 'De server weigerde dit.', ...(error.details ?? []).map((d) => d.message).filter((m) => m !== error.message)];
  return { sent: false, refused: true, message: `Niet verstuurd: ${lines.join(' ')}` };
}

const flushing = new Map<string, Promise<FlushResult>>();
/** One more run after the running one, for items stored after it read its list. */
const following = new Map<string, Promise<FlushResult>>();

export interface FlushResult {
  /** The last answer of the API (the table view or console match after the last item sent). */
  answer: unknown;
  sent: number;
  refused: number;
  /** Stopped because the API could not be reached. */
  offline: boolean;
  /** Stopped because the code stopped working (the API's words): what waits stays for the new code. */
  codeGone: string | null;
}

/**
 * Send the waiting items of one list, oldest first, one at a time (an entry before its
 * signature); stop at the first that cannot reach the API. One flush per list at a time; a call
 * while one runs gets one more run after it.
 */
export function flush(scope: string): Promise<FlushResult> {
  const running = flushing.get(scope);
  if (running) {
    // The running send read its list before this call: what was stored since (a signature right
    // after its entry, items moved from an old code) goes in one more run straight after it,
    // not at the next retry. Calls meanwhile share that one run.
    let next = following.get(scope);
    if (!next) {
      next = running
        .catch(() => undefined)
        .then(() => {
          following.delete(scope);
          return flush(scope);
        });
      following.set(scope, next);
    }
    return next;
  }
  const run = (async () => {
    const result: FlushResult = { answer: null, sent: 0, refused: 0, offline: false, codeGone: null };
    for (const item of await itemsOf(scope)) {
      if (item.status !== 'WAITING') continue;
      const outcome = await attempt(item);
      if (outcome.sent) {
        await withDb((d) => d.items.delete(item.id!));
        result.answer = outcome.answer;
        result.sent++;
      } else if (outcome.refused) {
        await withDb((d) => d.items.update(item.id!, { status: 'REFUSED', message: outcome.message }));
        result.refused++;
      } else {
        if (outcome.codeGone) result.codeGone = outcome.codeGone;
        else result.offline = true;
        break;
      }
    }
    return result;
  })().finally(() => flushing.delete(scope));
  flushing.set(scope, run);
  return run;
}

/** The points of a game as entered (the fixed kinds, or the penalty's points). */
const gamePointsOf = (g: GameInput) => (g.kind === 'PENALTY' ? (g.points ?? 0) : FIXED_GAME_POINTS[g.kind as keyof typeof FIXED_GAME_POINTS]);

function entryScore(body: EntryBody) {
  if (body.totals) return { games: [], homePoints: body.totals.home, awayPoints: body.totals.away };
  const games = (body.games ?? []).map((g) => ({ ...g, points: gamePointsOf(g), penaltyRule: g.penaltyRule ?? null }));
  const sum = (side: Side) => games.filter((g) => g.winner === side).reduce((s, g) => s + g.points, 0);
  return { games, homePoints: sum('HOME'), awayPoints: sum('AWAY') };
}

/**
 * The table as the phone knows it: the last view from the server with the waiting items laid
 * over it, so an entry or signature made offline shows as entered or signed (and survives a reload).
 */
export function withPending(view: TableView, items: readonly OutboxItem[]): TableView {
  const waiting = items.filter((i) => i.status === 'WAITING');
  if (waiting.length === 0) return view;
  const sets = view.sets.map((set) => {
    let next = set;
    for (const item of waiting.filter((i) => i.setNumber === set.setNumber)) {
      if (next.state === 'SIGNED' || next.state === 'CREDITED') break;
      if (item.kind === 'ENTER' || item.kind === 'SIGNED_ENTRY') {
        const body = item.body as unknown as EntryBody & { signedBy?: Side };
        const score = entryScore(body);
        next = {
          ...next,
          ...score,
          games: score.games as TableView['sets'][number]['games'],
          source: body.totals ? 'TOTALS' : 'GAMES',
          state: body.signedBy ? 'SIGNED' : 'ENTERED',
          enteredBySide: body.enteredBy,
          enteredAt: item.createdAt,
          signedBySide: body.signedBy ?? null,
          signedAt: body.signedBy ? item.createdAt : null,
          refusedBySide: null,
          refusalComment: null,
        };
      } else if (item.kind === 'REFUSE' && next.state === 'ENTERED') {
        next = { ...next, state: 'DISPUTED', refusedBySide: item.body.side as Side, refusalComment: String(item.body.comment ?? '') };
      }
    }
    return next;
  });
  const open = sets.find((s) => s.state === 'WAITING' || s.state === 'ENTERED');
  return { ...view, sets, currentSet: open ? open.setNumber : null };
}

/** "1 set wacht op verbinding", "2 sets wachten op verbinding" (sets, not requests: an entry and its signature are one). */
export function waitingText(items: readonly OutboxItem[], noun: [string, string] = ['set', 'sets']): string | null {
  const sets = new Set(items.filter((i) => i.status === 'WAITING').map((i) => `${i.tableNumber ?? ''}:${i.setNumber}`)).size;
  if (sets === 0) return null;
  return sets === 1 ? `1 ${noun[0]} wacht op verbinding` : `${sets} ${noun[1]} wachten op verbinding`;
}

/** Every list whose scope starts with `prefix` (the console: one list per match). */
export function itemsWithPrefix(prefix: string): Promise<OutboxItem[]> {
  return withDb((d) => d.items.where('scope').startsWith(prefix).sortBy('id'));
}

/** Send every list under `prefix`, each in its own order. */
export async function flushPrefix(prefix: string): Promise<FlushResult[]> {
  const scopes = [...new Set((await itemsWithPrefix(prefix)).filter((i) => i.status === 'WAITING').map((i) => i.scope))];
  const results: FlushResult[] = [];
  for (const scope of scopes) results.push(await flush(scope));
  return results;
}
