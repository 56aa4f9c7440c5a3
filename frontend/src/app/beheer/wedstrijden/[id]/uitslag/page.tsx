import { isPlayable } from '@/components/matches/labels';
import { ResultScreen, ScreenTitle } from '@/components/matches/screens';
import { Note } from '@/components/ui/layout';
import { adminMatch } from '../../access';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Uitslag' };

/** The administrator enters a result like the home team, or corrects a confirmed one with a reason. */
export default async function AdminResultPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ set?: string }> }) {
  const [{ id }, { set }] = await Promise.all([params, searchParams]);
  const match = await adminMatch(id);
  const back = `/beheer/wedstrijden/${id}`;
  const correcting = match.resultState === 'CONFIRMED';
  return (
    <>
      <ScreenTitle match={match} title={correcting ? 'Uitslag corrigeren' : 'Uitslag invoeren'} backHref={back} />
      {isPlayable(match) ? (
        <ResultScreen match={match} kind={correcting ? 'correct' : 'enter'} backHref={back} set={set} />
      ) : (
        <Note>Deze wedstrijd is vastgelegd als niet gespeeld. Draai dat eerst terug op de wedstrijdpagina.</Note>
      )}
    </>
  );
}
