import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import type { Schemas } from '@/lib/api-server';
import { shortDate } from './format';

type Match = Schemas['PublicMatchDto'];

const STATUS: Partial<Record<Match['status'], { label: string; tone: 'warn' | 'info' | 'bad' }>> = {
  FORFEIT: { label: 'reglementair (Regel 7)', tone: 'bad' },
  CANCELLED: { label: 'afgelast, gemiddelde score (Regel 8)', tone: 'info' },
  NOT_PLAYED: { label: 'niet gespeeld (Regel 6)', tone: 'warn' },
};

function Result({ match }: { match: Match }) {
  if (match.confirmed && match.status !== 'NOT_PLAYED' && match.homePoints !== null) {
    return (
      <Link prefetch={false} href={`/wedstrijden/${match.id}`} className="font-semibold tabular-nums text-brand-700 hover:underline">
        {match.homePoints}–{match.awayPoints}
      </Link>
    );
  }
  if (match.awaitingConfirmation) return <span className="text-xs text-stone-500">uitslag nog niet definitief</span>;
  if (match.confirmed) return <span className="text-stone-500">—</span>;
  return <span className="tabular-nums text-stone-600">{match.startTime}</span>;
}

/** Fixtures and results: date, home – away, score (to the match form) or start time. */
export function MatchList({ matches, highlightTeamId, showDivision = false }: { matches: Match[]; highlightTeamId?: string; showDivision?: boolean }) {
  const team = (id: string, name: string) => (id === highlightTeamId ? <strong>{name}</strong> : name);
  return (
    <ul className="divide-y divide-stone-100">
      {matches.map((match) => (
        <li key={match.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
          <span className="w-24 shrink-0 text-sm text-stone-600">{shortDate(match.date)}</span>
          <span className="min-w-0 flex-1">
            {team(match.homeTeamId, match.homeTeamName)} <span className="text-stone-500">–</span> {team(match.awayTeamId, match.awayTeamName)}
            {showDivision && <span className="block text-xs text-stone-500">{match.divisionName}, ronde {match.round}</span>}
            {STATUS[match.status] && (
              <span className="ml-2">
                <Badge tone={STATUS[match.status]!.tone}>{STATUS[match.status]!.label}</Badge>
              </span>
            )}
          </span>
          <Result match={match} />
        </li>
      ))}
    </ul>
  );
}
