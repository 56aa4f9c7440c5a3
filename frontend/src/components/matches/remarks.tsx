'use client';
// Regel 35B: a team leader's remark on the match, for the supervisor and the federation. It is
// kept and shown; it never reopens anything (a club does not dispute what its pairs signed).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { attempt, messagesOf } from './call';

export type MatchRemark = components['schemas']['MatchRemarkDto'];

const when = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

export function MatchRemarks({ matchId, remarks, canWrite }: { matchId: string; remarks: MatchRemark[]; canWrite: boolean }) {
  const router = useRouter();
  const [text, setText] = useState('');
  const { busy, message, setMessage, submit, edited } = useSubmit();

  async function send() {
    if (text.trim().length < 3) {
      setMessage({ tone: 'bad', lines: ['Schrijf de opmerking (minstens 3 tekens).'] });
      return;
    }
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(api.POST('/api/matches/{id}/remarks', { params: { path: { id: matchId } }, body: { text: text.trim(), idempotencyKey } }));
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      const said = text.trim();
      return { tone: 'good', lines: [`Opmerking bewaard: “${said.length > 60 ? `${said.slice(0, 60)}…` : said}”. De wedstrijdleider en de bond lezen hem.`] };
    });
    if (answer?.tone !== 'good') return;
    setText('');
    router.refresh();
  }

  return (
    <div className="space-y-3">
      {remarks.length === 0 ? (
        <p className="text-sm text-stone-600">Nog geen opmerkingen.</p>
      ) : (
        <ul aria-label="Opmerkingen" className="divide-y divide-stone-200 text-sm">
          {remarks.map((r) => (
            <li key={r.id} className="py-2">
              <span className="font-medium">{r.clubName ?? 'De bond'}</span> · {when.format(new Date(r.createdAt))}: {r.text}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <div role="group" aria-label="Opmerking toevoegen" className="space-y-2">
          <label htmlFor="remark-text" className="block text-sm font-medium text-stone-900">
            Opmerking voor de wedstrijdleider en de bond (heropent niets)
          </label>
          <textarea id="remark-text" value={text} onChange={(e) => (setText(e.target.value), edited())} rows={3} maxLength={1000} className="block w-full rounded-md border border-stone-300 px-3 py-2 text-sm" />
          <Button variant="secondary" onClick={send} disabled={busy} className="min-h-12">
            {busy ? 'Bezig met bewaren…' : 'Opmerking toevoegen'}
          </Button>
          <Notice message={message} />
        </div>
      )}
    </div>
  );
}
