'use client';
import { FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineNotice, type InlineMessage } from '@/components/ui/notice';
import { api, errorOf } from '@/lib/api-client';
import { useHydrated } from '@/components/accounts/use-hydrated';

type Field = 'newEmail' | 'currentPassword';
const inputClass = 'mt-1 w-full rounded-md border border-stone-300 px-3 py-2';

/** Another address: the API mails a confirmation link to it; until then the current one stays. */
export function EmailChangeForm() {
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<InlineMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const newEmail = String(form.get('newEmail') ?? '').trim();
    const currentPassword = String(form.get('emailCurrentPassword') ?? '');
    setMessage(null);
    setBusy(true);
    const { data, error } = await api.POST('/api/accounts/email-change', { body: { newEmail, currentPassword } }).catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    if (data) {
      formElement.reset();
      setFieldErrors({});
      setMessage({ tone: 'good', text: data.message });
      return;
    }
    const failure = errorOf(error);
    const byField: Partial<Record<Field, string>> = {};
    for (const detail of failure.details ?? []) if (detail.field === 'newEmail' || detail.field === 'currentPassword') byField[detail.field] = detail.message;
    setFieldErrors(byField);
    setMessage({ tone: 'bad', text: failure.message });
  }

  const error = (name: Field, id: string) =>
    fieldErrors[name] && (
      <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
        {fieldErrors[name]}
      </p>
    );

  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor="newEmail" className="block text-sm font-medium">
          Nieuw e-mailadres
        </label>
        <input id="newEmail" name="newEmail" type="email" autoComplete="email" required maxLength={254} aria-invalid={fieldErrors.newEmail ? true : undefined} aria-describedby={fieldErrors.newEmail ? 'newEmail-error' : undefined} className={inputClass} />
        {error('newEmail', 'newEmail')}
      </div>
      <div>
        <label htmlFor="emailCurrentPassword" className="block text-sm font-medium">
          Uw wachtwoord (ter bevestiging)
        </label>
        <input
          id="emailCurrentPassword"
          name="emailCurrentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          aria-invalid={fieldErrors.currentPassword ? true : undefined}
          aria-describedby={fieldErrors.currentPassword ? 'emailCurrentPassword-error' : undefined}
          className={inputClass}
        />
        {error('currentPassword', 'emailCurrentPassword')}
      </div>
      <InlineNotice message={message} />
      <Button type="submit" disabled={busy || !hydrated} className="w-full sm:w-auto">
        {busy ? 'Bezig…' : 'Bevestigingslink sturen'}
      </Button>
    </form>
  );
}
