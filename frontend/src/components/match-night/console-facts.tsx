'use client';
// The supervisor at the table records who played (issue 15): a substitution from set 3 on
// (Regel 13, 14), checked by the API as it is entered and shown at once, and a late pair's
// arrival (Regel 5B, 5C: the pair plays from set n, the sets before count as Regel 12A).
// Every action asks for a reason (the audit log keeps it) and a second tap. Family names
// only: the supervisor never sees given names, member numbers or the member list (Regel 15).
import { useRouter } from 'next/navigation';
import { FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Notice, NoticeMessage } from '@/components/ui/notice';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-server';
import { attempt, messagesOf } from '@/components/matches/call';
import { useSubmit } from '@/components/ui/use-submit';

type TeamLineup = Schemas['TeamLineupDto'];
type Substitution = Schemas['SubstitutionDto'];

export interface ConsoleRules {
  substitutionsFromSet: number;
  maxSubstitutions: number;
  missingSetPoints: number;
}

const control = 'mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-base';
const label = 'block text-sm font-medium text-stone-700';

/** Who is in a pair just before `setNumber`: the starting two, changed by earlier substitutions. */
function playersInPair(lineup: TeamLineup, pairNumber: number, setNumber: number): string[] {
  const start = lineup.pairs.find((p) => p.pairNumber === pairNumber)?.players.map((p) => p.memberId) ?? [];
  return lineup.substitutions
    .filter((s) => s.pairNumber === pairNumber && s.setNumber <= setNumber)
    .sort((a, b) => a.setNumber - b.setNumber)
    .reduce((players, s) => players.map((id) => (id === s.outMemberId ? s.inMemberId : id)), start);
}

/** What the rules will say before it is sent (the API decides; this only warns). */
function precheck(lineup: TeamLineup, setNumber: number, pairNumber: number, outId: string, inId: string, rules: ConsoleRules): string[] {
  const warnings: string[] = [];
  if (setNumber < rules.substitutionsFromSet) warnings.push(`Wisselen mag pas vanaf set ${rules.substitutionsFromSet} (Regel 13).`);
  if (lineup.substitutions.length >= rules.maxSubstitutions) warnings.push(`Dit is wissel ${lineup.substitutions.length + 1}; hoogstens ${rules.maxSubstitutions} per team (Regel 13).`);
  if (lineup.substitutions.some((s) => s.outMemberId === inId && s.setNumber <= setNumber)) warnings.push('De invaller ging eerder al uit en mag niet terugkomen (Regel 14).');
  const reserves = new Set(lineup.reserves.map((p) => p.memberId));
  const partner = playersInPair(lineup, pairNumber, setNumber).find((id) => id !== outId);
  if (partner && reserves.has(partner) && reserves.has(inId)) warnings.push('Twee invallers mogen samen geen koppel vormen (Regel 14).');
  return warnings;
}

function consequence(sub: Substitution, rules: ConsoleRules): string {
  if (sub.violation?.includes('Regel 4')) return 'De invaller staat niet op de spelerslijst: het team verliest de wedstrijd en krijgt puntaftrek (Regel 4).';
  return `Koppel ${sub.pairNumber} verliest vanaf set ${sub.setNumber} elke set met ${rules.missingSetPoints}–0 (Regel 14).`;
}

