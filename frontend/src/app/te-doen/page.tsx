import Link from 'next/link';
import { TodoList } from '@/components/todo/todo-list';
import { PageHeader } from '@/components/ui/layout';
import { requireRole, serverApi } from '@/lib/api-server';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Te doen' };

const SCOPE = {
  ADMIN: 'Van alle verenigingen: ontbrekende moederlijsten, uitslagen die nog niet zijn ingevoerd of bevestigd, betwiste uitslagen, opmerkingen van teamleiders, boetevoorstellen en boetes over de betalingstermijn.',
  SECRETARY: 'Voor uw vereniging: de moederlijst, spelerslijsten van de komende week, uitslagen invoeren of bevestigen, betwiste uitslagen en boetes; boetevoorstellen van de bond ter informatie.',
  SUPERVISOR: 'Betwiste uitslagen, geschillen aan tafel, onmogelijke standen en opmerkingen van teamleiders, in alle poules.',
} as const;

/** Every role's to-do list; the invitation flow and the landing pages lead here. */
export default async function TodoPage() {
  const { me } = await requireRole('ADMIN', 'SECRETARY', 'SUPERVISOR');
  const { data } = await (await serverApi()).GET('/api/todo');
  return (
    <>
      <PageHeader
        title="Te doen"
        description={
          <>
            {SCOPE[me.role]} Wat te laat is of nu aandacht vraagt, staat bovenaan. Herinneringen per e-mail stelt u in bij{' '}
            <Link href="/instellingen/meldingen" className="font-medium text-brand-700 underline">
              Meldingen
            </Link>
            .
          </>
        }
      />
      {data && <TodoList todo={data} heading={false} />}
    </>
  );
}
