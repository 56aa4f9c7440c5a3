import { LinkProblem } from '@/components/accounts/link-problem';
import { readTokenLink } from '@/components/accounts/token-link';
import { Card, PageHeader } from '@/components/ui/layout';
import { ConfirmEmail } from './confirm-email';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'E-mailadres bevestigen' };

/** The page the mail to a new address links to (?token=…). */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token, info, problem } = await readTokenLink(searchParams, 'EMAIL_CHANGE');
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="E-mailadres bevestigen" description={info ? `${info.name}, bevestig dat u voortaan inlogt en mail ontvangt op ${info.email}.` : undefined} />
      {info ? (
        <Card>
          <ConfirmEmail token={token} email={info.email} />
        </Card>
      ) : (
        <LinkProblem problem={problem!} again={{ href: '/wachtwoord', label: 'Vraag de wijziging opnieuw aan' }} />
      )}
    </div>
  );
}