function SubstitutionItem({ matchId, sub, teamName, onRemoved }: { matchId: string; sub: Substitution; teamName: string; onRemoved: (message: NoticeMessage) => void }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const { busy, submit } = useSubmit();
  async function remove() {
    if (reason.trim().length < 3) return onRemoved({ tone: 'bad', lines: ['Geef de reden waarom de wissel vervalt (komt in het logboek).'] });
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(api.DELETE('/api/matches/{id}/substitutions/{substitutionId}', { params: { path: { id: matchId, substitutionId: sub.id }, query: { reason: reason.trim(), idempotencyKey } } }));
      return outcome.ok
        ? { tone: 'good', lines: [`Wissel verwijderd: ${sub.inName} voor ${sub.outName}, ${teamName}, koppel ${sub.pairNumber}, vanaf set ${sub.setNumber}.`] }
        : { tone: 'bad', lines: messagesOf(outcome.error) };
    });
    if (!answer) return;
    onRemoved(answer);
    if (answer.tone === 'good') setAsking(false);
  }
  return (
    <li className="py-2">
      <span>
        {teamName}, vanaf set {sub.setNumber}, koppel {sub.pairNumber}: <strong>{sub.inName}</strong> voor {sub.outName}{' '}
        {sub.violation ? (
          <>
            <Badge tone="bad">Ongeldig</Badge> {sub.violation}
          </>
        ) : (
          <Badge tone="good">Toegestaan</Badge>
        )}
      </span>
      {asking ? (
        <span role="group" aria-label="Wissel verwijderen" className="mt-2 block space-y-2">
          <label className={label}>
            Reden van het verwijderen
            <input value={reason} onChange={(e) => setReason(e.target.value)} className={control} />
          </label>
          <span className="flex gap-2">
            <Button variant="danger" disabled={busy} onClick={remove}>
              {busy ? 'Bezig met verwijderen…' : 'Ja, verwijderen'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
              Annuleren
            </Button>
          </span>
        </span>
      ) : (
        <Button variant="secondary" className="ml-2" onClick={() => setAsking(true)}>
          Verwijderen
        </Button>
      )}
    </li>
  );
}

