import Link from 'next/link';
import { isPlayable } from '@/components/matches/labels';
import { MatchBody, MatchHeader, MatchLinks } from '@/components/matches/match-view';
import { MatchRemarks } from '@/components/matches/remarks';
import { MatchDaySteps } from '@/components/matches/screens';
import { serverApi } from '@/lib/api-server';
import { Card, Forbidden, Note } from '@/components/ui/layout';
import { secretaryMatch } from '../access';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Wedstrijd' };

/** The secretary's match page: line-up, result entry (home) and confirmation (away), step by step. */
export default async function SecretaryMatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await secretaryMatch(id);
  if ('denied' in access) return <Forbidden message={access.denied} />;
  const { match, ownTeams, isHome, isAway } = access;
  const base = `/vereniging/wedstrijden/${id}`;
  const playable = isPlayable(match);
  const remarks = playable ? ((await (await serverApi()).GET('/api/matches/{id}/remarks', { params: { path: { id } } })).data ?? []) : [];
  return (
    <>
      <Link href="/vereniging/wedstrijden" className="text-sm text-brand-700 underline">
        ← Alle wedstrijden
      </Link>
      <div className="mt-2">
        <MatchHeader match={match} actions={<MatchLinks matchId={id} />} />
      </div>
      <div className="space-y-6">
        {playable && (
          <Link href={`${base}/avond`} className="flex min-h-12 items-center justify-between gap-2 rounded-lg bg-brand-50 p-4 font-medium text-brand-900 ring-1 ring-brand-100 hover:bg-brand-100">
            <span>Speelavond aan tafel: tafelcodes, sets per tafel en hoe de uitslag definitief wordt</span>
            <span aria-hidden>→</span>
          </Link>
        )}
        {playable ? (
          <MatchDaySteps
            match={match}
            canEnter={isHome}
            canConfirm={isAway && !isHome}
            lineupLinks={ownTeams.map((t) => ({
              teamName: t.name,
              recorded: Boolean(t.id === match.homeTeam.id ? match.homeLineup : match.awayLineup),
              href: `${base}/spelerslijst?team=${t.id}`,
            }))}
            resultHref={`${base}/uitslag`}
            substitutionsHref={`${base}/wissels`}
            nightHref={`${base}/avond`}
          />
        ) : (
          <Note>Deze wedstrijd is door de bond vastgelegd als niet gespeeld; er valt niets meer in te voeren.</Note>
        )}
        {playable && match.resultState !== 'NONE' && (
          <Card title="Opmerkingen bij de wedstrijd">
            <MatchRemarks matchId={id} remarks={remarks} canWrite />
          </Card>
        )}
        <MatchBody match={match} />
      </div>
    </>
  );
}
