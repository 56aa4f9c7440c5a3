'use client';
// The supervisor at the table records who played (issue 15): a substitution from set 3 on
// (Regel 13, 14), checked by the API as it is entered and shown at once, and a late pair's
// arrival (Regel 5B, 5C: the pair plays from set n, the sets before count as Regel 12A).
// Every action asks for a reason (the audit log keeps it) and a second tap. Family names
// only: the supervisor never sees given names, member numbers or the member list (Regel 15).
// The forms' states (reducers, checks, messages) live in console-state.ts.
import { useRouter } from 'next/navigation';
import { FormEvent, ReactNode, useReducer, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Notice, NoticeMessage } from '@/components/ui/notice';
import { api } from '@/lib/api-client';
import { attempt, messagesOf } from '@/components/matches/call';
import { useSubmit } from '@/components/ui/use-submit';
import {
  type ConsoleRules,
  consequence,
  initialLatePair,
  initialSubstitution,
  latePairLost,
  latePairRecorded,
  latePairReducer,
  noticeOf,
  playersInPair,
  precheck,
  recordedLineups,
  type Substitution,
  substitutionReducer,
  type TeamLineup,
} from './console-state';

const control = 'mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-base';
const label = 'block text-sm font-medium text-stone-700';


/** The second tap of a console form: what will be recorded, the rules' warnings, and yes or cancel. */
export function ConsoleConfirm({ label, warnings = [], busy, yes, busyText, onYes, onCancel, children }: { label: string; warnings?: string[]; busy: boolean; yes: string; busyText: string; onYes: () => void; onCancel: () => void; children: ReactNode }) {
  return (
    <div role="alertdialog" aria-label={label} className="space-y-2 rounded-md bg-stone-50 p-3 ring-1 ring-stone-300">
      <p className="text-sm">{children}</p>
      {warnings.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-red-900">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={busy} onClick={onYes}>
          {busy ? busyText : yes}
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
          Annuleren
        </Button>
      </div>
    </div>
  );
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
  const recorded = recordedLineups(lineups);
  const [state, dispatch] = useReducer(substitutionReducer, null, () => initialSubstitution(lineups, rules));
  const { teamId, setNumber, pairNumber, outId, inId, reason, confirming, problem } = state;
  const { busy, message, setMessage, submit, edited } = useSubmit();
  const lineup = recorded.find((l) => l.teamId === teamId);
  const names = new Map(lineups.flatMap((l) => [...l.pairs.flatMap((p) => p.players), ...l.reserves]).map((p) => [p.memberId, p.familyName]));
  const name = (id: string) => names.get(id) ?? '?';
  const all = lineups.flatMap((l) => l.substitutions.map((sub) => ({ sub, teamName: l.teamName })));

  function review(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    dispatch({ type: 'review', lineup });
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
    dispatch({ type: 'answered', recorded: got.recorded });
    if (got.recorded) router.refresh();
  }

  const warnings = lineup && outId && inId ? precheck(lineup, state, rules) : [];
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
              <select value={teamId} onChange={(e) => dispatch({ type: 'team', teamId: e.target.value })} className={control}>
                {recorded.map((l) => (
                  <option key={l.teamId} value={l.teamId}>
                    {l.teamName}
                  </option>
                ))}
              </select>
            </label>
            <label className={label}>
              Eerste set van de invaller
              <select value={setNumber} onChange={(e) => dispatch({ type: 'set', setNumber: Number(e.target.value) })} className={control}>
                {Array.from({ length: pairsPerTeam }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    Set {n}
                  </option>
                ))}
              </select>
            </label>
            <label className={label}>
              Koppel
              <select value={pairNumber} onChange={(e) => dispatch({ type: 'pair', pairNumber: Number(e.target.value) })} className={control}>
                {(lineup?.pairs ?? []).map((p) => (
                  <option key={p.pairNumber} value={p.pairNumber}>
                    Koppel {p.pairNumber}
                  </option>
                ))}
              </select>
            </label>
            <label className={label}>
              Gaat eruit
              <select value={outId} onChange={(e) => dispatch({ type: 'out', memberId: e.target.value })} className={control}>
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
              <select value={inId} onChange={(e) => dispatch({ type: 'in', memberId: e.target.value })} className={control}>
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
              <input value={reason} onChange={(e) => dispatch({ type: 'reason', reason: e.target.value })} className={control} />
            </label>
          </div>
          {lineup && lineup.reserves.length === 0 && <p className="text-sm text-amber-900">{lineup.teamName} heeft geen reserves op de spelerslijst; een invaller moet daarop staan (Regel 13).</p>}
          {confirming && lineup ? (
            <ConsoleConfirm label="Wissel bevestigen" warnings={warnings} busy={busy} yes="Ja, wissel vastleggen" busyText="Bezig met vastleggen…" onYes={record} onCancel={() => dispatch({ type: 'cancel' })}>
              {lineup.teamName}, koppel {pairNumber}, vanaf set {setNumber}: <strong>{name(inId)}</strong> voor {name(outId)}. Reden: {reason.trim()}
            </ConsoleConfirm>
          ) : (
            <Button type="submit" className="min-h-12">
              Wissel controleren
            </Button>
          )}
        </form>
      )}
      <Notice message={noticeOf(problem, message)} />
    </div>
  );
}

