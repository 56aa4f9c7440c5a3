/// <reference types="jest" />
import type { TableSet, TableView } from '@/lib/match-night';
import { emptyGame } from '@/components/matches/result-draft';
import type { OutboxItem } from '../outbox';
import type { SetDraftAtTable } from './set-draft';
import { initialTable, keptForNewCode, TableAction, tableReducer, tableScreen, TableState } from './table-state';

const seat = (setNumber: number, over: Partial<TableSet> = {}): TableSet => ({
  setNumber,
  homePair: { number: 3, names: ['Pinas', 'Kross'] },
  awayPair: { number: ((setNumber + 1) % 6) + 1, names: ['Linger', 'Dors'] },
  state: 'WAITING',
  source: null,
  games: [],
  homePoints: null,
  awayPoints: null,
  enteredBySide: null,
  enteredAt: null,
  signedBySide: null,
  signedAt: null,
  refusedBySide: null,
  refusalComment: null,
  decisionReason: null,
  decidedAt: null,
  ...over,
});

const entered = (n: number, over: Partial<TableSet> = {}) => seat(n, { state: 'ENTERED', source: 'TOTALS', homePoints: 7, awayPoints: 1, enteredBySide: 'HOME', enteredAt: '2026-11-20T19:40:00Z', ...over });
const signed = (n: number, over: Partial<TableSet> = {}) => entered(n, { state: 'SIGNED', signedBySide: 'AWAY', signedAt: '2026-11-20T19:45:00Z', ...over });

function table(sets: TableSet[], over: Partial<TableView> = {}): TableView {
  const all = Array.from({ length: 6 }, (_, i) => sets.find((s) => s.setNumber === i + 1) ?? seat(i + 1));
  const open = all.find((s) => s.state === 'WAITING' || s.state === 'ENTERED');
  return {
    match: { id: 'm1', date: '2026-11-20', startTime: '20:00', round: 4, division: 'Hoofdklasse', home: { team: 'Paramaribo Boys 1' }, away: { team: 'Kaiman 1' } } as TableView['match'],
    tableNumber: 3,
    locked: false,
    finality: null,
    writable: true,
    nightEndsAt: '2026-11-21T05:00:00Z',
    gamesPerSet: 4,
    gameKinds: [],
    penaltyRules: [],
    currentSet: open ? open.setNumber : null,
    sets: all,
    notices: [],
    ...over,
  };
}

const totals = (home: string, away: string): SetDraftAtTable => ({ mode: 'totals', games: Array.from({ length: 4 }, emptyGame), home, away, enteredBy: 'HOME' });

const item = (setNumber: number, over: Partial<OutboxItem> = {}): OutboxItem => ({
  id: setNumber,
  scope: 'table:ABCDE23456',
  kind: 'ENTER',
  setNumber,
  tableNumber: null,
  method: 'PUT',
  path: `/api/table/ABCDE23456/sets/${setNumber}`,
  body: { idempotencyKey: `key-${setNumber}-abcdef`, enteredBy: 'HOME', totals: { home: 5, away: 3 } },
  createdAt: '2026-11-20T19:50:00Z',
  status: 'WAITING',
  message: null,
  ...over,
});

const play = (state: TableState, ...actions: TableAction[]) => actions.reduce(tableReducer, state);
const start = (sets: TableSet[] = [], over: Partial<TableView> = {}) => initialTable(table(sets, over));
/** The same, with set 1 on screen (the phone opens on the set that is on). */
const onSet1 = (sets: TableSet[], over: Partial<TableView> = {}) => play(start(sets, over), { type: 'choose', setNumber: 1 });

