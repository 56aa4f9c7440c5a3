import Link from 'next/link';
import { FinesTable } from '@/components/fines/fines-table';
import { FineTotals, RULE_LABELS, STATUS_LABELS } from '@/components/fines/fine-labels';
import { ProposalCard } from '@/components/fines/proposal-card';
import { ResourceForm } from '@/components/resource-form';
import { chooseSeason, SeasonChoice } from '@/components/season-choice';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { Table, Td, Th } from '@/components/ui/table';
import { buttonClass } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/filter-select';
import { messageOf, serverApi } from '@/lib/api-server';
import { formatEuro } from '@/lib/format';

export const metadata = { title: 'Boetes' };

type Search = Record<string, string | string[] | undefined>;
type Status = keyof typeof STATUS_LABELS;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

/** The filters in the URL, kept to values the API knows. */
function filtersFrom(search: Search) {
  const status = one(search.status);
  const rule = one(search.rule);
  const club = one(search.club);
  return {
    clubId: club && /^[0-9a-f-]{36}$/i.test(club) ? club : undefined,
    status: status && status in STATUS_LABELS ? (status as Status) : undefined,
    rule: rule && rule in RULE_LABELS ? (rule as '5D' | '5E' | '6' | '7' | '9A' | '10' | '11') : undefined,
    overdue: one(search.overdue) === '1' ? true : undefined,
  };
}