/** A late pair (Regel 5B, 5C): a pair already on the line-up plays from set n. */
export function ConsoleLatePair({ matchId, lineups, pairsPerTeam }: { matchId: string; lineups: TeamLineup[]; pairsPerTeam: number }) {
  const router = useRouter();
  const recorded = recordedLineups(lineups);
  const [state, dispatch] = useReducer(latePairReducer, null, () => initialLatePair(lineups, pairsPerTeam));
  const { teamId, pairNumber, fromSet, reason, confirming, problem } = state;
  const { busy, message, setMessage, submit, edited } = useSubmit();
  const lineup = recorded.find((l) => l.teamId === teamId);
  const pair = lineup?.pairs.find((p) => p.pairNumber === pairNumber);

  if (recorded.length === 0) return <p className="text-sm text-stone-600">Nog geen spelerslijsten: een laat koppel staat eerst op de spelerslijst.</p>;

  function review(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    dispatch({ type: 'review', lineup });
  }

  async function record() {
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(api.POST('/api/matches/{id}/late-pairs', { params: { path: { id: matchId } }, body: { teamId, pairNumber, fromSet, reason: reason.trim(), idempotencyKey } }));
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      return { tone: 'good', lines: [latePairRecorded(lineup?.teamName, pairNumber, fromSet)] };
    });
    if (!answer) return;
    dispatch({ type: 'answered', recorded: answer.tone === 'good' });
    if (answer.tone === 'good') router.refresh();
  }

  return (
    <form onSubmit={review} onChange={edited} className="space-y-3 rounded-lg bg-white p-3 ring-1 ring-stone-200" aria-label="Laat koppel vastleggen">
      <h3 className="font-semibold">Laat koppel vastleggen</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className={label}>
          Team
          <select value={teamId} onChange={(e) => dispatch({ type: 'team', teamId: e.target.value })} className={control}>
            {recorded.map((l) => (
              <option key={l.teamId} value={l.teamId}>
                {l.teamName}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Koppel
          <select value={pairNumber} onChange={(e) => dispatch({ type: 'pair', pairNumber: Number(e.target.value) })} className={control}>
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
          <select value={fromSet} onChange={(e) => dispatch({ type: 'fromSet', fromSet: Number(e.target.value) })} className={control}>
            {Array.from({ length: pairsPerTeam }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === 1 ? 'Set 1 (was er vanaf het begin)' : `Set ${n}`}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Reden (komt in het logboek)
          <input value={reason} onChange={(e) => dispatch({ type: 'reason', reason: e.target.value })} className={control} />
        </label>
      </div>
      {confirming && pair ? (
        <ConsoleConfirm label="Laat koppel bevestigen" busy={busy} yes="Ja, vastleggen" busyText="Bezig met vastleggen…" onYes={record} onCancel={() => dispatch({ type: 'cancel' })}>
          {lineup?.teamName}, koppel {pairNumber} ({pair.players.map((x) => x.familyName).join(' en ')}) speelt vanaf set {fromSet}
          {latePairLost(fromSet)}. Reden: {reason.trim()}
        </ConsoleConfirm>
      ) : (
        <Button type="submit" className="min-h-12">
          Laat koppel controleren
        </Button>
      )}
      <Notice message={noticeOf(problem, message)} />
    </form>
  );
}
