import { Card, PageHeader } from '@/components/ui/layout';
import { requireRole } from '@/lib/api-server';
import { EmailChangeForm } from './email-change-form';
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
      <Card title="E-mailadres wijzigen" className="mt-6">
        <p className="mb-4 text-sm text-stone-600">We sturen een link naar het nieuwe adres; pas als u die volgt (binnen 24 uur) logt u met dat adres in. Tot dan blijft {me.email} in gebruik.</p>
        <EmailChangeForm />
      </Card>
    </div>
  );
}
