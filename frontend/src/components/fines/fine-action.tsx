'use client';
// One administrator action on fines: asks for what it needs (amount, reason, date),
// asks for confirmation, posts it, and shows the API's Dutch message when refused.
import { useRouter } from 'next/navigation';
import { FormEvent, useId, useState } from 'react';
import { Button, ButtonVariant } from '@/components/ui/button';
import { announce } from '@/components/ui/result-announcer';
import { fillIn, UNREACHABLE, useSubmit } from '@/components/ui/use-submit';
import { errorText } from '@/lib/api-client';
import { parseEuro } from '@/lib/format';

export interface ActionField {
  name: 'amountCents' | 'reason' | 'paidOn';
  label: string;
  type: 'euro' | 'text' | 'date';
  defaultValue?: string;
}

export function FineAction({
  action,
  label,
  question,
  fields = [],
  confirmLabel = label,
  variant = 'secondary',
  body = {},
  done,
}: {
  action: string;
  label: string;
  question: string;
  fields?: ActionField[];
  confirmLabel?: string;
  variant?: ButtonVariant;
  body?: Record<string, unknown>;
  /** What happened, said after success at the foot of the screen (the card may go); "{path}" is filled from the answer (fillIn). */
  done: string;
}) {
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const { busy, message, setMessage, submit: send, edited } = useSubmit();
  const error = message?.tone === 'bad' ? message.lines.join(' ') : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const payload: Record<string, unknown> = { ...body };
    for (const field of fields) {
      const raw = String(data.get(field.name) ?? '').trim();
      if (field.type === 'euro') {
        const cents = parseEuro(raw);
        if (cents === null) return setMessage({ tone: 'bad', lines: [`${field.label}: vul een bedrag in euro's in, bijvoorbeeld 25,00.`] });
        payload[field.name] = cents;
      } else if (raw) payload[field.name] = raw;
    }
    const answer = await send(async () => {
      const res = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) }).catch(() => null);
      if (!res) return { tone: 'bad', lines: [UNREACHABLE] };
      const json = await res.json().catch(() => null);
      if (!res.ok) return { tone: 'bad', lines: [errorText(json)] };
      return { tone: 'good', lines: [fillIn(done, json)] };
    });
    if (answer?.tone !== 'good') return;
    setOpen(false);
    setMessage(null);
    announce(answer.lines.join(' '));
    router.refresh();
  }

  if (!open) {
    return (
      <Button variant={variant} className="min-h-8 px-3 py-1" onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  }
  return (
    <form role="dialog" aria-label={question} onSubmit={submit} onChange={edited} className="mt-2 w-full space-y-2 rounded-md bg-stone-50 p-3 ring-1 ring-stone-300">
      <p className="text-sm font-medium text-stone-900">{question}</p>
      {fields.map((field) => (
        <label key={field.name} htmlFor={`${id}-${field.name}`} className="block text-sm text-stone-700">
          {field.label}
          <input
            id={`${id}-${field.name}`}
            name={field.name}
            type={field.type === 'date' ? 'date' : 'text'}
            inputMode={field.type === 'euro' ? 'decimal' : undefined}
            defaultValue={field.defaultValue}
            required
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-base sm:text-sm"
          />
        </label>
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant={variant === 'danger' ? 'danger' : 'primary'} disabled={busy}>
          {busy ? 'Bezig met versturen…' : `Ja, ${confirmLabel.toLowerCase()}`}
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => setOpen(false)}>
          Annuleren
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
