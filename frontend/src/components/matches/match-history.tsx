// The match's audit log (logboek): every change with who, when, why, and what changed.
import { EmptyState } from '@/components/ui/layout';
import { serverApi } from '@/lib/api-server';
import { formatDate, formatMoment } from '@/lib/format';

// What happened comes from the API in words (backend/src/domain/audit-descriptions.ts).

const FIELDS: Record<string, string> = {
  status: 'status',
  resultState: 'uitslag',
  phase: 'stand van de uitslag',
  date: 'datum',
  homePoints: 'punten thuis',
  awayPoints: 'punten uit',
  homeIneligible: 'Regel 4 thuis',
  awayIneligible: 'Regel 4 uit',
  statusReason: 'toelichting',
};

type Snapshot = Record<string, unknown> & { sets?: { set: number; table: number; score: string }[] };

const VALUES: Record<string, string> = {
  NONE: 'geen',
  ENTERED: 'ingevoerd',
  CONFIRMED: 'definitief',
  IN_PROGRESS: 'wordt ingevoerd',
  SIGNED_BY_HOME: 'ondertekend door de thuisploeg',
  DISPUTED: 'betwist door de uitploeg',
  SCHEDULED: 'gepland',
  PLAYED: 'gespeeld',
  NOT_PLAYED: 'niet gespeeld (Regel 6)',
  FORFEIT: 'reglementair verloren (Regel 7)',
  CANCELLED: 'afgelast, gemiddelde score (Regel 8)',
  true: 'ja',
  false: 'nee',
};

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = String(value);
  if (VALUES[text]) return VALUES[text];
  return /^\d{4}-\d{2}-\d{2}T/.test(text) ? formatDate(text) : text;
}

/** What changed between two snapshots, in words: fields, then set scores. */
export function changes(before: unknown, after: unknown): string[] {
  const b = (before ?? {}) as Snapshot;
  const a = (after ?? {}) as Snapshot;
  const fields = Object.entries(FIELDS)
    .filter(([key]) => key in a && JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .map(([key, label]) => `${label}: ${show(b[key])} → ${show(a[key])}`);
  const scoreOf = (s: Snapshot) => new Map((s.sets ?? []).map((x) => [`${x.set}-${x.table}`, x.score]));
  const was = scoreOf(b);
  const now = scoreOf(a);
  const seats = [...new Set([...was.keys(), ...now.keys()])]
    .filter((k) => was.get(k) !== now.get(k))
    .map((k) => {
      const [set, table] = k.split('-');
      return `set ${set} tafel ${table}: ${was.get(k) ?? 'leeg'} → ${now.get(k) ?? 'leeg'}`;
    });
  const other = ['lineups', 'substitutions'].filter((k) => k in a && JSON.stringify(a[k]) !== JSON.stringify(b[k])).map((k) => (k === 'lineups' ? 'spelerslijst gewijzigd' : 'wissels gewijzigd'));
  return [...fields, ...other, ...(seats.length > 8 ? [...seats.slice(0, 8), `en nog ${seats.length - 8} tafels`] : seats)];
}

export async function MatchHistory({ matchId }: { matchId: string }) {
  const api = await serverApi();
  const { data: entries = [] } = await api.GET('/api/matches/{id}/history', { params: { path: { id: matchId } } });
  if (entries.length === 0) return <EmptyState title="Nog niets gewijzigd.">Elke wijziging aan deze wedstrijd komt hier, met wie, wanneer en waarom.</EmptyState>;
  return (
    <ol className="space-y-3 text-sm">
      {[...entries].reverse().map((e) => {
        const list = changes(e.before, e.after);
        return (
          <li key={e.id} className="rounded-md bg-stone-50 p-2 ring-1 ring-stone-200">
            <p>
              <strong>{e.description}</strong> · {formatMoment(e.createdAt)}
              {e.userName ? ` · ${e.userName}` : ''}
            </p>
            {e.reason && <p className="text-stone-700">Reden: {e.reason}</p>}
            {list.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-stone-600">
                {list.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
