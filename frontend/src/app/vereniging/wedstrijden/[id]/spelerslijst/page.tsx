import { LineupScreen, ScreenTitle } from '@/components/matches/screens';
import { Forbidden } from '@/components/ui/layout';
import { chosenTeam, secretaryMatch } from '../../access';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Spelerslijst' };

export default async function SecretaryLineupPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ team?: string }> }) {
  const [{ id }, { team }] = await Promise.all([params, searchParams]);
  const access = await secretaryMatch(id);
  if ('denied' in access) return <Forbidden message={access.denied} />;
  const teamId = chosenTeam(access.ownTeams, team);
  const teamName = access.ownTeams.find((t) => t.id === teamId)!.name;
  return (
    <>
      <ScreenTitle match={access.match} title={`Spelerslijst ${teamName}`} backHref={`/vereniging/wedstrijden/${id}`} />
      <LineupScreen match={access.match} teamId={teamId} isAdmin={false} />
    </>
  );
}
