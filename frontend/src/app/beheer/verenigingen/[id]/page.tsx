import { notFound } from 'next/navigation';
import { ConfirmAction } from '@/components/confirm-action';
import { ResourceForm } from '@/components/resource-form';
import { Card, PageHeader } from '@/components/ui/layout';
import { serverApi } from '@/lib/api-server';

export default async function ClubAdminPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const api = await serverApi();
  const { data: club } = await api.GET('/api/clubs/{id}', { params: { path: { id } } });
  if (!club) notFound();
  return (
    <>
      <PageHeader
        title={club.name}
        actions={<ConfirmAction action={`/api/clubs/${id}/archive`} label="Archiveren" question={`${club.name} archiveren?`} done={`Vereniging ${club.name} gearchiveerd.`} redirectTo="/beheer/verenigingen" />}
      />
      <div className="space-y-6">
        <Card title="Gegevens">
          <ResourceForm
            action={`/api/clubs/${id}`}
            method="PATCH"
            submitLabel="Opslaan"
            resetOnSuccess={false}
            fields={[
              { name: 'name', label: 'Naam', required: true, defaultValue: club.name },
              { name: 'city', label: 'Plaats', defaultValue: club.city },
              { name: 'venue', label: 'Speellocatie', defaultValue: club.venue },
            ]}
          />
        </Card>
        <Card title="Teams">
          {club.teams.length === 0 ? (
            <p className="text-sm text-stone-600">Geen teams. Schrijf teams in bij het seizoen.</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {club.teams.map((t) => (
                <li key={t.id} className="py-1.5">
                  {t.name} <span className="text-sm text-stone-600">— {t.divisionName}, {t.seasonName}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
