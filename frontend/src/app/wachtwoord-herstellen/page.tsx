import { LinkProblem } from '@/components/accounts/link-problem';
import { NewPasswordForm } from '@/components/accounts/new-password-form';
import { readTokenLink } from '@/components/accounts/token-link';
import { Card, PageHeader } from '@/components/ui/layout';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Nieuw wachtwoord kiezen' };

/** The page a reset mail links to (?token=…). */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token, info, problem } = await readTokenLink(searchParams, 'PASSWORD_RESET');
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Nieuw wachtwoord kiezen" description={info ? `Voor ${info.email}. Daarna bent u hier ingelogd en op alle andere apparaten uitgelogd.` : undefined} />
      {info ? (
        <Card>
          <NewPasswordForm token={token} email={info.email} endpoint="/api/accounts/password-reset/confirm" submitLabel="Wachtwoord opslaan en inloggen" />
        </Card>
      ) : (
        <LinkProblem problem={problem!} again={{ href: '/wachtwoord-vergeten', label: 'Vraag een nieuwe link aan' }} />
      )}
    </div>
  );
}
