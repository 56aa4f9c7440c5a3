import type { InferGetServerSidePropsType } from 'next';
import Link from 'next/link';
import { LiveNotice, LiveShell, MatchGrid, Scoreline } from '@/components/live/live-view';
import { longDate } from '@/components/standings/format';
import { StandingsTable } from '@/components/standings/standings-table';
import { VenueStandings } from '@/components/standings/venue-standings';
import { Card, EmptyState } from '@/components/ui/layout';
import { cn } from '@/lib/cn';
import { liveVersion, PageTitle, publicPage, queryParam } from '@/lib/public-page';

// No Next.js runtime: the page's only script is /live.js (see LiveShell).
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export const getServerSideProps = publicPage(async (api, { query }) => {
  const divisionId = queryParam(query.divisionId) ?? '';
  const ronde = queryParam(query.round) ?? '';
  if (!/^\d{1,3}$/.test(ronde) || Number(ronde) < 1) return null;
  const round = Number(ronde);
  const [{ data: night }, { data: standings }] = await Promise.all([
    api.GET('/api/public/rounds/live', { params: { query: { divisionId, round, ...liveVersion(query.v) } } }),
    api.GET('/api/divisions/{divisionId}/standings', { params: { path: { divisionId }, query: { provisional: true } } }),
  ]);
  return night && standings ? { night, standings, big: queryParam(query.groot) === '1' } : null;
});

/**
 * A match night: every match of a division's round as its tables sign, and the standings
 * with these matches counted so far ("voorlopig"). `?groot=1`: for a screen at the venue.
 */
export default function MatchNightPage({ night, standings, big }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const here = `/speelavond/${night.divisionId}/${night.round}`;
  const title = `Speelavond ${night.divisionName}, ronde ${night.round}`;
  const dates = [...new Set(night.matches.map((m) => m.date))];
  return (
    <LiveShell big={big}>
      <PageTitle title={title} />
      {!big && (
        <nav aria-label="Live" className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link href={`/programma?poule=${night.divisionId}#ronde-${night.round}`} className="text-brand-700 underline">
            ← Programma {night.divisionName}
          </Link>
          <Link href={`${here}?groot=1`} className="text-brand-700 underline">
            Groot scherm
          </Link>
        </nav>
      )}
      <div data-live-root data-live-version={night.version} data-live-events={`/api/public/rounds/events?divisionId=${night.divisionId}&round=${night.round}`} className={big ? 'space-y-[1.2vw]' : 'space-y-6'}>
        <div className={cn(big && 'flex flex-wrap items-baseline gap-x-6')}>
          <h1 className={cn('font-bold text-brand-900', big ? 'text-[clamp(1.5rem,2.6vw,3.5rem)]' : 'text-2xl')}>{title}</h1>
          {dates.length > 0 && <p className={cn('mt-1 text-stone-600', big && 'text-[clamp(1rem,1.4vw,2rem)]')}>{dates.map((d) => longDate(d)).join(', ')}</p>}
        </div>
        <LiveNotice notice={night.notice} />
        {night.matches.length === 0 && <EmptyState title="Geen wedstrijden in deze ronde." />}
        {/* Every match of the round side by side on a TV (as many columns as fit, at least 26 rem
            each), one below the other on a phone. */}
        <div className={cn('grid gap-4', big && 'grid-cols-[repeat(auto-fit,minmax(min(100%,26rem),1fr))]')}>
          {night.matches.map((match) => (
            <section key={match.id} data-live-match aria-label={`${match.homeTeam.name} – ${match.awayTeam.name}`} className="min-w-0 rounded-lg bg-white p-4 ring-1 ring-stone-200">
              <Scoreline match={match} big={big} level={2} />
              <MatchGrid match={match} big={big} />
              {!big && (
                <Link href={`/wedstrijden/${match.id}/live`} className="mt-2 inline-block text-sm text-brand-700 underline">
                  Per tafel, met namen
                </Link>
              )}
            </section>
          ))}
        </div>
        {standings.rows.length > 0 &&
          (big ? (
            <VenueStandings standings={standings} title={standings.provisionalMatches > 0 ? 'Stand (voorlopig)' : 'Stand'} />
          ) : (
            <Card title={standings.provisionalMatches > 0 ? 'Stand (voorlopig)' : 'Stand'}>
              {standings.provisionalMatches > 0 && (
                <p className="mb-3 text-sm text-stone-700">
                  Voorlopig: met {standings.provisionalMatches === 1 ? 'de wedstrijd die nog bezig is' : `de ${standings.provisionalMatches} wedstrijden die nog bezig zijn`}, met de
                  ondertekende sets tot nu toe. Teams met een wedstrijd in behandeling zijn gemarkeerd. De officiële stand telt alleen bevestigde uitslagen.
                </p>
              )}
              <StandingsTable standings={standings} caption={standings.provisionalMatches > 0 ? `Voorlopige stand ${night.divisionName}` : `Stand ${night.divisionName}`} />
            </Card>
          ))}
      </div>
    </LiveShell>
  );
}
