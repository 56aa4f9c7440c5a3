'use client';
// Preparing a season: last season's divisions and teams in one step, after a confirmation that
// says what is copied and what is not (issue 23 item 11).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { attempt, messagesOf } from '@/components/matches/call';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';

export function SeasonTakeOver({ seasonId, seasonName, from, hasDivisions }: { seasonId: string; seasonName: string; from: { id: string; name: string }; hasDivisions: boolean }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const { busy, message, setMessage, submit } = useSubmit();

  async function run() {
    const answer = await submit(async () => {
      const outcome = await attempt(api.POST('/api/seasons/{id}/take-over', { params: { path: { id: seasonId } }, body: { fromSeasonId: from.id } }));
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      const r = outcome.data;
      return {
        tone: 'good',
        lines: [
          `Overgenomen van seizoen ${r.from.name}: ${r.divisions === 1 ? '1 poule' : `${r.divisions} poules`} met ${r.teams === 1 ? '1 team' : `${r.teams} teams`}. Pas aan wat er verandert (promotie, degradatie, nieuwe teams) en maak daarna per poule het programma.`,
          ...r.skipped.map((line) => `Niet overgenomen: ${line}`),
        ],
      };
    });
    if (!answer) return;
    setAsking(false);
    if (answer.tone === 'good') router.refresh();
  }

  if (hasDivisions && !message) return null;
  return (
    <div className="mb-4 space-y-2">
      {!hasDivisions && !asking && (
        <Button type="button" variant="secondary" onClick={() => { setAsking(true); setMessage(null); }}>
          Poules en teams van {from.name} overnemen
        </Button>
      )}
      {asking && (
        <div role="alertdialog" aria-label="Poules en teams overnemen" className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
          <p>
            De poules van seizoen {from.name} (naam en niveau) en hun teams komen in seizoen {seasonName}. Gearchiveerde poules, teams en verenigingen blijven achter; het programma, de
            spelers en de uitslagen worden niet overgenomen. Dit kan alleen zolang {seasonName} nog geen poules heeft.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={busy} onClick={() => void run()}>
              {busy ? 'Bezig met overnemen…' : 'Ja, overnemen'}
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
              Annuleren
            </Button>
          </div>
        </div>
      )}
      <Notice message={message} />
    </div>
  );
}
