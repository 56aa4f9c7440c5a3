// Words and badges for fines, the same on the administrator's and the secretary's screens.
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import type { Schemas } from '@/lib/api-server';
import { formatDate, formatEuro } from '@/lib/format';

export type Fine = Schemas['FineDto'];
export type FineStatus = Fine['status'];

export const STATUS_LABELS: Record<FineStatus, string> = {
  PROPOSED: 'Voorgesteld',
  OPEN: 'Openstaand',
  PAID: 'Betaald',
  WAIVED: 'Kwijtgescholden',
  DISCARDED: 'Vervallen',
};

export const RULE_LABELS: Record<string, string> = {
  '5D': '5D — geen spelerslijst',
  '5E': '5E — geen spelerslijst, herhaald',
  '6': '6 — geen tafelscherm',
  '7': '7 — te weinig koppels of te laat afgezegd',
  '9A': '9A — niet doorgegaan (grove nalatigheid)',
  '10': '10 — overige nalatigheid',
  '11': '11 — onvolledig of te laat',
};

export function FineStatusBadge({ fine }: { fine: Pick<Fine, 'status' | 'overdue' | 'paidOn'> }) {
  if (fine.overdue)
    return (
      <span className="whitespace-nowrap">
        <Badge tone="bad">Openstaand, te laat</Badge>
      </span>
    );
  const tone = ({ PROPOSED: 'info', OPEN: 'warn', PAID: 'good', WAIVED: 'neutral', DISCARDED: 'neutral' } as const)[fine.status];
  return (
    <span className="whitespace-nowrap">
      <Badge tone={tone}>{fine.status === 'PAID' && fine.paidOn ? `Betaald op ${formatDate(fine.paidOn)}` : STATUS_LABELS[fine.status]}</Badge>
    </span>
  );
}

/** The amount, or what happens when the board still has to set it (Regel 6). */
export function fineAmount(fine: Pick<Fine, 'amountCents'>): string {
  return fine.amountCents === null ? 'bedrag door bestuur' : formatEuro(fine.amountCents);
}

/** "Kaiman 1 – Marowijne 1, 14-11-2026": the match a fine is about. */
function fineMatchText(match: NonNullable<Fine['match']>): string {
  return `${match.homeTeamName} – ${match.awayTeamName}, ${formatDate(match.date)}`;
}

/**
 * What a fine is about, linked (the match page /wedstrijden/{id}, or the member list), then who
 * receives the money and why the amount or status changed, under the reason. `audience` picks the
 * member-list page: the federation's or the club's own.
 */
export function FineContext({ fine, audience = 'admin' }: { fine: Fine; audience?: 'admin' | 'club' }) {
  const parts = [
    fine.beneficiary === 'CLUB' && `ten gunste van ${fine.beneficiaryClubName ?? 'de gedupeerde vereniging'} (Regel 9B)`,
    fine.proposedAmountCents !== null && `regels gaven ${formatEuro(fine.proposedAmountCents)}; gewijzigd: ${fine.changeReason}`,
    fine.statusReason && `reden: ${fine.statusReason}`,
  ].filter(Boolean);
  const list = fine.memberList;
  const listHref = list && (audience === 'admin' ? `/beheer/moederlijsten/${list.clubId}?seizoen=${list.seasonId}` : `/vereniging/moederlijst?seizoen=${list.seasonId}`);
  if (!fine.match && !listHref && parts.length === 0) return null;
  return (
    <p className="mt-0.5 text-xs text-stone-600">
      {fine.match && (
        <span className="block">
          Wedstrijd:{' '}
          <Link href={`/wedstrijden/${fine.match.id}`} className="font-medium text-brand-700 underline">
            {fineMatchText(fine.match)}
          </Link>
        </span>
      )}
      {listHref && (
        <span className="block">
          Over de{' '}
          <Link href={listHref} className="font-medium text-brand-700 underline">
            moederlijst van {fine.clubName}
          </Link>
        </span>
      )}
      {parts.length > 0 && <span className="block">{parts.join(' · ')}</span>}
    </p>
  );
}

/** Open, overdue, paid and waived totals as tiles. */
export function FineTotals({ totals }: { totals: Schemas['FineTotalsDto'] }) {
  const tiles = [
    { label: 'Openstaand', cents: totals.openCents, tone: 'text-amber-800' },
    { label: 'Waarvan te laat', cents: totals.overdueCents, tone: totals.overdueCents > 0 ? 'text-red-700' : 'text-stone-800' },
    { label: 'Betaald', cents: totals.paidCents, tone: 'text-green-800' },
    { label: 'Kwijtgescholden', cents: totals.waivedCents, tone: 'text-stone-700' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map((t) => (
        <div key={t.label} className="rounded-lg bg-white p-3 ring-1 ring-stone-200">
          <dt className="text-sm text-stone-600">{t.label}</dt>
          <dd className={`text-xl font-bold ${t.tone}`}>{formatEuro(t.cents)}</dd>
        </div>
      ))}
    </dl>
  );
}
