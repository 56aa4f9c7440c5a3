import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { MatchBody, MatchHeader, MatchLinks } from '@/components/matches/match-view';
import { loadMatch } from '@/components/matches/screens';
import { buttonClass } from '@/components/ui/button';
import { currentUser } from '@/lib/api-server';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const match = await loadMatch((await params).id);
  return { title: match ? `${match.homeTeam.name} – ${match.awayTeam.name}` : 'Wedstrijd' };
}

/** The public match page: score per set and table, pairs by family name only (Regel 15). */
export default async function MatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [match, me] = await Promise.all([loadMatch(id), currentUser()]);
  if (!match) notFound();
  const ownClub = me?.role === 'SECRETARY' && (me.clubId === match.homeTeam.clubId || me.clubId === match.awayTeam.clubId);
  const manage =
    me?.role === 'ADMIN' ? `/beheer/wedstrijden/${id}` : me?.role === 'SUPERVISOR' ? `/wedstrijdleider/${id}` : ownClub ? `/vereniging/wedstrijden/${id}` : null;
  return (
    <>
      <Link href={`/programma?poule=${match.divisionId}`} className="text-sm text-brand-700 underline">
        ← Programma {match.divisionName}
      </Link>
      <div className="mt-2">
        <MatchHeader
          match={match}
          actions={
            <>
              <MatchLinks matchId={id} publicPage={false} />
              {manage && (
                <Link className={buttonClass('primary')} href={manage}>
                  {me?.role === 'SUPERVISOR' ? 'Uitslag corrigeren' : 'Spelerslijst en uitslag beheren'}
                </Link>
              )}
            </>
          }
        />
      </div>
      <div className="space-y-6">
        <MatchBody match={match} />
      </div>
    </>
  );
}
