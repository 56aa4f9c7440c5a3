import Link from 'next/link';
import { ScheduleForm } from '@/components/matches/fixture-forms';
import { longDate, MatchSummary } from '@/components/matches/labels';
import { MatchList } from '@/components/matches/match-list';
import { PouleNav } from '@/components/matches/poule-nav';
import { buttonClass } from '@/components/ui/button';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { chooseSeason, SeasonChoice, SeasonStatusBadge } from '@/components/season-choice';
import { serverApi } from '@/lib/api-server';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Wedstrijden' };

/**
 * Per division of the chosen season (?seizoen=, default the current one; a ?poule= of another
 * season shows that season): generate the schedule, then every round with its matches.
 */
export default async function AdminMatchesPage({ searchParams }: { searchParams: Promise<{ poule?: string; seizoen?: string }> }) {
  const { poule, seizoen } = await searchParams;
  const api = await serverApi();
  const { seasons, season } = await chooseSeason(api, { seizoen, divisionId: poule });
  if (!season) {
    return (
      <>
        <PageHeader title="Wedstrijden" />
        <EmptyState title="Er is nog geen seizoen.">
          Maak eerst een seizoen met poules en teams aan onder{' '}
          <Link className="underline" href="/beheer/seizoenen">
            Seizoenen
          </Link>
          .
        </EmptyState>
      </>
    );
  }
  const { data: divisions = [] } = await api.GET('/api/seasons/{seasonId}/divisions', { params: { path: { seasonId: season.id } } });
  const active = divisions.filter((d) => !d.archivedAt);
  const division = active.find((d) => d.id === poule) ?? active[0];
  const { data: fixtures } = division ? await api.GET('/api/divisions/{id}/matches', { params: { path: { id: division.id } } }) : { data: undefined };
  const rounds = fixtures?.rounds ?? [];
  const href = (m: MatchSummary) => `/beheer/wedstrijden/${m.id}`;
  const byes = (matches: MatchSummary[]) =>
    division?.teams.filter((t) => !matches.some((m) => m.homeTeam.id === t.id || m.awayTeam.id === t.id)).map((t) => t.name) ?? [];

  return (
    <>
      <PageHeader
        title="Wedstrijden"
        description={
          <>
            Seizoen {season.name} <SeasonStatusBadge status={season.status} /> — programma per poule, verplaatsen, uitslagen en niet-gespeelde wedstrijden.
          </>
        }
      />
      <SeasonChoice seasons={seasons} seasonId={season.id} />
      {active.length === 0 ? (
        <EmptyState title="Dit seizoen heeft nog geen poules.">
          Maak poules aan en schrijf teams in onder{' '}
          <Link className="underline" href={`/beheer/seizoenen/${season.id}`}>
            Seizoen {season.name}
          </Link>
          .
        </EmptyState>
      ) : (
        <>
          <PouleNav divisions={active} current={division?.id} href={(id) => `/beheer/wedstrijden?seizoen=${season.id}&poule=${id}`} />
          {division && rounds.length === 0 && (
            <Card title={`Programma ${division.name} maken`}>
              {division.teams.length < 2 ? (
                <EmptyState title="Te weinig teams.">Schrijf eerst minstens twee teams in voor {division.name} onder Seizoenen.</EmptyState>
              ) : (
                <ScheduleForm divisionId={division.id} divisionName={division.name} teamCount={division.teams.length} replace={false} firstDate={season.competitionStartsOn} />
              )}
            </Card>
          )}
          {division && rounds.length > 0 && (
            <div className="space-y-6">
              <div className="flex flex-wrap gap-2">
                <a className={buttonClass('secondary')} href={`/api/divisions/${division.id}/fixtures.csv`}>
                  Programma als CSV
                </a>
              </div>
              {rounds.map((round) => {
                const free = byes(round.matches);
                return (
                  <section key={round.round} aria-label={`Ronde ${round.round}`}>
                    <h2 className="mb-2 font-semibold text-brand-900">
                      Ronde {round.round}
                      <span className="font-normal text-stone-600"> · {longDate(round.matches[0].date)}</span>
                    </h2>
                    <MatchList label={`Ronde ${round.round}`} matches={round.matches} href={href} />
                    {free.length > 0 && <p className="mt-1 text-sm text-stone-600">Vrij: {free.join(', ')}</p>}
                  </section>
                );
              })}
              <details className="rounded-lg bg-white p-4 ring-1 ring-stone-200">
                <summary className="cursor-pointer font-semibold text-brand-900">Programma opnieuw maken</summary>
                <p className="my-2 text-sm text-stone-600">Alleen zolang er in {division.name} nog niets gespeeld of ingevoerd is.</p>
                <ScheduleForm divisionId={division.id} divisionName={division.name} teamCount={division.teams.length} replace firstDate={season.competitionStartsOn} />
              </details>
            </div>
          )}
        </>
      )}
    </>
  );
}
