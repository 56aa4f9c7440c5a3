import Link from 'next/link';
import { DEADLINE_LABELS, DeadlineBadge } from '@/components/member-lists/badges';
import { SeasonPicker } from '@/components/member-lists/member-list-screen';
import { TransferTable } from '@/components/member-lists/transfer-table';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { Table, Td, Th } from '@/components/ui/table';
import { serverApi } from '@/lib/api-server';
import { formatDate, formatMoment } from '@/lib/format';

export const metadata = { title: 'Moederlijsten' };

type Filters = { seizoen?: string; status?: string; q?: string };

/** Every club's moederlijst for a season (Regel 1); season, status and name filter live in the URL. */
export default async function MemberListsOverviewPage({ searchParams }: { searchParams: Promise<Filters> }) {
  const filters = await searchParams;
  const api = await serverApi();
  const [{ data: seasons = [] }, { data: current }] = await Promise.all([api.GET('/api/seasons', { params: { query: { includeArchived: true } } }), api.GET('/api/seasons/current')]);
  const seasonId = filters.seizoen ?? current?.id;
  if (!seasonId) {
    return (
      <>
        <PageHeader title="Moederlijsten" />
        <EmptyState title="Er is nog geen seizoen.">Maak eerst een seizoen aan onder Seizoenen.</EmptyState>
      </>
    );
  }
  const [{ data: overview }, { data: transfers = [] }] = await Promise.all([
    api.GET('/api/seasons/{seasonId}/member-lists', { params: { path: { seasonId } } }),
    api.GET('/api/transfers'),
  ]);
  const requests = transfers.filter((t) => t.status === 'REQUESTED');
  const query = (filters.q ?? '').trim().toLowerCase();
  const rows = (overview?.lists ?? []).filter((l) => (!filters.status || l.deadlineStatus === filters.status) && (!query || l.clubName.toLowerCase().includes(query)));
  const count = (status: string) => overview?.lists.filter((l) => l.deadlineStatus === status).length ?? 0;

  return (
    <>
      <PageHeader
        title="Moederlijsten"
        description={overview ? `Seizoen ${overview.seasonName}: indienen uiterlijk ${formatDate(overview.deadline)} (Regel 1).` : undefined}
      />
      {requests.length > 0 && (
        <Card title={`Overschrijvingsverzoeken voor het bestuur (${requests.length})`} className="mb-4">
          <p className="mb-3 text-sm text-stone-600">
            Verzoeken binnen de overschrijvingsstop, en verzoeken van een secretaris om een lid dat nog op de moederlijst van een andere vereniging staat (Regel 2).
            Goedgekeurd gaat de overschrijving in; afgewezen blijft alles zoals het is.
          </p>
          <TransferTable transfers={requests} isAdmin />
        </Card>
      )}
      <div className="mb-4 rounded-lg bg-white p-3 ring-1 ring-stone-200">
        <SeasonPicker seasons={seasons} seasonId={seasonId} submitLabel="Filteren">
          <label className="block text-sm font-medium text-stone-700">
            Status
            <select name="status" defaultValue={filters.status ?? ''} className="mt-1 block rounded-md border border-stone-300 px-3 py-2">
              <option value="">Alle</option>
              {Object.entries(DEADLINE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label} ({count(value)})
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium text-stone-700">
            Vereniging
            <input type="search" name="q" defaultValue={filters.q ?? ''} className="mt-1 block rounded-md border border-stone-300 px-3 py-2" />
          </label>
        </SeasonPicker>
      </div>
      {rows.length === 0 ? (
        <EmptyState title="Geen verenigingen gevonden.">Kies een ander seizoen of een andere status, of maak het zoekveld leeg.</EmptyState>
      ) : (
        <Table caption="Moederlijsten per vereniging">
          <thead>
            <tr>
              <Th>Vereniging</Th>
              <Th>Status</Th>
              <Th className="text-right">Leden</Th>
              <Th>Eerst ingediend</Th>
              <Th>Laatst gewijzigd</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((l) => (
              <tr key={l.clubId}>
                <Td>
                  <Link className="font-medium text-brand-700 hover:underline" href={`/beheer/moederlijsten/${l.clubId}?seizoen=${seasonId}`}>
                    {l.clubName}
                  </Link>
                </Td>
                <Td>
                  <DeadlineBadge status={l.deadlineStatus} />
                </Td>
                <Td className="text-right">{l.memberCount}</Td>
                <Td className="whitespace-nowrap">{formatMoment(l.firstSubmittedAt)}</Td>
                <Td className="whitespace-nowrap">{formatMoment(l.lastChangedAt)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
