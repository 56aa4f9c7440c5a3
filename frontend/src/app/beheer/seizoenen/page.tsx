import Link from 'next/link';
import { ResourceForm } from '@/components/resource-form';
import { SEASON_STATUS_LABELS, SEASON_STATUS_SLUGS, SeasonStatus, SeasonStatusBadge } from '@/components/season-choice';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { Table, Td, Th } from '@/components/ui/table';
import { serverApi } from '@/lib/api-server';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';

export const metadata = { title: 'Seizoenen' };

const STATUSES = Object.keys(SEASON_STATUS_LABELS) as SeasonStatus[];

/**
 * Every season with its status (in voorbereiding, lopend, afgesloten), filtered by ?status=
 * (Dutch words, plain links), and the form for a new season.
 */
export default async function SeasonsPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  const { status: slug } = await searchParams;
  const status = STATUSES.find((s) => SEASON_STATUS_SLUGS[s] === slug);
  const api = await serverApi();
  // Archived seasons included, each with its status: the filter is the same list, no second request.
  const { data: all = [] } = await api.GET('/api/seasons', { params: { query: { includeArchived: true } } });
  const seasons = status ? all.filter((season) => season.status === status) : all;
  const count = (s: SeasonStatus) => all.filter((season) => season.status === s).length;
  const filters: { label: string; href: string; active: boolean }[] = [
    { label: `Alle (${all.length})`, href: '/beheer/seizoenen', active: !status },
    ...STATUSES.map((s) => ({ label: `${SEASON_STATUS_LABELS[s]} (${count(s)})`, href: `/beheer/seizoenen?status=${SEASON_STATUS_SLUGS[s]}`, active: s === status })),
  ];
  return (
    <>
      <PageHeader
        title="Seizoenen"
        description="In voorbereiding: vóór het begin van het seizoen. Lopend: van het begin tot en met het einde. Afgesloten: na het einde, of gearchiveerd."
      />
      <div className="space-y-6">
        {all.length > 0 && (
          <nav aria-label="Seizoenen filteren op status" className="flex flex-wrap gap-2">
            {filters.map((f) => (
              <Link
                key={f.href}
                href={f.href}
                aria-current={f.active ? 'page' : undefined}
                className={cn('rounded-md px-3 py-2 text-sm ring-1', f.active ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white ring-stone-300')}
              >
                {f.label}
              </Link>
            ))}
          </nav>
        )}
        {seasons.length === 0 ? (
          all.length === 0 ? (
            <EmptyState title="Nog geen seizoenen.">Maak hieronder het eerste seizoen aan.</EmptyState>
          ) : (
            <EmptyState title={`Geen seizoenen ${status ? SEASON_STATUS_LABELS[status].toLowerCase() : ''}.`}>Kies een andere status of Alle.</EmptyState>
          )
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
                  <Td>
                    <SeasonStatusBadge status={s.status} />
                    {s.archivedAt && <span className="ml-1 text-xs text-stone-500">gearchiveerd</span>}
                  </Td>
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
          <p className="mt-2 text-xs text-stone-500">
            De instellingen krijgen de standaardwaarden van de TSBN; u kunt ze daarna per seizoen aanpassen. Een seizoen dat later begint dan het lopende staat &quot;in voorbereiding&quot;: u
            kunt er poules, teams en het programma voor maken terwijl het lopende seizoen doorgaat.
          </p>
        </Card>
      </div>
    </>
  );
}
