import type { InferGetServerSidePropsType } from 'next';
import Link from 'next/link';
import { LiveNotice, LiveSets, LiveShell, Scoreline } from '@/components/live/live-view';
import { longDate } from '@/components/standings/format';
import { liveVersion, PageTitle, publicPage, queryParam } from '@/lib/public-page';

// No Next.js runtime: the page's only script is /live.js (see LiveShell).
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export const getServerSideProps = publicPage(async (api, { query }) => {
  const id = queryParam(query.id) ?? '';
  const { data: match } = await api.GET('/api/public/matches/{id}/live', { params: { path: { id }, query: liveVersion(query.v) } });
  return match ? { match, big: queryParam(query.groot) === '1' } : null;
});

/** A match live: every set and table as signed, the running score (Regel 15: family names only). `?groot=1`: for a screen at the venue. */
export default function LiveMatchPage({ match, big }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const here = `/wedstrijden/${match.id}/live`;
  return (
    <LiveShell big={big}>
      <PageTitle title={`Live: ${match.homeTeam.name} – ${match.awayTeam.name}`} />
      {!big && (
        <nav aria-label="Live" className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link href={`/speelavond/${match.divisionId}/${match.round}`} className="text-brand-700 underline">
            ← Speelavond {match.divisionName}, ronde {match.round}
          </Link>
          <Link href={`/wedstrijden/${match.id}`} className="text-brand-700 underline">
            Wedstrijdformulier
          </Link>
          <Link href={`${here}?groot=1`} className="text-brand-700 underline">
            Groot scherm
          </Link>
        </nav>
      )}
      <div data-live-root data-live-version={match.version} data-live-events={`/api/public/matches/${match.id}/events`} className="space-y-6">
        <header className="rounded-lg bg-white p-4 ring-1 ring-stone-200">
          <p className={big ? 'text-lg text-stone-600 sm:text-2xl' : 'text-sm text-stone-600'}>
            {match.divisionName} · ronde {match.round} · {longDate(match.date)}, {match.startTime} uur{match.venue ? ` · ${match.venue}` : ''}
          </p>
          <div className="mt-3">
            <Scoreline match={match} big={big} />
          </div>
        </header>
        <LiveNotice notice={match.notice} />
        <LiveSets match={match} big={big} />
      </div>
      {big && (
        <Link href={here} className="mt-4 inline-block text-sm text-stone-500 underline">
          Gewone weergave
        </Link>
      )}
    </LiveShell>
  );
}
