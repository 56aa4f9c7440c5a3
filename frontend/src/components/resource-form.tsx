'use client';
// One form for creating and editing records: sends JSON to the API and shows
// the API's Dutch validation messages next to the fields they concern.
import { useRouter } from 'next/navigation';
import { FormEvent, useId, useState } from 'react';
import { errorOf } from '@/lib/api-client';
import { euroInput, parseEuro } from '@/lib/format';
import { Button } from './ui/button';
import { InlineNotice } from './ui/notice';
import { fillIn, UNREACHABLE, useSubmit } from './ui/use-submit';

export interface Field {
  name: string;
  label: string;
  /** 'euro': typed in euros ("15" or "15,00"), `defaultValue` and the value sent are cents. 'boolean': Ja/Nee, sent as true/false. */
  type?: 'text' | 'email' | 'password' | 'date' | 'number' | 'select' | 'euro' | 'boolean';
  required?: boolean;
  options?: { value: string; label: string }[];
  defaultValue?: string | number | boolean | null;
  hint?: string;
  /** Dotted path in the JSON body, e.g. "settings.pointsWin". */
  bodyPath?: string;
  /**
   * Filled in from another field's choice: `values` by that field's value (a team name from
   * the chosen club). What the user typed over it is kept.
   */
  suggestFrom?: { field: string; values: Record<string, string> };
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys[keys.length - 1]] = value;
}

