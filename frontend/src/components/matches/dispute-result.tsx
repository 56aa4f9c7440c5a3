'use client';
// "Niet akkoord" (Regel 15): the away team disagrees with the signed result, with a
// comment. The home signature lapses and the refusal goes to the supervisor, whose decision
// makes the result final (no loop back to the home team).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { announce } from '@/components/ui/result-announcer';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';
import { attempt, messagesOf, staleCurrent } from './call';
import type { MatchDetail } from './labels';

export function DisputeResult({ match }: { match: MatchDetail }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  const { busy, message, setMessage, submit, edited } = useSubmit();

  async function send() {
    if (comment.trim().length < 3) {
      setMessage({ tone: 'bad', lines: ['Schrijf op wat er niet klopt (minstens 3 tekens); de thuisploeg en de wedstrijdleider lezen het.'] });
      document.getElementById('dispute-comment')?.focus();
      return;
    }
    const got = { changed: false };
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(api.POST('/api/matches/{id}/dispute', { params: { path: { id: match.id } }, body: { version: match.version, comment: comment.trim(), idempotencyKey } }));
      if (outcome.ok) {
        return {
          tone: 'good',
          lines: [`Niet akkoord verstuurd namens ${match.awayTeam.name}; de handtekening van ${match.homeTeam.name} vervalt. De wedstrijdleider beslist; die beslissing maakt de uitslag definitief.`],
        };
      }
      const current = staleCurrent(outcome.error);
      got.changed = current !== null;
      return { tone: 'bad', lines: current ? ['De uitslag is intussen gewijzigd. Er is niets verstuurd; bekijk de nieuwe stand.'] : messagesOf(outcome.error) };
    });
    if (answer?.tone === 'good') {
      setOpen(false);
      setMessage(null);
      announce(answer.lines.join(' '));
    }
    if (answer?.tone === 'good' || got.changed) router.refresh();
  }

  return (
    <div className="space-y-2">
      {open ? (
        <div role="group" aria-label="Niet akkoord" className="space-y-2 rounded-md bg-red-50 p-3 ring-1 ring-red-200">
          <label htmlFor="dispute-comment" className="block text-sm font-medium text-red-950">
            Wat klopt er niet? (verplicht; {match.homeTeam.name} en de wedstrijdleider lezen het, de wedstrijdleider beslist)
          </label>
          <textarea
            id="dispute-comment"
            value={comment}
            onChange={(e) => (setComment(e.target.value), edited())}
            rows={3}
            maxLength={1000}
            className="block w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
            placeholder="bijv. set 2, tafel 3 was 6–2 voor ons"
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" onClick={send} disabled={busy} className="min-h-12">
              {busy ? 'Bezig met versturen…' : 'Niet akkoord versturen'}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy} className="min-h-12">
              Annuleren
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setOpen(true)} className="min-h-12">
          Niet akkoord
        </Button>
      )}
      <Notice message={message} />
    </div>
  );
}
