import { ResourceForm } from '@/components/resource-form';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/layout';
import { Table, Td, Th } from '@/components/ui/table';
import type { Schemas } from '@/lib/api-server';
import { formatDate } from '@/lib/format';
import { transferStatusText } from './badges';

type Transfer = Schemas['TransferDto'];
const TONES: Record<Transfer['status'], 'warn' | 'info' | 'bad' | 'good'> = { REQUESTED: 'warn', APPROVED: 'info', REFUSED: 'bad', COMPLETED: 'good' };

/** Every transfer into or out of the club; administrators decide on requests put to the board. */
export function TransferTable({ transfers, isAdmin }: { transfers: Transfer[]; isAdmin: boolean }) {
  if (transfers.length === 0) return <EmptyState title="Nog geen overschrijvingen.">Vraag hierboven een lid van een andere vereniging over.</EmptyState>;
  return (
    <Table caption="Overschrijvingen">
      <thead>
        <tr>
          <Th>Aangevraagd</Th>
          <Th>Lid</Th>
          <Th>Van → naar</Th>
          <Th>Status</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {transfers.map((t) => (
          <tr key={t.id}>
            <Td className="whitespace-nowrap">{formatDate(t.requestedOn)}</Td>
            <Td>
              {t.memberName ?? `Lidnummer ${t.memberNumber}`} {t.memberName && <span className="text-xs text-stone-600">({t.memberNumber})</span>}
            </Td>
            <Td>
              {t.fromClubName ?? '—'} → {t.toClubName}
            </Td>
            <Td>
              <Badge tone={TONES[t.status]}>{transferStatusText(t)}</Badge>
              {t.boardReason && <span className="mt-1 block text-xs text-stone-600">Bestuur: {t.boardReason}</span>}
              {isAdmin && t.status === 'REQUESTED' && (
                <div className="mt-2 grid gap-2 lg:grid-cols-2">
                  <ResourceForm
                    action={`/api/transfers/${t.id}/approve`}
                    submitLabel="Goedkeuren (bestuursbesluit)"
                    successMessage="Goedgekeurd."
                    fields={[{ name: 'reason', label: 'Schriftelijke reden', required: true }]}
                  />
                  <ResourceForm
                    action={`/api/transfers/${t.id}/refuse`}
                    submitLabel="Afwijzen"
                    successMessage="Afgewezen."
                    fields={[{ name: 'reason', label: 'Reden van afwijzing', required: true }]}
                  />
                </div>
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
