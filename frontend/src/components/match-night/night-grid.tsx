// Every table of one match against its sets, each seat with its state and score: the
// supervisor's console and the secretaries' night page. A seat that needs the supervisor
// (a dispute, an impossible score) links to its decision when `decideHref` is given.
import Link from 'next/link';
import { cn } from '@/lib/cn';
import { ConsoleMatch, ConsoleSet, SET_STATE_MARKS, SetState, setStateLabel } from '@/lib/match-night';
import { setMarkLegend } from '@/lib/vocabulary';

const CELL: Record<SetState, string> = {
  WAITING: 'bg-white text-stone-500',
  ENTERED: 'bg-amber-50 text-amber-950',
  SIGNED: 'bg-green-50 text-green-900',
  DISPUTED: 'bg-red-100 text-red-900 font-semibold',
  CREDITED: 'bg-sky-50 text-sky-900',
};

function Cell({ seat, tableNumber, href, correct }: { seat: ConsoleSet; tableNumber: number; href?: string; correct?: boolean }) {
  const alert = seat.alerts.length > 0;
  const score = seat.homePoints === null || seat.awayPoints === null ? '' : `${seat.homePoints}–${seat.awayPoints}`;
  const label = `Tafel ${tableNumber}, set ${seat.setNumber}: ${setStateLabel(seat)}${score ? `, ${score}` : ''}${alert ? ', let op' : ''}${correct ? ', corrigeren' : ''}`;
  const body = (
    <>
      <span className="block tabular-nums">{score || '\u00a0'}</span>
      <span className="block text-xs leading-tight" aria-hidden>
        {SET_STATE_MARKS[seat.state]}
        {alert && seat.state !== 'DISPUTED' ? ' ⚠' : ''}
      </span>
      {correct && (
        <span className="block text-[0.7rem] leading-tight font-medium text-brand-800 underline" aria-hidden>
          Corrigeren
        </span>
      )}
    </>
  );
  return (
    <td className={cn('border border-stone-200 p-0 text-center text-sm', CELL[seat.state], alert && 'ring-2 ring-inset ring-red-500')}>
      {href ? (
        <Link href={href} aria-label={label} className="block min-h-11 px-1 py-1 underline-offset-2 hover:underline">
          {body}
        </Link>
      ) : (
        <span aria-label={label} role="img" className="block min-h-11 px-1 py-1">
          {body}
        </span>
      )}
    </td>
  );
}

/**
 * `decideHref`: where the supervisor decides a seat that needs it; `correctHref`: where a signed
 * seat is corrected (RULES.md's authority table: the supervisor changes a signed score only as a
 * correction, with a reason). Without them (the secretaries' night page) no cell is a link.
 */
export function NightGrid({
  night,
  decideHref,
  correctHref,
}: {
  night: Pick<ConsoleMatch, 'tables'>;
  decideHref?: (tableNumber: number, setNumber: number) => string;
  correctHref?: (tableNumber: number, setNumber: number) => string;
}) {
  const sets = night.tables[0]?.sets.map((s) => s.setNumber) ?? [];
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse">
        <thead>
          <tr>
            <th scope="col" className="w-14 p-1 text-left text-xs font-medium text-stone-600">
              Tafel
            </th>
            {sets.map((n) => (
              <th key={n} scope="col" className="p-1 text-xs font-medium text-stone-600">
                Set {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {night.tables.map((t) => (
            <tr key={t.tableNumber}>
              <th scope="row" className="p-1 text-left text-sm font-semibold">
                {t.tableNumber}
              </th>
              {t.sets.map((seat) => (
                <Cell
                  key={seat.setNumber}
                  seat={seat}
                  tableNumber={t.tableNumber}
                  correct={Boolean(correctHref) && seat.state === 'SIGNED' && seat.alerts.length === 0}
                  href={
                    decideHref && (seat.alerts.length > 0 || seat.state === 'DISPUTED')
                      ? decideHref(t.tableNumber, seat.setNumber)
                      : correctHref && seat.state === 'SIGNED'
                        ? correctHref(t.tableNumber, seat.setNumber)
                        : undefined
                  }
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-stone-600">
        {setMarkLegend().map(({ mark, text }) => (
          <span key={mark} className="mr-3 inline-block">
            {mark} {text}
          </span>
        ))}
        <span className="inline-block">⚠ onmogelijke stand</span>
      </p>
    </div>
  );
}
