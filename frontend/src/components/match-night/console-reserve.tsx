'use client';
// The supervisor adds a reserve once set 1 started (Regel 5A, 13; RULES.md revised 2026-12-06):
// the reserves are then fixed for the clubs, and only the supervisor (or the federation) adds
// one, with a reason that goes into the log. The team leader gives the member number; the
// lookup answers the family name and whether the member may play (Regel 15: the supervisor
// never sees the member list). The line-up is saved as stored plus the reserve
// (PUT …/lineups/{teamId} with the reason). The form's state lives in console-state.ts.
import { useRouter } from 'next/navigation';
import { FormEvent, KeyboardEvent, useReducer } from 'react';
import { attempt, messagesOf } from '@/components/matches/call';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';
import { ConsoleConfirm } from './console-facts';
import {
  type ConsoleRules,
  candidateProblem,
  initialReserve,
  lineupWithReserve,
  memberNumberToSearch,
  noticeOf,
  recordedLineups,
  reserveReducer,
  reserveWarnings,
  type TeamLineup,
} from './console-state';

const control = 'mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-base';
const label = 'block text-sm font-medium text-stone-700';

export function ConsoleReserve({ matchId, lineups, rules }: { matchId: string; lineups: TeamLineup[]; rules: Pick<ConsoleRules, 'maxSubstitutions'> }) {
  const router = useRouter();
  const recorded = recordedLineups(lineups);
  const [state, dispatch] = useReducer(reserveReducer, null, () => initialReserve(lineups));
  const { teamId, memberNumber, searching, candidate, notFound, reason, confirming, problem } = state;
  const { busy, message, setMessage, submit, edited } = useSubmit();
  const lineup = recorded.find((l) => l.teamId === teamId);

  if (recorded.length === 0) return <p className="text-sm text-stone-600">Nog geen spelerslijsten: een reserve komt op de spelerslijst van het team.</p>;

  async function search() {
    const number = memberNumberToSearch(state);
    dispatch({ type: 'search' });
    if (number === null) return;
    const asked = { teamId, memberNumber };
    const outcome = await attempt(api.GET('/api/matches/{id}/lineups/{teamId}/reserve-candidate', { params: { path: { id: matchId, teamId }, query: { memberNumber: number } } }));
    dispatch(outcome.ok ? { type: 'found', ...asked, candidate: outcome.data } : { type: 'notFound', ...asked, text: messagesOf(outcome.error).join(' ') });
  }

  /** Enter in the number field searches (the form's own submit is "Reserve toevoegen"). */
  function searchOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void search();
  }

  function review(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    dispatch({ type: 'review', lineup, rules });
  }

  async function add() {
    if (!lineup || !candidate) return;
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(
        api.PUT('/api/matches/{id}/lineups/{teamId}', { params: { path: { id: matchId, teamId: lineup.teamId } }, body: { ...lineupWithReserve(lineup, candidate.memberId, reason), idempotencyKey } }),
      );
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      return { tone: 'good', lines: [`Reserve toegevoegd: ${candidate.familyName} staat op de reservelijst van ${lineup.teamName}. De reden staat in het logboek.`] };
    });
    if (!answer) return;
    dispatch({ type: 'answered', added: answer.tone === 'good' });
    if (answer.tone === 'good') router.refresh();
  }

  const blocked = candidate ? candidateProblem(lineup, candidate, rules) : null;
  return (
    <form onSubmit={review} onChange={edited} className="space-y-3 rounded-lg bg-white p-3 ring-1 ring-stone-200" aria-label="Reserve toevoegen">
      <h3 className="font-semibold">Reserve toevoegen</h3>
      <p className="text-sm text-stone-600">
        De reserves staan vast zodra set 1 begint (Regel 5A, 13); daarvoor legt de vereniging ze zelf vast op de spelerslijst. Daarna voegt alleen de wedstrijdleider een reserve
        toe, met een reden die in het logboek komt. Vraag de teamleider om het lidnummer: u ziet alleen de achternaam.
      </p>
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
        <div>
          <label className={label}>
            Lidnummer
            <input
              value={memberNumber}
              onChange={(e) => dispatch({ type: 'memberNumber', memberNumber: e.target.value })}
              onKeyDown={searchOnEnter}
              autoComplete="off"
              className={control}
            />
          </label>
          <Button type="button" variant="secondary" className="mt-2" disabled={searching} onClick={search}>
            {searching ? 'Bezig met zoeken…' : 'Zoeken'}
          </Button>
        </div>
      </div>
      {candidate && (
        <div role="status" className="space-y-1 text-sm">
          <p>
            Gevonden: <strong>{candidate.familyName}</strong>, {candidate.eligible ? 'speelgerechtigd op de wedstrijddatum' : 'niet speelgerechtigd op de wedstrijddatum (Regel 3B, 4)'}.
          </p>
          {blocked && <p className="text-red-800">{blocked}</p>}
        </div>
      )}
      {notFound && (
        <p role="alert" className="text-sm text-red-800">
          {notFound}
        </p>
      )}
      <label className={label}>
        Reden (komt in het logboek)
        <input value={reason} onChange={(e) => dispatch({ type: 'reason', reason: e.target.value })} className={control} />
      </label>
      {confirming && lineup && candidate ? (
        <ConsoleConfirm label="Reserve bevestigen" warnings={reserveWarnings(candidate)} busy={busy} yes="Ja, reserve toevoegen" busyText="Bezig met toevoegen…" onYes={add} onCancel={() => dispatch({ type: 'cancel' })}>
          {lineup.teamName}: <strong>{candidate.familyName}</strong> komt op de reservelijst. Reden: {reason.trim()}
        </ConsoleConfirm>
      ) : (
        <Button type="submit" className="min-h-12">
          Reserve toevoegen
        </Button>
      )}
      <Notice message={noticeOf(problem, message)} />
    </form>
  );
}
