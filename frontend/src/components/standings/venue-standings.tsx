// The standings on the venue screen (?groot=1, issue 47 item 9): read from across the room on a
// 1920×1080 TV under every match of the round, so large type (vw) and only what a player looks
// for (place, team, played, competition points, saldo), in two or three columns of rows side by
// side so that a division's whole table fits below the matches (one column on a phone).
import type { Schemas } from '@/lib/api-server';
import { cn } from '@/lib/cn';
import { WORDS } from '@/lib/vocabulary';

type Standings = Schemas['StandingsDto'];

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

export function VenueStandings({ standings, title }: { standings: Standings; title: string }) {
  const rows = standings.rows;
  // Up to 8 teams in two columns, more in three: at most four rows high.
  const columns = rows.length <= 8 ? 2 : 3;
  const perColumn = Math.ceil(rows.length / columns);
  const chunks = Array.from({ length: columns }, (_, i) => rows.slice(i * perColumn, (i + 1) * perColumn)).filter((c) => c.length > 0);
  const cell = 'px-[0.5vw] py-[0.25vw] text-right tabular-nums';
  return (
    <section data-live-standings aria-label={title} className="rounded-lg bg-white px-[1vw] py-[0.6vw] ring-1 ring-stone-200">
      <h2 className="flex flex-wrap items-baseline gap-x-4 text-[clamp(1.1rem,1.5vw,2.25rem)] font-bold text-brand-900">
        {title}
        {standings.provisionalMatches > 0 && (
          <span className="text-[clamp(0.8rem,0.95vw,1.4rem)] font-medium text-stone-700">met de ondertekende sets tot nu toe; de officiële stand telt alleen bevestigde uitslagen</span>
        )}
      </h2>
      {/* Side by side on a TV; one below the other on a phone (the venue screen fits both). */}
      <div className={cn('mt-[0.3vw] grid gap-x-[2vw]', chunks.length === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-2')}>
        {chunks.map((chunk, i) => (
          <table key={i} className="w-full border-collapse text-[clamp(0.95rem,1.45vw,2.2rem)] leading-tight">
            <caption className="sr-only">{i === 0 ? title : `${title}, vervolg`}</caption>
            <thead className="text-[0.7em] text-stone-600">
              <tr>
                <th scope="col" className={cell}>
                  <span aria-hidden>#</span>
                  <span className="sr-only">Plaats</span>
                </th>
                <th scope="col" className="px-[0.5vw] text-left">
                  Team
                </th>
                <th scope="col" className={cell}>
                  <abbr title="gespeeld">G</abbr>
                </th>
                <th scope="col" className={cell}>
                  <abbr title={WORDS.competitionPoints}>{WORDS.competitionPointsShort}</abbr>
                </th>
                <th scope="col" className={cell}>
                  Saldo
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {chunk.map((row) => (
                <tr key={row.teamId} className={row.provisional ? 'bg-sky-50' : undefined}>
                  <td className={cn(cell, 'font-semibold')}>{row.position}</td>
                  <th scope="row" className="min-w-0 px-[0.5vw] text-left font-semibold text-brand-900">
                    {row.teamName}
                    {row.provisional && <span className="ml-2 text-[0.6em] font-medium whitespace-nowrap text-sky-800">bezig</span>}
                  </th>
                  <td className={cell}>{row.played}</td>
                  <td className={cn(cell, 'font-bold')}>
                    {row.total}
                    {row.deductions > 0 && <span className="text-red-700">*</span>}
                  </td>
                  <td className={cell}>{signed(row.pointsDifference)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
