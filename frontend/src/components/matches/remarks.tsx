'use client';
// Regel 35B: a team leader's remark on the match, for the supervisor and the federation. It is
// kept and shown; it never reopens anything (a club does not dispute what its pairs signed).
// It is on the supervisors' and the federation's to-do until one of them marks it handled here.
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

/** "Afgehandeld": the supervisor or the federation read it (and acted where needed); it leaves their to-do. */
function HandleRemark({ matchId, remark }: { matchId: string; remark: MatchRemark }) {
  const router = useRouter();
  const { busy, message, submit } = useSubmit();
  async function handle() {
    const answer = await submit(async () => {
      const outcome = await attempt(api.POST('/api/matches/{id}/remarks/{remarkId}/handled', { params: { path: { id: matchId, remarkId: remark.id } } }));
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      return { tone: 'good', lines: ['Afgehandeld: de opmerking staat niet meer onder Te doen.'] };
    });
    if (answer?.tone === 'good') router.refresh();
  }
  return (
    <div className="mt-1 space-y-1">
      <Button variant="secondary" onClick={handle} disabled={busy} className="min-h-11" aria-label={`Markeren als afgehandeld (opmerking van ${remark.clubName ?? 'de bond'})`}>
        {busy ? 'Bezig…' : 'Markeren als afgehandeld'}
      </Button>
      <Notice message={message} />
    </div>
  );
}

export function MatchRemarks({ matchId, remarks, canWrite, canHandle = false }: { matchId: string; remarks: MatchRemark[]; canWrite: boolean; canHandle?: boolean }) {
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
    <div id="opmerkingen" className="scroll-mt-4 space-y-3">
      {remarks.length === 0 ? (
        <p className="text-sm text-stone-600">Nog geen opmerkingen.</p>
      ) : (
        <ul aria-label="Opmerkingen" className="divide-y divide-stone-200 text-sm">
          {remarks.map((r) => (
            <li key={r.id} className="py-2">
              <span className="font-medium">{r.clubName ?? 'De bond'}</span> · {when.format(new Date(r.createdAt))}: {r.text}
              {r.handledAt ? (
                <p className="text-stone-600">
                  Afgehandeld{r.handledBy ? ` door ${r.handledBy}` : ''} · {when.format(new Date(r.handledAt))}
                </p>
              ) : canHandle ? (
                <HandleRemark matchId={matchId} remark={r} />
              ) : (
                <p className="text-stone-600">Nog niet afgehandeld door de wedstrijdleider of de bond.</p>
              )}
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
