'use client';
// The table's phone (Regel 15, 22, 35B): the sets of this table with their state, the entry
// of a set, the opposing pair's review and signature on the same device, or its refusal.
// It follows the night by itself (the match's live events, and a quiet check now and then),
// so a supervisor's decision appears without a reload.
// Offline (issue 16): every entry, signature and refusal goes into the outbox (IndexedDB,
// ./outbox.ts) before it is sent, and the screen shows the table with what waits laid over
// it, so a table goes on entering and signing without a connection, also after a reload.
// A new code for the table (issue 47): what was typed or waits under the old code stays on the
// phone and comes back under the new one (draft-store.ts, outbox.ts moveToCode).
// The screen's state is a reducer (./table-state.ts); this file only renders it and does the I/O.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { longDate } from '@/components/matches/labels';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatMoment } from '@/lib/format';
import { otherSide, SET_STATE_MARKS, SetState, setStateLabel, Side, TableSet, TableView } from '@/lib/match-night';
import { DISMISS_MESSAGE, finalitySentence, GAME_KINDS, WORDS } from '@/lib/vocabulary';
import { TABLE_SCOPE, useOfflineWorker, useOnline } from '../offline-worker';
import { loadDrafts, saveDrafts } from '../draft-store';
import { askPersistentStorage, dismiss, EntryBody, flush, itemsOf, loadView, moveToCode, OutboxItem, queueEntry, queueRefusal, queueSignature, reopenOutbox, saveView, tableScope, waitingCount, waitingText } from '../outbox';
import { CodeForm } from '../code-form';
import { KeptList } from '../kept-on-phone';
import { draftOf, entryBody } from './set-draft';
import { pairText, SetEntry } from './set-entry';
import { Failure, initialTable, keptForNewCode, TableAction, tableReducer, tableScreen, TableState } from './table-state';
import { validateSetScore } from '@domain/match/scores';

const TAB_TONES: Record<SetState, string> = {
  WAITING: 'bg-white text-stone-700 ring-stone-300',
  ENTERED: 'bg-amber-50 text-amber-900 ring-amber-300',
  SIGNED: 'bg-green-50 text-green-900 ring-green-300',
  DISPUTED: 'bg-red-50 text-red-900 ring-red-300',
  CREDITED: 'bg-sky-50 text-sky-900 ring-sky-300',
};
const BANNER_TONES: Record<SetState, string> = {
  WAITING: 'bg-stone-100 text-stone-800',
  ENTERED: 'bg-amber-100 text-amber-950',
  SIGNED: 'bg-green-100 text-green-900',
  DISPUTED: 'bg-red-100 text-red-900',
  CREDITED: 'bg-sky-100 text-sky-900',
};
const SIDE_WORD: Record<Side, string> = { HOME: WORDS.homePair, AWAY: WORDS.awayPair };
const POLL_MS = 20_000;
/** While something waits, try again this often (besides 'online', focus and the button). */
const RETRY_MS = 15_000;

