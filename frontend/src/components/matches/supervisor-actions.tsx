'use client';
// The supervisor's decisions at the table (Regel 22, 38): a player removed after three
// warnings (his pair loses every following game 2–0, computed by the API; a reserve who
// comes in after drawing lots is recorded as a substitution), or games played at the wrong
// table declared void (the set is entered again once played at the right table).
// The forms' state is a reducer (./supervisor-actions-state.ts); this file renders it and sends.
import { useRouter } from 'next/navigation';
import { FormEvent, useReducer } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { announce } from '@/components/ui/result-announcer';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-server';
import { tablePlan } from '@domain/match/rotation';
import { attempt, messagesOf } from './call';
import type { MatchDetail } from './labels';
import { actionBody, actionFormReducer, initialActionForm, initialWithdraw, recordedLine, withdrawReason, withdrawReducer } from './supervisor-actions-state';

type Action = Schemas['SupervisorActionDto'];
type TeamLineup = Schemas['TeamLineupDto'];

const control = 'mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-base';

type Lineups = { label: string; lineup: TeamLineup | null }[];

/**
 * The four players at `tableNumber` in `setNumber` (Regel 22: home pair N stays at table N, the
 * away pairs walk; domain/match/rotation.ts), each told apart by side, pair and seat: two players
 * of one family name in one pair are "speler 1" and "speler 2".
 */
function playersAtTable(lineups: Lineups, pairsPerTeam: number, setNumber: number, tableNumber: number): { id: string; text: string }[] {
  const seat = tablePlan(pairsPerTeam).find((s) => s.setNumber === setNumber && s.tableNumber === tableNumber);
  if (!seat) return [];
  return lineups.flatMap(({ label, lineup }, side) => {
    const pairNumber = side === 0 ? seat.homePairNumber : seat.awayPairNumber;
    const pair = lineup?.pairs.find((p) => p.pairNumber === pairNumber);
    return (pair?.players ?? []).map((p, i) => ({ id: p.memberId, text: `${label}, koppel ${pairNumber}, speler ${i + 1}: ${p.familyName}` }));
  });
}

/** "Thuis, koppel 2, speler 1: Ramkisoen" for a player of the line-ups, as the picker names him. */
function seatOf(lineups: Lineups, memberId: string | null): string | null {
  for (const { label, lineup } of lineups) {
    for (const pair of lineup?.pairs ?? []) {
      const i = pair.players.findIndex((p) => p.memberId === memberId);
      if (i >= 0) return `${label}, koppel ${pair.pairNumber}, speler ${i + 1}: ${pair.players[i].familyName}`;
    }
  }
  return null;
}

