import { LinkProblem } from '@/components/accounts/link-problem';
import { NewPasswordForm } from '@/components/accounts/new-password-form';
import { readTokenLink } from '@/components/accounts/token-link';
import { Card, PageHeader } from '@/components/ui/layout';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Uitnodiging' };

/** The page an invitation mail links to (?token=…): the invited user chooses a password and is logged in. */
export default async function InvitationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token, info, problem } = await readTokenLink(searchParams, 'INVITATION');
  return (
    <div className="mx-auto max-w-md">
      <PageHeader
        title={info ? `Welkom, ${info.name}` : 'Uitnodiging'}
        description={info ? `Kies een wachtwoord voor uw account ${info.email}. Daarna bent u meteen ingelogd.` : undefined}
      />
      {info ? (
        <Card>
          <NewPasswordForm token={token} email={info.email} endpoint="/api/accounts/invitation/accept" submitLabel="Wachtwoord opslaan en inloggen" />
        </Card>
      ) : (
        <LinkProblem problem={problem!} again={null} />
      )}
      {!info && <p className="mt-4 text-sm text-stone-600">Een verlopen uitnodiging stuurt de bondsbeheerder opnieuw. Heeft u al een wachtwoord gekozen, log dan gewoon in.</p>}
    </div>
  );
}
