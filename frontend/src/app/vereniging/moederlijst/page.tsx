import Link from 'next/link';
import { MemberListScreen, SeasonPicker } from '@/components/member-lists/member-list-screen';
import { EmptyState, Forbidden, PageHeader } from '@/components/ui/layout';
import { messageOf, requireRole, serverApi } from '@/lib/api-server';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Moederlijst' };

/** The secretary's moederlijst: the current season unless another is chosen (?seizoen=). */
export default async function SecretaryMemberListPage({ searchParams }: { searchParams: Promise<{ seizoen?: string }> }) {
  const { me, allowed } = await requireRole('SECRETARY');
  if (!allowed || !me.clubId) {
    return (
      <Forbidden
        message={me.role === 'ADMIN' ? 'Bondsbeheerders vinden de moederlijsten van alle verenigingen onder Beheer → Moederlijsten.' : 'Deze pagina is voor de secretaris van een vereniging.'}
      />
    );
  }
  const api = await serverApi();
  const { seizoen } = await searchParams;
  const [{ data: seasons = [] }, { data: current }] = await Promise.all([api.GET('/api/seasons'), api.GET('/api/seasons/current')]);
  const seasonId = seizoen ?? current?.id;
  if (!seasonId) {
    return (
      <>
        <PageHeader title="Moederlijst" />
        <EmptyState title="Er is nog geen seizoen.">De bond maakt het seizoen aan; daarna kunt u hier uw moederlijst indienen.</EmptyState>
      </>
    );
  }
  const [{ data: uploads }, { data: list, error }, { data: transfers = [] }] = await Promise.all([
    api.GET('/api/seasons/{seasonId}/clubs/{clubId}/member-list/uploads', { params: { path: { seasonId, clubId: me.clubId } } }),
    api.GET('/api/seasons/{seasonId}/clubs/{clubId}/member-list', { params: { path: { seasonId, clubId: me.clubId } } }),
    api.GET('/api/transfers', { params: { query: { clubId: me.clubId } } }),
  ]);
  if (!list) return <Forbidden message={messageOf(error)} />;
  return (
    <>
      <PageHeader
        title={`Moederlijst ${list.clubName}`}
        description={
          <>
            Wie op deze lijst staat, mag voor uw vereniging spelen (Regel 1–4). <Link className="underline" href="/vereniging">Terug naar mijn vereniging</Link>
          </>
        }
        actions={<SeasonPicker seasons={seasons} seasonId={seasonId} />}
      />
      <MemberListScreen list={list} uploads={uploads} transfers={transfers} isAdmin={false} />
    </>
  );
}
