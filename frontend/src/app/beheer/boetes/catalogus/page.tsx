import Link from 'next/link';
import { ConfirmAction } from '@/components/confirm-action';
import { ResourceForm } from '@/components/resource-form';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { serverApi } from '@/lib/api-server';
import { formatEuro } from '@/lib/format';

export const metadata = { title: 'Boetecatalogus' };

export default async function FineCatalogPage() {
  const api = await serverApi();
  const { data: season } = await api.GET('/api/seasons/current');
  if (!season) return <EmptyState title="Er is nog geen seizoen.">Maak eerst een seizoen aan onder Seizoenen.</EmptyState>;
  const { data: items = [] } = await api.GET('/api/seasons/{seasonId}/fine-catalog', { params: { path: { seasonId: season.id } } });
  const cents = season.settings.negligenceFineCents;

  return (
    <>
      <PageHeader
        title="Boetecatalogus"
        description={`Seizoen ${season.name}: boetes voor overige nalatigheid (Regel 10) die u met de hand oplegt. Bedragen in euro, bijvoorbeeld 15 of 15,00.`}
        actions={
          <Link className="text-sm text-brand-700 underline" href="/beheer/boetes">
            Terug naar boetes
          </Link>
        }
      />
      <div className="space-y-6">
        {items.length === 0 ? (
          <EmptyState title="De catalogus is leeg.">Voeg hieronder de eerste boete toe, bijvoorbeeld &quot;Geen speelmatten&quot;.</EmptyState>
        ) : (
          <ul className="space-y-3">
            {items.map((item) => (
              <li key={item.id}>
                <Card>
                  <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold">
                      {item.description} <span className="font-normal text-stone-600">({item.code}, {formatEuro(item.amountCents)})</span>
                    </p>
                    <ConfirmAction action={`/api/fine-catalog/${item.id}/archive`} label="Archiveren" question={`"${item.description}" uit de catalogus halen? Opgelegde boetes blijven staan.`} done={`"${item.description}" is uit de catalogus gehaald.`} />
                  </div>
                  <ResourceForm
                    action={`/api/fine-catalog/${item.id}`}
                    method="PATCH"
                    submitLabel="Opslaan"
                    fields={[
                      { name: 'description', label: 'Omschrijving', required: true, defaultValue: item.description },
                      { name: 'amountCents', label: 'Bedrag in euro', type: 'euro', required: true, defaultValue: item.amountCents },
                    ]}
                  />
                </Card>
              </li>
            ))}
          </ul>
        )}
        <Card title="Boete aan de catalogus toevoegen">
          <ResourceForm
            action="/api/fine-catalog"
            submitLabel="Toevoegen"
            successMessage="Toegevoegd aan de catalogus."
            extraBody={{ seasonId: season.id }}
            fields={[
              { name: 'code', label: 'Code', required: true, hint: 'Hoofdletters en cijfers, bijvoorbeeld MATTEN.' },
              { name: 'description', label: 'Omschrijving', required: true },
              { name: 'amountCents', label: 'Bedrag in euro', type: 'euro', hint: `Leeg laten voor ${formatEuro(cents)} (seizoensinstelling).` },
            ]}
          />
        </Card>
      </div>
    </>
  );
}
