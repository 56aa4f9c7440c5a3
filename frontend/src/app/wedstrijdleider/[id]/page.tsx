import Link from 'next/link';
import { notFound } from 'next/navigation';
import { FormDecision } from '@/components/matches/form-decision';
import { MatchHistory } from '@/components/matches/match-history';
import { MatchRemarks } from '@/components/matches/remarks';
import { MatchHeader, SetScores } from '@/components/matches/match-view';
import { loadMatch, ResultScreen } from '@/components/matches/screens';
import { SupervisorActions } from '@/components/matches/supervisor-actions';
import { Card, Forbidden, Note } from '@/components/ui/layout';
import { requireRole, serverApi } from '@/lib/api-server';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Uitslag corrigeren' };

/** A supervisor corrects a locked result, set by set, with a reason that goes into the audit log. */
export default async function SupervisorMatchPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ set?: string }> }) {
  const { allowed } = await requireRole('SUPERVISOR', 'ADMIN');
  if (!allowed) return <Forbidden message="Deze pagina is voor wedstrijdleiders." />;
  const [{ id }, { set }] = await Promise.all([params, searchParams]);
  const match = await loadMatch(id);
  if (!match) notFound();
  const correctable = match.status === 'PLAYED' && match.resultState === 'CONFIRMED';
  // Regel 22, 38: decisions at the table, while the result is not yet locked.
  const open = (match.status === 'PLAYED' || match.status === 'SCHEDULED') && match.resultState !== 'CONFIRMED';
  const api = await serverApi();
  const [home, away, actions, remarks] = await Promise.all([
    api.GET('/api/matches/{id}/lineups/{teamId}', { params: { path: { id, teamId: match.homeTeam.id } } }),
    api.GET('/api/matches/{id}/lineups/{teamId}', { params: { path: { id, teamId: match.awayTeam.id } } }),
    api.GET('/api/matches/{id}/supervisor-actions', { params: { path: { id } } }),
    api.GET('/api/matches/{id}/remarks', { params: { path: { id } } }),
  ]);
  return (
    <>
      <Link href={`/wedstrijdleider?poule=${match.divisionId}`} className="text-sm text-brand-700 underline">
        ← {match.divisionName}
      </Link>
      <div className="mt-2">
        <MatchHeader
          match={match}
          actions={
            <Link href={`/wedstrijdleider/avond/${id}`} className="text-sm text-brand-700 underline">
              Speelavond: tafels en sets
            </Link>
          }
        />
      </div>
      <div className="space-y-6">
        {match.resultPhase === 'DISPUTED' && match.status === 'PLAYED' && (
          <Card title="Weigering van de uitploeg beslissen (Regel 35B)">
            <FormDecision match={match} />
          </Card>
        )}
        {(remarks.data ?? []).length > 0 && (
          <Card title="Opmerkingen van de teamleiders">
            <MatchRemarks matchId={id} remarks={remarks.data ?? []} canWrite={false} canHandle />
          </Card>
        )}
        {correctable ? (
          <Card title="Uitslag corrigeren">
            <ResultScreen match={match} kind="correct" backHref={`/wedstrijdleider?poule=${match.divisionId}`} set={set} />
          </Card>
        ) : (
          <>
            <Note>
              {match.status !== 'PLAYED' && match.status !== 'SCHEDULED'
                ? 'Deze wedstrijd is door de bond vastgelegd als niet gespeeld; dat kan alleen de bondsbeheerder terugdraaien.'
                : 'Deze uitslag is nog niet definitief. Corrigeren als correctie kan zodra hij definitief is; tot dan beslist u per set aan tafel of over de weigering van het formulier.'}
            </Note>
            <SetScores match={match} />
          </>
        )}
        {(open || (actions.data ?? []).length > 0) && (
          <Card title="Beslissingen van de wedstrijdleider (Regel 22, 38)">
            {open ? (
              <SupervisorActions
                match={match}
                lineups={[
                  { label: 'Thuis', lineup: home.data ?? null },
                  { label: 'Uit', lineup: away.data ?? null },
                ]}
                actions={actions.data ?? []}
              />
            ) : (
              <ul className="divide-y divide-stone-200 text-sm">
                {(actions.data ?? []).map((a) => (
                  <li key={a.id} className="py-2">
                    {a.consequence} Reden: {a.reason}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
        <Card title="Logboek">
          <MatchHistory matchId={id} />
        </Card>
      </div>
    </>
  );
}
