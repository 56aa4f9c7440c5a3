import Link from 'next/link';
import { ResourceForm } from '@/components/resource-form';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { Table, Td, Th } from '@/components/ui/table';
import { serverApi } from '@/lib/api-server';

export const metadata = { title: 'Verenigingen' };

export default async function ClubsPage() {
  const api = await serverApi();
  const { data: clubs = [] } = await api.GET('/api/clubs');
  return (
    <>
      <PageHeader title="Verenigingen" />
      <div className="space-y-6">
        {clubs.length === 0 ? (
          <EmptyState title="Nog geen verenigingen.">Voeg hieronder de eerste vereniging toe.</EmptyState>
        ) : (
          <Table caption="Verenigingen">
            <thead>
              <tr>
                <Th>Naam</Th>
                <Th>Plaats</Th>
                <Th>Speellocatie</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {clubs.map((club) => (
                <tr key={club.id}>
                  <Td>
                    <Link className="font-medium text-brand-700 hover:underline" href={`/beheer/verenigingen/${club.id}`}>
                      {club.name}
                    </Link>
                  </Td>
                  <Td>{club.city ?? '—'}</Td>
                  <Td>{club.venue ?? '—'}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Card title="Nieuwe vereniging">
          <ResourceForm
            action="/api/clubs"
            submitLabel="Vereniging toevoegen"
            successMessage="Vereniging toegevoegd."
            fields={[
              { name: 'name', label: 'Naam', required: true },
              { name: 'city', label: 'Plaats' },
              { name: 'venue', label: 'Speellocatie' },
            ]}
          />
        </Card>
      </div>
    </>
  );
}
