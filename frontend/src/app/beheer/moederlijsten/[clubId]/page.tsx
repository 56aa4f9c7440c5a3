import Link from 'next/link';
import { notFound } from 'next/navigation';
import { MemberListScreen, SeasonPicker } from '@/components/member-lists/member-list-screen';
import { PageHeader } from '@/components/ui/layout';
import { serverApi } from '@/lib/api-server';

export const metadata = { title: 'Moederlijst' };

/** One club's moederlijst for the administrator: the secretary's screen plus sanctions and board decisions. */
export default async function AdminMemberListPage({ params, searchParams }: { params: Promise<{ clubId: string }>; searchParams: Promise<{ seizoen?: string }> }) {
  const { clubId } = await params;
  const { seizoen } = await searchParams;
  const api = await serverApi();
  const [{ data: seasons = [] }, { data: current }] = await Promise.all([api.GET('/api/seasons', { params: { query: { includeArchived: true } } }), api.GET('/api/seasons/current')]);
  const seasonId = seizoen ?? current?.id;
  if (!seasonId) notFound();
  const [{ data: uploads }, { data: list }, { data: transfers = [] }] = await Promise.all([
    api.GET('/api/seasons/{seasonId}/clubs/{clubId}/member-list/uploads', { params: { path: { seasonId, clubId } } }),
    api.GET('/api/seasons/{seasonId}/clubs/{clubId}/member-list', { params: { path: { seasonId, clubId } } }),
    api.GET('/api/transfers', { params: { query: { clubId } } }),
  ]);
  if (!list) notFound();
  return (
    <>
      <PageHeader
        title={`Moederlijst ${list.clubName}`}
        description={
          <Link className="underline" href={`/beheer/moederlijsten?seizoen=${seasonId}`}>
            Alle moederlijsten van {list.seasonName}
          </Link>
        }
        actions={<SeasonPicker seasons={seasons} seasonId={seasonId} />}
      />
      <MemberListScreen list={list} uploads={uploads} transfers={transfers} isAdmin />
    </>
  );
}