/** Substitutions of both teams, and the form to record one (team, set, pair, out, in, reason, then a confirmation). */
export function ConsoleSubstitutions({ matchId, lineups, pairsPerTeam, rules }: { matchId: string; lineups: TeamLineup[]; pairsPerTeam: number; rules: ConsoleRules }) {
  const router = useRouter();
  const recorded = lineups.filter((l) => l.recorded);
  const [teamId, setTeamId] = useState(recorded[0]?.teamId ?? '');
  const [setNumber, setSetNumber] = useState(rules.substitutionsFromSet);
  const [pairNumber, setPairNumber] = useState(1);
  const [outId, setOutId] = useState('');
  const [inId, setInId] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { busy, message, setMessage, submit, edited } = useSubmit();
  const lineup = recorded.find((l) => l.teamId === teamId);
  const names = new Map(lineups.flatMap((l) => [...l.pairs.flatMap((p) => p.players), ...l.reserves]).map((p) => [p.memberId, p.familyName]));
  const name = (id: string) => names.get(id) ?? '?';
  const all = lineups.flatMap((l) => l.substitutions.map((sub) => ({ sub, teamName: l.teamName })));

  function review(event: FormEvent) {
    event.preventDefault();
    if (!lineup || !outId || !inId) return setMessage({ tone: 'bad', lines: ['Kies het team, wie eruit gaat en wie er invalt.'] });
    if (reason.trim().length < 3) return setMessage({ tone: 'bad', lines: ['Geef de reden van de wissel (komt in het logboek).'] });
    setMessage(null);
    setConfirming(true);
  }

  async function record() {
    if (!lineup) return;
    const got = { recorded: false };
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(
        api.POST('/api/matches/{id}/substitutions', {
          params: { path: { id: matchId }, query: { reason: reason.trim() } },
          body: { teamId: lineup.teamId, setNumber, pairNumber, outMemberId: outId, inMemberId: inId, idempotencyKey },
        }),
      );
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      got.recorded = true;
      const sub = outcome.data;
      return sub.violation
        ? { tone: 'bad', lines: [`Wissel vastgelegd, maar niet toegestaan: ${sub.violation}`, consequence(sub, rules)] }
        : { tone: 'good', lines: [`Wissel vastgelegd en toegestaan (Regel 13, 14): ${sub.inName} voor ${sub.outName}, ${lineup.teamName}, koppel ${sub.pairNumber}, vanaf set ${sub.setNumber}.`] };
    });
    if (!answer) return;
    setConfirming(false);
    if (!got.recorded) return;
    setOutId('');
    setInId('');
    setReason('');
    router.refresh();
  }

  const warnings = lineup && outId && inId ? precheck(lineup, setNumber, pairNumber, outId, inId, rules) : [];
  return (
    <div className="space-y-4">
      {all.length === 0 ? (
        <p className="text-sm">Nog geen wissels.</p>
      ) : (
        <ul className="divide-y divide-stone-200 text-sm" aria-label="Wissels">
          {all.map(({ sub, teamName }) => (
            <SubstitutionItem
              key={sub.id}
              matchId={matchId}
              sub={sub}
              teamName={teamName}
              onRemoved={(m) => {
                setMessage(m);
                if (m.tone === 'good') router.refresh();
              }}
            />
          ))}
        </ul>
      )}
      {recorded.length === 0 ? (
        <p className="text-sm text-stone-600">Nog geen spelerslijsten: de secretarissen leggen die eerst vast, met de reserves (Regel 13).</p>
      ) : (
        <form onSubmit={review} onChange={edited} className="space-y-3 rounded-lg bg-white p-3 ring-1 ring-stone-200" aria-label="Wissel vastleggen">
          <h3 className="font-semibold">Wissel vastleggen</h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className={label}>
              Team
              <select
                value={teamId}
                onChange={(e) => {
                  setTeamId(e.target.value);
                  setOutId('');
                  setInId('');
                  setConfirming(false);
                }}
                className={control}
              >
                {recorded.map((l) => (
                  <option key={l.teamId} value={l.teamId}>
                    {l.teamName}
                  </option>
                ))}
              </select>
            </label>
            <label className={label}>
              Eerste set van de invaller
              <select value={setNumber} onChange={(e) => (setSetNumber(Number(e.target.value)), setConfirming(false))} className={control}>
                {Array.from({ length: pairsPerTeam }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    Set {n}
                  </option>
                ))}
              </select>
            </label>
            <label className={label}>
              Koppel
              <select value={pairNumber} onChange={(e) => (setPairNumber(Number(e.target.value)), setOutId(''), setConfirming(false))} className={control}>
                {(lineup?.pairs ?? []).map((p) => (
                  <option key={p.pairNumber} value={p.pairNumber}>
                    Koppel {p.pairNumber}
                  </option>
                ))}
              </select>
            </label>
            <label className={label}>
              Gaat eruit
              <select value={outId} onChange={(e) => (setOutId(e.target.value), setConfirming(false))} className={control}>
                <option value="">— kies —</option>
                {(lineup ? playersInPair(lineup, pairNumber, setNumber) : []).map((id) => (
                  <option key={id} value={id}>
                    {name(id)}
                  </option>
                ))}
              </select>
            </label>
            <label className={label}>
              Invaller (reserve)
              <select value={inId} onChange={(e) => (setInId(e.target.value), setConfirming(false))} className={control}>
                <option value="">— kies —</option>
                {(lineup?.reserves ?? []).map((p) => (
                  <option key={p.memberId} value={p.memberId}>
                    {p.familyName}
                  </option>
                ))}
              </select>
            </label>
            <label className={label}>
              Reden (komt in het logboek)
              <input value={reason} onChange={(e) => setReason(e.target.value)} className={control} />
            </label>
          </div>
          {lineup && lineup.reserves.length === 0 && <p className="text-sm text-amber-900">{lineup.teamName} heeft geen reserves op de spelerslijst; een invaller moet daarop staan (Regel 13).</p>}
          {confirming && lineup ? (
            <div role="alertdialog" aria-label="Wissel bevestigen" className="space-y-2 rounded-md bg-stone-50 p-3 ring-1 ring-stone-300">
              <p className="text-sm">
                {lineup.teamName}, koppel {pairNumber}, vanaf set {setNumber}: <strong>{name(inId)}</strong> voor {name(outId)}. Reden: {reason.trim()}
              </p>
              {warnings.length > 0 && (
                <ul className="list-disc pl-5 text-sm text-red-900">
                  {warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              )}
              <div className="flex flex-wrap gap-2">
                <Button type="button" disabled={busy} onClick={record}>
                  {busy ? 'Bezig met vastleggen…' : 'Ja, wissel vastleggen'}
                </Button>
                <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
                  Annuleren
                </Button>
              </div>
            </div>
          ) : (
            <Button type="submit" className="min-h-12">
              Wissel controleren
            </Button>
          )}
        </form>
      )}
      <Notice message={message} />
    </div>
  );
}

