'use client';
// A destructive action asks once more before it acts.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { errorOf } from '@/lib/api-client';
import { Button } from './ui/button';
import { announce } from './ui/result-announcer';
import { UNREACHABLE, useSubmit } from './ui/use-submit';

/** `done`: what happened, said after success at the foot of the screen ("Team Kaiman 2 gearchiveerd."). */
export function ConfirmAction({ action, label, question, done, redirectTo }: { action: string; label: string; question: string; done: string; redirectTo?: string }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const { busy, message, setMessage, submit } = useSubmit();
  const error = message?.tone === 'bad' ? message.lines.join(' ') : null;

  async function run() {
    const answer = await submit(async () => {
      const res = await fetch(action, { method: 'POST' }).catch(() => null);
      if (!res) return { tone: 'bad', lines: [UNREACHABLE] };
      if (!res.ok) return { tone: 'bad', lines: [errorOf(await res.json().catch(() => null)).message] };
      return { tone: 'good', lines: [done] };
    });
    if (answer?.tone !== 'good') return;
    setAsking(false);
    setMessage(null);
    announce(done);
    if (redirectTo) router.push(redirectTo);
    else router.refresh();
  }

  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <div role="alertdialog" aria-label={question} className="flex flex-wrap items-center gap-2 rounded-md bg-red-50 p-2 ring-1 ring-red-200">
      <span className="text-sm text-red-900">{question}</span>
      <Button variant="danger" onClick={run} disabled={busy}>
        {busy ? 'Bezig…' : `Ja, ${label.toLowerCase()}`}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
        Annuleren
      </Button>
      {error && <span className="text-sm text-red-700">{error}</span>}
    </div>
  );
}
