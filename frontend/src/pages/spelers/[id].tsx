import type { InferGetServerSidePropsType } from 'next';
import Link from 'next/link';
import { longDate } from '@/components/standings/format';
import { RatingChart } from '@/components/ratings/rating-chart';
import { percent, PlayerName, TallyList } from '@/components/ratings/tally';
import { Card, PageHeader } from '@/components/ui/layout';
import { PageTitle, publicPage, queryParam } from '@/lib/public-page';

export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export const getServerSideProps = publicPage(async (api, { query }) => {
  const id = queryParam(query.id) ?? '';
  const { data: page } = await api.GET('/api/public/players/{id}', { params: { path: { id } } });
  return page ? { page } : null;
});

export default function PlayerPage({ page }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const { player } = page;
  return (
    <>
      <PageTitle title={player.name} />
      <PageHeader title={player.name} description={player.clubName ?? undefined} />
      <div className="space-y-6">
        <Card title="Rating">
          <p className="text-4xl font-bold tabular-nums text-brand-900">
            {percent(page.rating)}
            {page.provisional && <span className="ml-2 align-middle text-base font-medium text-amber-700">voorlopig</span>}
          </p>
          <p className="mt-1 text-sm text-stone-600">
            De kans dat deze speler met een even sterke partner een set wint van een gemiddeld koppel. {page.sets} sets gespeeld
            {page.provisional ? `; voorlopig tot ${page.provisionalSets} sets.` : '.'}{' '}
            <Link href="/ranglijst" className="text-brand-700 hover:underline">
              Ranglijst
            </Link>
          </p>
          <div className="mt-3">
            <RatingChart points={page.history} />
          </div>
        </Card>
        <Card title="Statistieken (alle seizoenen)">
          <TallyList tally={page.career} />
        </Card>
        {page.seasons.length > 1 &&
          page.seasons.map((s) => (
            <Card key={s.seasonId} title={`Seizoen ${s.seasonName}`}>
              <TallyList tally={s.tally} />
            </Card>
          ))}
        <Card title="Koppels">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-stone-600">
                <th className="py-1">Partner</th>
                <th className="py-1 text-right">Sets</th>
                <th className="py-1 text-right">W-G-V</th>
                <th className="py-1 text-right">Punten</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {page.partners.map((p, i) => (
                <tr key={p.partner.id ?? `anon-${i}`}>
                  <td className="py-1">
                    {p.partner.id && player.id ? (
                      <Link href={`/koppels/${player.id}/${p.partner.id}`} className="text-brand-700 hover:underline">
                        {p.partner.name}
                      </Link>
                    ) : (
                      <PlayerName player={p.partner} />
                    )}
                  </td>
                  <td className="py-1 text-right tabular-nums">{p.tally.sets}</td>
                  <td className="py-1 text-right tabular-nums">{`${p.tally.won}-${p.tally.drawn}-${p.tally.lost}`}</td>
                  <td className="py-1 text-right tabular-nums">{percent(p.tally.pointsShare)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <Card title="Tegen verenigingen">
          <ul className="divide-y divide-stone-100 text-sm">
            {page.opponentClubs.map((c) => (
              <li key={c.clubId} className="flex justify-between py-1">
                <Link href={`/verenigingen/${c.clubId}`} className="text-brand-700 hover:underline">
                  {c.clubName}
                </Link>
                <span className="tabular-nums">
                  {c.tally.sets} sets · {percent(c.tally.pointsShare)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Laatste wedstrijden">
          <ul className="divide-y divide-stone-100 text-sm">
            {page.recentMatches.map((m) => (
              <li key={m.matchId} className="flex justify-between py-1">
                <Link href={`/wedstrijden/${m.matchId}`} className="text-brand-700 hover:underline">
                  {longDate(m.date)} tegen {m.opponentClubName}
                </Link>
                <span className="tabular-nums">
                  {m.sets} sets · {m.pointsFor}–{m.pointsAgainst}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
