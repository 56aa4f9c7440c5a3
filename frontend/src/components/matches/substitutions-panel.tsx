'use client';
// Substitutions (wissels, Regel 13, 14) as they happened at the table: from set 3 on, a
// reserve (invaller) takes the place of a player. Every one is recorded; one that was not
// allowed is flagged by the API and costs that pair X–0 per set (the season's setting) from then on (Regel 14); a
// substitute who is not on the line-up at all is a Regel 4 case: the team loses the match.
import { useRouter } from 'next/navigation';
import { FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, Note } from '@/components/ui/layout';
import { Notice } from '@/components/ui/notice';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-server';
import { attempt, messagesOf } from './call';

type TeamLineup = Schemas['TeamLineupDto'];
type Substitution = Schemas['SubstitutionDto'];

const control = 'mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-base';

/** Who is in a pair just before `setNumber`: the starting two, changed by earlier substitutions. */
function playersInPair(lineup: TeamLineup, pairNumber: number, setNumber: number): string[] {
  const start = lineup.pairs.find((p) => p.pairNumber === pairNumber)?.players.map((p) => p.memberId) ?? [];
  return lineup.substitutions
    .filter((s) => s.pairNumber === pairNumber && s.setNumber <= setNumber)
    .sort((a, b) => a.setNumber - b.setNumber)
    .reduce((players, s) => players.map((id) => (id === s.outMemberId ? s.inMemberId : id)), start);
}

function SubstitutionRow({ sub, onRemove, busy }: { sub: Substitution; onRemove: (sub: Substitution) => void; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span>
        Set {sub.setNumber}, koppel {sub.pairNumber}: <strong>{sub.inName}</strong> voor {sub.outName}{' '}
        {sub.violation ? <Badge tone="bad">niet toegestaan: {sub.violation}</Badge> : <Badge tone="good">toegestaan</Badge>}
      </span>
      {asking ? (
        <span role="alertdialog" aria-label="Wissel verwijderen?" className="flex gap-2">
          <Button variant="danger" disabled={busy} onClick={() => onRemove(sub)}>
            {busy ? 'Bezig met verwijderen…' : 'Ja, verwijderen'}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
            Annuleren
          </Button>
        </span>
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Verwijderen
        </Button>
      )}
    </li>
  );
}


/** What an illegal substitution costs: Regel 4 (not on the line-up) or the season's X–0 per set (Regel 14); the API's reasons say which. */
function violationConsequence(sub: { violation?: string | null; pairNumber: number; setNumber: number }, missingSetPoints: number): string {
  const regel4 = sub.violation?.includes('Regel 4') ?? false;
  const regel14 = sub.violation?.split('. ').some((reason) => reason.includes('(Regel 13)') || reason.includes('(Regel 14)') || reason.includes('speelt')) ?? false;
  return [
    regel4 ? 'De invaller staat niet op de spelerslijst: het team verliest de wedstrijd en krijgt puntaftrek (Regel 4).' : '',
    regel14 || !regel4 ? `Koppel ${sub.pairNumber} verliest vanaf set ${sub.setNumber} elke set met ${missingSetPoints}–0 (Regel 14).` : '',
  ].filter(Boolean).join(' ');
}

