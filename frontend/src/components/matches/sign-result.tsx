'use client';
// "Controleren en ondertekenen" (Regel 15, the paper form): the home team checks a summary
// of the sets and totals, then signs. Saving set 6 never signs by itself; every later
// change lapses the signature. Sends the version that was on screen.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { announce } from '@/components/ui/result-announcer';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';
import { attempt, messagesOf, staleCurrent } from './call';
import { MatchDetail, seatsOfSet, setNumbers } from './labels';
import { finalitySentence } from '@/lib/vocabulary';

/** Per set: the home and away totals over its tables. */
export function ResultSummary({ match }: { match: MatchDetail }) {
  const sum = (values: (number | null)[]) => values.reduce<number>((t, v) => t + (v ?? 0), 0);
  return (
    <table className="w-full max-w-sm text-sm" aria-label="Overzicht van de uitslag">
      <thead>
        <tr className="text-left text-stone-600">
          <th className="py-1 font-medium">Set</th>
          <th className="py-1 text-right font-medium">{match.homeTeam.name}</th>
          <th className="py-1 text-right font-medium">{match.awayTeam.name}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100 tabular-nums">
        {setNumbers(match).map((n) => {
          const seats = seatsOfSet(match, n);
          return (
            <tr key={n}>
              <td className="py-1">Set {n}</td>
              <td className="py-1 text-right">{sum(seats.map((s) => s.homePoints))}</td>
              <td className="py-1 text-right">{sum(seats.map((s) => s.awayPoints))}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-stone-300 font-semibold tabular-nums">
          <td className="py-1">Totaal</td>
          <td className="py-1 text-right">{match.homePoints ?? 0}</td>
          <td className="py-1 text-right">{match.awayPoints ?? 0}</td>
        </tr>
      </tfoot>
    </table>
  );
}

export function SignResult({ match, onSigned }: { match: MatchDetail; onSigned?: (signed: MatchDetail) => void }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { busy, message, setMessage, submit, edited } = useSubmit();
  // Before the match day only the federation gets here, and then with a reason.
  const early = !match.resultEntry.open;

  async function sign() {
    const body = { version: match.version, ...(early ? { reason: reason.trim() } : {}) };
    const got: { signed?: MatchDetail; changed?: boolean } = {};
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(api.POST('/api/matches/{id}/sign', { params: { path: { id: match.id } }, body: { ...body, idempotencyKey } }));
      if (outcome.ok) {
        got.signed = outcome.data as MatchDetail;
        return {
          tone: 'good',
          lines: [`Uitslag ondertekend als thuisploeg (${match.homeTeam.name}): ${outcome.data.homePoints} – ${outcome.data.awayPoints}. ${outcome.data.finality ? `${finalitySentence(outcome.data.finality)}; ` : ''}${match.awayTeam.name} kan hem nu controleren.`],
        };
      }
      const current = staleCurrent(outcome.error);
      got.changed = current !== null;
      return {
        tone: 'bad',
        lines: current ? [`De uitslag is intussen gewijzigd (nu ${current.homePoints ?? 0} – ${current.awayPoints ?? 0}). Er is niets ondertekend; controleer hem opnieuw.`] : messagesOf(outcome.error),
      };
    });
    if (answer?.tone === 'good' && got.signed) {
      setOpen(false);
      // The page shows the signed match in place of this button: say it in the page's result line.
      setMessage(null);
      announce(answer.lines.join(' '));
      onSigned?.(got.signed);
    }
    if (answer?.tone === 'good' || got.changed) router.refresh();
  }

  return (
    <div className="space-y-2">
      {open ? (
        <section aria-label="Controleren en ondertekenen" className="space-y-3 rounded-md bg-white p-3 ring-1 ring-brand-300">
          <h3 className="font-semibold text-brand-900">Controleren en ondertekenen</h3>
          <p className="text-sm text-stone-700">Vergelijk het overzicht met het wedstrijdformulier. Met uw handtekening gaat de uitslag naar {match.awayTeam.name} ter controle, en wordt hij vanzelf definitief als die niet reageert; wijzigen kunt u hem daarna niet meer.</p>
          <ResultSummary match={match} />
          {early && (
            <label className="block text-sm font-medium text-stone-700">
              Reden (de wedstrijd is nog niet gespeeld; komt in het logboek)
              <input value={reason} onChange={(e) => (setReason(e.target.value), edited())} className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2" />
            </label>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={sign} disabled={busy || (early && reason.trim().length < 3)} className="min-h-12">
              {busy ? 'Bezig met ondertekenen…' : `Ondertekenen namens ${match.homeTeam.name}`}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)} disabled={busy} className="min-h-12">
              Annuleren
            </Button>
          </div>
        </section>
      ) : (
        <Button type="button" onClick={() => (setMessage(null), setOpen(true))} className="min-h-12">
          Controleren en ondertekenen
        </Button>
      )}
      <Notice message={message} />
    </div>
  );
}
