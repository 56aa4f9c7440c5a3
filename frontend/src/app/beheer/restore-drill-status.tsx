// Beheer, on the backup card: the last weekly restore drill (issue 45 item 5), passed or failed with its reason.
import type { components } from '@/lib/api-types';
import { formatMoment } from '@/lib/format';

type RestoreDrill = components['schemas']['RestoreDrillDto'];

const count = (n: number | null) => (n ?? 0).toLocaleString('nl-NL');

export function RestoreDrillStatus({ drill }: { drill: RestoreDrill | null }) {
  if (!drill) {
    return (
      <p className="mt-3 text-sm text-stone-600">
        Laatste hersteltest: nog geen. Elke week wordt de nieuwste back-up vanzelf op proef teruggezet en vergeleken; nu meteen kan met <code>npm run restore -- --check</code>.
      </p>
    );
  }
  const when = formatMoment(drill.finishedAt ?? drill.startedAt);
  if (drill.status === 'SUCCEEDED') {
    return (
      <p className="mt-3 text-sm">
        Laatste hersteltest: geslaagd op {when}{' '}
        <span className="text-stone-600">
          ({count(drill.tablesChecked)} tabellen, {count(drill.rowsChecked)} rijen gelijk aan de back-up)
        </span>
      </p>
    );
  }
  return (
    <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
      Laatste hersteltest: mislukt op {when}
      {drill.file ? <> ({drill.file})</> : null}: {drill.error ?? 'onbekende fout'}
    </p>
  );
}
