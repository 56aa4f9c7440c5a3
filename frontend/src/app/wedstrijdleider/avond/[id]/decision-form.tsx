'use client';
// The supervisor's decision on one seat (Regel 15, 35B): keep the entered score or set
// another, game by game (preferred: kap and baunie counts stay) or as the set score,
// always with a reason; the table sees the decision and the reason.
import { useRouter } from 'next/navigation';
import { FormEvent, useRef, useState } from 'react';
import type { Seat } from '@/components/matches/labels';
import { EntryMode, emptyGame, gameValue, TableDraft, tableInput } from '@/components/matches/result-draft';
import { TableEntry } from '@/components/matches/table-entry';
import { Button } from '@/components/ui/button';
import { InlineMessage, InlineNotice } from '@/components/ui/notice';
import { cn } from '@/lib/cn';
import { flush, consoleScope, itemsOf, queueDecision } from '../../../tafel/outbox';
import { OUTBOX_CHANGED } from '../console-offline';

const control = 'mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-base';

export function DecisionForm({
  matchId,
  setNumber,
  tableNumber,
  current,
  homeLabel,
  awayLabel,
  doneHref,
  seat,
  gamesPerSet,
  homeTeam,
  awayTeam,
  homeNames,
  awayNames,
}: {
  matchId: string;
  setNumber: number;
  tableNumber: number;
  current: { home: number; away: number } | null;
  homeLabel: string;
  awayLabel: string;
  doneHref: string;
  /** The stored seat (pairs, and its games when entered game by game). */
  seat: Seat;
  gamesPerSet: number;
  homeTeam: string;
  awayTeam: string;
  homeNames: string | null;
  awayNames: string | null;
}) {
  const router = useRouter();
  const [change, setChange] = useState(current === null);
  const [home, setHome] = useState(current ? String(current.home) : '');
  const [away, setAway] = useState(current ? String(current.away) : '');
  const [mode, setMode] = useState<EntryMode>(seat.source === 'TOTALS' ? 'totals' : 'games');
  const [table, setTable] = useState<TableDraft>(() => ({
    tableNumber,
    games: Array.from({ length: gamesPerSet }, (_, i) => {
      const g = seat.source === 'GAMES' ? seat.games[i] : undefined;
      return g ? { winner: g.winner, kind: g.kind, penaltyRule: g.kind === 'PENALTY' ? ((g.penaltyRule ?? '') as TableDraft['games'][number]['penaltyRule']) : '', points: g.kind === 'PENALTY' ? String(g.points) : '' } : emptyGame();
    }),
    home: '',
    away: '',
  }));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<InlineMessage | null>(null);

  /** One decision per intent: a second tap while the first is on its way does nothing. */
  const sending = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    setMessage(null);
    if (!reason.trim()) return setMessage({ tone: 'bad', text: 'Geef de reden van uw beslissing; de tafel en het logboek tonen hem.' });
    let score: Record<string, unknown> = {};
    if (change && mode === 'totals') {
      if (home === '' || away === '') return setMessage({ tone: 'bad', text: 'Vul de stand van beide koppels in.' });
      score = { totals: { home: Number(home), away: Number(away) } };
    } else if (change) {
      const open = table.games.findIndex((g) => gameValue(g) === null || (g.kind === 'PENALTY' && !g.penaltyRule));
      if (open >= 0) return setMessage({ tone: 'bad', text: `Partij ${open + 1} is nog niet compleet: kies wie de punten krijgt en hoe.` });
      score = { games: tableInput(table, 'games')?.games ?? [] };
    }
    setBusy(true);
    sending.current = true;
    const body = { ...score, reason: reason.trim() };
    // Into the outbox first (with its idempotency key), then sent: offline it waits and goes later.
    try {
      await queueDecision(matchId, setNumber, tableNumber, body);
    } catch {
      setBusy(false);
      sending.current = false;
      return setMessage({ tone: 'bad', text: 'Deze browser kon de beslissing niet bewaren. Probeer het opnieuw.' });
    }
    const result = await flush(consoleScope(matchId)).catch(() => null);
    window.dispatchEvent(new Event(OUTBOX_CHANGED));
    setBusy(false);
    sending.current = false;
    if (!result || result.offline) return setMessage({ tone: 'good', text: 'Bewaard: geen verbinding, de beslissing wordt verstuurd zodra er weer verbinding is.' });
    if (result.refused > 0) {
      const refused = (await itemsOf(consoleScope(matchId))).filter((i) => i.status === 'REFUSED').pop();
      return setMessage({ tone: 'bad', text: refused?.message ?? 'De beslissing is geweigerd.' });
    }
    // The console says what was recorded, with the seat's score as it is now.
    router.push(`${doneHref}?beslist=${setNumber}-${tableNumber}`);
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={`Beslissing set ${setNumber}, tafel ${tableNumber}`}>
      {current && (
        <div role="radiogroup" aria-label="Beslissing" className="grid grid-cols-2 gap-1 rounded-lg bg-stone-200 p-1">
          {[
            [false, `Stand ${current.home}–${current.away} houden`],
            [true, 'Stand wijzigen'],
          ].map(([value, label]) => (
            <button
              key={String(value)}
              type="button"
              role="radio"
              aria-checked={change === value}
              onClick={() => setChange(value as boolean)}
              className={cn('min-h-11 rounded-md px-2 text-sm font-medium', change === value ? 'bg-white text-brand-900 shadow-sm' : 'text-stone-700')}
            >
              {label as string}
            </button>
          ))}
        </div>
      )}
      {change && (
        <div role="radiogroup" aria-label="Invoer" className="grid grid-cols-2 gap-1 rounded-lg bg-stone-200 p-1">
          {(
            [
              ['games', 'Per partij'],
              ['totals', 'Setstand'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={mode === value}
              onClick={() => setMode(value)}
              className={cn('min-h-11 rounded-md px-2 text-sm font-medium', mode === value ? 'bg-white text-brand-900 shadow-sm' : 'text-stone-700')}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {change && mode === 'games' && (
        <TableEntry
          setNumber={setNumber}
          seat={{ ...seat, credited: false }}
          table={table}
          mode="games"
          homeTeam={homeTeam}
          awayTeam={awayTeam}
          homeNames={homeNames}
          awayNames={awayNames}
          errors={[]}
          onChange={setTable}
        />
      )}
      {change && mode === 'totals' && (
        <div className="grid grid-cols-2 gap-3">
          <label className="text-sm font-medium">
            {homeLabel}
            <input inputMode="numeric" value={home} onChange={(e) => setHome(e.target.value.replace(/\D/g, ''))} className={cn(control, 'text-center text-xl tabular-nums')} />
          </label>
          <label className="text-sm font-medium">
            {awayLabel}
            <input inputMode="numeric" value={away} onChange={(e) => setAway(e.target.value.replace(/\D/g, ''))} className={cn(control, 'text-center text-xl tabular-nums')} />
          </label>
        </div>
      )}
      <label className="block text-sm font-medium">
        Reden
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={1000} className={control} />
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" className="min-h-12" disabled={busy}>
          {busy ? 'Bezig…' : 'Beslissing vastleggen'}
        </Button>
        <InlineNotice message={message} />
      </div>
    </form>
  );
}
