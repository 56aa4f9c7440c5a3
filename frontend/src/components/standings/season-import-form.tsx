'use client';
// Upload a season file (JSON) in two steps: the API checks it as a whole and shows what the
// import would create, with the fine proposals and the Regel 11 occurrences its matches give
// (RULES.md "Fines": listed before the import is confirmed), or lists every problem with its
// place in the file; only "Bevestigen" stores the season.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { UNREACHABLE, useSubmit } from '@/components/ui/use-submit';
import { errorOf, type ApiErrorDetail } from '@/lib/api-client';
import { FilePicker } from '@/components/ui/file-picker';
import type { Schemas } from '@/lib/api-server';
import { formatEuro } from '@/lib/format';

type Preview = Schemas['SeasonImportPreviewDto'];

type Outcome =
  | { kind: 'done'; seasonId: string; text: string }
  | { kind: 'preview'; text: string; preview: Preview }
  | { kind: 'problems'; message: string; details: ApiErrorDetail[] };

const matchLabel = (m: Preview['fines'][number]['match']) => `${m.division}, ronde ${m.round} (${m.date.split('-').reverse().join('-')}): ${m.home} – ${m.away}`;

export function SeasonImportForm() {
  const router = useRouter();
  // Sends once while on its way (a double tap checks or imports once); the outcome is shown below.
  const { busy, submit } = useSubmit();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  /** Shows `next` and answers useSubmit with its tone (its own message is not shown: the outcome is). */
  function show(next: Outcome) {
    setOutcome(next);
    return { tone: next.kind === 'problems' ? ('bad' as const) : ('good' as const), lines: [next.kind === 'problems' ? next.message : next.kind === 'done' ? next.text : 'Gecontroleerd.'] };
  }

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) {
      setOutcome({ kind: 'problems', message: 'Kies eerst een seizoensbestand (.json).', details: [] });
      return;
    }
    await submit(async () => {
      setOutcome(null);
      try {
        const text = await file.text();
        try {
          JSON.parse(text);
        } catch {
          return show({ kind: 'problems', message: `${file.name} is geen geldig JSON-bestand.`, details: [] });
        }
        const res = await fetch('/api/seasons/import/preview', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
        const json = await res.json().catch(() => null);
        if (!res.ok) {
          const error = errorOf(json);
          return show({ kind: 'problems', message: error.message, details: error.details ?? [] });
        }
        return show({ kind: 'preview', text, preview: json as Preview });
      } catch {
        return show({ kind: 'problems', message: UNREACHABLE, details: [] });
      }
    });
  }

  async function confirm(text: string) {
    const answer = await submit(async () => {
      try {
        const res = await fetch('/api/seasons/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
        const json = await res.json().catch(() => null);
        if (!res.ok) {
          const error = errorOf(json);
          return show({ kind: 'problems', message: error.message, details: error.details ?? [] });
        }
        return show({
          kind: 'done',
          seasonId: json.seasonId,
          text: `Seizoen ${json.seasonName} aangemaakt: ${json.divisions} poules, ${json.teams} teams, ${json.matches} wedstrijden, ${json.deductions} aftrekken, ${json.playoffs} beslissingswedstrijden, ${json.fineProposals} boetevoorstellen (te beoordelen onder Beheer › Boetes).${json.clubsCreated.length ? ` Nieuwe verenigingen: ${json.clubsCreated.join(', ')}.` : ''}`,
        });
      } catch {
        return show({ kind: 'problems', message: UNREACHABLE, details: [] });
      }
    });
    if (answer?.tone === 'good') router.refresh();
  }

  return (
    <form onSubmit={check} onChange={() => setOutcome((o) => (o?.kind === 'problems' ? null : o))} className="space-y-3">
      <div>
        <label htmlFor="season-file" className="block text-sm font-medium text-stone-700">
          Seizoensbestand (.json)
        </label>
        <FilePicker id="season-file" name="file" accept="application/json,.json" />
      </div>
      <Button type="submit" disabled={busy}>
        {busy && outcome?.kind !== 'preview' ? 'Bezig met controleren…' : 'Controleren'}
      </Button>
      {outcome?.kind === 'preview' && <PreviewView preview={outcome.preview} busy={busy} onConfirm={() => confirm(outcome.text)} onCancel={() => setOutcome(null)} />}
      {outcome?.kind === 'done' && (
        <p role="status" className="text-sm text-green-800">
          {outcome.text}{' '}
          <Link href={`/beheer/seizoenen/${outcome.seasonId}`} className="underline">
            Naar het seizoen
          </Link>
        </p>
      )}
      {outcome?.kind === 'problems' && (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          <p className="font-medium">{outcome.message}</p>
          {outcome.details.length > 0 && (
            <ul className="mt-2 max-h-80 list-inside list-disc overflow-y-auto">
              {outcome.details.map((d, i) => (
                <li key={i}>
                  {d.field && <code className="mr-1 rounded bg-white px-1">{d.field}</code>}
                  {d.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

/** What the import would create, with its fine proposals and Regel 11 occurrences; nothing is stored yet. */
function PreviewView({ preview, busy, onConfirm, onCancel }: { preview: Preview; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <section aria-label="Voorbeeld van de import" className="space-y-3 rounded-md bg-stone-50 p-3 text-sm ring-1 ring-stone-200">
      <p>
        Seizoen <span className="font-medium">{preview.seasonName}</span>: {preview.divisions} poules, {preview.teams} teams, {preview.matches} wedstrijden, {preview.deductions}{' '}
        aftrekken, {preview.playoffs} beslissingswedstrijden.
        {preview.clubsToCreate.length > 0 && ` Nieuwe verenigingen: ${preview.clubsToCreate.join(', ')}.`} Er is nog niets opgeslagen.
      </p>
      <div>
        <h3 className="font-medium">Boetevoorstellen ({preview.fines.length})</h3>
        {preview.fines.length === 0 ? (
          <p className="text-stone-600">Geen: de wedstrijden in het bestand geven geen boetes.</p>
        ) : (
          <ul className="mt-1 max-h-64 list-inside list-disc overflow-y-auto" aria-label="Boetevoorstellen">
            {preview.fines.map((f, i) => (
              <li key={i}>
                {f.club} ({f.team}), Regel {f.rule}: {f.amountCents === null ? 'bedrag door het bestuur' : formatEuro(f.amountCents)}
                {f.beneficiaryClub ? `, voor ${f.beneficiaryClub}` : ', voor de bond'} · {matchLabel(f.match)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-medium">Onvolledig of te laat, Regel 11 ({preview.occurrences.length})</h3>
        {preview.occurrences.length === 0 ? (
          <p className="text-stone-600">Geen.</p>
        ) : (
          <ul className="mt-1 max-h-64 list-inside list-disc overflow-y-auto" aria-label="Keren onvolledig of te laat">
            {preview.occurrences.map((o, i) => (
              <li key={i}>
                {o.club} ({o.team}): {o.kind === 'LATE' ? 'te laat aanwezig' : 'onvolledig'}, {o.occurrence}e keer · {matchLabel(o.match)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={busy} onClick={onConfirm}>
          {busy ? 'Bezig met opslaan…' : 'Bevestigen en importeren'}
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
          Annuleren
        </Button>
      </div>
    </section>
  );
}
