import type { InferGetServerSidePropsType } from 'next';
import Link from 'next/link';
import { MatchBody, MatchHeader, MatchLinks } from '@/components/matches/match-view';
import { buttonClass } from '@/components/ui/button';
import { PageTitle, publicPage, queryParam } from '@/lib/public-page';

export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export const getServerSideProps = publicPage(async (api, { query }) => {
  const { data: match } = await api.GET('/api/matches/{id}', { params: { path: { id: queryParam(query.id) ?? '' } } });
  return match ? { match } : null;
});

/** The public match page: score per set and table, pairs by family name only (Regel 15). */
export default function MatchPage({ match, me }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const id = match.id;
  const ownClub = me?.role === 'SECRETARY' && (me.clubId === match.homeTeam.clubId || me.clubId === match.awayTeam.clubId);
  const manage =
    me?.role === 'ADMIN' ? `/beheer/wedstrijden/${id}` : me?.role === 'SUPERVISOR' ? `/wedstrijdleider/${id}` : ownClub ? `/vereniging/wedstrijden/${id}` : null;
  return (
    <>
      <PageTitle title={`${match.homeTeam.name} – ${match.awayTeam.name}`} />
      <Link href={`/programma?poule=${match.divisionId}`} className="text-sm text-brand-700 underline">
        ← Programma {match.divisionName}
      </Link>
      <div className="mt-2">
        <MatchHeader
          match={match}
          actions={
            <>
              <MatchLinks matchId={id} publicPage={false} />
              <Link className={buttonClass('secondary')} href={`/wedstrijden/${id}/live`}>
                Live volgen
              </Link>
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
