// One proposed fine with the administrator's three decisions: confirm, change the amount, discard.
import { formatDate } from '@/lib/format';
import { FineAction } from './fine-action';
import { type Fine, FineContext, fineAmount } from './fine-labels';

export function ProposalCard({ fine }: { fine: Fine }) {
  const boardSetsAmount = fine.amountCents === null;
  return (
    <li className="py-3" aria-label={`Voorstel ${fine.clubName} Regel ${fine.rule}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">
          {fine.clubName}
          {fine.teamName && <span className="font-normal text-stone-600"> ({fine.teamName})</span>} · Regel {fine.rule}
        </p>
        <p className="font-semibold">{fineAmount(fine)}</p>
      </div>
      <p className="text-sm text-stone-700">{fine.reason}</p>
      <FineContext fine={fine} />
      <p className="text-xs text-stone-600">Voorgesteld op {formatDate(fine.issuedOn)}; na bevestigen te betalen binnen de termijn vanaf de dag van bevestigen.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <FineAction
          action={`/api/fines/${fine.id}/confirm`}
          label="Bevestigen"
          done="Boete bevestigd: {amountCents:euro} voor {clubName} (Regel {rule}), te betalen vóór {dueOn:date}."
          variant="primary"
          question={boardSetsAmount ? 'Voorstel bevestigen met het bedrag dat het bestuur vaststelt (Regel 6)?' : `Voorstel bevestigen: ${fine.clubName} betaalt ${fineAmount(fine)}?`}
          fields={boardSetsAmount ? [{ name: 'amountCents', label: 'Bedrag in euro', type: 'euro' }] : []}
        />
        <FineAction
          action={`/api/fines/${fine.id}/amount`}
          label="Bedrag wijzigen"
          done="Bedrag van het voorstel voor {clubName} gewijzigd in {amountCents:euro}."
          question="Welk bedrag, en waarom wijkt het af van de regels?"
          confirmLabel="Bedrag wijzigen"
          fields={[
            { name: 'amountCents', label: 'Nieuw bedrag in euro', type: 'euro' },
            { name: 'reason', label: 'Reden', type: 'text' },
          ]}
        />
        <FineAction
          action={`/api/fines/${fine.id}/discard`}
          label="Laten vervallen"
          done="Voorstel voor {clubName} (Regel {rule}) laten vervallen."
          variant="danger"
          question="Dit voorstel laten vervallen? De vereniging krijgt deze boete dan niet."
          confirmLabel="Laten vervallen"
          fields={[{ name: 'reason', label: 'Reden', type: 'text' }]}
        />
      </div>
    </li>
  );
}
