import Link from 'next/link';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { buttonClass } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/filter-select';
import { messageOf, serverApi } from '@/lib/api-server';
import { formatMoment } from '@/lib/format';

export const metadata = { title: 'Logboek' };

type Search = Record<string, string | string[] | undefined>;
const KINDS = ['moederlijsten', 'boetes', 'seizoen', 'gebruikers', 'back-ups'] as const;
type Kind = (typeof KINDS)[number];

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

/** The filters in the URL (?club=, ?soort=, ?voor= with ?voorId=), kept to values the API knows. */
function filtersFrom(search: Search) {
  const club = one(search.club);
  const kind = one(search.soort);
  const before = one(search.voor);
  const beforeId = one(search.voorId);
  return {
    clubId: club && /^[0-9a-f-]{36}$/i.test(club) ? club : undefined,
    kind: kind && (KINDS as readonly string[]).includes(kind) ? (kind as Kind) : undefined,
    before: before && !Number.isNaN(Date.parse(before)) ? before : undefined,
    beforeId: before && beforeId && /^[0-9a-f-]{36}$/i.test(beforeId) ? beforeId : undefined,
  };
}

/**
 * Beheer → Logboek: who changed what in member lists, fines, the season, users and backups, newest
 * first, by club and kind. The matches keep their own logboek on the match page.
 */
export default async function FederationLogPage({ searchParams }: { searchParams: Promise<Search> }) {
  const filters = filtersFrom(await searchParams);
  const api = await serverApi();
  const [{ data: log, error }, { data: clubs = [] }] = await Promise.all([api.GET('/api/federation-log', { params: { query: filters } }), api.GET('/api/clubs')]);
  const filtered = Boolean(filters.clubId || filters.kind);
  const keep = (extra: Record<string, string | undefined>) => {
    const query = new URLSearchParams(Object.entries({ club: filters.clubId, soort: filters.kind, ...extra }).filter((e): e is [string, string] => Boolean(e[1])));
    return `/beheer/logboek${query.size ? `?${query}` : ''}`;
  };
  return (
    <>
      <PageHeader title="Logboek" description="Wie wat wanneer veranderde: moederlijsten, boetes, het seizoen, gebruikers en rollen, back-ups. De wedstrijden hebben hun eigen logboek op de wedstrijdpagina." />
      <form method="get" className="mb-4 grid gap-3 rounded-lg bg-white p-3 ring-1 ring-stone-200 sm:grid-cols-3 sm:items-end" aria-label="Filters">
        <FilterSelect name="club" label="Vereniging" value={filters.clubId} options={clubs.map((c) => [c.id, c.name])} />
        <FilterSelect name="soort" label="Soort" value={filters.kind} options={(log?.kinds ?? []).map((k) => [k.kind, k.label])} />
        <div className="flex gap-2">
          <button type="submit" className={buttonClass('primary')}>
            Filteren
          </button>
          {filtered && (
            <Link href="/beheer/logboek" className={buttonClass('ghost')}>
              Wissen
            </Link>
          )}
        </div>
      </form>
      {!log ? (
        <EmptyState title={messageOf(error) ?? 'Het logboek kon niet worden geladen.'}>Probeer het over een minuut opnieuw.</EmptyState>
      ) : log.entries.length === 0 ? (
        <EmptyState title={filtered ? 'Niets gevonden met deze filters.' : 'Nog niets vastgelegd.'}>
          {filtered ? 'Wis de filters om alles te zien.' : 'Elke wijziging aan moederlijsten, boetes, het seizoen en gebruikers komt hier te staan, met wie het deed.'}
        </EmptyState>
      ) : (
        <Card>
          <ol className="divide-y divide-stone-100" aria-label="Wijzigingen, nieuwste eerst">
            {log.entries.map((entry) => (
              <li key={`${entry.kind}-${entry.id}`} className="py-2 sm:flex sm:gap-4">
                <time dateTime={entry.at} className="block shrink-0 text-sm tabular-nums text-stone-500 sm:w-36">
                  {formatMoment(entry.at)}
                </time>
                <p className="text-sm text-stone-800 [overflow-wrap:anywhere]">{entry.sentence}</p>
              </li>
            ))}
          </ol>
          {log.next && (
            <p className="mt-3">
              <Link className={buttonClass('secondary')} href={keep({ voor: log.next, voorId: log.nextId ?? undefined })}>
                Oudere wijzigingen
              </Link>
            </p>
          )}
        </Card>
      )}
    </>
  );
}
