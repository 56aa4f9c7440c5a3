'use client';
// Regel 11 at one match (RULES.md "Fines", 2026-11-26): which team counted as incomplete or
// late, the how-manieth time for its club, and recording or withdrawing a whole team's
// lateness (te laat aanwezig) with a reason. The club's other times are renumbered by the
// server; the 3rd, 6th, … time gives a fine proposal under Beheer › Boetes.
import { useRouter } from 'next/navigation';
import { FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-server';
import { attempt, messagesOf } from './call';
import { fieldClass, ReasonField } from './fixture-forms';
import { MatchDetail } from './labels';

type Regel11 = Schemas['MatchRegel11Dto'];

const KIND_LABELS: Record<Regel11['appearances'][number]['kind'], string> = { INCOMPLETE: 'onvolledig', LATE: 'te laat aanwezig' };

export function Regel11Panel({ match, regel11, canRecordLate }: { match: MatchDetail; regel11: Regel11; canRecordLate: boolean }) {
  const router = useRouter();
  const [shown, setShown] = useState(regel11);
  const [teamId, setTeamId] = useState('');
  const [reason, setReason] = useState('');
  const { busy, message, setMessage, submit, edited } = useSubmit();
  /** Withdrawing is an intent of its own, apart from the form's. */
  const withdrawal = useSubmit();
  const lastWithdrawal = useRef('');
  const counted = new Set(shown.appearances.map((a) => a.teamId));
  const teams = [match.homeTeam, match.awayTeam];

  async function record(event: FormEvent) {
    event.preventDefault();
    const missing = [!teamId && 'welk team te laat was', reason.trim().length < 3 && 'een reden'].filter(Boolean);
    if (missing.length) return setMessage({ tone: 'bad', lines: [`Vul nog in: ${missing.join(', ')}.`] });
    withdrawal.setMessage(null);
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(api.POST('/api/matches/{id}/regel11/late-teams', { params: { path: { id: match.id } }, body: { teamId, reason: reason.trim(), idempotencyKey } }));
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      setShown(outcome.data);
      const mine = outcome.data.appearances.find((a) => a.teamId === teamId);
      return {
        tone: 'good',
        lines: [`${mine?.teamName ?? 'Het team'} vastgelegd als te laat aanwezig: ${mine?.occurrence ?? ''}e keer dit seizoen voor de vereniging.`, 'Bij de 3e, 6e, … keer staat een boetevoorstel onder Beheer › Boetes.'],
      };
    });
    if (answer?.tone !== 'good') return;
    setTeamId('');
    setReason('');
    router.refresh();
  }

  async function withdraw(id: string, name: string) {
    const why = window.prompt(`Waarom trekt u "te laat" voor ${name} in? (komt in het logboek)`);
    if (!why || why.trim().length < 3) return;
    setMessage(null);
    // Another team (or another reason) is another intent; the same one again is a retry.
    if (lastWithdrawal.current !== `${id}:${why.trim()}`) withdrawal.edited();
    lastWithdrawal.current = `${id}:${why.trim()}`;
    const answer = await withdrawal.submit(async (idempotencyKey) => {
      const outcome = await attempt(api.POST('/api/matches/{id}/regel11/late-teams/{teamId}/withdraw', { params: { path: { id: match.id, teamId: id } }, body: { reason: why.trim(), idempotencyKey } }));
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      setShown(outcome.data);
      return { tone: 'good', lines: [`"Te laat" voor ${name} ingetrokken. De andere keren van de vereniging zijn hernummerd; een boetevoorstel voor een plaats die niet meer bestaat is ingetrokken.`] };
    });
    if (answer?.tone === 'good') router.refresh();
  }

  return (
    <div className="space-y-4">
      {shown.appearances.length === 0 ? (
        <p className="text-sm text-stone-600">Geen team telt bij deze wedstrijd als onvolledig of te laat.</p>
      ) : (
        <ul className="space-y-2 text-sm" aria-label="Regel 11 bij deze wedstrijd">
          {shown.appearances.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-2">
              <span>
                <span className="font-medium">{a.teamName}</span>: {KIND_LABELS[a.kind]}, {a.occurrence}e keer dit seizoen voor de vereniging
                {a.reason ? ` (${a.reason})` : ''}
              </span>
              {a.kind === 'LATE' && canRecordLate && (
                <Button type="button" variant="secondary" disabled={busy || withdrawal.busy} onClick={() => withdraw(a.teamId, a.teamName)}>
                  {withdrawal.busy ? 'Bezig met intrekken…' : 'Intrekken…'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canRecordLate && teams.some((t) => !counted.has(t.id)) && (
        <form onSubmit={record} onChange={edited} className="space-y-3" aria-label="Team te laat vastleggen">
          <label className="block text-sm font-medium text-stone-700">
            Team dat (als geheel) te laat aanwezig was
            <select value={teamId} onChange={(e) => setTeamId(e.target.value)} className={fieldClass}>
              <option value="">— kies —</option>
              {teams
                .filter((t) => !counted.has(t.id))
                .map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
            </select>
          </label>
          <ReasonField value={reason} onChange={setReason} hint="Bijvoorbeeld hoe laat het team er was. Bewaard in het logboek." />
          <Button type="submit" disabled={busy || withdrawal.busy}>
            {busy ? 'Bezig met vastleggen…' : 'Te laat vastleggen'}
          </Button>
        </form>
      )}
      <Notice message={message} />
      <Notice message={withdrawal.message} />
    </div>
  );
}