async function call(method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<{ ok: true; view: TableView } | { ok: false; status: number; failure: Failure }> {
  try {
    const res = await fetch(path, {
      method,
      cache: 'no-store',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    if (res.ok) return { ok: true, view: json as TableView };
    const error = (json as { error?: { message?: string; details?: { message: string }[] } } | null)?.error;
    const message = error?.message ?? 'Er ging iets mis. Probeer het opnieuw.';
    return { ok: false, status: res.status, failure: { message, lines: (error?.details ?? []).map((d) => d.message).filter((m) => m !== message) } };
  } catch {
    return { ok: false, status: 0, failure: { message: 'Geen verbinding. Er is niets verstuurd of het antwoord kwam niet aan; probeer het opnieuw (dubbel tellen kan niet).', lines: [] } };
  }
}

/** What went wrong, next to the button that was tapped. */
function FailureBox({ failure }: { failure: Failure | null }) {
  if (!failure) return null;
  return (
    <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
      <p>{failure.message}</p>
      {failure.lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
    </div>
  );
}

function Score({ set }: { set: TableSet }) {
  if (set.homePoints === null || set.awayPoints === null) return null;
  return (
    <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2 rounded-lg bg-white p-3 ring-1 ring-stone-200">
      <div className="min-w-0 text-left">
        <div className="text-xs uppercase text-stone-500">Thuis</div>
        <div className="truncate text-sm">{pairText(set, 'HOME')}</div>
      </div>
      <div className="text-4xl font-bold tabular-nums" aria-label={`Stand set ${set.setNumber}`}>
        {set.homePoints}–{set.awayPoints}
      </div>
      <div className="min-w-0 text-right">
        <div className="text-xs uppercase text-stone-500">Uit</div>
        <div className="truncate text-sm">{pairText(set, 'AWAY')}</div>
      </div>
    </div>
  );
}

function GamesList({ set }: { set: TableSet }) {
  if (set.games.length === 0) return <p className="text-sm text-stone-600">Ingevoerd als setstand.</p>;
  return (
    <ol className="divide-y divide-stone-100 rounded-lg bg-white ring-1 ring-stone-200">
      {set.games.map((g, i) => (
        <li key={i} className="flex items-center justify-between gap-2 px-3 py-2">
          <span>
            Partij {i + 1}: <strong>{g.winner === 'HOME' ? 'thuis' : 'uit'}</strong>, {GAME_KINDS[g.kind].choice.toLowerCase()}
            {g.kind === 'PENALTY' && g.penaltyRule ? ` (Regel ${g.penaltyRule})` : ''}
          </span>
          <span className="tabular-nums">+{g.points}</span>
        </li>
      ))}
    </ol>
  );
}

/** What waits in the outbox, what it refused (kept until read), and the 'Nu versturen' button. */
function OutboxPanel({ items, online, sending, onSend, onDismiss }: { items: OutboxItem[]; online: boolean; sending: boolean; onSend: () => void; onDismiss: (id: number) => void }) {
  const waiting = waitingText(items);
  const refused = items.filter((i) => i.status === 'REFUSED');
  if (!waiting && refused.length === 0 && online) return null;
  return (
    <section aria-label="Nog niet verstuurd" className="space-y-2 rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300">
      {!online && <p className="font-semibold">Geen verbinding. U kunt gewoon doorgaan: alles wordt op deze telefoon bewaard en verstuurd zodra er weer verbinding is.</p>}
      {waiting && (
        <div className="flex items-center justify-between gap-2">
          <p aria-live="polite" data-outbox-waiting={waitingCount(items)}>
            {waiting}
          </p>
          <Button variant="secondary" className="min-h-12" onClick={onSend} disabled={sending}>
            {sending ? 'Bezig…' : 'Nu versturen'}
          </Button>
        </div>
      )}
      {refused.map((item) => (
        <div key={item.id} role="alert" className="rounded-md bg-red-50 p-2 text-red-900 ring-1 ring-red-200">
          <p>
            Set {item.setNumber}: {item.message}
          </p>
          <button type="button" className="mt-1 min-h-11 px-1 underline" onClick={() => onDismiss(item.id!)}>
            {DISMISS_MESSAGE}
          </button>
        </div>
      ))}
    </section>
  );
}

/**
 * The code stopped working (the supervisor gave the table a new one, or the night is over).
 * Nothing typed is lost: what waits and what was typed stays on this phone and goes on under
 * the new code of the same table; until then the pair can show it to the supervisor.
 */
function GonePanel({ message, state, view }: { message: string; state: TableState; view: TableView }) {
  return (
    <div className="mx-auto max-w-md space-y-3">
      <h1 className="text-2xl font-bold text-brand-900">Tafel {view.tableNumber}</h1>
      <p className="text-sm text-stone-600">
        {view.match.home.team} – {view.match.away.team}
      </p>
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
        {message}
      </p>
      <KeptList kept={keptForNewCode(state)} view={view} />
      <CodeForm />
    </div>
  );
}

export function TableScreen({ code, initial, renderedAt }: { code: string; initial: TableView; renderedAt?: string }) {
  const [state, dispatch] = useReducer(tableReducer, initial, initialTable);
  const online = useOnline();
  const { view, set, draft, phase, signer, pending, midEntry } = tableScreen(state, online);
  const { items, busy, sending, failure, done, refusing, confirmingSign } = state;
  const base = `/api/table/${encodeURIComponent(code)}`;
  const scope = tableScope(code);
  const matchId = initial.match.id;
  const tableNumber = initial.tableNumber;

  // Views in the order they were asked for: a read that started before a write's answer (or
  // before a later read) was applied is older than what the phone shows, and is dropped.
  const order = useRef({ asked: 0, shown: 0 });
  /** Once the code stopped working, nothing is sent or read under it any more. */
  const gone = useRef(false);
  const show = useCallback(
    (asked: number, next: TableView) => {
      if (asked < order.current.shown) return;
      order.current.shown = asked;
      dispatch({ type: 'view', asked, view: next });
      void saveView(code, next);
    },
    [code],
  );
  const setView = useCallback((next: TableView) => show(++order.current.asked, next), [show]);
  const stopped = useCallback((message: string) => {
    gone.current = true;
    dispatch({ type: 'gone', asked: ++order.current.asked, message });
  }, []);

  const refresh = useCallback(async () => {
    if (gone.current) return;
    const asked = ++order.current.asked;
    const outcome = await call('GET', base);
    if (outcome.ok) show(asked, outcome.view);
    else if (outcome.status === 404 || outcome.status === 410) stopped(outcome.failure.message);
  }, [base, show, stopped]);

  const reloadItems = useCallback(async () => dispatch({ type: 'items', items: await itemsOf(scope).catch(() => []) }), [scope]);

  /**
   * Items that left the outbox without this page seeing the API's answer (the worker's
   * background sync sent them, or a refusal): the table is read again *before* the outbox, so
   * the phone never shows the older table without the entry laid over it (a set that was just
   * entered flashing back to "Nog niet ingevoerd").
   */
  const catchUp = useCallback(async () => {
    await refresh();
    await reloadItems();
  }, [refresh, reloadItems]);

  /** Send what waits (oldest first); the API's answer becomes the table. Every item carries its own key: a retry counts once. */
  const send = useCallback(async () => {
    if (gone.current) return;
    dispatch({ type: 'sending', on: true });
    let answered = false;
    try {
      const result = await flush(scope);
      if (result.codeGone) stopped(result.codeGone);
      else if (result.answer && typeof result.answer === 'object' && 'sets' in result.answer) {
        setView(result.answer as TableView);
        answered = result.refused === 0;
      }
    } catch {
      // IndexedDB unavailable for a moment: the next trigger tries again.
    } finally {
      dispatch({ type: 'sending', on: false });
      if (answered || gone.current) await reloadItems();
      else await catchUp();
    }
  }, [scope, setView, stopped, reloadItems, catchUp]);

  const { updateReady, applyUpdate } = useOfflineWorker(TABLE_SCOPE, () => void catchUp());

  // What is typed is kept on the phone per match and table (not per code), from the moment the
  // phone's memory was read on opening (before that, an empty screen would wipe it).
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) saveDrafts(matchId, tableNumber, { drafts: state.drafts, editing: state.editing });
  }, [matchId, tableNumber, state.drafts, state.editing]);

  // Open: what this phone kept under an earlier code of this table moves here, then the outbox,
  // the last table this phone saw (newer than the page when it came from the worker's cache
  // offline) and what was typed.
  useEffect(() => {
    void askPersistentStorage();
    void (async () => {
      const stored = await loadView(code);
      const newer = stored && (!renderedAt || stored.savedAt > renderedAt) ? stored.view : null;
      if (!newer) await saveView(code, initial);
      await moveToCode(code, matchId, tableNumber).catch(() => 0);
      const waiting = await itemsOf(scope).catch(() => []);
      dispatch({ type: 'opened', view: newer, items: waiting, kept: loadDrafts(matchId, tableNumber) });
      restored.current = true;
      await send();
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  // Send when the connection returns, when the page is back in front, and every so often while something waits.
  useEffect(() => {
    const wake = () => {
      if (document.visibilityState !== 'visible') return;
      void reopenOutbox().then(send);
    };
    window.addEventListener('online', wake);
    window.addEventListener('focus', wake);
    document.addEventListener('visibilitychange', wake);
    return () => {
      window.removeEventListener('online', wake);
      window.removeEventListener('focus', wake);
      document.removeEventListener('visibilitychange', wake);
    };
  }, [send]);
  const waiting = waitingCount(items);
  useEffect(() => {
    if (waiting === 0 || state.gone) return;
    const timer = window.setInterval(() => navigator.onLine && void send(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, send, state.gone]);

  useEffect(() => {
    if (state.gone) return;
    const events = typeof EventSource === 'undefined' ? null : new EventSource(`/api/public/matches/${matchId}/events`);
    // `change`: a set signed or decided, or the match confirmed (no scores in it: read the table again).
    events?.addEventListener('change', () => void refresh());
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      events?.close();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh, matchId, state.gone]);

  const choose = (setNumber: number) => dispatch({ type: 'choose', setNumber });
  const problem = (message: string) => dispatch({ type: 'problem', failure: { message, lines: [] } });

  /** Into the outbox first (it survives a lost connection, a reload, a closed tab), then send. */
  async function act(store: () => Promise<void>, stored: Extract<TableAction, { type: 'stored' }>) {
    dispatch({ type: 'storing' });
    try {
      await store();
    } catch {
      dispatch({ type: 'notStored' });
      return false;
    }
    await reloadItems();
    dispatch(stored);
    void send();
    return true;
  }

  /** The entry this signature is for: the one waiting in the outbox, else the stored one. */
  function signedEntry(): EntryBody | null {
    const queued = [...items].reverse().find((i) => i.status === 'WAITING' && i.setNumber === set.setNumber && i.kind === 'ENTER');
    if (queued) {
      const { enteredBy, games, totals } = queued.body as unknown as EntryBody;
      return { enteredBy, ...(games ? { games } : {}), ...(totals ? { totals } : {}) };
    }
    const built = entryBody(draftOf(set, view.gamesPerSet));
    return 'body' in built ? built.body : null;
  }

  async function save() {
    const built = entryBody(draft);
    if ('missing' in built) return problem(built.missing);
    // The same rule the API applies (domain/match/scores.ts), on the phone before anything is
    // queued: an impossible set total is refused here, the typed numbers stay.
    const impossible = built.body.totals && validateSetScore(set.setNumber, view.tableNumber, built.body.totals.home, built.body.totals.away, view.gamesPerSet);
    if (impossible) return problem(`${impossible}. Controleer de punten en probeer het opnieuw.`);
    const message = `Set ${set.setNumber} is ingevoerd. Geef de telefoon aan het ${SIDE_WORD[otherSide(built.body.enteredBy)]} om te controleren en te ondertekenen.`;
    if (await act(() => queueEntry(code, set.setNumber, built.body), { type: 'stored', what: 'entry', setNumber: set.setNumber, message })) window.scrollTo({ top: 0 });
  }

  async function sign(side: Side) {
    const entry = signedEntry();
    if (!entry) return problem('Deze invoer is niet compleet; voer de set opnieuw in.');
    const last = view.sets.every((s) => s.setNumber === set.setNumber || s.state === 'SIGNED' || s.state === 'CREDITED');
    const message = last ? `Set ${set.setNumber} is ondertekend. Alle sets aan deze tafel zijn klaar.` : `Set ${set.setNumber} is ondertekend.`;
    if (await act(() => queueSignature(code, set.setNumber, entry, side), { type: 'stored', what: 'signature', setNumber: set.setNumber, message })) window.scrollTo({ top: 0 });
    else dispatch({ type: 'cancelSign' });
  }

  async function refuse() {
    if (!refusing) return;
    if (refusing.comment.trim() === '') return problem('Schrijf op waarom u niet ondertekent; de wedstrijdleider leest het.');
    const { side, comment } = refusing;
    await act(() => queueRefusal(code, set.setNumber, side, comment.trim()), { type: 'stored', what: 'refusal', setNumber: set.setNumber, message: `Set ${set.setNumber} is betwist. De wedstrijdleider beslist.` });
  }

  if (state.gone) return <GonePanel message={state.gone} state={state} view={view} />;

  return (
    <div className="mx-auto max-w-md space-y-3 pb-8">
      <header>
        <p className="text-sm text-stone-600">
          {view.match.division} · ronde {view.match.round} · {longDate(view.match.date)}
        </p>
        <h1 className="text-xl font-bold leading-tight text-brand-900">
          {view.match.home.team} – {view.match.away.team}
        </h1>
        <p className="text-3xl font-bold text-brand-900">Tafel {view.tableNumber}</p>
      </header>
      {/* How the match became final, or becomes final: the API's words, the same as every screen. */}
      {view.finality && (
        <p role="note" aria-label="Uitslag" className={cn('rounded-lg p-3 font-semibold ring-1', view.locked ? 'bg-green-50 text-green-900 ring-green-200' : 'bg-sky-50 text-sky-950 ring-sky-200')}>
          {finalitySentence(view.finality)}
        </p>
      )}

      <OutboxPanel items={items} online={online} sending={sending} onSend={() => void send()} onDismiss={(id) => void dismiss(id).then(reloadItems)} />
      {updateReady && (
        <div className="flex items-center justify-between gap-2 rounded-lg bg-sky-50 p-3 text-sky-950 ring-1 ring-sky-200">
          {midEntry ? (
            <p>Er is een nieuwe versie van deze pagina. Maak eerst deze set af; daarna kunt u hem laden.</p>
          ) : (
            <>
              <p>Er is een nieuwe versie van deze pagina.</p>
              <Button variant="secondary" className="min-h-12" onClick={applyUpdate}>
                Nu laden
              </Button>
            </>
          )}
        </div>
      )}

      <nav aria-label="Sets" className="grid grid-cols-6 gap-1">
        {view.sets.map((s) => (
          <button
            key={s.setNumber}
            type="button"
            onClick={() => choose(s.setNumber)}
            aria-current={s.setNumber === set.setNumber ? 'step' : undefined}
            aria-label={`Set ${s.setNumber}: ${setStateLabel(s)}`}
            className={cn('flex h-14 flex-col items-center justify-center rounded-lg ring-1', TAB_TONES[s.state], s.setNumber === set.setNumber && 'ring-2 ring-brand-900')}
          >
            {/* The name starts with what shows ("Set 2", label in name); the state's mark is drawn by
                CSS, so it is no text that the name would have to contain. */}
            <span className="text-sm font-bold leading-none">Set {s.setNumber}</span>
            <span aria-hidden data-mark={SET_STATE_MARKS[s.state]} className="mt-1 leading-none after:content-[attr(data-mark)]" />
          </button>
        ))}
      </nav>

      <section aria-label={`Set ${set.setNumber}`} className="space-y-3">
        <div className="rounded-lg bg-white p-3 ring-1 ring-stone-200">
          <h2 className="font-semibold">Set {set.setNumber} aan tafel {view.tableNumber}</h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-base">
            <dt className="text-stone-600">Thuis</dt>
            <dd>
              koppel {set.homePair.number}: <strong>{pairText(set, 'HOME')}</strong>
            </dd>
            <dt className="text-stone-600">Uit</dt>
            <dd>
              koppel {set.awayPair.number}: <strong>{pairText(set, 'AWAY')}</strong>
            </dd>
          </dl>
        </div>

        <p role="status" className={cn('rounded-lg px-3 py-2 font-semibold', BANNER_TONES[set.state])}>
          {setStateLabel(set)}
          {set.state === 'SIGNED' && !set.decidedAt && set.signedBySide ? ` door het ${SIDE_WORD[set.signedBySide]}` : ''}
        </p>
        {pending && (
          <p className="text-sm text-amber-900">Bewaard op deze telefoon, nog niet verstuurd: gaat vanzelf mee zodra er verbinding is.</p>
        )}

        {set.decidedAt && (
          <div className="rounded-lg bg-sky-50 p-3 text-sky-950 ring-1 ring-sky-200">
            <p className="font-semibold">Beslissing van de wedstrijdleider ({formatMoment(set.decidedAt)})</p>
            {set.decisionReason && <p>{set.decisionReason}</p>}
          </div>
        )}

        {done && (
          <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900 ring-1 ring-green-200">
            {done}
          </p>
        )}

        {view.locked ? (
          <p className="rounded-lg bg-stone-100 p-3">De uitslag is definitief{view.finality ? ` (${view.finality})` : ''}; hier verandert niets meer.</p>
        ) : (
          !view.writable && <p className="rounded-lg bg-stone-100 p-3">De speelavond is niet open: invoeren en ondertekenen kan hier nu niet. Vraag het de secretaris van de thuisclub.</p>
        )}
        {/* A withdrawn decision is told on every set: the table's own entry counts again (RULES.md "Undo"). */}
        {view.notices
          .filter((n) => n.setNumber === set.setNumber || n.withdrawn)
          .map((n) => (
            <div
              key={n.createdAt + n.kind + String(n.withdrawn)}
              role="note"
              aria-label={n.withdrawn ? 'Ingetrokken door de wedstrijdleider' : 'Beslissing van de wedstrijdleider'}
              className={cn('rounded-lg p-3 ring-1', n.withdrawn ? 'bg-green-50 text-green-950 ring-green-200' : 'bg-sky-50 text-sky-950 ring-sky-200')}
            >
              <p className="font-semibold">
                Wedstrijdleider ({formatMoment(n.createdAt)}){n.setNumber !== set.setNumber ? `, set ${n.setNumber}` : ''}
              </p>
              <p>{n.consequence}</p>
              {n.reason && <p>Reden: {n.reason}</p>}
            </div>
          ))}

        {phase === 'entering' ? (
          <>
            <SetEntry set={set} draft={draft} onChange={(d) => dispatch({ type: 'draft', setNumber: set.setNumber, draft: d })} />
            <FailureBox failure={failure} />
            <Button className="min-h-14 w-full text-lg" onClick={save} disabled={busy}>
              {busy ? 'Bezig…' : `Set ${set.setNumber} opslaan`}
            </Button>
            {set.state === 'ENTERED' && (
              <Button variant="secondary" className="min-h-12 w-full" onClick={() => dispatch({ type: 'keep', setNumber: set.setNumber })}>
                Niet wijzigen
              </Button>
            )}
          </>
        ) : phase === 'signing' || phase === 'refusing' ? (
          <>
            <h3 className="text-lg font-semibold">Controleren en ondertekenen</h3>
            <p>
              Ingevoerd door het {SIDE_WORD[set.enteredBySide ?? 'HOME']} ({pairText(set, set.enteredBySide ?? 'HOME')}). Het {SIDE_WORD[signer]} ({pairText(set, signer)}) controleert elke
              partij en ondertekent. Daarna kan alleen de wedstrijdleider de stand nog wijzigen.
            </p>
            <GamesList set={set} />
            <Score set={set} />
            <FailureBox failure={failure} />
            {refusing ? (
              <div role="alertdialog" aria-label="Weigeren" className="space-y-2 rounded-lg bg-red-50 p-3 ring-1 ring-red-200">
                <label htmlFor="weigerreden" className="block font-medium text-red-950">
                  Waarom ondertekent het {SIDE_WORD[refusing.side]} niet?
                </label>
                <textarea
                  id="weigerreden"
                  rows={3}
                  maxLength={500}
                  value={refusing.comment}
                  onChange={(e) => dispatch({ type: 'refusal', comment: e.target.value })}
                  className="block w-full rounded-md border border-stone-300 bg-white p-2 text-base"
                />
                <p className="text-sm text-red-950">De set wordt betwist; de wedstrijdleider beslist en u ziet de beslissing hier.</p>
                <div className="grid grid-cols-2 gap-2">
                  <Button variant="danger" className="min-h-12" onClick={refuse} disabled={busy}>
                    Ja, weigeren
                  </Button>
                  <Button variant="secondary" className="min-h-12" onClick={() => dispatch({ type: 'cancelRefusal' })}>
                    Annuleren
                  </Button>
                </div>
              </div>
            ) : (
              <>
                {confirmingSign ? (
                  <div role="alertdialog" aria-label="Ondertekenen" className="space-y-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300">
                    <p className="font-medium text-amber-950">
                      Het {SIDE_WORD[signer]} ondertekent set {set.setNumber} met de stand hierboven. Dat kan niet worden teruggedraaid: daarna kan alleen de wedstrijdleider deze stand nog wijzigen.
                    </p>
                    <div className="grid grid-cols-2 gap-2">
                      <Button className="min-h-12" onClick={() => sign(signer)} disabled={busy}>
                        {busy ? 'Bezig…' : 'Ja, ondertekenen'}
                      </Button>
                      <Button variant="secondary" className="min-h-12" onClick={() => dispatch({ type: 'cancelSign' })} disabled={busy}>
                        Annuleren
                      </Button>
                    </div>
                  </div>
                ) : (
                  <Button className="min-h-14 w-full text-lg" onClick={() => dispatch({ type: 'askSign' })} disabled={busy}>
                    Ondertekenen als {SIDE_WORD[signer]}
                  </Button>
                )}
                <div className="grid grid-cols-2 gap-2">
                  <Button variant="secondary" className="min-h-12" onClick={() => dispatch({ type: 'refuse', side: signer })}>
                    Weigeren
                  </Button>
                  <Button
                    variant="secondary"
                    className="min-h-12"
                    onClick={() => dispatch({ type: 'edit', setNumber: set.setNumber })}
                  >
                    Invoer wijzigen
                  </Button>
                </div>
              </>
            )}
          </>
        ) : set.state === 'WAITING' ? (
          <FailureBox failure={failure} />
        ) : (
          <>
            <FailureBox failure={failure} />
            {set.state === 'DISPUTED' && (
              <p className="rounded-lg bg-red-50 p-3 text-red-950 ring-1 ring-red-200">
                Niet ondertekend{set.refusalComment ? `: “${set.refusalComment}”` : ''}. De wedstrijdleider beslist; u hoeft niets te doen en kunt verder met de volgende set.
              </p>
            )}
            {set.state === 'CREDITED' && <p className="text-sm text-stone-700">Deze set is toegekend volgens de regels (bijvoorbeeld een koppel dat er niet was, of een beslissing van de wedstrijdleider). Hier voert u niets in.</p>}
            <GamesList set={set} />
            <Score set={set} />
            {view.currentSet !== null && set.setNumber !== view.currentSet && view.writable && (
              <Button className="min-h-14 w-full text-lg" onClick={() => choose(view.currentSet ?? 1)}>
                Naar set {view.currentSet}
              </Button>
            )}
          </>
        )}
      </section>
    </div>
  );
}
