import { notFound } from 'next/navigation';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { serverApi } from '@/lib/api-server';

export const dynamic = 'force-dynamic';

export default async function ClubPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const api = await serverApi();
  const { data: club } = await api.GET('/api/clubs/{id}', { params: { path: { id } } });
  if (!club) notFound();
  return (
    <>
      <PageHeader title={club.name} description={[club.city, club.venue].filter(Boolean).join(' · ')} />
      <Card title="Teams">
        {club.teams.length === 0 ? (
          <EmptyState title="Deze vereniging heeft geen teams ingeschreven." />
        ) : (
          <ul className="divide-y divide-stone-100">
            {club.teams.map((team) => (
              <li key={team.id} className="py-2">
                <span className="font-medium">{team.name}</span> <span className="text-sm text-stone-600">— {team.divisionName}, seizoen {team.seasonName}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