export function ResourceForm({
  fields,
  action,
  method = 'POST',
  submitLabel,
  busyLabel = 'Bezig met opslaan…',
  successMessage,
  redirectTo,
  resetOnSuccess = method === 'POST',
  extraBody,
  idempotent = false,
}: {
  fields: Field[];
  action: string;
  method?: 'POST' | 'PATCH';
  submitLabel: string;
  /** What the button says while the request is on its way; "Bezig met opslaan…" unless given. */
  busyLabel?: string;
  /**
   * What happened, said after success; "{path}" is filled from the API's answer
   * ("Boete opgelegd: {amountCents:euro} voor {clubName}.", see fillIn).
   */
  successMessage?: string;
  /** Where to go after success; "{id}" is replaced by the new record's id. */
  redirectTo?: string;
  resetOnSuccess?: boolean;
  extraBody?: Record<string, unknown>;
  /**
   * The endpoint takes an idempotencyKey: the form sends one per submission, the same again
   * when the user retries after a lost answer, so the API does it once (a new one after an edit).
   */
  idempotent?: boolean;
}) {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, message, setMessage, submit: send, edited } = useSubmit();
  // unique per form: two forms posting to the same endpoint (a team form per division) must not share field ids
  const formId = useId();

  /** A choice changed: fill in the fields suggested from it, unless the user typed their own. */
  function suggest(event: FormEvent<HTMLFormElement>) {
    const source = event.target as HTMLInputElement | HTMLSelectElement;
    // An edit makes a stale error go: the message and the edited field's own.
    edited();
    if (errors[source.name]) setErrors(({ [source.name]: _gone, ...rest }) => rest);
    for (const field of fields) {
      if (field.suggestFrom?.field !== source.name) continue;
      const input = event.currentTarget.elements.namedItem(field.name);
      if (!(input instanceof HTMLInputElement)) continue;
      if (input.value === '' || Object.values(field.suggestFrom.values).includes(input.value)) input.value = field.suggestFrom.values[source.value] ?? '';
    }
  }

  /** The suggestion for the source field's first value, as the page opens. */
  function initialSuggestion(field: Field): string | undefined {
    if (!field.suggestFrom) return undefined;
    const source = fields.find((f) => f.name === field.suggestFrom?.field);
    const value = source?.defaultValue ?? (source?.required ? source.options?.[0]?.value : undefined);
    return value === undefined || value === null ? undefined : field.suggestFrom.values[String(value)];
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body: Record<string, unknown> = { ...extraBody };
    const typos: Record<string, string> = {};
    for (const field of fields) {
      const raw = String(data.get(field.name) ?? '');
      if (raw === '' && method === 'PATCH' && field.type !== 'text') continue;
      if (raw === '' && !field.required) continue;
      if (field.type === 'euro') {
        const cents = parseEuro(raw);
        if (cents === null) typos[field.name] = "Vul een bedrag in euro's in, bijvoorbeeld 15 of 15,00.";
        else setPath(body, field.bodyPath ?? field.name, cents);
        continue;
      }
      setPath(body, field.bodyPath ?? field.name, field.type === 'number' ? Number(raw) : field.type === 'boolean' ? raw === 'true' : raw);
    }
    if (Object.keys(typos).length) {
      setErrors(typos);
      setMessage({ tone: 'bad', lines: ['Er is niets opgeslagen: controleer de gemarkeerde velden.'] });
      return;
    }
    setErrors({});
    let json: { id?: string } | null = null;
    const answer = await send(async (key) => {
      if (idempotent) body.idempotencyKey = key;
      const res = await fetch(action, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(() => null);
      if (!res) return { tone: 'bad', lines: [UNREACHABLE] };
      json = res.status === 204 ? null : await res.json().catch(() => null);
      if (!res.ok) {
        const error = errorOf(json);
        const byField: Record<string, string> = {};
        for (const detail of error.details ?? []) {
          const field = fields.find((f) => (f.bodyPath ?? f.name) === detail.field);
          if (field) byField[field.name] = detail.message;
        }
        setErrors(byField);
        const unplaced = (error.details ?? []).filter((d) => !fields.some((f) => (f.bodyPath ?? f.name) === d.field)).map((d) => d.message);
        return { tone: 'bad', lines: [[error.message, ...unplaced].join(' ')] };
      }
      return { tone: 'good', lines: [successMessage ? fillIn(successMessage, json) : 'Opgeslagen.'] };
    });
    if (answer?.tone !== 'good') return;
    if (resetOnSuccess) form.reset();
    if (redirectTo) router.push(redirectTo.replace('{id}', (json as { id?: string } | null)?.id ?? ''));
    else router.refresh();
  }

  return (
    <form onSubmit={submit} onChange={suggest} className="grid gap-3 sm:grid-cols-2" noValidate>
      {fields.map((field) => {
        const id = `f${formId}-${field.name}`;
        const error = errors[field.name];
        const common = {
          id,
          name: field.name,
          defaultValue:
            field.type === 'euro' && typeof field.defaultValue === 'number'
              ? euroInput(field.defaultValue)
              : typeof field.defaultValue === 'boolean'
                ? String(field.defaultValue)
                : (field.defaultValue ?? initialSuggestion(field)),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          className: `mt-1 block w-full rounded-md border px-3 py-2 text-base sm:text-sm ${error ? 'border-red-500' : 'border-stone-300'}`,
        };
        return (
          <div key={field.name}>
            <label htmlFor={id} className="block text-sm font-medium text-stone-700">
              {field.label}
              {field.required && <span className="text-red-600"> *</span>}
            </label>
            {field.type === 'boolean' ? (
              <select {...common}>
                <option value="true">Ja</option>
                <option value="false">Nee</option>
              </select>
            ) : field.type === 'select' ? (
              <select {...common}>
                {!field.required && <option value="">—</option>}
                {field.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : field.type === 'euro' ? (
              <div className="relative">
                <span aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 mt-0.5 -translate-y-1/2 text-stone-500">
                  €
                </span>
                <input {...common} type="text" inputMode="decimal" autoComplete="off" className={`${common.className} pl-7`} />
              </div>
            ) : (
              <input {...common} type={field.type ?? 'text'} />
            )}
            {field.hint && !error && <p className="mt-1 text-xs text-stone-500">{field.hint}</p>}
            {error && (
              <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        <InlineNotice message={message && { tone: message.tone, text: message.lines.join(' ') }} />
      </div>
    </form>
  );
}
