// The table's phone as a pure reducer (issue 47): the table as the server last showed it, what
// waits in the outbox, the set on screen, what is typed, the signature's second tap, the
// refusal's reason, and what the last tap did. The evening's states live in one place
// (`tableScreen`): entering, waiting for the signature, refused, decided, corrected, offline,
// and a code that stopped working. table-screen.tsx renders from it; table-state.spec.ts plays it.
import type { SetState, Side, TableSet, TableView } from '@/lib/match-night';
import { otherSide } from '@/lib/match-night';
import { withPending, type OutboxItem } from '../outbox';
import type { KeptDrafts } from '../draft-store';
import { draftOf, type SetDraftAtTable } from './set-draft';

export type Failure = { message: string; lines: string[] };

export interface TableState {
  /** The table as the server last answered it. */
  server: TableView;
  /** The order number of the request whose answer is shown: an older answer arriving later is dropped. */
  shown: number;
  items: OutboxItem[];
  chosen: number;
  drafts: Record<number, SetDraftAtTable>;
  editing: Record<number, boolean>;
  refusing: { side: Side; comment: string } | null;
  /** The signature asks once more: after it only the supervisor can change the set (Regel 15). */
  confirmingSign: boolean;
  /** A tap is being stored on the phone. */
  busy: boolean;
  /** The outbox is being sent. */
  sending: boolean;
  failure: Failure | null;
  done: string | null;
  /** The code stopped working (a new code, or the night is over): the API's words. */
  gone: string | null;
}

export type TableAction =
  | { type: 'view'; asked: number; view: TableView }
  | { type: 'gone'; asked: number; message: string }
  | { type: 'items'; items: OutboxItem[] }
  /** The phone's own memory on opening: a newer table than the page, the outbox, what was typed (also under an earlier code). */
  | { type: 'opened'; view: TableView | null; items: OutboxItem[]; kept: KeptDrafts }
  | { type: 'choose'; setNumber: number }
  | { type: 'draft'; setNumber: number; draft: SetDraftAtTable }
  /** "Invoer wijzigen": the stored entry becomes a draft. */
  | { type: 'edit'; setNumber: number }
  /** "Niet wijzigen". */
  | { type: 'keep'; setNumber: number }
  | { type: 'refuse'; side: Side }
  | { type: 'refusal'; comment: string }
  | { type: 'cancelRefusal' }
  | { type: 'askSign' }
  | { type: 'cancelSign' }
  /** A check on the phone (nothing stored): what is missing or impossible. */
  | { type: 'problem'; failure: Failure }
  | { type: 'storing' }
  /** IndexedDB refused (storage full, private window). */
  | { type: 'notStored' }
  | { type: 'stored'; what: 'entry' | 'signature' | 'refusal'; setNumber: number; message: string }
  | { type: 'sending'; on: boolean };

export function initialTable(view: TableView): TableState {
  return {
    server: view,
    shown: 0,
    items: [],
    chosen: view.currentSet ?? view.sets.length,
    drafts: {},
    editing: {},
    refusing: null,
    confirmingSign: false,
    busy: false,
    sending: false,
    failure: null,
    done: null,
    gone: null,
  };
}

/** Signed or credited sets take no entry at the table: a draft of them is moot. */
const closedAt = (view: TableView) => new Set(view.sets.filter((s) => s.state === 'SIGNED' || s.state === 'CREDITED').map((s) => s.setNumber));

function withoutClosed(state: TableState, view: TableView): Pick<TableState, 'drafts' | 'editing'> {
  const closed = closedAt(view);
  const keep = <T>(all: Record<number, T>) => Object.fromEntries(Object.entries(all).filter(([n]) => !closed.has(Number(n)))) as Record<number, T>;
  return { drafts: keep(state.drafts), editing: keep(state.editing) };
}

const without = <T>(all: Record<number, T>, n: number) => Object.fromEntries(Object.entries(all).filter(([k]) => Number(k) !== n)) as Record<number, T>;

const quiet = { failure: null, done: null } as const;

