'use client';
// Choosing a password with a link from a mail (reset or invitation): twice the same, then
// the API logs this browser in and the user goes to their to-do list.
import { useRouter } from 'next/navigation';
import { FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineNotice, type InlineMessage } from '@/components/ui/notice';
import { api, errorOf } from '@/lib/api-client';
import { useHydrated } from '@/components/accounts/use-hydrated';

/** As the API requires (SetPasswordDto). */
const MIN_LENGTH = 10;
const inputClass = 'mt-1 w-full rounded-md border border-stone-300 px-3 py-2';

export function NewPasswordForm({ token, endpoint, submitLabel, email }: { token: string; endpoint: '/api/accounts/password-reset/confirm' | '/api/accounts/invitation/accept'; submitLabel: string; email: string }) {
  const router = useRouter();
  const [fieldError, setFieldError] = useState<{ field: 'password' | 'repeat'; text: string } | null>(null);
  const [message, setMessage] = useState<InlineMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const repeat = String(form.get('repeat') ?? '');
    setMessage(null);
    if (password.length < MIN_LENGTH) return setFieldError({ field: 'password', text: `Een wachtwoord heeft minstens ${MIN_LENGTH} tekens.` });
    if (password !== repeat) return setFieldError({ field: 'repeat', text: 'De twee wachtwoorden zijn niet gelijk.' });
    setFieldError(null);
    setBusy(true);
    const { data, error } = await api.POST(endpoint, { body: { token, password } }).catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    if (!data) {
      const failure = errorOf(error);
      const detail = failure.details?.find((d) => d.field === 'password');
      if (detail) setFieldError({ field: 'password', text: detail.message });
      setMessage({ tone: 'bad', text: failure.message });
      return;
    }
    router.push('/te-doen');
    router.refresh();
  }

  const field = (name: 'password' | 'repeat', label: string, hint?: string) => (
    <div>
      <label htmlFor={name} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        maxLength={200}
        aria-invalid={fieldError?.field === name ? true : undefined}
        aria-describedby={fieldError?.field === name ? `${name}-error` : hint ? `${name}-hint` : undefined}
        className={inputClass}
      />
      {fieldError?.field === name ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {fieldError.text}
        </p>
      ) : (
        hint && (
          <p id={`${name}-hint`} className="mt-1 text-sm text-stone-600">
            {hint}
          </p>
        )
      )}
    </div>
  );

  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4">
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {field('password', 'Nieuw wachtwoord', `Minstens ${MIN_LENGTH} tekens.`)}
      {field('repeat', 'Herhaal wachtwoord')}
      <InlineNotice message={message} />
      <Button type="submit" disabled={busy || !hydrated} className="w-full sm:w-auto">
        {busy ? 'Bezig met opslaan…' : submitLabel}
      </Button>
    </form>
  );
}
