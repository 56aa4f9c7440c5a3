'use client';
// The administrator's fine list: open fines can be ticked and marked paid together.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineNotice } from '@/components/ui/notice';
import { Table, Td, Th } from '@/components/ui/table';
import { UNREACHABLE, useSubmit } from '@/components/ui/use-submit';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate, formatEuro } from '@/lib/format';
import { FineAction } from './fine-action';
import { type Fine, FineContext, fineAmount, FineStatusBadge } from './fine-labels';

export function FinesTable({ fines, today }: { fines: Fine[]; today: string }) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [paidOn, setPaidOn] = useState(today);
  const [asking, setAsking] = useState(false);
  const { busy, message, submit, edited } = useSubmit();
  const open = fines.filter((f) => f.status === 'OPEN');
  const chosen = open.filter((f) => selected.has(f.id));
  const chosenCents = chosen.reduce((sum, f) => sum + (f.amountCents ?? 0), 0);

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function markPaid() {
    const answer = await submit(async () => {
      const res = await fetch('/api/fines/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fineIds: chosen.map((f) => f.id), paidOn }) }).catch(() => null);
      if (!res) return { tone: 'bad', lines: [UNREACHABLE] };
      if (!res.ok) return { tone: 'bad', lines: [errorText(await res.json().catch(() => null))] };
      return { tone: 'good', lines: [`${chosen.length} ${chosen.length === 1 ? 'boete' : 'boetes'} (${formatEuro(chosenCents)}) als betaald gemarkeerd op ${formatDate(paidOn)}.`] };
    });
    if (!answer) return;
    setAsking(false);
    if (answer.tone !== 'good') return;
    setSelected(new Set());
    router.refresh();
  }

  return (
    <div className="space-y-3">
      {open.length > 0 && (
        <div className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-3 ring-1 ring-stone-200">
          <label className="text-sm text-stone-700">
            Betaald op
            <input type="date" value={paidOn} max={today} onChange={(e) => {
              setPaidOn(e.target.value);
              edited();
            }} className="mt-1 block rounded-md border border-stone-300 px-3 py-2 text-base sm:text-sm" />
          </label>
          {asking ? (
            <div role="alertdialog" aria-label="Betaald markeren bevestigen" className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 p-2 ring-1 ring-amber-200">
              <span className="text-sm">
                {chosen.length} {chosen.length === 1 ? 'boete' : 'boetes'} ({formatEuro(chosenCents)}) als betaald op {formatDate(paidOn)} markeren?
              </span>
              <Button onClick={markPaid} disabled={busy}>
                {busy ? 'Bezig…' : 'Ja, markeer als betaald'}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
                Annuleren
              </Button>
            </div>
          ) : (
            <Button disabled={chosen.length === 0} onClick={() => setAsking(true)}>
              Markeer {chosen.length || ''} als betaald
            </Button>
          )}
          <InlineNotice message={message && { tone: message.tone, text: message.lines.join(' ') }} />
        </div>
      )}
      <Table caption="Boetes" stack>
        <thead>
          <tr>
            <Th>
              <input
                type="checkbox"
                aria-label="Alle openstaande boetes kiezen"
                disabled={open.length === 0}
                checked={open.length > 0 && chosen.length === open.length}
                onChange={(e) => setSelected(new Set(e.target.checked ? open.map((f) => f.id) : []))}
              />
            </Th>
            <Th>Vereniging</Th>
            <Th>Omschrijving</Th>
            <Th className="text-right">Bedrag</Th>
            <Th>Termijn</Th>
            <Th>Status</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {fines.map((fine) => (
            <tr key={fine.id} className={cn(fine.overdue && 'bg-red-50')}>
              <Td label="Kiezen">
                {fine.status === 'OPEN' && <input type="checkbox" aria-label={`Kies boete ${fine.clubName} ${fine.reason}`} checked={selected.has(fine.id)} onChange={() => toggle(fine.id)} />}
              </Td>
              <Td label="Vereniging" className="whitespace-nowrap">
                <span className="font-medium">{fine.clubName}</span>
                {fine.teamName && <span className="block text-xs text-stone-600">{fine.teamName}</span>}
              </Td>
              <Td className="sm:min-w-56">
                <span className="block text-xs font-semibold text-stone-600">Regel {fine.rule}</span>
                {fine.reason}
                <FineContext fine={fine} />
              </Td>
              <Td label="Bedrag" className="whitespace-nowrap sm:text-right">{fineAmount(fine)}</Td>
              <Td label="Termijn" className="whitespace-nowrap text-xs text-stone-600">
                {fine.status === 'PROPOSED' || fine.status === 'DISCARDED' ? (
                  // A proposal is issued (and its term starts) only when confirmed.
                  <span className="block">voorgesteld {formatDate(fine.issuedOn)}</span>
                ) : (
                  <>
                    <span className="block">opgelegd {formatDate(fine.issuedOn)}</span>
                    <span className={cn('block', fine.status === 'OPEN' && 'font-semibold text-stone-900')}>uiterlijk {formatDate(fine.dueOn)}</span>
                  </>
                )}
              </Td>
              <Td className="sm:min-w-40">
                <FineStatusBadge fine={fine} />
                {fine.status === 'OPEN' && (
                  <div className="mt-1 flex flex-wrap gap-1">
                    <FineAction action={`/api/fines/${fine.id}/pay`} label="Betaald" question={`Boete van ${fine.clubName} (${fineAmount(fine)}) als betaald markeren?`} confirmLabel="Markeer als betaald" done="Boete van {clubName} ({amountCents:euro}) als betaald gemarkeerd op {paidOn:date}." fields={[{ name: 'paidOn', label: 'Betaald op', type: 'date', defaultValue: today }]} />
                    <FineAction action={`/api/fines/${fine.id}/waive`} label="Kwijtschelden" variant="danger" question={`Boete van ${fine.clubName} kwijtschelden (bestuursbesluit)?`} confirmLabel="Kwijtschelden" done="Boete van {clubName} ({amountCents:euro}) kwijtgescholden." fields={[{ name: 'reason', label: 'Reden (bestuursbesluit)', type: 'text' }]} />
                  </div>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
