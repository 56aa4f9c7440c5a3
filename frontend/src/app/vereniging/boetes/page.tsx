import { FineContext, FineStatusBadge, FineTotals, fineAmount } from '@/components/fines/fine-labels';
import { chooseSeason, SeasonChoice } from '@/components/season-choice';
import { buttonClass } from '@/components/ui/button';
import { Card, EmptyState, Forbidden, PageHeader } from '@/components/ui/layout';
import { messageOf, requireRole, serverApi } from '@/lib/api-server';
import { cn } from '@/lib/cn';
import { formatDate, formatEuro } from '@/lib/format';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Boetes van mijn vereniging' };

/** Overdue first, then open by due date, then the settled ones. */
const order = (f: { overdue: boolean; status: string }) => (f.overdue ? 0 : f.status === 'OPEN' ? 1 : 2);

/** The club's fines in the chosen season (?seizoen=, default the current one). */
export default async function ClubFinesPage({ searchParams }: { searchParams: Promise<{ seizoen?: string }> }) {
  const { me, allowed } = await requireRole('SECRETARY', 'ADMIN');
  if (!allowed || !me.clubId) return <Forbidden message="Deze pagina is voor de secretaris van een vereniging." />;
  const api = await serverApi();
  const { seizoen } = await searchParams;
  const { seasons, season } = await chooseSeason(api, { seizoen });
  const { data, error } = await api.GET('/api/clubs/{clubId}/fines', { params: { path: { clubId: me.clubId }, query: { seasonId: season?.id } } });
  if (!data) return <EmptyState title={messageOf(error) ?? 'De boetes konden niet worden geladen.'} />;
  const fines = [...data.fines].sort((a, b) => order(a) - order(b) || a.dueOn.localeCompare(b.dueOn));
  const statement = `/api/clubs/${data.clubId}/fines/statement?seasonId=${data.season.id}`;

  return (
    <>
      <PageHeader
        title="Boetes"
        description={`${data.clubName}, seizoen ${data.season.name}: wat uw vereniging moet betalen en wanneer.`}
        actions={
          <>
            <a className={buttonClass('secondary')} href={`${statement}&format=pdf`} download>
              Overzicht (PDF)
            </a>
            <a className={buttonClass('secondary')} href={`${statement}&format=csv`} download>
              Overzicht (CSV)
            </a>
          </>
        }
      />
      <SeasonChoice seasons={seasons} seasonId={data.season.id} />
      <div className="space-y-6">
        <FineTotals totals={data.totals} />

        {data.totals.openCents > 0 && (
          <Card title="Betalen">
            <p>
              Maak <strong>{formatEuro(data.totals.openCents)}</strong> over op <strong className="whitespace-nowrap">{data.payment.iban}</strong> ten name van {data.payment.accountName}, onder vermelding van
              &quot;{data.payment.reference}&quot;. Elke boete moet uiterlijk op de vermelde datum betaald zijn (Regel 12B).
            </p>
            {data.totals.overdueCents > 0 && (
              <p role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800 ring-1 ring-red-200">
                {formatEuro(data.totals.overdueCents)} is over de betalingstermijn. Betaal dit zo snel mogelijk.
              </p>
            )}
          </Card>
        )}

        {fines.length === 0 ? (
          <EmptyState title="Uw vereniging heeft dit seizoen geen boetes.">Opgelegde boetes verschijnen hier met de datum waarop ze betaald moeten zijn.</EmptyState>
        ) : (
          <ul aria-label="Boetes van uw vereniging" className="space-y-3">
            {fines.map((fine) => (
              <li
                key={fine.id}
                aria-label={`Boete ${fine.reason}`}
                className={cn('rounded-lg p-4 ring-1', fine.overdue ? 'bg-red-50 ring-red-300' : fine.status === 'OPEN' ? 'bg-amber-50 ring-amber-300' : 'bg-white ring-stone-200')}
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <FineStatusBadge fine={fine} />
                  <p className="text-lg font-bold">{fineAmount(fine)}</p>
                </div>
                {fine.status === 'OPEN' && (
                  <p className={cn('mt-1 text-sm font-semibold', fine.overdue ? 'text-red-800' : 'text-amber-900')}>Uiterlijk betalen op {formatDate(fine.dueOn)}</p>
                )}
                <p className="mt-1">{fine.reason}</p>
                <FineContext fine={fine} audience="club" />
                <p className="mt-1 text-xs text-stone-600">
                  Regel {fine.rule} · opgelegd op {formatDate(fine.issuedOn)}
                </p>
              </li>
            ))}
          </ul>
        )}

        {data.proposed.length > 0 && (
          <section aria-labelledby="proposed-fines" className="space-y-3">
            <h2 id="proposed-fines" className="text-lg font-semibold text-brand-900">
              Voorgesteld, nog niet definitief ({data.proposed.length})
            </h2>
            <p className="text-sm text-stone-700">
              Het systeem stelt deze boetes voor op grond van wat bij de wedstrijd is vastgelegd. De bond beoordeelt ze: pas na bevestiging zijn ze opgelegd en te betalen, binnen de
              termijn vanaf de dag van bevestigen (Regel 12B). Ze tellen nog niet mee in de bedragen hierboven en niet in het overzicht.
            </p>
            <ul aria-label="Voorgestelde boetes" className="space-y-3">
              {data.proposed.map((fine) => (
                <li key={fine.id} aria-label={`Voorstel ${fine.reason}`} className="rounded-lg border border-dashed border-sky-400 bg-sky-50 p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <FineStatusBadge fine={fine} />
                    <p className="text-right">
                      <span className="block text-xs text-stone-600">voorgesteld bedrag</span>
                      <span className="text-lg font-bold">{fineAmount(fine)}</span>
                    </p>
                  </div>
                  <p className="mt-1 text-sm font-semibold text-sky-900">Nog niet te betalen: de bond moet dit voorstel nog bevestigen.</p>
                  <p className="mt-1">{fine.reason}</p>
                  <FineContext fine={fine} audience="club" />
                  <p className="mt-1 text-xs text-stone-600">
                    Regel {fine.rule} · voorgesteld op {formatDate(fine.issuedOn)}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
