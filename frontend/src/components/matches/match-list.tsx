// A list of matches that works on a phone: one card per match, with its state and score (before
// final the score that counts, as the match page shows it, with the unsigned work apart).
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { longDate, MatchSummary, matchStateBadge, scoreText } from './labels';

export function MatchList({ matches, href, note, label }: { matches: MatchSummary[]; href: (m: MatchSummary) => string; note?: (m: MatchSummary) => ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-stone-100 overflow-hidden rounded-lg bg-white ring-1 ring-stone-200">
      {matches.map((m) => {
        const badge = matchStateBadge(m);
        const extra = note?.(m);
        return (
          <li key={m.id}>
            <Link href={href(m)} className="block px-3 py-3 hover:bg-stone-50 focus-visible:bg-stone-50">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="text-sm text-stone-600">
                  {longDate(m.date)} · {m.startTime}
                </span>
                <Badge tone={badge.tone}>{badge.label}</Badge>
              </div>
              <div className="mt-1 flex items-baseline justify-between gap-3">
                <span className="font-medium">
                  {m.homeTeam.name} – {m.awayTeam.name}
                </span>
                <span className={cn('shrink-0 font-semibold tabular-nums', m.homePoints === null && 'text-stone-500')}>{scoreText(m)}</span>
              </div>
              {/* Before final: the sets that count, the unsigned work apart, as on the match page. */}
              {m.unsigned && <div className="mt-0.5 text-right text-xs text-stone-600">{m.unsigned}</div>}
              {extra && <div className="mt-1 text-sm text-brand-800">{extra}</div>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
