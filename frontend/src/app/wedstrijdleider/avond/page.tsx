import Link from 'next/link';
import { NightGrid } from '@/components/match-night/night-grid';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Card, EmptyState, Forbidden, PageHeader } from '@/components/ui/layout';
import { countedScoreLine, longDate } from '@/components/matches/labels';
import { messageOf, requireRole, serverApi } from '@/lib/api-server';
import { nightSummary } from '@/lib/match-night';
import { AutoRefresh } from './auto-refresh';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Speelavond', manifest: '/manifest-console.webmanifest' };

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(new Date());

/**
 * The supervisor's console of a match night: every match of the date, each table against
 * its sets with their state, and what needs a decision first (refusals to sign, impossible
 * scores). A seat with an alert opens its decision, which always takes a reason.
 */
export default async function NightConsolePage({ searchParams }: { searchParams: Promise<{ datum?: string }> }) {
  const { allowed } = await requireRole('SUPERVISOR', 'ADMIN');
  if (!allowed) return <Forbidden message="Deze pagina is voor wedstrijdleiders." />;
  const { datum } = await searchParams;
  const date = datum && /^\d{4}-\d{2}-\d{2}$/.test(datum) ? datum : today();
  const { data, error } = await (await serverApi()).GET('/api/match-nights', { params: { query: { date } } });
  const nights = data ?? [];
  const alerts = nights.flatMap((n) => n.alerts.map((a) => ({ ...a, match: n.match })));
  return (
    <>
      <Link href="/wedstrijdleider" className="text-sm text-brand-700 underline">
        ← Wedstrijdleider
      </Link>
      <PageHeader
        title="Speelavond"
        description={`Alle tafels van ${longDate(date)}, set voor set. Een set die wacht op u (geweigerd, of een onmogelijke stand) staat bovenaan; tik erop om te beslissen, altijd met een reden. Een ondertekende of beslist set corrigeert u met ‘Corrigeren’ in zijn vakje.`}
      />
      <form method="get" className="mb-4 flex flex-wrap items-end gap-2">
        <label className="text-sm font-medium">
          Datum
          <input type="date" name="datum" defaultValue={date} className="mt-1 block min-h-11 rounded-md border border-stone-300 bg-white px-2" />
        </label>
        <button className={buttonClass('secondary', 'min-h-11')}>Tonen</button>
      </form>
      <AutoRefresh streams={[...new Set(nights.map((n) => `/api/public/rounds/events?divisionId=${n.match.divisionId}&round=${n.match.round}`))]} />
      {!data ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {messageOf(error) ?? 'De speelavond kon niet worden geladen.'}
        </p>
      ) : nights.length === 0 ? (
        <EmptyState title="Geen wedstrijden op deze datum.">Kies een andere datum.</EmptyState>
      ) : (
        <div className="space-y-6">
          <Card title={alerts.length ? `Wacht op u (${alerts.length})` : 'Wacht op u'}>
            {alerts.length === 0 ? (
              <p className="text-sm text-stone-600">Geen geweigerde sets of onmogelijke standen.</p>
            ) : (
              <ul className="divide-y divide-stone-200" aria-label="Meldingen">
                {alerts.map((a) => (
                  <li key={`${a.match.id}-${a.setNumber}-${a.tableNumber}-${a.kind}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="min-w-0">
                      <Badge tone="bad">{a.kind === 'DISPUTE' ? 'Betwist' : 'Onmogelijke stand'}</Badge>{' '}
                      <span className="text-sm text-stone-600">
                        {a.match.homeTeam.name} – {a.match.awayTeam.name}:
                      </span>{' '}
                      {a.message}
                    </span>
                    <Link className={buttonClass('primary', 'min-h-11')} href={`/wedstrijdleider/avond/${a.match.id}?set=${a.setNumber}&tafel=${a.tableNumber}`}>
                      Beslissen
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {nights.map((n) => {
            const s = nightSummary(n.tables);
            return (
              <Card key={n.match.id}>
                <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-lg font-semibold text-brand-900">
                    <Link href={`/wedstrijdleider/avond/${n.match.id}`} className="hover:underline">
                      {n.match.homeTeam.name} – {n.match.awayTeam.name}
                    </Link>
                  </h2>
                  <span className="text-sm text-stone-600">
                    {n.divisionName} · {s.done}/{s.seats} klaar · <span aria-label="Stand">{countedScoreLine(n.score)}</span>
                    {n.match.finality && ` · ${n.match.finality}`}
                  </span>
                </div>
                {n.tables.length === 0 ? (
                  <p className="text-sm text-stone-600">Nog geen speelavond geopend of geen spelerslijsten.</p>
                ) : (
                  <NightGrid
                    night={n}
                    decideHref={(t, set) => `/wedstrijdleider/avond/${n.match.id}?set=${set}&tafel=${t}`}
                    correctHref={n.match.resultState === 'CONFIRMED' ? undefined : (t, set) => `/wedstrijdleider/avond/${n.match.id}?set=${set}&tafel=${t}#beslissing`}
                  />
                )}
              </Card>
            );
          })}
        </div>
      )}
    </>
  );
}
