import { Card, PageHeader } from '@/components/ui/layout';
import { requireRole, serverApi } from '@/lib/api-server';
import { formatMoment } from '@/lib/format';
import { NotificationSettingsForm } from './notification-settings-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Meldingen' };

/** Every user chooses which reminders they get by e-mail, or one weekly summary. */
export default async function NotificationSettingsPage() {
  const { me } = await requireRole('ADMIN', 'SECRETARY', 'SUPERVISOR');
  const { data } = await (await serverApi()).GET('/api/me/notifications');
  if (!data) return null;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Meldingen" description={`Herinneringen per e-mail aan ${me.email}. Elke herinnering wordt één keer gestuurd, met een link naar de pagina waar u het regelt.`} />
      <Card>
        {data.kinds.length === 0 ? (
          <p className="text-sm text-stone-600">Als bondsbeheerder krijgt u geen herinneringen per e-mail: wat alle verenigingen nog moeten doen, staat op de pagina Te doen.</p>
        ) : (
          <NotificationSettingsForm initial={data} />
        )}
      </Card>
      <Card title="Laatste herinneringen" className="mt-6">
        {data.recent.length === 0 ? (
          <p className="text-sm text-stone-600">U heeft nog geen herinneringen gekregen.</p>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm">
            {data.recent.map((n) => (
              <li key={n.id} className="py-2">
                <p className="font-medium">{n.subject}</p>
                <p className="text-stone-600">
                  {formatMoment(n.createdAt)} ·{' '}
                  {n.mailedAt ? 'per e-mail verstuurd' : n.digestedAt ? 'in het weekoverzicht verstuurd' : 'komt in het volgende weekoverzicht'}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