/** The fines of the chosen season (?seizoen=, default the current one), filtered by the rest of the URL. */
export default async function FinesAdminPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const filters = filtersFrom(search);
  const api = await serverApi();
  const { seasons, season } = await chooseSeason(api, { seizoen: one(search.seizoen) });
  const { data: list, error } = await api.GET('/api/fines', { params: { query: { ...filters, seasonId: season?.id } } });
  if (!list) {
    return (
      <>
        <PageHeader title="Boetes" />
        <EmptyState title={messageOf(error) ?? 'De boetes konden niet worden geladen.'}>Maak eerst een seizoen aan onder Seizoenen.</EmptyState>
      </>
    );
  }
  const [{ data: proposals }, { data: clubs = [] }, { data: catalog = [] }] = await Promise.all([
    api.GET('/api/fines', { params: { query: { seasonId: list.season.id, status: 'PROPOSED' } } }),
    api.GET('/api/clubs'),
    api.GET('/api/seasons/{seasonId}/fine-catalog', { params: { path: { seasonId: list.season.id } } }),
  ]);
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <PageHeader
        title="Boetes"
        description={`Seizoen ${list.season.name}: voorstellen bevestigen, boetes opleggen en betalingen bijhouden.`}
        actions={
          <Link className={buttonClass('secondary')} href="/beheer/boetes/catalogus">
            Boetecatalogus (Regel 10)
          </Link>
        }
      />
      <SeasonChoice seasons={seasons} seasonId={list.season.id} keep={{ club: filters.clubId, status: filters.status, rule: filters.rule, overdue: filters.overdue ? '1' : undefined }} />
      <div className="space-y-6">
        <FineTotals totals={list.totals} />

        <Card title={`Voorstellen om te beoordelen (${list.proposedCount})`}>
          {!proposals || proposals.fines.length === 0 ? (
            <EmptyState title="Geen voorstellen.">Het systeem stelt boetes voor zodra wedstrijdfeiten worden vastgelegd (Regel 5D/5E, 6, 7/9A en 11).</EmptyState>
          ) : (
            <ul className="divide-y divide-stone-100">
              {proposals.fines.map((fine) => (
                <ProposalCard key={fine.id} fine={fine} />
              ))}
            </ul>
          )}
        </Card>

        <section aria-labelledby="fines-list" className="space-y-3">
          <h2 id="fines-list" className="text-lg font-semibold text-brand-900">
            Alle boetes
          </h2>
          <form method="get" className="grid gap-3 rounded-lg bg-white p-3 ring-1 ring-stone-200 sm:grid-cols-5 sm:items-end" aria-label="Filters">
            <input type="hidden" name="seizoen" value={list.season.id} />
            <FilterSelect name="club" label="Vereniging" value={filters.clubId} options={clubs.map((c) => [c.id, c.name])} />
            <FilterSelect name="status" label="Status" value={filters.status} options={Object.entries(STATUS_LABELS)} />
            <FilterSelect name="rule" label="Regel" value={filters.rule} options={Object.entries(RULE_LABELS)} />
            <label className="flex items-center gap-2 text-sm text-stone-700 sm:pb-2">
              <input type="checkbox" name="overdue" value="1" defaultChecked={filters.overdue} /> Alleen te laat
            </label>
            <div className="flex gap-2">
              <button type="submit" className={buttonClass('primary')}>
                Filteren
              </button>
              {filtered && (
                <Link href={`/beheer/boetes?seizoen=${list.season.id}`} className={buttonClass('ghost')}>
                  Wissen
                </Link>
              )}
            </div>
          </form>
          {list.fines.length === 0 ? (
            <EmptyState title={filtered ? 'Geen boetes die aan deze filters voldoen.' : 'Nog geen boetes dit seizoen.'}>
              {filtered ? 'Wis de filters om alle boetes te zien.' : 'Leg hieronder een boete op uit de catalogus, of wacht op voorstellen uit de wedstrijden.'}
            </EmptyState>
          ) : (
            <FinesTable fines={list.fines} today={list.today} />
          )}
        </section>

        <Card title="Totalen per vereniging">
          {list.byClub.length === 0 ? (
            <EmptyState title="Nog geen boetes opgelegd." />
          ) : (
            <Table caption="Totalen per vereniging">
              <thead>
                <tr>
                  <Th>Vereniging</Th>
                  <Th className="text-right">Openstaand</Th>
                  <Th className="text-right">Te laat</Th>
                  <Th className="text-right">Betaald</Th>
                  <Th className="text-right">Kwijtgescholden</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {list.byClub.map((c) => (
                  <tr key={c.clubId}>
                    <Td>
                      <Link className="font-medium text-brand-700 hover:underline" href={`/beheer/boetes?seizoen=${list.season.id}&club=${c.clubId}`}>
                        {c.clubName}
                      </Link>
                    </Td>
                    <Td className="text-right">{formatEuro(c.openCents)}</Td>
                    <Td className={c.overdueCents > 0 ? 'text-right font-semibold text-red-700' : 'text-right'}>{formatEuro(c.overdueCents)}</Td>
                    <Td className="text-right">{formatEuro(c.paidCents)}</Td>
                    <Td className="text-right">{formatEuro(c.waivedCents)}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Card>

        <Card title="Boete opleggen uit de catalogus (Regel 10)">
          {season?.archivedAt ? (
            <p className="text-sm text-stone-600">Seizoen {list.season.name} is gearchiveerd: er worden geen boetes meer opgelegd. Betalingen en kwijtscheldingen kunt u hierboven nog vastleggen.</p>
          ) : catalog.length === 0 ? (
            <EmptyState title="De catalogus van dit seizoen is leeg.">
              <Link className="underline" href="/beheer/boetes/catalogus">
                Voeg eerst boetes aan de catalogus toe.
              </Link>
            </EmptyState>
          ) : (
            <ResourceForm
              action="/api/fines"
              idempotent
              submitLabel="Boete opleggen"
              busyLabel="Bezig met opleggen…"
              successMessage="Boete opgelegd: {amountCents:euro} voor {clubName} ({reason}), te betalen vóór {dueOn:date}. De vereniging ziet haar direct."
              fields={[
                { name: 'clubId', label: 'Vereniging', type: 'select', required: true, options: clubs.map((c) => ({ value: c.id, label: c.name })) },
                { name: 'catalogItemId', label: 'Boete', type: 'select', required: true, options: catalog.map((i) => ({ value: i.id, label: `${i.description} — ${formatEuro(i.amountCents)}` })) },
                { name: 'detail', label: 'Toelichting', hint: 'Bijvoorbeeld de wedstrijd of wat er ontbrak.' },
                { name: 'issuedOn', label: 'Datum van opleggen', type: 'date', defaultValue: list.today, hint: 'De betalingstermijn (Regel 12B) telt vanaf deze datum.' },
              ]}
            />
          )}
        </Card>
      </div>
    </>
  );
}
