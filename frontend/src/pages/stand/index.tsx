import type { InferGetServerSidePropsType } from 'next';
import Link from 'next/link';
import { dateTime } from '@/components/standings/format';
import { StandingsLegend, StandingsTable } from '@/components/standings/standings-table';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { seasonOf } from '@/lib/api-core';
import { PageTitle, publicPage } from '@/lib/public-page';

export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export const getServerSideProps = publicPage(async (api) => {
  const current = await seasonOf(api);
  if (!current) return { current: null, standings: [] };
  const standings = await Promise.all(
    current.divisions.map(async (d) => (await api.GET('/api/divisions/{divisionId}/standings', { params: { path: { divisionId: d.id } } })).data ?? null),
  );
  return { current, standings };
});

export default function StandingsPage({ current, standings }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if (!current) {
    return (
      <>
        <PageTitle title="Stand" />
        <EmptyState title="Er is nog geen seizoen." />
      </>
    );
  }
  const { season, divisions } = current;
  // Every division of a season has the season's settings: the first table's explain them all.
  const legend = standings.find((table) => table !== null);
  return (
    <>
      <PageTitle title="Stand" />
      <PageHeader title={`Stand ${season.name}`} description="Alle bevestigde uitslagen tellen mee." />
      {divisions.length === 0 && <EmptyState title="Dit seizoen heeft nog geen poules." />}
      <div className="space-y-6">
        {divisions.map((division, i) => {
          const table = standings[i];
          return (
            <Card key={division.id} title={division.name}>
              {!table || table.rows.length === 0 ? (
                <p className="text-sm text-stone-600">Nog geen teams ingeschreven.</p>
              ) : (
                <>
                  <StandingsTable standings={table} caption={`Stand ${division.name}`} />
                  <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    <Link href={`/stand/${division.id}`} className="text-brand-700 hover:underline">
                      Stand per ronde en verloop
                    </Link>
                    <Link href={`/programma?poule=${division.id}`} className="text-brand-700 hover:underline">
                      Programma en uitslagen
                    </Link>
                    {table.asOf && <span className="text-stone-500">Bijgewerkt {dateTime(table.asOf)}</span>}
                  </div>
                </>
              )}
            </Card>
          );
        })}
      </div>
      {legend && <StandingsLegend settings={legend.settings} />}
    </>
  );
}