describe('the table phone: the evening in one place', () => {
  it('opens on the set that is on, or the last set when all are done', () => {
    expect(start([signed(1), entered(2)]).chosen).toBe(2);
    expect(start(Array.from({ length: 6 }, (_, i) => signed(i + 1))).chosen).toBe(6);
  });

  test.each<[string, TableState, boolean, string, Partial<ReturnType<typeof tableScreen>>]>([
    ['a set not yet entered: entering', start(), true, 'entering', { signer: 'AWAY', offline: false }],
    ['entered: waiting for the other pair to sign', start([entered(1)]), true, 'signing', { signer: 'AWAY' }],
    ['entered by the away pair: the home pair signs', start([entered(1, { enteredBySide: 'AWAY' })]), true, 'signing', { signer: 'HOME' }],
    ['refusing: the reason is being written', play(start([entered(1)]), { type: 'refuse', side: 'AWAY' }), true, 'refusing', { midEntry: true }],
    ['refused: the supervisor decides', onSet1([entered(1, { state: 'DISPUTED', refusedBySide: 'AWAY', refusalComment: 'klopt niet' })]), true, 'refused', {}],
    ['decided by the supervisor after a refusal', onSet1([entered(1, { state: 'SIGNED', decidedAt: '2026-11-20T20:10:00Z', decisionReason: 'scorebriefje' })]), true, 'decided', {}],
    ['corrected: the supervisor changed a signed set', onSet1([signed(1, { decidedAt: '2026-11-20T20:10:00Z', homePoints: 5, awayPoints: 3 })]), true, 'corrected', {}],
    ['signed', onSet1([signed(1)]), true, 'signed', {}],
    ['credited by the rules', onSet1([seat(1, { state: 'CREDITED', homePoints: 0, awayPoints: 8 })]), true, 'credited', {}],
    ['the night not open: nothing to enter', start([], { writable: false }), true, 'closed', {}],
    ['the result is final', onSet1([signed(1)], { locked: true, writable: false }), true, 'locked', {}],
    ['offline: no connection', start(), false, 'entering', { offline: true }],
    ['offline: something waits to be sent', play(start(), { type: 'items', items: [item(1)] }), true, 'signing', { offline: true, pending: true }],
    ['the code stopped working', play(start(), { type: 'gone', asked: 1, message: 'Deze tafelcode werkt niet.' }), true, 'gone', {}],
  ])('%s', (_name, state, online, phase, more) => {
    const screen = tableScreen(state, online);
    expect(screen.phase).toBe(phase);
    expect(screen).toMatchObject(more);
  });

  it('lays a waiting entry over the server table: entered with its score, on to no other set', () => {
    const screen = tableScreen(play(start(), { type: 'items', items: [item(1)] }), true);
    expect(screen.set).toMatchObject({ state: 'ENTERED', homePoints: 5, awayPoints: 3, enteredBySide: 'HOME' });
  });

  it('drops an answer that was asked for before the one shown', () => {
    const newer = table([entered(1)]);
    const older = table([]);
    const state = play(start(), { type: 'view', asked: 2, view: newer }, { type: 'view', asked: 1, view: older });
    expect(state.server).toBe(newer);
  });

  it('choosing a set clears the last tap\'s words, the refusal and the second tap', () => {
    const state = play(start([entered(1)]), { type: 'problem', failure: { message: 'x', lines: [] } }, { type: 'askSign' }, { type: 'choose', setNumber: 2 });
    expect(state).toMatchObject({ chosen: 2, failure: null, done: null, refusing: null, confirmingSign: false });
  });

  it('"Invoer wijzigen" makes the stored entry a draft; "Niet wijzigen" forgets it', () => {
    const editing = play(start([entered(1)]), { type: 'edit', setNumber: 1 });
    expect(tableScreen(editing, true).phase).toBe('entering');
    expect(editing.drafts[1]).toMatchObject({ mode: 'totals', home: '7', away: '1', enteredBy: 'HOME' });
    const kept = play(editing, { type: 'keep', setNumber: 1 });
    expect(kept.drafts).toEqual({});
    expect(tableScreen(kept, true).phase).toBe('signing');
  });

  it('a stored entry forgets its draft and says what comes next; a storage failure keeps the draft', () => {
    const typing = play(start(), { type: 'draft', setNumber: 1, draft: totals('5', '3') }, { type: 'storing' });
    expect(typing.busy).toBe(true);
    const failed = play(typing, { type: 'notStored' });
    expect(failed).toMatchObject({ busy: false, drafts: { 1: totals('5', '3') } });
    expect(failed.failure?.message).toMatch(/kon de invoer niet bewaren/);
    const stored = play(typing, { type: 'stored', what: 'entry', setNumber: 1, message: 'Set 1 is ingevoerd.' });
    expect(stored).toMatchObject({ busy: false, drafts: {}, done: 'Set 1 is ingevoerd.' });
  });

  it('a signature and a refusal close their dialog once stored', () => {
    expect(play(start([entered(1)]), { type: 'askSign' }, { type: 'storing' }, { type: 'stored', what: 'signature', setNumber: 1, message: 'ok' }).confirmingSign).toBe(false);
    const refused = play(start([entered(1)]), { type: 'refuse', side: 'AWAY' }, { type: 'refusal', comment: 'klopt niet' });
    expect(refused.refusing).toEqual({ side: 'AWAY', comment: 'klopt niet' });
    expect(play(refused, { type: 'stored', what: 'refusal', setNumber: 1, message: 'ok' }).refusing).toBeNull();
  });

  it('a draft of a set the supervisor meanwhile decided is dropped; a draft of an open set stays', () => {
    const typing = play(start(), { type: 'draft', setNumber: 1, draft: totals('5', '3') }, { type: 'draft', setNumber: 2, draft: totals('1', '7') });
    const after = play(typing, { type: 'view', asked: 1, view: table([signed(1, { decidedAt: '2026-11-20T20:00:00Z' })]) });
    expect(Object.keys(after.drafts)).toEqual(['2']);
  });
});

