import { Card, PageHeader } from '@/components/ui/layout';
import { requireRole } from '@/lib/api-server';
import { PasswordForm } from './password-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Wachtwoord wijzigen' };

/** Every logged-in user changes their own password here; their other sessions end. */
export default async function PasswordPage() {
  const { me } = await requireRole('ADMIN', 'SECRETARY', 'SUPERVISOR');
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Wachtwoord wijzigen" description={`Voor ${me.email}. Na het wijzigen bent u op andere apparaten uitgelogd; hier blijft u ingelogd.`} />
      <Card>
        <PasswordForm />
      </Card>
    </div>
  );
}