/** A late pair (Regel 5B, 5C): a pair already on the line-up plays from set n. */
export function ConsoleLatePair({ matchId, lineups, pairsPerTeam }: { matchId: string; lineups: TeamLineup[]; pairsPerTeam: number }) {
  const router = useRouter();
  const recorded = lineups.filter((l) => l.recorded);
  const [teamId, setTeamId] = useState(recorded[0]?.teamId ?? '');
  const [pairNumber, setPairNumber] = useState(pairsPerTeam);
  const [fromSet, setFromSet] = useState(2);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { busy, message, setMessage, submit, edited } = useSubmit();
  const lineup = recorded.find((l) => l.teamId === teamId);
  const pair = lineup?.pairs.find((p) => p.pairNumber === pairNumber);

  if (recorded.length === 0) return <p className="text-sm text-stone-600">Nog geen spelerslijsten: een laat koppel staat eerst op de spelerslijst.</p>;

  function review(event: FormEvent) {
    event.preventDefault();
    if (!pair) return setMessage({ tone: 'bad', lines: ['Kies een koppel van de spelerslijst.'] });
    if (reason.trim().length < 3) return setMessage({ tone: 'bad', lines: ['Geef de reden (komt in het logboek).'] });
    setMessage(null);
    setConfirming(true);
  }

  async function record() {
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(api.POST('/api/matches/{id}/late-pairs', { params: { path: { id: matchId } }, body: { teamId, pairNumber, fromSet, reason: reason.trim(), idempotencyKey } }));
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      return {
        tone: 'good',
        lines: [
          fromSet === 1
            ? `Koppel ${pairNumber} van ${lineup?.teamName} speelt vanaf set 1.`
            : `Koppel ${pairNumber} van ${lineup?.teamName} speelt vanaf set ${fromSet}; de sets ervoor gaan naar de tegenstander (Regel 5B/5C, 12A).`,
        ],
      };
    });
    if (!answer) return;
    setConfirming(false);
    if (answer.tone !== 'good') return;
    setReason('');
    router.refresh();
  }

  return (
    <form onSubmit={review} onChange={edited} className="space-y-3 rounded-lg bg-white p-3 ring-1 ring-stone-200" aria-label="Laat koppel vastleggen">
      <h3 className="font-semibold">Laat koppel vastleggen</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className={label}>
          Team
          <select value={teamId} onChange={(e) => (setTeamId(e.target.value), setConfirming(false))} className={control}>
            {recorded.map((l) => (
              <option key={l.teamId} value={l.teamId}>
                {l.teamName}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Koppel
          <select value={pairNumber} onChange={(e) => (setPairNumber(Number(e.target.value)), setConfirming(false))} className={control}>
            {(lineup?.pairs ?? []).map((p) => (
              <option key={p.pairNumber} value={p.pairNumber}>
                Koppel {p.pairNumber}: {p.players.map((x) => x.familyName).join(' en ')}
                {p.fromSet > 1 ? ` (nu vanaf set ${p.fromSet})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Speelt vanaf set
          <select value={fromSet} onChange={(e) => (setFromSet(Number(e.target.value)), setConfirming(false))} className={control}>
            {Array.from({ length: pairsPerTeam }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === 1 ? 'Set 1 (was er vanaf het begin)' : `Set ${n}`}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Reden (komt in het logboek)
          <input value={reason} onChange={(e) => setReason(e.target.value)} className={control} />
        </label>
      </div>
      {confirming && pair ? (
        <div role="alertdialog" aria-label="Laat koppel bevestigen" className="space-y-2 rounded-md bg-stone-50 p-3 ring-1 ring-stone-300">
          <p className="text-sm">
            {lineup?.teamName}, koppel {pairNumber} ({pair.players.map((x) => x.familyName).join(' en ')}) speelt vanaf set {fromSet}
            {fromSet > 1 ? `; sets 1 tot en met ${fromSet - 1} tellen als verloren (Regel 12A)` : ''}. Reden: {reason.trim()}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={busy} onClick={record}>
              {busy ? 'Bezig met vastleggen…' : 'Ja, vastleggen'}
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
              Annuleren
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit" className="min-h-12">
          Laat koppel controleren
        </Button>
      )}
      <Notice message={message} />
    </form>
  );
}
