import type { InferGetServerSidePropsType } from 'next';
import Link from 'next/link';
import { RatingTable } from '@/components/ratings/rating-table';
import { Card, PageHeader } from '@/components/ui/layout';
import { PageTitle, publicPage, queryParam } from '@/lib/public-page';

export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

const SORTS = ['rating', 'sets', 'name'] as const;

export const getServerSideProps = publicPage(async (api, { query }) => {
  const divisionId = queryParam(query.divisionId) ?? '';
  const wanted = queryParam(query.sort);
  const sort = SORTS.find((s) => s === wanted) ?? 'rating';
  const { data: list } = await api.GET('/api/public/ratings', { params: { query: { divisionId, sort } } });
  return list ? { list, divisionId } : null;
});

export default function DivisionRatingPage({ list, divisionId }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <>
      <PageTitle title={list.title} />
      <PageHeader
        title={list.title}
        description={
          <Link href={`/stand/${divisionId}`} className="text-brand-700 hover:underline">
            Naar de stand
          </Link>
        }
      />
      <Card>
        <RatingTable list={list} basePath={`/ranglijst/${divisionId}`} csvQuery={`?divisionId=${divisionId}`} />
      </Card>
    </>
  );
}
