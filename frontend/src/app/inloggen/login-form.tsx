'use client';
import { useRouter } from 'next/navigation';
import { FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { api, errorOf } from '@/lib/api-client';

const HOME_BY_ROLE = { ADMIN: '/beheer', SECRETARY: '/vereniging', SUPERVISOR: '/wedstrijdleider' } as const;

export function LoginForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const { data, error: failure } = await api
      .POST('/api/auth/login', { body: { email: String(form.get('email')), password: String(form.get('password')) } })
      .catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    if (!data) {
      setError(errorOf(failure).message);
      return;
    }
    router.push(HOME_BY_ROLE[data.role]);
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-stone-200">
      <div>
        <label htmlFor="email" className="block text-sm font-medium">E-mailadres</label>
        <input id="email" name="email" type="email" autoComplete="username" required className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2" />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium">Wachtwoord</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2" />
      </div>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Bezig met inloggen…' : 'Inloggen'}
      </Button>
    </form>
  );
}
