import type { InferGetServerSidePropsType } from 'next';
import Link from 'next/link';
import { longDate } from '@/components/standings/format';
import { percent, PlayerName, TallyList } from '@/components/ratings/tally';
import { Card, PageHeader } from '@/components/ui/layout';
import { PageTitle, publicPage, queryParam } from '@/lib/public-page';

export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export const getServerSideProps = publicPage(async (api, { query }) => {
  const a = queryParam(query.a) ?? '';
  const b = queryParam(query.b) ?? '';
  const { data: page } = await api.GET('/api/public/pairs/{a}/{b}', { params: { path: { a, b } } });
  return page ? { page } : null;
});

export default function PairPage({ page }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const title = `Koppel ${page.players.map((p) => p.name).join(' en ')}`;
  return (
    <>
      <PageTitle title={title} />
      <PageHeader title={title} description={page.players[0].clubName ?? undefined} />
      <div className="space-y-6">
        <Card title="Spelers">
          <ul className="text-sm">
            {page.players.map((p, i) => (
              <li key={p.id ?? i} className="flex justify-between py-1">
                <PlayerName player={p} />
                <span className="tabular-nums">{percent(page.ratings[i])}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Samen (alle seizoenen)">
          <TallyList tally={page.career} />
        </Card>
        <Card title="Tegen verenigingen">
          <ul className="divide-y divide-stone-100 text-sm">
            {page.opponentClubs.map((c) => (
              <li key={c.clubId} className="flex justify-between py-1">
                <span>{c.clubName}</span>
                <span className="tabular-nums">
                  {c.tally.sets} sets · {percent(c.tally.pointsShare)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Laatste wedstrijden samen">
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
