import Link from 'next/link';
import { PublicationToggle } from '@/components/ratings/publication-toggle';
import { Card, Forbidden, PageHeader } from '@/components/ui/layout';
import { messageOf, requireRole, serverApi } from '@/lib/api-server';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Spelers en ratings' };

/** The secretary's players with rating and full name, and per member "niet publiceren". */
export default async function ClubPlayersPage() {
  const { me, allowed } = await requireRole('SECRETARY');
  if (!allowed || !me.clubId) return <Forbidden message="Deze pagina is voor de secretaris van een vereniging." />;
  const api = await serverApi();
  const { data: rows, error } = await api.GET('/api/clubs/{clubId}/ratings', { params: { path: { clubId: me.clubId } } });
  if (!rows) return <Forbidden message={messageOf(error)} />;
  return (
    <>
      <PageHeader
        title="Spelers en ratings"
        description={
          <>
            Openbaar staan alleen achternaam en vereniging. Wie niet gepubliceerd wil worden, heet openbaar &quot;speler van&quot; uw vereniging en staat in geen enkele openbare lijst.{' '}
            <Link className="underline" href={`/verenigingen/${me.clubId}/spelers`}>
              Openbare spelerslijst
            </Link>
          </>
        }
      />
      <Card>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-stone-600">
              <th className="py-1">Naam</th>
              <th className="py-1 text-right">Rating</th>
              <th className="py-1 text-right">Sets</th>
              <th className="py-1 pl-4">Publicatie</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((r) => (
              <tr key={r.memberId}>
                <td className="py-1">{r.fullName}</td>
                <td className="py-1 text-right tabular-nums">
                  {r.rating === null ? '–' : `${r.rating.toFixed(1).replace('.', ',')} %`}
                  {r.rating !== null && r.provisional && <span className="block text-xs text-amber-700">voorlopig</span>}
                </td>
                <td className="py-1 text-right tabular-nums">{r.sets}</td>
                <td className="py-1 pl-4">
                  <PublicationToggle memberId={r.memberId} name={r.fullName} doNotPublish={r.doNotPublish} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
