import Link from 'next/link';
import { notFound } from 'next/navigation';
import { MatchHistory } from '@/components/matches/match-history';
import { MatchHeader, SetScores } from '@/components/matches/match-view';
import { loadMatch, ResultScreen } from '@/components/matches/screens';
import { Card, Forbidden, Note } from '@/components/ui/layout';
import { requireRole } from '@/lib/api-server';

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
  return (
    <>
      <Link href={`/wedstrijdleider?poule=${match.divisionId}`} className="text-sm text-brand-700 underline">
        ← {match.divisionName}
      </Link>
      <div className="mt-2">
        <MatchHeader match={match} />
      </div>
      <div className="space-y-6">
        {correctable ? (
          <Card title="Uitslag corrigeren">
            <ResultScreen match={match} kind="correct" backHref={`/wedstrijdleider?poule=${match.divisionId}`} set={set} />
          </Card>
        ) : (
          <>
            <Note>
              {match.status !== 'PLAYED' && match.status !== 'SCHEDULED'
                ? 'Deze wedstrijd is door de bond vastgelegd als niet gespeeld; dat kan alleen de bondsbeheerder terugdraaien.'
                : 'Deze uitslag is nog niet door beide teams ondertekend; de thuisploeg kan hem zelf nog wijzigen. Corrigeren kan zodra hij vaststaat.'}
            </Note>
            <SetScores match={match} />
          </>
        )}
        <Card title="Logboek">
          <MatchHistory matchId={id} />
        </Card>
      </div>
    </>
  );
}
