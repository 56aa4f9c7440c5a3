import Link from 'next/link';
import { Card, PageHeader } from '@/components/ui/layout';
import { ResetRequestForm } from './reset-request-form';

export const metadata = { title: 'Wachtwoord vergeten' };

export default function ForgotPasswordPage() {
  return (
    <div className="mx-auto max-w-sm">
      <PageHeader title="Wachtwoord vergeten" description="Vul het e-mailadres van uw account in. U krijgt een link om een nieuw wachtwoord te kiezen; die werkt één keer en is 1 uur geldig." />
      <Card>
        <ResetRequestForm />
      </Card>
      <p className="mt-4 text-sm">
        <Link href="/inloggen" className="text-brand-700 underline">
          Terug naar inloggen
        </Link>
      </p>
    </div>
  );
}
