import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PositionChart } from '@/components/standings/position-chart';
import { StandingsLegend, StandingsTable } from '@/components/standings/standings-table';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { serverApi } from '@/lib/api-server';
import { cn } from '@/lib/cn';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Stand per ronde' };

export default async function DivisionStandingsPage({ params, searchParams }: { params: Promise<{ divisionId: string }>; searchParams: Promise<{ ronde?: string }> }) {
  const [{ divisionId }, { ronde }] = await Promise.all([params, searchParams]);
  const round = ronde && /^\d{1,3}$/.test(ronde) && Number(ronde) > 0 ? Number(ronde) : undefined;
  const api = await serverApi();
  const path = { divisionId };
  const [{ data: division }, { data: standings }, { data: positions }] = await Promise.all([
    api.GET('/api/divisions/{id}', { params: { path: { id: divisionId } } }),
    api.GET('/api/divisions/{divisionId}/standings', { params: { path, query: { round } } }),
    api.GET('/api/divisions/{divisionId}/standings/positions', { params: { path } }),
  ]);
  if (!division || !standings || !positions) notFound();
  const chip = (active: boolean) => cn('whitespace-nowrap rounded-md px-2.5 py-1', active ? 'bg-brand-600 text-white' : 'bg-white ring-1 ring-stone-200 hover:bg-stone-100');
  return (
    <>
      <PageHeader
        title={`Stand ${division.name}`}
        description={round ? `Na ronde ${round}` : 'Alle bevestigde uitslagen'}
        actions={
          <Link prefetch={false} href={`/programma?poule=${divisionId}`} className="text-sm text-brand-700 hover:underline">
            Programma en uitslagen
          </Link>
        }
      />
      {standings.rounds.length > 0 && (
        <nav aria-label="Stand na ronde" className="mb-4 flex flex-wrap gap-1 text-sm">
          <Link prefetch={false} href={`/stand/${divisionId}`} className={chip(!round)} aria-current={!round ? 'page' : undefined}>
            Actueel
          </Link>
          {standings.rounds.map((r) => (
            <Link key={r} prefetch={false} href={`/stand/${divisionId}?ronde=${r}`} className={chip(r === round)} aria-current={r === round ? 'page' : undefined}>
              na ronde {r}
            </Link>
          ))}
        </nav>
      )}
      {standings.rows.length === 0 ? <EmptyState title="Nog geen teams ingeschreven." /> : <StandingsTable standings={standings} caption={`Stand ${division.name}`} />}
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
      <StandingsLegend />
    </>
  );
}