export function tableReducer(state: TableState, action: TableAction): TableState {
  switch (action.type) {
    case 'view':
      if (action.asked < state.shown || state.gone) return state;
      return { ...state, server: action.view, shown: action.asked, ...withoutClosed(state, action.view) };
    case 'gone':
      if (action.asked < state.shown) return state;
      // Nothing is dropped: the outbox and the drafts stay on the phone for the new code.
      return { ...state, gone: action.message, shown: action.asked, busy: false, sending: false, refusing: null, confirmingSign: false };
    case 'items':
      return { ...state, items: action.items };
    case 'opened': {
      const server = action.view ?? state.server;
      const kept = withoutClosed({ ...state, drafts: action.kept.drafts, editing: action.kept.editing }, server);
      const drafts = { ...kept.drafts, ...state.drafts };
      const editing = { ...kept.editing, ...state.editing };
      // On to the set being typed, else the first set still open (sets done offline count).
      const typed = Object.keys(drafts).map(Number).sort((a, b) => a - b)[0];
      const open = withPending(server, action.items).currentSet;
      return { ...state, server, items: action.items, drafts, editing, chosen: typed ?? open ?? state.chosen };
    }
    case 'choose':
      return { ...state, chosen: action.setNumber, ...quiet, refusing: null, confirmingSign: false };
    case 'draft':
      return { ...state, drafts: { ...state.drafts, [action.setNumber]: action.draft } };
    case 'edit': {
      const set = tableScreen(state, true).view.sets.find((s) => s.setNumber === action.setNumber);
      if (!set) return state;
      return { ...state, drafts: { ...state.drafts, [action.setNumber]: draftOf(set, state.server.gamesPerSet) }, editing: { ...state.editing, [action.setNumber]: true }, ...quiet };
    }
    case 'keep':
      return { ...state, drafts: without(state.drafts, action.setNumber), editing: without(state.editing, action.setNumber), ...quiet };
    case 'refuse':
      return { ...state, refusing: { side: action.side, comment: '' }, confirmingSign: false, ...quiet };
    case 'refusal':
      return state.refusing ? { ...state, refusing: { ...state.refusing, comment: action.comment } } : state;
    case 'cancelRefusal':
      return { ...state, refusing: null };
    case 'askSign':
      return { ...state, confirmingSign: true, refusing: null };
    case 'cancelSign':
      return { ...state, confirmingSign: false };
    case 'problem':
      return { ...state, failure: action.failure, done: null };
    case 'storing':
      return { ...state, busy: true, ...quiet };
    case 'notStored':
      return {
        ...state,
        busy: false,
        done: null,
        failure: { message: 'Deze telefoon kon de invoer niet bewaren (opslag vol of privévenster?). Probeer het opnieuw of gebruik een andere telefoon.', lines: [] },
      };
    case 'stored': {
      const next = { ...state, busy: false, failure: null, done: action.message };
      if (action.what === 'entry') return { ...next, drafts: without(state.drafts, action.setNumber), editing: without(state.editing, action.setNumber) };
      if (action.what === 'signature') return { ...next, confirmingSign: false };
      return { ...next, refusing: null };
    }
    case 'sending':
      return { ...state, sending: action.on };
  }
}

/**
 * Where the set on screen is in the evening:
 * - entering: the pair types the set (not yet entered, or changing its entry);
 * - signing: entered, waiting for the other pair's signature (or `refusing` its reason);
 * - refused: not signed, the supervisor decides (DISPUTED);
 * - decided: the supervisor decided it; corrected: the supervisor changed a signed set;
 * - signed, credited: done;
 * - closed: the night is not open (nothing to enter yet); locked: the result is final;
 * - gone: this code stopped working.
 */
export type Phase = 'gone' | 'locked' | 'closed' | 'entering' | 'signing' | 'refusing' | 'refused' | 'decided' | 'corrected' | 'signed' | 'credited';

export interface TableScreenModel {
  /** The server's table with what waits in the outbox laid over it. */
  view: TableView;
  set: TableSet;
  draft: SetDraftAtTable;
  phase: Phase;
  /** The pair that signs the set on screen. */
  signer: Side;
  /** Something of this set is kept on the phone, not yet sent. */
  pending: boolean;
  /** No connection, or something waits to be sent. */
  offline: boolean;
  /** A set is being typed or refused: a new version of the page waits. */
  midEntry: boolean;
}

function phaseOf(state: TableState, view: TableView, set: TableSet): Phase {
  if (state.gone) return 'gone';
  if (view.locked) return 'locked';
  const state_: SetState = set.state;
  if (view.writable && (state_ === 'WAITING' || (state_ === 'ENTERED' && state.editing[set.setNumber]))) return 'entering';
  if (state_ === 'ENTERED' && view.writable) return state.refusing ? 'refusing' : 'signing';
  if (state_ === 'DISPUTED') return 'refused';
  if (state_ === 'CREDITED') return 'credited';
  if (state_ === 'SIGNED' && set.decidedAt) return set.signedBySide ? 'corrected' : 'decided';
  if (state_ === 'SIGNED') return 'signed';
  return 'closed';
}

export function tableScreen(state: TableState, online: boolean): TableScreenModel {
  const view = withPending(state.server, state.items);
  const set = view.sets.find((s) => s.setNumber === state.chosen) ?? view.sets[0];
  const draft = state.drafts[set.setNumber] ?? draftOf(set, view.gamesPerSet);
  const phase = phaseOf(state, view, set);
  const waiting = state.items.some((i) => i.status === 'WAITING');
  return {
    view,
    set,
    draft,
    phase,
    signer: set.enteredBySide ? otherSide(set.enteredBySide) : 'AWAY',
    pending: state.items.some((i) => i.status === 'WAITING' && i.setNumber === set.setNumber),
    offline: !online || waiting,
    midEntry: state.refusing !== null || (phase === 'entering' && state.drafts[set.setNumber] !== undefined),
  };
}

/** What the phone keeps for this table when the code stops working: the sets waiting in the outbox, and the sets typed but not saved. */
export function keptForNewCode(state: Pick<TableState, 'items' | 'drafts'>): { waiting: number[]; typed: number[] } {
  const waiting = [...new Set(state.items.filter((i) => i.status === 'WAITING').map((i) => i.setNumber))].sort((a, b) => a - b);
  const typed = Object.keys(state.drafts)
    .map(Number)
    .filter((n) => !waiting.includes(n))
    .sort((a, b) => a - b);
  return { waiting, typed };
}
