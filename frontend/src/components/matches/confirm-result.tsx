'use client';
// The away team's signature (Regel 15): confirming locks the result. Asks once more, and
// sends the version that was on screen, so a result changed in the meantime is never
// confirmed unseen.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { announce } from '@/components/ui/result-announcer';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';
import { attempt, messagesOf, staleCurrent } from './call';
import type { MatchDetail } from './labels';

export function ConfirmResult({ match, label = 'Uitslag bevestigen' }: { match: MatchDetail; label?: string }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const { busy, message, setMessage, submit, edited } = useSubmit();
  const [reason, setReason] = useState('');
  // Before the match day only the federation confirms, and then with a reason.
  const early = !match.resultEntry.open;

  async function confirm() {
    const got = { changed: false };
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(api.POST('/api/matches/{id}/confirm', { params: { path: { id: match.id } }, body: { version: match.version, ...(early ? { reason: reason.trim() } : {}), idempotencyKey } }));
      if (outcome.ok) {
        return { tone: 'good', lines: [`Uitslag bevestigd namens ${match.awayTeam.name}: ${match.homeTeam.name} ${outcome.data.homePoints} – ${outcome.data.awayPoints} ${match.awayTeam.name}. De uitslag staat nu vast.`] };
      }
      const current = staleCurrent(outcome.error);
      got.changed = current !== null;
      return {
        tone: 'bad',
        lines: current
          ? [
              `De uitslag is intussen gewijzigd (nu versie ${current.version}, stand ${current.homePoints ?? 0} – ${current.awayPoints ?? 0}). Er is niets bevestigd.`,
              'Controleer de nieuwe stand hieronder en bevestig daarna opnieuw.',
            ]
          : messagesOf(outcome.error),
      };
    });
    if (!answer) return;
    setAsking(false);
    // The page refreshes into its confirmed state without this button: say it at the foot of the screen too.
    if (answer.tone === 'good') {
      setMessage(null);
      announce(answer.lines.join(' '));
    }
    if (answer.tone === 'good' || got.changed) router.refresh();
  }

  return (
    <div className="space-y-2">
      {asking ? (
        <div role="alertdialog" aria-label="Uitslag bevestigen?" className="space-y-2 rounded-md bg-amber-50 p-3 ring-1 ring-amber-300">
          <p className="text-sm text-amber-950">
            Bevestigt u namens {match.awayTeam.name} de uitslag <strong>{match.homePoints} – {match.awayPoints}</strong>? Daarna staat hij vast; alleen een wedstrijdleider of de
            bond kan hem nog corrigeren.
          </p>
          {early && (
            <label className="block text-sm font-medium text-amber-950">
              Reden (de wedstrijd is nog niet gespeeld; komt in het logboek)
              <input value={reason} onChange={(e) => (setReason(e.target.value), edited())} className="mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2" />
            </label>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={confirm} disabled={busy || (early && reason.trim().length < 3)} className="min-h-12">
              {busy ? 'Bezig met bevestigen…' : 'Ja, uitslag bevestigen'}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy} className="min-h-12">
              Annuleren
            </Button>
          </div>
        </div>
      ) : (
        <Button onClick={() => (setMessage(null), setAsking(true))} className="min-h-12">
          {label}
        </Button>
      )}
      <Notice message={message} />
    </div>
  );
}
