import { ScreenTitle, SubstitutionsScreen } from '@/components/matches/screens';
import { Forbidden } from '@/components/ui/layout';
import { chosenTeam, secretaryMatch } from '../../access';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Wissels' };

export default async function SecretarySubstitutionsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ team?: string }> }) {
  const [{ id }, { team }] = await Promise.all([params, searchParams]);
  const access = await secretaryMatch(id);
  if ('denied' in access) return <Forbidden message={access.denied} />;
  const teamId = chosenTeam(access.ownTeams, team);
  return (
    <>
      <ScreenTitle match={access.match} title="Wissels" backHref={`/vereniging/wedstrijden/${id}`} />
      <SubstitutionsScreen match={access.match} teamId={teamId} isAdmin={false} />
    </>
  );
}
