'use client';
import { FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineNotice, type InlineMessage } from '@/components/ui/notice';
import { api, errorOf } from '@/lib/api-client';

/** As the API requires (PUT /api/auth/password, like a password an administrator sets). */
const MIN_LENGTH = 10;

type Field = 'currentPassword' | 'newPassword' | 'repeatPassword';

const inputClass = 'mt-1 w-full rounded-md border border-stone-300 px-3 py-2';

export function PasswordForm() {
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<InlineMessage | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const currentPassword = String(form.get('currentPassword') ?? '');
    const newPassword = String(form.get('newPassword') ?? '');
    const repeatPassword = String(form.get('repeatPassword') ?? '');
    const errors: Partial<Record<Field, string>> = {};
    if (!currentPassword) errors.currentPassword = 'Vul uw huidige wachtwoord in.';
    if (newPassword.length < MIN_LENGTH) errors.newPassword = `Een wachtwoord heeft minstens ${MIN_LENGTH} tekens.`;
    else if (newPassword !== repeatPassword) errors.repeatPassword = 'De twee nieuwe wachtwoorden zijn niet gelijk.';
    setFieldErrors(errors);
    setMessage(null);
    if (Object.keys(errors).length) return;

    setBusy(true);
    const { response, error } = await api
      .PUT('/api/auth/password', { body: { currentPassword, newPassword } })
      .catch(() => ({ response: undefined, error: undefined }));
    setBusy(false);
    if (response?.ok) {
      formElement.reset();
      setMessage({ tone: 'good', text: 'Uw wachtwoord is gewijzigd. Op andere apparaten bent u uitgelogd.' });
      return;
    }
    const failure = errorOf(error);
    const byField: Partial<Record<Field, string>> = {};
    for (const detail of failure.details ?? []) {
      if (detail.field === 'currentPassword' || detail.field === 'newPassword') byField[detail.field] = detail.message;
    }
    setFieldErrors(byField);
    setMessage({ tone: 'bad', text: failure.message });
  }

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <div>
      <label htmlFor={name} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="password"
        autoComplete={autoComplete}
        required
        maxLength={200}
        aria-invalid={fieldErrors[name] ? true : undefined}
        aria-describedby={fieldErrors[name] ? `${name}-error` : hint ? `${name}-hint` : undefined}
        className={inputClass}
      />
      {fieldErrors[name] ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {fieldErrors[name]}
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
    <form onSubmit={submit} noValidate className="space-y-4">
      {field('currentPassword', 'Huidig wachtwoord', 'current-password')}
      {field('newPassword', 'Nieuw wachtwoord', 'new-password', `Minstens ${MIN_LENGTH} tekens.`)}
      {field('repeatPassword', 'Herhaal nieuw wachtwoord', 'new-password')}
      <InlineNotice message={message} />
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {busy ? 'Bezig met opslaan…' : 'Wachtwoord wijzigen'}
      </Button>
    </form>
  );
}
