'use client';
// The supervisor's decision on one seat (Regel 15, 35B): keep the entered score or set
// another, game by game (preferred: kap and baunie counts stay) or as the set score,
// always with a reason; the table sees the decision and the reason. Nothing is preselected:
// the supervisor chooses to keep or change (issue 47 item 5). The states live in decision-state.ts.
import { useRouter } from 'next/navigation';
import { FormEvent, useReducer, useRef } from 'react';
import type { Seat } from '@/components/matches/labels';
import { emptyGame, TableDraft } from '@/components/matches/result-draft';
import { TableEntry } from '@/components/matches/table-entry';
import { Button } from '@/components/ui/button';
import { InlineNotice } from '@/components/ui/notice';
import { cn } from '@/lib/cn';
import { flush, consoleScope, itemsOf, queueDecision } from '../../../tafel/outbox';
import { OUTBOX_CHANGED } from '../console-offline';
import { decisionBody, decisionReducer, DecisionState, initialDecision } from './decision-state';

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
  const [state, dispatch] = useReducer(
    decisionReducer,
    null,
    (): DecisionState =>
      initialDecision(current, seat.source === 'TOTALS' ? 'totals' : 'games', {
        tableNumber,
        games: Array.from({ length: gamesPerSet }, (_, i) => {
          const g = seat.source === 'GAMES' ? seat.games[i] : undefined;
          return g ? { winner: g.winner, kind: g.kind, penaltyRule: g.kind === 'PENALTY' ? ((g.penaltyRule ?? '') as TableDraft['games'][number]['penaltyRule']) : '', points: g.kind === 'PENALTY' ? String(g.points) : '' } : emptyGame();
        }),
        home: '',
        away: '',
      }),
  );
  const { choice, mode, home, away, table, reason, phase, message } = state;
  const change = choice === 'change';
  const busy = phase === 'sending';

  /** One decision per intent: a second tap while the first is on its way does nothing. */
  const sending = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const built = decisionBody(state);
    if ('problem' in built) return dispatch({ type: 'problem', text: built.problem });
    sending.current = true;
    dispatch({ type: 'sending' });
    // Into the outbox first (with its idempotency key), then sent: offline it waits and goes later.
    try {
      await queueDecision(matchId, setNumber, tableNumber, built.body);
    } catch {
      sending.current = false;
      return dispatch({ type: 'problem', text: 'Deze browser kon de beslissing niet bewaren. Probeer het opnieuw.' });
    }
    const result = await flush(consoleScope(matchId)).catch(() => null);
    window.dispatchEvent(new Event(OUTBOX_CHANGED));
    sending.current = false;
    if (!result || result.offline) return dispatch({ type: 'sent', outcome: 'offline' });
    if (result.refused > 0) {
      const refused = (await itemsOf(consoleScope(matchId))).filter((i) => i.status === 'REFUSED').pop();
      return dispatch({ type: 'refused', text: refused?.message ?? 'De beslissing is geweigerd.' });
    }
    dispatch({ type: 'sent', outcome: 'decided' });
    // The console says what was recorded, with the seat's score as it is now.
    router.push(`${doneHref}?beslist=${setNumber}-${tableNumber}`);
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={`Beslissing set ${setNumber}, tafel ${tableNumber}`}>
      {current && (
        <div role="radiogroup" aria-label="Beslissing" className="grid grid-cols-2 gap-1 rounded-lg bg-stone-200 p-1">
          {(
            [
              ['keep', `Stand ${current.home}–${current.away} houden`],
              ['change', 'Stand wijzigen'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={choice === value}
              onClick={() => dispatch({ type: 'choose', choice: value })}
              className={cn('min-h-11 rounded-md px-2 text-sm font-medium', choice === value ? 'bg-white text-brand-900 shadow-sm' : 'text-stone-700')}
            >
              {label}
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
              onClick={() => dispatch({ type: 'mode', mode: value })}
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
          onChange={(next) => dispatch({ type: 'games', table: next })}
        />
      )}
      {change && mode === 'totals' && (
        <div className="grid grid-cols-2 gap-3">
          <label className="text-sm font-medium">
            {homeLabel}
            <input inputMode="numeric" value={home} onChange={(e) => dispatch({ type: 'totals', home: e.target.value })} className={cn(control, 'text-center text-xl tabular-nums')} />
          </label>
          <label className="text-sm font-medium">
            {awayLabel}
            <input inputMode="numeric" value={away} onChange={(e) => dispatch({ type: 'totals', away: e.target.value })} className={cn(control, 'text-center text-xl tabular-nums')} />
          </label>
        </div>
      )}
      <label className="block text-sm font-medium">
        Reden
        <textarea value={reason} onChange={(e) => dispatch({ type: 'reason', reason: e.target.value })} rows={3} maxLength={1000} className={control} />
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
