import type { Metadata } from 'next';
import Link from 'next/link';
import { dateTime } from '@/components/standings/format';
import { StandingsLegend, StandingsTable } from '@/components/standings/standings-table';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { currentSeason } from '@/lib/api-server';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Stand' };

export default async function StandingsPage() {
  const current = await currentSeason();
  if (!current) return <EmptyState title="Er is nog geen seizoen." />;
  const { api, season, divisions } = current;
  const standings = await Promise.all(
    divisions.map(async (d) => (await api.GET('/api/divisions/{divisionId}/standings', { params: { path: { divisionId: d.id } } })).data),
  );
  return (
    <>
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
                    <Link prefetch={false} href={`/stand/${division.id}`} className="text-brand-700 hover:underline">
                      Stand per ronde en verloop
                    </Link>
                    <Link prefetch={false} href={`/programma?poule=${division.id}`} className="text-brand-700 hover:underline">
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
      <StandingsLegend />
    </>
  );
}
