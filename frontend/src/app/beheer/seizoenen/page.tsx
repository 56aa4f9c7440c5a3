import Link from 'next/link';
import { ResourceForm } from '@/components/resource-form';
import { Badge } from '@/components/ui/badge';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { Table, Td, Th } from '@/components/ui/table';
import { serverApi } from '@/lib/api-server';
import { formatDate } from '@/lib/format';

export const metadata = { title: 'Seizoenen' };

export default async function SeasonsPage() {
  const api = await serverApi();
  const { data: seasons = [] } = await api.GET('/api/seasons', { params: { query: { includeArchived: true } } });
  return (
    <>
      <PageHeader title="Seizoenen" />
      <div className="space-y-6">
        {seasons.length === 0 ? (
          <EmptyState title="Nog geen seizoenen.">Maak hieronder het eerste seizoen aan.</EmptyState>
        ) : (
          <Table caption="Seizoenen">
            <thead>
              <tr>
                <Th>Naam</Th>
                <Th>Begin</Th>
                <Th>Competitiestart</Th>
                <Th>Einde</Th>
                <Th>Status</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {seasons.map((s) => (
                <tr key={s.id}>
                  <Td>
                    <Link className="font-medium text-brand-700 hover:underline" href={`/beheer/seizoenen/${s.id}`}>
                      {s.name}
                    </Link>
                  </Td>
                  <Td>{formatDate(s.startsOn)}</Td>
                  <Td>{formatDate(s.competitionStartsOn)}</Td>
                  <Td>{formatDate(s.endsOn)}</Td>
                  <Td>{s.archivedAt ? <Badge>Gearchiveerd</Badge> : <Badge tone="good">Actief</Badge>}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Card title="Nieuw seizoen">
          <ResourceForm
            action="/api/seasons"
            submitLabel="Seizoen aanmaken"
            successMessage="Seizoen aangemaakt."
            redirectTo="/beheer/seizoenen/{id}"
            fields={[
              { name: 'name', label: 'Naam', required: true, hint: 'Bijvoorbeeld 2027/2028' },
              { name: 'startsOn', label: 'Begin seizoen', type: 'date', required: true },
              { name: 'competitionStartsOn', label: 'Eerste speeldag', type: 'date', required: true },
              { name: 'endsOn', label: 'Einde seizoen', type: 'date', required: true },
            ]}
          />
          <p className="mt-2 text-xs text-stone-500">De instellingen krijgen de standaardwaarden van de TSBN; u kunt ze daarna per seizoen aanpassen.</p>
        </Card>
      </div>
    </>
  );
}
