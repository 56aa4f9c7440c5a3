import { AT_TABLES_NOTE, ResultScreen, ScreenTitle } from '@/components/matches/screens';
import { Forbidden, Note } from '@/components/ui/layout';
import { secretaryMatch } from '../../access';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Uitslag invoeren' };

/** Result entry by the home team's secretary, one screen per set. */
export default async function SecretaryResultPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ set?: string }> }) {
  const [{ id }, { set }] = await Promise.all([params, searchParams]);
  const access = await secretaryMatch(id);
  if ('denied' in access) return <Forbidden message={access.denied} />;
  const { match, isHome } = access;
  const back = `/vereniging/wedstrijden/${id}`;
  if (!isHome) return <Forbidden message={`De uitslag wordt ingevoerd door de secretaris van ${match.homeTeam.name}; u bevestigt hem daarna op de wedstrijdpagina.`} />;
  if (match.resultState === 'CONFIRMED' || (match.status !== 'SCHEDULED' && match.status !== 'PLAYED')) {
    return (
      <>
        <ScreenTitle match={match} title="Uitslag invoeren" backHref={back} />
        <Note>
          {match.resultState === 'CONFIRMED'
            ? 'De uitslag is door beide teams ondertekend en staat vast. Klopt er iets niet, neem dan contact op met de wedstrijdleider.'
            : 'Deze wedstrijd is door de bond vastgelegd als niet gespeeld.'}
        </Note>
      </>
    );
  }
  if (match.resultEntry.atTables) {
    return (
      <>
        <ScreenTitle match={match} title="Uitslag invoeren" backHref={back} />
        <Note>{AT_TABLES_NOTE}</Note>
      </>
    );
  }
  if (!match.resultEntry.open) {
    return (
      <>
        <ScreenTitle match={match} title="Uitslag invoeren" backHref={back} />
        <Note>{match.resultEntry.notice} De uitslag wordt op of na de wedstrijddag ingevoerd; de spelerslijst kunt u al vóór de wedstrijd samenstellen.</Note>
      </>
    );
  }
  return (
    <>
      <ScreenTitle match={match} title="Uitslag invoeren" backHref={back} />
      <ResultScreen match={match} kind="enter" backHref={back} set={set} />
    </>
  );
}
