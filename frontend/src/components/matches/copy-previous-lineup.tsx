'use client';
// "Opstelling van vorige wedstrijd overnemen": fills the line-up form with the team's line-up of
// its previous match this season. Nothing is stored until the secretary saves (the notice says
// so while the form is not saved; the editor says whether it is, and asks before leaving);
// players who may not play this match are left out and named, with the reason.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-server';
import { formatDate } from '@/lib/format';
import { attempt, messagesOf } from './call';

type PreviousLineup = Schemas['PreviousLineupDto'];

type Result = { tone: 'good'; draft: PreviousLineup } | { tone: 'bad'; lines: string[] };

export function CopyPreviousLineup({ matchId, teamId, unsaved, onCopy }: { matchId: string; teamId: string; unsaved: boolean; onCopy: (draft: PreviousLineup) => void }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  async function copy() {
    setBusy(true);
    const outcome = await attempt(api.GET('/api/matches/{id}/lineups/{teamId}/previous', { params: { path: { id: matchId, teamId } } }));
    setBusy(false);
    if (!outcome.ok) return setResult({ tone: 'bad', lines: messagesOf(outcome.error) });
    onCopy(outcome.data);
    setResult({ tone: 'good', draft: outcome.data });
  }

  return (
    <div className="space-y-2">
      <Button type="button" variant="secondary" disabled={busy} onClick={() => void copy()} className="min-h-11">
        {busy ? 'Bezig met ophalen…' : 'Opstelling van vorige wedstrijd overnemen'}
      </Button>
      {result?.tone === 'bad' && (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          {result.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {result?.tone === 'good' && (
        <div role="status" className="space-y-1 rounded-md bg-sky-50 p-3 text-sm text-sky-950 ring-1 ring-sky-200">
          <p>
            De opstelling van {result.draft.fromMatch.homeTeam} – {result.draft.fromMatch.awayTeam} ({formatDate(result.draft.fromMatch.date)}) staat in het formulier.{' '}
            {unsaved && (
              <>
                <strong>Nog niet opgeslagen:</strong> controleer de koppels en reserves en sla de spelerslijst op.
              </>
            )}
          </p>
          {result.draft.leftOut.length > 0 && (
            <>
              <p className="font-semibold">Niet overgenomen:</p>
              <ul className="list-disc pl-5">
                {result.draft.leftOut.map((p) => (
                  <li key={p.memberId}>
                    <strong>
                      {p.name} ({p.pairNumber === null ? 'reserve' : `koppel ${p.pairNumber}`}):
                    </strong>{' '}
                    {p.reason}
                  </li>
                ))}
              </ul>
              <p>Kies voor hun plaats een andere speler.</p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
