'use client';
import { FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineNotice, type InlineMessage } from '@/components/ui/notice';
import { api, errorOf } from '@/lib/api-client';
import { useHydrated } from '@/components/accounts/use-hydrated';

/** The same answer whether or not the address is known (the API decides what to mail). */
export function ResetRequestForm() {
  const [message, setMessage] = useState<InlineMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    setMessage(null);
    const { data, error } = await api.POST('/api/accounts/password-reset', { body: { email } }).catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    setMessage(data ? { tone: 'good', text: data.message } : { tone: 'bad', text: errorOf(error).message });
  }

  return (
    <form method="post" onSubmit={submit} className="space-y-4">
      <div>
        <label htmlFor="email" className="block text-sm font-medium">
          E-mailadres
        </label>
        <input id="email" name="email" type="email" autoComplete="username" required maxLength={254} className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2" />
      </div>
      <InlineNotice message={message} />
      <Button type="submit" disabled={busy || !hydrated} className="w-full">
        {busy ? 'Bezig…' : 'Stuur mij een link'}
      </Button>
    </form>
  );
}
