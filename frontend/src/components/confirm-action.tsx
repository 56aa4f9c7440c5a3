'use client';
// A destructive action asks once more before it acts.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { errorOf } from '@/lib/api-client';
import { Button } from './ui/button';

export function ConfirmAction({ action, label, question, redirectTo }: { action: string; label: string; question: string; redirectTo?: string }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    const res = await fetch(action, { method: 'POST' }).catch(() => null);
    setBusy(false);
    if (!res || !res.ok) {
      setError(errorOf(res ? await res.json().catch(() => null) : null).message);
      return;
    }
    setAsking(false);
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
        Ja, {label.toLowerCase()}
      </Button>
      <Button variant="secondary" onClick={() => setAsking(false)}>
        Annuleren
      </Button>
      {error && <span className="text-sm text-red-700">{error}</span>}
    </div>
  );
}
