import Link from 'next/link';
import { TodoSection } from '@/components/todo/todo-list';
import { Card, EmptyState, Forbidden, PageHeader } from '@/components/ui/layout';
import { requireRole, serverApi } from '@/lib/api-server';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Mijn vereniging' };

export default async function SecretaryHome() {
  const { me, allowed } = await requireRole('SECRETARY', 'ADMIN');
  if (!allowed || !me.clubId) return <Forbidden message="Deze pagina is voor de secretaris van een vereniging." />;
  const api = await serverApi();
  const { data: club } = await api.GET('/api/clubs/{id}', { params: { path: { id: me.clubId } } });
  if (!club) return <Forbidden />;
  return (
    <>
      <PageHeader title={club.name} description={`Welkom, ${me.name}. Hier beheert u de moederlijst, spelerslijsten en uitslagen van uw vereniging.`} />
      <TodoSection api={api} />
      <Card title="Moederlijst" className="mb-6">
        <p className="text-sm text-stone-600">Wie voor uw vereniging mag spelen: ledenbestand inlezen, leden toevoegen of afvoeren, overschrijvingen.</p>
        <Link className="mt-2 inline-block font-medium text-brand-700 underline" href="/vereniging/moederlijst">
          Moederlijst bekijken
        </Link>
      </Card>
      <Card title="Wedstrijden" className="mb-6">
        <p className="text-sm text-stone-600">Spelerslijsten samenstellen, de uitslag set voor set invoeren (thuis), wissels vastleggen en de uitslag bevestigen (uit).</p>
        <Link className="mt-2 inline-block font-medium text-brand-700 underline" href="/vereniging/wedstrijden">
          Wedstrijden bekijken
        </Link>
      </Card>
      <Card title="Teams">
        {club.teams.length === 0 ? (
          <EmptyState title="Uw vereniging heeft nog geen teams.">De bond schrijft teams in per seizoen.</EmptyState>
        ) : (
          <ul className="divide-y divide-stone-100">
            {club.teams.map((t) => (
              <li key={t.id} className="py-2">
                <span className="font-medium">{t.name}</span> <span className="text-sm text-stone-600">— {t.divisionName}, seizoen {t.seasonName}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Boetes" className="mt-6">
        <p className="text-sm text-stone-600">Wat uw vereniging aan boetes moet betalen, uiterlijk wanneer, en het overzicht om te downloaden.</p>
        <Link className="mt-2 inline-block font-medium text-brand-700 underline" href="/vereniging/boetes">
          Boetes bekijken
        </Link>
      </Card>
      <Card title="Spelers en ratings" className="mt-6">
        <p className="text-sm text-stone-600">De rating en statistieken van uw spelers, en per lid &quot;niet publiceren&quot;.</p>
        <Link className="mt-2 inline-block font-medium text-brand-700 underline" href="/vereniging/spelers">
          Spelers bekijken
        </Link>
      </Card>
    </>
  );
}