describe('a new table code keeps the half-entered set (issue 47, item 6)', () => {
  it('a code that stops working drops nothing: the outbox and the drafts stay, and say which sets', () => {
    const typing = play(start([signed(1)]), { type: 'items', items: [item(2)] }, { type: 'draft', setNumber: 3, draft: totals('6', '2') });
    const gone = play(typing, { type: 'gone', asked: 1, message: 'Deze tafelcode werkt niet.' });
    expect(gone.items).toHaveLength(1);
    expect(gone.drafts[3]).toEqual(totals('6', '2'));
    expect(keptForNewCode(gone)).toEqual({ waiting: [2], typed: [3] });
  });

  it('once gone, a late answer of the old code does not bring the table back', () => {
    const gone = play(start(), { type: 'gone', asked: 2, message: 'weg' }, { type: 'view', asked: 3, view: table([entered(1)]) });
    expect(gone.gone).toBe('weg');
  });

  it('opening under the new code brings back what was typed, on the set being typed', () => {
    const kept = { drafts: { 2: totals('4', '4') }, editing: {} };
    const opened = play(start([signed(1)]), { type: 'opened', view: null, items: [], kept });
    expect(opened.chosen).toBe(2);
    expect(tableScreen(opened, true)).toMatchObject({ phase: 'entering', draft: totals('4', '4'), midEntry: true });
  });

  it('opening brings back a changed entry still being changed', () => {
    const kept = { drafts: { 1: totals('8', '0') }, editing: { 1: true } };
    const opened = play(start([entered(1)]), { type: 'opened', view: null, items: [], kept });
    expect(tableScreen(opened, true)).toMatchObject({ phase: 'entering', draft: totals('8', '0') });
  });

  it('opening with moved items shows them waiting; without drafts it goes on to the first set still open', () => {
    const opened = play(start(), { type: 'opened', view: null, items: [item(1, { kind: 'SIGNED_ENTRY', body: { idempotencyKey: 'k-12345678', enteredBy: 'HOME', totals: { home: 5, away: 3 }, signedBy: 'AWAY' } })], kept: { drafts: {}, editing: {} } });
    expect(opened.chosen).toBe(2);
    expect(tableScreen(opened, true).view.sets[0]).toMatchObject({ state: 'SIGNED', homePoints: 5 });
  });

  it('a kept draft of a set signed meanwhile (on another phone) is not brought back', () => {
    const opened = play(start([signed(1)]), { type: 'opened', view: null, items: [], kept: { drafts: { 1: totals('2', '6') }, editing: { 1: true } } });
    expect(opened.drafts).toEqual({});
    expect(opened.editing).toEqual({});
  });
});
