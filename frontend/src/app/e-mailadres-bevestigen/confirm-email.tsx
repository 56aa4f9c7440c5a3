'use client';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineNotice, type InlineMessage } from '@/components/ui/notice';
import { api, errorOf } from '@/lib/api-client';
import { useHydrated } from '@/components/accounts/use-hydrated';

/** A button, not an automatic confirmation: a mail scanner that opens the link confirms nothing. */
export function ConfirmEmail({ token, email }: { token: string; email: string }) {
  const [message, setMessage] = useState<InlineMessage | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function confirm() {
    setBusy(true);
    const { data, error } = await api.POST('/api/accounts/email-change/confirm', { body: { token } }).catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    if (data) {
      setDone(true);
      setMessage({ tone: 'good', text: `Uw e-mailadres is nu ${data.email}. Log voortaan met dit adres in.` });
    } else setMessage({ tone: 'bad', text: errorOf(error).message });
  }

  return (
    <div className="space-y-4">
      {!done && (
        <Button onClick={confirm} disabled={busy || !hydrated}>
          {busy ? 'Bezig…' : `Ja, ${email} is mijn adres`}
        </Button>
      )}
      <InlineNotice message={message} />
      {done && (
        <Link href="/" className="text-brand-700 underline">
          Naar de startpagina
        </Link>
      )}
    </div>
  );
}
