import Link from 'next/link';
import type { Schemas } from '@/lib/api-core';
import { percent, PlayerName } from './tally';

type List = Schemas['RatingListDto'];

/** A rating list, sortable through links (no JavaScript): ?sort=rating|sets|name. */
export function RatingTable({ list, basePath, csvQuery }: { list: List; basePath: string; csvQuery: string }) {
  const sortLink = (sort: string, label: string) =>
    list.sort === sort ? (
      <span className="font-semibold text-brand-900">{label}</span>
    ) : (
      <Link href={`${basePath}?sort=${sort}`} className="text-brand-700 hover:underline">
        {label}
      </Link>
    );
  return (
    <div>
      <p className="mb-2 flex flex-wrap gap-3 text-sm">
        <span className="text-stone-600">Sorteren op:</span> {sortLink('rating', 'rating')} {sortLink('sets', 'sets')} {sortLink('name', 'naam')}
        <a href={`/api/public/ratings.csv${csvQuery}`} className="ml-auto text-brand-700 hover:underline">
          CSV
        </a>
      </p>
      {list.entries.length === 0 ? (
        <p className="text-sm text-stone-600">Nog geen definitieve uitslagen.</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-stone-600">
              <th className="py-1 pr-2">#</th>
              <th className="py-1">Speler</th>
              <th className="py-1 text-right">Rating</th>
              <th className="py-1 text-right">Sets</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {list.entries.map((e) => (
              <tr key={`${e.rank}-${e.player.id}`}>
                <td className="py-1 pr-2 tabular-nums">{e.rank}</td>
                <td className="py-1">
                  <PlayerName player={e.player} />
                  <span className="block text-xs text-stone-600">{e.player.clubName}</span>
                </td>
                <td className="py-1 text-right tabular-nums">
                  {percent(e.rating)}
                  {e.provisional && <span className="block text-xs text-amber-700">voorlopig</span>}
                </td>
                <td className="py-1 text-right tabular-nums">{e.sets}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-3 text-xs text-stone-600">
        Rating: de kans dat een speler met een even sterke partner een set wint van een gemiddeld koppel. Voorlopig onder {list.provisionalSets} sets; een nieuwe speler
        begint op {percent(list.newcomerRating)}.
      </p>
    </div>
  );
}
