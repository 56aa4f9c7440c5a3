'use client';
// The supervisor decides the away team's refusal of a paper form (RULES.md "Finality and
// authority at the match", Regel 35B): the form as the home team signed it stands, with a
// reason; the decision makes the result final. (A changed score: correct it afterwards.)
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { announce } from '@/components/ui/result-announcer';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';
import { attempt, messagesOf, staleCurrent } from './call';
import type { MatchDetail } from './labels';

export function FormDecision({ match }: { match: MatchDetail }) {
  const router = useRouter();
  const [reason, setReason] = useState('');
  const { busy, message, setMessage, submit, edited } = useSubmit();

  async function send() {
    if (reason.trim().length < 3) {
      setMessage({ tone: 'bad', lines: ['Geef de reden van uw beslissing; beide teams en het logboek tonen hem.'] });
      document.getElementById('decision-reason')?.focus();
      return;
    }
    const got = { changed: false };
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(api.POST('/api/matches/{id}/dispute/decision', { params: { path: { id: match.id } }, body: { version: match.version, reason: reason.trim(), idempotencyKey } }));
      if (outcome.ok) {
        const m = outcome.data;
        return {
          tone: 'good',
          lines: [`Beslist: het formulier zoals ${match.homeTeam.name} het ondertekende geldt. De uitslag ${m.homeTeam.name} ${m.homePoints ?? 0} – ${m.awayPoints ?? 0} ${m.awayTeam.name} is definitief.`],
        };
      }
      const current = staleCurrent(outcome.error);
      got.changed = current !== null;
      return { tone: 'bad', lines: current ? ['De wedstrijd is intussen gewijzigd. Er is niets beslist; bekijk de nieuwe stand.'] : messagesOf(outcome.error) };
    });
    if (answer?.tone === 'good') {
      setMessage(null);
      announce(answer.lines.join(' '));
    }
    if (answer?.tone === 'good' || got.changed) router.refresh();
  }

  return (
    <div role="group" aria-label="Weigering beslissen" className="space-y-2">
      <label htmlFor="decision-reason" className="block text-sm font-medium text-stone-900">
        Reden (verplicht; het formulier zoals {match.homeTeam.name} het ondertekende wordt definitief)
      </label>
      <textarea
        id="decision-reason"
        value={reason}
        onChange={(e) => (setReason(e.target.value), edited())}
        rows={3}
        maxLength={1000}
        className="block w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
        placeholder="bijv. beide formulieren gezien; set 2 tafel 3 klopt zoals ingevuld"
      />
      <Button onClick={send} disabled={busy} className="min-h-12">
        {busy ? 'Bezig met beslissen…' : 'Beslissen: formulier geldt'}
      </Button>
      <Notice message={message} />
    </div>
  );
}
