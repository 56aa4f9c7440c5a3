'use client';
// Upload a season file (JSON): the API checks it as a whole and either creates the season
// or lists every problem with its place in the file; nothing is stored then.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorOf, type ApiErrorDetail } from '@/lib/api-client';
import { FilePicker } from '@/components/ui/file-picker';

type Outcome =
  | { kind: 'done'; seasonId: string; text: string }
  | { kind: 'problems'; message: string; details: ApiErrorDetail[] };

export function SeasonImportForm() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) {
      setOutcome({ kind: 'problems', message: 'Kies eerst een seizoensbestand (.json).', details: [] });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const text = await file.text();
      try {
        JSON.parse(text);
      } catch {
        setOutcome({ kind: 'problems', message: `${file.name} is geen geldig JSON-bestand.`, details: [] });
        return;
      }
      const res = await fetch('/api/seasons/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
      const json = await res.json().catch(() => null);
      if (!res.ok) {
        const error = errorOf(json);
        setOutcome({ kind: 'problems', message: error.message, details: error.details ?? [] });
        return;
      }
      setOutcome({
        kind: 'done',
        seasonId: json.seasonId,
        text: `Seizoen ${json.seasonName} aangemaakt: ${json.divisions} poules, ${json.teams} teams, ${json.matches} wedstrijden, ${json.deductions} aftrekken, ${json.playoffs} beslissingswedstrijden.${json.clubsCreated.length ? ` Nieuwe verenigingen: ${json.clubsCreated.join(', ')}.` : ''}`,
      });
      router.refresh();
    } catch {
      setOutcome({ kind: 'problems', message: 'De server is niet bereikbaar. Er is niets opgeslagen; probeer het opnieuw.', details: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <div>
        <label htmlFor="season-file" className="block text-sm font-medium text-stone-700">
          Seizoensbestand (.json)
        </label>
        <FilePicker id="season-file" name="file" accept="application/json,.json" />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Bezig met controleren en opslaan…' : 'Seizoen importeren'}
      </Button>
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