export function SupervisorActions({ match, lineups, actions }: { match: MatchDetail; lineups: Lineups; actions: Action[] }) {
  const router = useRouter();
  const [form, dispatch] = useReducer(actionFormReducer, initialActionForm);
  const { kind, setNumber, tableNumber, memberId, gameNumber, games, reason } = form;
  const { busy, message, setMessage, submit: send, edited } = useSubmit();
  const numbers = Array.from({ length: match.pairsPerTeam }, (_, i) => i + 1);
  const players = playersAtTable(lineups, match.pairsPerTeam, setNumber, tableNumber);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const built = actionBody(form, match.version);
    if ('problem' in built) return setMessage({ tone: 'bad', lines: [built.problem] });
    const player = players.find((p) => p.id === memberId)?.text ?? 'de speler';
    const answer = await send(async (idempotencyKey) => {
      const outcome = await attempt(api.POST('/api/matches/{id}/supervisor-actions', { params: { path: { id: match.id } }, body: { ...built.body, idempotencyKey } }));
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      return { tone: 'good', lines: [recordedLine(built.body, player, outcome.data)] };
    });
    if (answer?.tone !== 'good') return;
    dispatch({ type: 'recorded' });
    router.refresh();
  }

  return (
    <div className="space-y-4">
      {actions.length > 0 && (
        <ul className="divide-y divide-stone-200 text-sm">
          {actions.map((a) => (
            <li key={a.id} className="py-2">
              <strong>
                {a.kind === 'REMOVE_PLAYER'
                  ? `Speler verwijderd: ${seatOf(lineups, a.memberId) ?? a.playerName ?? ''} (set ${a.setNumber}, tafel ${a.tableNumber})`
                  : 'Partijen vervallen (verkeerde tafel)'}
              </strong>{' '}
              — {a.consequence}
              <br />
              <span className="text-stone-600">Reden: {a.reason}</span>
              <WithdrawAction match={match} actionId={a.id} what={a.kind === 'REMOVE_PLAYER' ? `speler uit het spel, set ${a.setNumber}, tafel ${a.tableNumber}` : `verkeerde tafel, set ${a.setNumber}, tafel ${a.tableNumber}`} />
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} onChange={edited} className="space-y-3" aria-label="Beslissing van de wedstrijdleider">
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="font-medium text-stone-700">Beslissing</legend>
          <label>
            <input type="radio" name="kind" checked={kind === 'REMOVE_PLAYER'} onChange={() => dispatch({ type: 'kind', kind: 'REMOVE_PLAYER' })} /> Speler uit het spel gehaald (Regel 38)
          </label>
          <label>
            <input type="radio" name="kind" checked={kind === 'VOID_WRONG_TABLE'} onChange={() => dispatch({ type: 'kind', kind: 'VOID_WRONG_TABLE' })} /> Partijen aan een verkeerde tafel gespeeld (Regel 22)
          </label>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="block text-sm font-medium text-stone-700">
            Set
            <select value={setNumber} onChange={(e) => dispatch({ type: 'set', setNumber: Number(e.target.value) })} className={control}>
              {numbers.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium text-stone-700">
            Tafel
            <select value={tableNumber} onChange={(e) => dispatch({ type: 'table', tableNumber: Number(e.target.value) })} className={control}>
              {numbers.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {kind === 'REMOVE_PLAYER' ? (
            <>
              <label className="block text-sm font-medium text-stone-700">
                Speler
                <select value={memberId} onChange={(e) => dispatch({ type: 'member', memberId: e.target.value })} className={control}>
                  <option value="">— kies —</option>
                  {players.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.text}
                    </option>
                  ))}
                </select>
              </label>
              <label className="block text-sm font-medium text-stone-700">
                Eerste partij die het koppel niet speelde
                <input type="number" min={1} max={12} value={gameNumber} onChange={(e) => dispatch({ type: 'game', gameNumber: Number(e.target.value) })} className={control} />
              </label>
            </>
          ) : (
            <label className="block text-sm font-medium text-stone-700 sm:col-span-2">
              Partijen die vervallen (nummers, bijvoorbeeld 1, 2)
              <input value={games} onChange={(e) => dispatch({ type: 'games', games: e.target.value })} className={control} />
            </label>
          )}
        </div>
        <p className="text-sm text-stone-600">
          {kind === 'REMOVE_PLAYER'
            ? 'Die partij en elke volgende partij van het koppel tellen als 2–0 verloren; dat rekent het systeem uit. Valt er na loting een reserve in (Regel 38A), leg dat dan vast als wissel voor de verwijderde speler.'
            : 'De partijen tellen niet mee: de ingevoerde set aan deze tafel wordt gewist en na het spelen aan de juiste tafel opnieuw ingevoerd.'}
        </p>
        <label className="block text-sm font-medium text-stone-700">
          Reden (verplicht, komt in het logboek)
          <input value={reason} onChange={(e) => dispatch({ type: 'reason', reason: e.target.value })} className={control} />
        </label>
        <Button type="submit" disabled={busy} className="min-h-12">
          {busy ? 'Bezig met vastleggen…' : 'Beslissing vastleggen'}
        </Button>
      </form>
      <Notice message={message} />
    </div>
  );
}

/** RULES.md "Undo": the supervisor withdraws their own decision, with a reason, until the match is final. */
function WithdrawAction({ match, actionId, what }: { match: MatchDetail; actionId: string; what: string }) {
  const router = useRouter();
  const [{ open, reason }, dispatch] = useReducer(withdrawReducer, initialWithdraw);
  const { busy, message, setMessage, submit, edited } = useSubmit();

  async function send() {
    const checked = withdrawReason({ open, reason });
    if ('problem' in checked) return setMessage({ tone: 'bad', lines: [checked.problem] });
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(
        api.POST('/api/matches/{id}/supervisor-actions/{actionId}/withdraw', { params: { path: { id: match.id, actionId } }, body: { version: match.version, reason: checked.reason, idempotencyKey } }),
      );
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      return { tone: 'good', lines: [`Beslissing ingetrokken (${what}); stand nu ${outcome.data.homePoints ?? 0} – ${outcome.data.awayPoints ?? 0}.`] };
    });
    if (answer?.tone !== 'good') return;
    // The decision leaves the list with its button: say so at the foot of the screen.
    dispatch({ type: 'withdrawn' });
    announce(answer.lines.join(' '));
    router.refresh();
  }

  if (!open) {
    return (
      <Button variant="ghost" onClick={() => dispatch({ type: 'open' })} className="mt-1 min-h-11">
        Intrekken
      </Button>
    );
  }
  return (
    <div role="group" aria-label="Beslissing intrekken" className="mt-2 space-y-2">
      <label className="block">
        Reden van het intrekken (verplicht)
        <input value={reason} onChange={(e) => (dispatch({ type: 'reason', reason: e.target.value }), edited())} maxLength={500} className="mt-1 block min-h-11 w-full rounded-md border border-stone-300 px-2" />
      </label>
      <div className="flex gap-2">
        <Button onClick={send} disabled={busy} className="min-h-11">
          {busy ? 'Bezig met intrekken…' : 'Beslissing intrekken'}
        </Button>
        <Button variant="ghost" onClick={() => dispatch({ type: 'close' })} disabled={busy} className="min-h-11">
          Annuleren
        </Button>
      </div>
      <Notice message={message} />
    </div>
  );
}
