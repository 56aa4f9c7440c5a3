import Link from 'next/link';
import { PageHeader } from '@/components/ui/layout';
import { LoginForm } from './login-form';

export const metadata = { title: 'Inloggen' };

export default function LoginPage() {
  return (
    <div className="mx-auto max-w-sm">
      <PageHeader title="Inloggen" description="Voor bondsbeheerders, secretarissen en wedstrijdleiders." />
      <LoginForm />
      <p className="mt-4 text-sm">
        <Link href="/wachtwoord-vergeten" className="text-brand-700 underline">
          Wachtwoord vergeten?
        </Link>
      </p>
    </div>
  );
}
