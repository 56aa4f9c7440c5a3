import type { InferGetServerSidePropsType } from 'next';
import { RatingTable } from '@/components/ratings/rating-table';
import { Card, PageHeader } from '@/components/ui/layout';
import { PageTitle, publicPage, queryParam } from '@/lib/public-page';

export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

const SORTS = ['rating', 'sets', 'name'] as const;

export const getServerSideProps = publicPage(async (api, { query }) => {
  const wanted = queryParam(query.sort);
  const sort = SORTS.find((s) => s === wanted) ?? 'rating';
  const { data: list } = await api.GET('/api/public/ratings', { params: { query: { sort } } });
  return list ? { list } : null;
});

export default function RatingListPage({ list }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <>
      <PageTitle title="Ranglijst spelers" />
      <PageHeader title={list.title} description="Alle spelers met een definitieve uitslag" />
      <Card>
        <RatingTable list={list} basePath="/ranglijst" csvQuery="" />
      </Card>
    </>
  );
}
