import { ScreenTitle, SubstitutionsScreen, TeamSwitch } from '@/components/matches/screens';
import { adminMatch, teamOf } from '../../access';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Wissels' };

export default async function AdminSubstitutionsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ team?: string }> }) {
  const [{ id }, { team }] = await Promise.all([params, searchParams]);
  const match = await adminMatch(id);
  const teamId = teamOf(match, team);
  return (
    <>
      <ScreenTitle match={match} title="Wissels" backHref={`/beheer/wedstrijden/${id}`} />
      <TeamSwitch match={match} teamId={teamId} href={(t) => `/beheer/wedstrijden/${id}/wissels?team=${t}`} />
      <SubstitutionsScreen key={teamId} match={match} teamId={teamId} isAdmin />
    </>
  );
}
