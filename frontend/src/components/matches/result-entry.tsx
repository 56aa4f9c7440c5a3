'use client';
// Result entry, one screen per set (Regel 29–34): per table either the 4 games (who gets
// the points, and how) or the set score. Enter saves the set and opens the next one.
// Every save carries the version the scorer saw; when someone else saved first the
// screen shows the newer result and lets the scorer decide (never a silent overwrite).
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { FormEvent, KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { ApiError, attempt, messagesOf, staleCurrent } from './call';
import { MatchDetail, pairNames, Seat, seatsOfSet, setNumbers } from './labels';
import { EntryMode, SeatInput, SetDraft, setDraft, storedSeatInput, TableDraft, tableInput } from './result-draft';
import { SignResult } from './sign-result';
import { TableEntry } from './table-entry';
import { finalitySentence } from '@/lib/vocabulary';

const MODE_KEY = 'tsbn.resultMode';

export type EntryKind = 'enter' | 'correct';

function setState(match: MatchDetail, setNumber: number): 'done' | 'partial' | 'open' {
  const seats = seatsOfSet(match, setNumber);
  const filled = seats.filter((s) => s.homePoints !== null).length;
  return filled === seats.length ? 'done' : filled > 0 ? 'partial' : 'open';
}

function firstOpenSet(match: MatchDetail): number {
  return setNumbers(match).find((n) => setState(match, n) !== 'done') ?? 1;
}

function SetTabs({ match, current, onChoose }: { match: MatchDetail; current: number; onChoose: (n: number) => void }) {
  return (
    <nav aria-label="Sets" className="flex items-center gap-1 overflow-x-auto">
      <span className="pr-1 text-sm font-medium text-stone-600" aria-hidden>
        Set
      </span>
      {setNumbers(match).map((n) => {
        const state = setState(match, n);
        return (
          <button
            key={n}
            type="button"
            onClick={() => onChoose(n)}
            aria-current={n === current ? 'step' : undefined}
            className={cn(
              'min-h-11 min-w-12 flex-1 rounded-md px-2 text-sm font-semibold ring-1',
              n === current ? 'bg-brand-600 text-white ring-brand-600' : state === 'done' ? 'bg-green-50 text-green-900 ring-green-300' : 'bg-white text-stone-700 ring-stone-300',
            )}
          >
            <span className="sr-only">Set </span>
            {n}
            <span className="sr-only">{state === 'done' ? ' (ingevoerd)' : state === 'partial' ? ' (deels ingevoerd)' : ''}</span>
            {state === 'done' && <span aria-hidden> ✓</span>}
            {state === 'partial' && <span aria-hidden> …</span>}
          </button>
        );
      })}
    </nav>
  );
}

function StalePanel({ mine, current, setNumber, onTakeTheirs, onKeepMine }: { mine: number; current: MatchDetail; setNumber: number; onTakeTheirs: () => void; onKeepMine: () => void }) {
  const seats = seatsOfSet(current, setNumber);
  return (
    <div role="alert" className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
      <p className="font-semibold">
        Iemand anders heeft deze wedstrijd intussen opgeslagen (nu versie {current.version}; u werkte met versie {mine}). Uw invoer is niet opgeslagen.
      </p>
      <p>Zo staat set {setNumber} er nu in. Controleer het met uw formulier en kies dan:</p>
      <ul className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
        {seats.map((s) => (
          <li key={s.tableNumber}>
            Tafel {s.tableNumber}: <strong className="tabular-nums">{s.homePoints === null ? 'leeg' : `${s.homePoints}–${s.awayPoints}`}</strong>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={onTakeTheirs}>
          Nieuwste versie overnemen
        </Button>
        <Button type="button" onClick={onKeepMine}>
          Mijn invoer over versie {current.version} opslaan
        </Button>
      </div>
    </div>
  );
}

/** Where an API message about entry `index` of what was sent belongs: a table of this set, or the whole form. */
function placeErrors(error: ApiError, sent: { setNumber: number; tableNumber: number }[], setNumber: number) {
  const byTable: Record<number, string[]> = {};
  for (const detail of error.details ?? []) {
    const index = Number(detail.field?.match(/^(?:tables|sets)\.(\d+)/)?.[1] ?? NaN);
    const seat = sent[index];
    if (seat && seat.setNumber === setNumber) (byTable[seat.tableNumber] ??= []).push(detail.message);
  }
  return byTable;
}

export function ResultEntry({ initial, kind, backHref, initialSet }: { initial: MatchDetail; kind: EntryKind; backHref: string; initialSet?: number }) {
  const router = useRouter();
  const [match, setMatch] = useState(initial);
  // Before the match day only the federation enters (the secretary's page says when it opens), with a reason.
  // A reason goes with the entry before the match day, and at a match played at the tables (then only the federation enters on paper).
  const atTables = kind === 'enter' && initial.resultEntry.atTables;
  const early = (kind === 'enter' && !initial.resultEntry.open) || atTables;
  const [setNumber, setSetNumber] = useState(initialSet && initialSet <= initial.pairsPerTeam ? initialSet : firstOpenSet(initial));
  const [draft, setDraftState] = useState<SetDraft>(() => setDraft(initial, setNumber, 'games'));
  const [dirty, setDirty] = useState(false);
  const [reason, setReason] = useState('');
  // Sends once while on its way (a double tap or Enter twice saves once) and ends in one message.
  const { busy, message, setMessage, submit: send, edited } = useSubmit();
  const [tableErrors, setTableErrors] = useState<Record<number, string[]>>({});
  const [stale, setStale] = useState<MatchDetail | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusNext = useRef(false);

  useEffect(() => {
    const preferred = window.localStorage.getItem(MODE_KEY);
    if ((preferred === 'totals' || preferred === 'games') && !initial.sets.some((s) => s.setNumber === setNumber && s.source)) {
      setDraftState(setDraft(initial, setNumber, preferred));
    }
  }, []);

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    form.current?.querySelector<HTMLElement>('[data-entry] input:not([disabled]), [data-entry] select')?.focus();
  }, [setNumber]);

  /** Shows set `n` as stored in `from`. */
  function show(n: number, from: MatchDetail) {
    focusNext.current = true;
    setSetNumber(n);
    setDraftState(setDraft(from, n, draft.mode));
    setDirty(false);
    setTableErrors({});
    setStale(null);
    window.history.replaceState(null, '', `?set=${n}`);
  }

  function open(n: number) {
    if (dirty && n !== setNumber && !window.confirm(`Set ${setNumber} heeft wijzigingen die nog niet zijn opgeslagen. Toch naar set ${n}?`)) return;
    setMessage(null);
    show(n, match);
  }

  function chooseMode(mode: EntryMode) {
    window.localStorage.setItem(MODE_KEY, mode);
    setDraftState((d) => ({ ...d, mode }));
  }

  function changeTable(table: TableDraft) {
    setDraftState((d) => ({ ...d, tables: d.tables.map((t) => (t.tableNumber === table.tableNumber ? table : t)) }));
    setDirty(true);
    edited();
    setTableErrors((errors) => ({ ...errors, [table.tableNumber]: [] }));
  }

  /**
   * What is sent: this set's tables (a table left empty in the chosen way of entry keeps
   * what was entered the other way), plus (for a correction) every other set as stored.
   */
  function entries(base: MatchDetail, seats: Seat[]): SeatInput[] {
    const credited = new Set(seats.filter((s) => s.credited).map((s) => s.tableNumber));
    const thisSet = draft.tables
      .filter((t) => !credited.has(t.tableNumber))
      .map((t) => tableInput(t, draft.mode) ?? tableInput(t, draft.mode === 'games' ? 'totals' : 'games'))
      .filter((t): t is NonNullable<typeof t> => t !== null)
      .map((t) => ({ ...t, setNumber }));
    if (kind === 'enter') return thisSet;
    const others = base.sets.filter((s) => s.setNumber !== setNumber).map(storedSeatInput);
    return [...others.filter((s): s is SeatInput => s !== null), ...thisSet];
  }

  async function save(base: MatchDetail = match) {
    const seats = seatsOfSet(base, setNumber);
    const sent = entries(base, seats);
    const thisSet = sent.filter((s) => s.setNumber === setNumber);
    const hadScores = seats.some((s) => !s.credited && s.homePoints !== null);
    if (thisSet.length === 0 && !hadScores) {
      if (setNumber < base.pairsPerTeam) open(setNumber + 1);
      else setMessage({ tone: 'bad', lines: [`Er is nog niets ingevuld voor set ${setNumber}.`] });
      return;
    }
    if (thisSet.length === 0 && !window.confirm(`Alle ingevoerde uitslagen van set ${setNumber} wissen?`)) return;
    if ((kind === 'correct' || early) && reason.trim().length < 3) {
      setMessage({ tone: 'bad', lines: [kind === 'correct' ? 'Geef de reden van de correctie; die wordt in het logboek bewaard.' : 'Geef de reden om de uitslag vóór de wedstrijddag vast te leggen.'] });
      document.getElementById('correction-reason')?.focus();
      return;
    }
    const path = { id: base.id };
    const withVersion = base.version;
    const got: { saved?: MatchDetail; stale?: MatchDetail; placed?: Record<number, string[]> } = {};
    const answer = await send(async (idempotencyKey) => {
      const outcome =
        kind === 'enter'
          ? await attempt(
              api.PUT('/api/matches/{id}/sets/{setNumber}', {
                params: { path: { ...path, setNumber } },
                body: { version: withVersion, tables: thisSet.map(({ setNumber: _, ...table }) => table), ...(early ? { reason: reason.trim() } : {}), idempotencyKey },
              }),
            )
          : await attempt(api.POST('/api/matches/{id}/corrections', { params: { path }, body: { version: withVersion, reason: reason.trim(), sets: sent, idempotencyKey } }));
      if (!outcome.ok) {
        got.stale = staleCurrent(outcome.error) ?? undefined;
        if (!got.stale) got.placed = placeErrors(outcome.error, kind === 'enter' ? thisSet : sent, setNumber);
        return { tone: 'bad', lines: messagesOf(outcome.error) };
      }
      const saved = outcome.data as MatchDetail;
      got.saved = saved;
      const sum = (side: 'homePoints' | 'awayPoints') => seatsOfSet(saved, setNumber).reduce((t, s) => t + (s[side] ?? 0), 0);
      const lines = [`Set ${setNumber} opgeslagen${kind === 'correct' ? ' (correctie)' : ''}: ${saved.homeTeam.name} ${sum('homePoints')} – ${sum('awayPoints')} ${saved.awayTeam.name} in deze set.`];
      if (kind === 'correct') lines.push(`Nieuwe stand: ${saved.homePoints} – ${saved.awayPoints}.`);
      else if (saved.complete) {
        lines.push(`De uitslag is compleet: ${saved.homePoints} – ${saved.awayPoints}.`);
        lines.push('Controleer het overzicht en onderteken; pas daarna kan ' + `${saved.awayTeam.name} de uitslag controleren.`);
      }
      return { tone: 'good', lines };
    });
    if (!answer) return;
    if (got.stale) {
      // Someone else saved first: the panel below says so and offers both versions.
      setMessage(null);
      setStale(got.stale);
      return;
    }
    if (got.placed) {
      const placed = got.placed;
      setTableErrors(placed);
      const first = Object.keys(placed)[0];
      if (first) form.current?.querySelector<HTMLElement>(`[data-table="${first}"] input, [data-table="${first}"] select`)?.focus();
    }
    const saved = got.saved;
    if (!saved) return;
    setMatch(saved);
    show(kind === 'enter' && setNumber < saved.pairsPerTeam ? setNumber + 1 : setNumber, saved);
    // The page around a correction (the log, the header) reads from the server: bring it up to date.
    if (kind === 'correct') router.refresh();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) void save();
  }

  /** Enter saves from any field (selects and choice buttons included), as on a paper form's "next". */
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.tagName === 'BUTTON' || target.tagName === 'TEXTAREA' || target.tagName === 'A') return;
    event.preventDefault();
    if (!busy) void save();
  }

  const seats = seatsOfSet(match, setNumber);

  return (
    <div className="space-y-4">
      <SetTabs match={match} current={setNumber} onChoose={(n) => open(n)} />
      {(kind === 'correct' || early) && (
        <label className="block text-sm font-medium text-stone-700">
          {kind === 'correct'
            ? 'Reden van de correctie (verplicht, komt in het logboek)'
            : atTables
              ? 'Reden om deze aan de tafels gespeelde wedstrijd op papier in te voeren (verplicht, komt in het logboek)'
              : 'Reden om vóór de wedstrijddag in te voeren (verplicht, komt in het logboek)'}
          <input
            id="correction-reason"
            value={reason}
            onChange={(e) => (setReason(e.target.value), edited())}
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
            placeholder="bijv. tafel 3 in set 2 verkeerd overgenomen van het formulier"
          />
        </label>
      )}
      {kind === 'enter' && match.complete && (match.resultPhase === 'IN_PROGRESS' || match.resultPhase === 'DISPUTED') && (
        <SignResult match={match} onSigned={(signed) => setMatch(signed)} />
      )}
      {kind === 'enter' && match.resultPhase === 'SIGNED_BY_HOME' && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200">
          Ondertekend. {match.awayTeam.name} kan de uitslag nu controleren.{match.finality ? ` ${finalitySentence(match.finality)}.` : ''}
        </p>
      )}
      <form ref={form} onSubmit={submit} onKeyDown={onKeyDown} className="space-y-4" aria-label={`Set ${setNumber} invoeren`} noValidate>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-brand-900">
            Set {setNumber} van {match.pairsPerTeam}
          </h2>
          <fieldset className="flex rounded-md ring-1 ring-stone-300" aria-label="Manier van invoeren">
            {(['games', 'totals'] as const).map((mode) => (
              <label key={mode} className={cn('cursor-pointer px-3 py-2 text-sm first:rounded-l-md last:rounded-r-md', draft.mode === mode ? 'bg-brand-600 text-white' : 'bg-white')}>
                <input type="radio" name="mode" className="sr-only" checked={draft.mode === mode} onChange={() => chooseMode(mode)} />
                {mode === 'games' ? 'Per partij' : 'Setstand'}
              </label>
            ))}
          </fieldset>
        </div>

        <Notice message={message} />
        {stale && (
          <StalePanel
            mine={match.version}
            current={stale}
            setNumber={setNumber}
            onTakeTheirs={() => {
              setMatch(stale);
              setDraftState(setDraft(stale, setNumber, draft.mode));
              setDirty(false);
              setStale(null);
              setMessage({ tone: 'good', lines: [`De nieuwste versie (${stale.version}) staat nu op het scherm.`] });
            }}
            onKeepMine={() => {
              const current = stale;
              setMatch(current);
              setStale(null);
              void save(current);
            }}
          />
        )}

        <div className="grid gap-3 md:grid-cols-2" data-entry>
          {draft.tables.map((table) => {
            const seat = seats.find((s) => s.tableNumber === table.tableNumber)!;
            return (
              <TableEntry
                key={`${setNumber}-${table.tableNumber}`}
                setNumber={setNumber}
                seat={seat}
                table={table}
                mode={draft.mode}
                homeTeam={match.homeTeam.name}
                awayTeam={match.awayTeam.name}
                homeNames={pairNames(match.homeLineup, seat.homePairNumber)}
                awayNames={pairNames(match.awayLineup, seat.awayPairNumber)}
                errors={tableErrors[table.tableNumber] ?? []}
                onChange={changeTable}
              />
            );
          })}
        </div>

        <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-2 border-t border-stone-200 bg-stone-50/95 px-4 py-3">
          <Button type="submit" disabled={busy} className="min-h-12 flex-1 text-base sm:flex-none">
            {busy ? 'Bezig met opslaan…' : kind === 'correct' ? `Correctie set ${setNumber} opslaan` : setNumber < match.pairsPerTeam ? `Set ${setNumber} opslaan → set ${setNumber + 1}` : `Set ${setNumber} opslaan`}
          </Button>
          <span className="hidden sm:block">
            <Link href={backHref} className={buttonClass('secondary', 'min-h-12')}>
              Terug naar de wedstrijd
            </Link>
          </span>
          <span className="hidden text-xs text-stone-500 sm:inline">Tab = volgend veld · ←/→ = Thuis of Uit · Enter = {kind === 'correct' ? 'correctie opslaan' : 'opslaan en volgende set'}</span>
        </div>
      </form>
    </div>
  );
}
