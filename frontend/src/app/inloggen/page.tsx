import { PageHeader } from '@/components/ui/layout';
import { LoginForm } from './login-form';

export const metadata = { title: 'Inloggen' };

export default function LoginPage() {
  return (
    <div className="mx-auto max-w-sm">
      <PageHeader title="Inloggen" description="Voor bondsbeheerders, secretarissen en wedstrijdleiders." />
      <LoginForm />
    </div>
  );
}