export function SubstitutionsPanel({
  lineup,
  pairsPerTeam,
  fromSet,
  maxSubstitutions,
  missingSetPoints,
  isAdmin,
}: {
  lineup: TeamLineup;
  pairsPerTeam: number;
  fromSet: number;
  maxSubstitutions: number;
  /** The season's Regel 12A credit per set (X–0), which Regel 14 gives for a wrong substitution. */
  missingSetPoints: number;
  isAdmin: boolean;
}) {
  const router = useRouter();
  const [setNumber, setSetNumber] = useState(fromSet);
  const [pairNumber, setPairNumber] = useState(lineup.pairs[0]?.pairNumber ?? 1);
  const [outId, setOutId] = useState('');
  const [inId, setInId] = useState('');
  const [reason, setReason] = useState('');
  const { busy, message, setMessage, submit, edited } = useSubmit();
  const locked = lineup.locked;
  const needsReason = locked && isAdmin;
  const players = new Map([...lineup.pairs.flatMap((p) => p.players), ...lineup.reserves].map((p) => [p.memberId, p]));
  const inPair = playersInPair(lineup, pairNumber, setNumber);
  const query = needsReason ? { reason: reason.trim() } : {};

  if (!lineup.recorded) {
    return <EmptyState title="Nog geen spelerslijst.">Leg eerst de spelerslijst met de reserves vast; een invaller moet op de reservelijst staan (Regel 13).</EmptyState>;
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!outId || !inId) {
      setMessage({ tone: 'bad', lines: ['Kies wie eruit gaat en wie er invalt.'] });
      return;
    }
    if (needsReason && reason.trim().length < 3) {
      setMessage({ tone: 'bad', lines: ['De uitslag staat al vast: geef de reden van deze wijziging.'] });
      return;
    }
    const got = { recorded: false };
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(
        api.POST('/api/matches/{id}/substitutions', {
          params: { path: { id: lineup.matchId }, query },
          body: { teamId: lineup.teamId, setNumber, pairNumber, outMemberId: outId, inMemberId: inId, idempotencyKey },
        }),
      );
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      got.recorded = true;
      const sub = outcome.data;
      return sub.violation
        ? { tone: 'bad', lines: [`Wissel vastgelegd, maar hij was niet toegestaan: ${sub.violation}`, violationConsequence(sub, missingSetPoints)] }
        : { tone: 'good', lines: [`Wissel vastgelegd: ${sub.inName} voor ${sub.outName}, koppel ${sub.pairNumber}, vanaf set ${sub.setNumber}.`] };
    });
    if (!answer || !got.recorded) return;
    setOutId('');
    setInId('');
    router.refresh();
  }

  async function remove(sub: Substitution) {
    if (needsReason && reason.trim().length < 3) return setMessage({ tone: 'bad', lines: ['De uitslag staat al vast: geef onder "Reden van de wijziging" waarom deze wissel vervalt.'] });
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(api.DELETE('/api/matches/{id}/substitutions/{substitutionId}', { params: { path: { id: lineup.matchId, substitutionId: sub.id }, query: { ...query, idempotencyKey } } }));
      return outcome.ok
        ? { tone: 'good', lines: [`Wissel verwijderd: ${sub.inName} voor ${sub.outName}, koppel ${sub.pairNumber}, vanaf set ${sub.setNumber}.`] }
        : { tone: 'bad', lines: messagesOf(outcome.error) };
    });
    if (answer?.tone === 'good') router.refresh();
  }

  return (
    <div className="space-y-4">
      <div>
        <h3 className="font-semibold">
          Wissels van {lineup.teamName} ({lineup.substitutions.length} van hoogstens {maxSubstitutions})
        </h3>
        {lineup.substitutions.length === 0 ? (
          <p className="text-sm text-stone-600">Nog geen wissels.</p>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm">
            {lineup.substitutions.map((sub) => (
              <SubstitutionRow key={sub.id} sub={sub} onRemove={remove} busy={busy} />
            ))}
          </ul>
        )}
      </div>
      {locked && !isAdmin && <Note>De uitslag staat vast; alleen de bond kan de wissels nog wijzigen.</Note>}
      {(!locked || isAdmin) && (
        <form onSubmit={add} onChange={edited} className="space-y-3 rounded-lg bg-white p-3 ring-1 ring-stone-200" aria-label="Wissel toevoegen">
          <h3 className="font-semibold">Wissel toevoegen</h3>
          {lineup.reserves.length === 0 && <p className="text-sm text-amber-900">Er staan geen reserves op de spelerslijst; een invaller moet op de reservelijst staan (Regel 13).</p>}
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="block text-sm font-medium text-stone-700">
              Eerste set van de invaller
              <select value={setNumber} onChange={(e) => setSetNumber(Number(e.target.value))} className={control}>
                {Array.from({ length: pairsPerTeam }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    Set {n}
                    {n < fromSet ? ' (te vroeg: wisselen mag vanaf set ' + fromSet + ')' : ''}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-medium text-stone-700">
              Koppel
              <select
                value={pairNumber}
                onChange={(e) => {
                  setPairNumber(Number(e.target.value));
                  setOutId('');
                }}
                className={control}
              >
                {lineup.pairs.map((p) => (
                  <option key={p.pairNumber} value={p.pairNumber}>
                    Koppel {p.pairNumber}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-medium text-stone-700">
              Gaat eruit
              <select value={outId} onChange={(e) => setOutId(e.target.value)} className={control}>
                <option value="">— kies —</option>
                {inPair.map((id) => (
                  <option key={id} value={id}>
                    {players.get(id)?.name ?? id}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-medium text-stone-700">
              Invaller (reserve)
              <select value={inId} onChange={(e) => setInId(e.target.value)} className={control}>
                <option value="">— kies —</option>
                {lineup.reserves.map((p) => (
                  <option key={p.memberId} value={p.memberId}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {needsReason && (
            <label className="block text-sm font-medium text-stone-700">
              Reden van de wijziging (verplicht, de uitslag staat al vast)
              <input value={reason} onChange={(e) => setReason(e.target.value)} className={control} />
            </label>
          )}
          <Button type="submit" disabled={busy} className="min-h-12">
            {busy ? 'Bezig met vastleggen…' : 'Wissel vastleggen'}
          </Button>
        </form>
      )}
      <Notice message={message} />
    </div>
  );
}
