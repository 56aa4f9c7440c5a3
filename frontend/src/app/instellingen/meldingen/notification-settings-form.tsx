'use client';
import { FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineNotice, type InlineMessage } from '@/components/ui/notice';
import { api, errorOf } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

type Preferences = components['schemas']['NotificationPreferencesDto'];

export function NotificationSettingsForm({ initial }: { initial: Preferences }) {
  const [weeklyDigest, setWeeklyDigest] = useState(initial.weeklyDigest);
  const [enabled, setEnabled] = useState<Record<string, boolean>>(Object.fromEntries(initial.kinds.map((k) => [k.kind, k.enabled])));
  const [message, setMessage] = useState<InlineMessage | null>(null);
  const [busy, setBusy] = useState(false);
  // Until React has taken over, a click would submit the form natively (a GET of this page).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const notificationsOff = initial.kinds.filter((k) => !enabled[k.kind]).map((k) => k.kind);
    const { data, error } = await api.PUT('/api/me/notifications', { body: { weeklyDigest, notificationsOff } }).catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    if (data) {
      setMessage({ tone: 'good', text: 'Opgeslagen.' });
      return;
    }
    setMessage({ tone: 'bad', text: errorOf(error).message });
  }

  return (
    <form onSubmit={submit} className="space-y-5">
      <fieldset>
        <legend className="mb-2 font-semibold text-brand-900">Hoe</legend>
        <label className="flex items-start gap-2 py-1">
          <input type="radio" name="delivery" className="mt-1" checked={!weeklyDigest} onChange={() => setWeeklyDigest(false)} />
          <span>Elke herinnering meteen, als eigen e-mail</span>
        </label>
        <label className="flex items-start gap-2 py-1">
          <input type="radio" name="delivery" className="mt-1" checked={weeklyDigest} onChange={() => setWeeklyDigest(true)} />
          <span>Eén weekoverzicht, op maandag om 08:00</span>
        </label>
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-semibold text-brand-900">Waarover</legend>
        {initial.kinds.map((k) => (
          <label key={k.kind} className="flex items-start gap-2 py-1">
            <input type="checkbox" className="mt-1" checked={enabled[k.kind]} onChange={(e) => setEnabled({ ...enabled, [k.kind]: e.target.checked })} />
            <span>{k.label}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy || !hydrated}>
          {busy ? 'Bezig met opslaan…' : 'Opslaan'}
        </Button>
        <InlineNotice message={message} />
      </div>
    </form>
  );
}
