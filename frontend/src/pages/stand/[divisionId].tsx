import type { InferGetServerSidePropsType } from 'next';
import Link from 'next/link';
import { PositionChart } from '@/components/standings/position-chart';
import { StandingsLegend, StandingsTable } from '@/components/standings/standings-table';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { cn } from '@/lib/cn';
import { PageTitle, publicPage, queryParam } from '@/lib/public-page';

export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export const getServerSideProps = publicPage(async (api, { query }) => {
  const divisionId = queryParam(query.divisionId) ?? '';
  const ronde = queryParam(query.ronde);
  const round = ronde && /^\d{1,3}$/.test(ronde) && Number(ronde) > 0 ? Number(ronde) : null;
  // ?voorlopig=1: with the matches being played now (their signed sets so far); the official standings stay the default.
  const provisional = queryParam(query.voorlopig) === '1';
  const path = { divisionId };
  const [{ data: division }, { data: standings }, { data: positions }] = await Promise.all([
    api.GET('/api/divisions/{id}', { params: { path: { id: divisionId } } }),
    api.GET('/api/divisions/{divisionId}/standings', { params: { path, query: { round: round ?? undefined, provisional: provisional || undefined } } }),
    api.GET('/api/divisions/{divisionId}/standings/positions', { params: { path } }),
  ]);
  return division && standings && positions ? { division, standings, positions, round, provisional } : null;
});

export default function DivisionStandingsPage({ division, standings, positions, round, provisional }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const chip = (active: boolean) => cn('whitespace-nowrap rounded-md px-2.5 py-1', active ? 'bg-brand-600 text-white' : 'bg-white ring-1 ring-stone-200 hover:bg-stone-100');
  return (
    <>
      <PageTitle title={`Stand ${division.name}`} />
      <PageHeader
        title={provisional ? `Stand ${division.name} (voorlopig)` : `Stand ${division.name}`}
        description={
          provisional
            ? 'Voorlopig: bevestigde uitslagen plus de wedstrijden die nu gespeeld worden, met hun ondertekende sets tot nu toe. Teams met een wedstrijd in behandeling zijn gemarkeerd.'
            : round
              ? `Na ronde ${round}`
              : 'Alle bevestigde uitslagen'
        }
        actions={
          <>
            <Link href={`/programma?poule=${division.id}`} className="text-sm text-brand-700 hover:underline">
              Programma en uitslagen
            </Link>
            <Link href={`/ranglijst/${division.id}`} className="text-sm text-brand-700 hover:underline">
              Ranglijst van de spelers (ratings)
            </Link>
          </>
        }
      />
      {standings.rows.length > 0 && (
        <nav aria-label="Stand na ronde" className="mb-4 flex flex-wrap gap-1 text-sm">
          <Link href={`/stand/${division.id}`} className={chip(!round && !provisional)} aria-current={!round && !provisional ? 'page' : undefined}>
            Actueel
          </Link>
          <Link href={`/stand/${division.id}?voorlopig=1`} className={chip(provisional)} aria-current={provisional ? 'page' : undefined}>
            Voorlopig (wedstrijden bezig)
          </Link>
          {standings.rounds.map((r) => (
            <Link key={r} href={`/stand/${division.id}?ronde=${r}`} className={chip(r === round)} aria-current={r === round ? 'page' : undefined}>
              na ronde {r}
            </Link>
          ))}
        </nav>
      )}
      {standings.rows.length === 0 ? <EmptyState title="Nog geen teams ingeschreven." /> : <StandingsTable standings={standings} caption={provisional ? `Voorlopige stand ${division.name}` : `Stand ${division.name}`} />}
      {positions.rounds.length > 0 && (
        <Card title="Verloop: plaats na elke ronde" className="mt-6">
          <div className="grid gap-4 sm:grid-cols-2">
            {positions.teams.map((team) => (
              <figure key={team.teamId}>
                <figcaption className="text-sm font-medium">{team.teamName}</figcaption>
                <PositionChart label={`Verloop ${team.teamName}`} rounds={positions.rounds} positions={team.positions} teamCount={positions.teamCount} />
              </figure>
            ))}
          </div>
        </Card>
      )}
      <StandingsLegend settings={standings.settings} />
    </>
  );
}
