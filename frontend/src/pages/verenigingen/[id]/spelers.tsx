import type { InferGetServerSidePropsType } from 'next';
import Link from 'next/link';
import { RatingTable } from '@/components/ratings/rating-table';
import { Card, PageHeader } from '@/components/ui/layout';
import { PageTitle, publicPage, queryParam } from '@/lib/public-page';

export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

const SORTS = ['rating', 'sets', 'name'] as const;

export const getServerSideProps = publicPage(async (api, { query }) => {
  const clubId = queryParam(query.id) ?? '';
  const wanted = queryParam(query.sort);
  const sort = SORTS.find((s) => s === wanted) ?? 'rating';
  const { data: list } = await api.GET('/api/public/clubs/{clubId}/players', { params: { path: { clubId }, query: { sort } } });
  return list ? { list, clubId } : null;
});

export default function ClubPlayersPage({ list, clubId }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <>
      <PageTitle title={list.title} />
      <PageHeader
        title={list.title}
        description={
          <Link href={`/verenigingen/${clubId}`} className="text-brand-700 hover:underline">
            Naar de vereniging
          </Link>
        }
      />
      <Card>
        <RatingTable list={list} basePath={`/verenigingen/${clubId}/spelers`} csvQuery="" />
      </Card>
    </>
  );
}
