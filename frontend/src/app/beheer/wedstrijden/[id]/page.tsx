import Link from 'next/link';
import { MoveForm, SwapForm } from '@/components/matches/fixture-forms';
import { isPlayable } from '@/components/matches/labels';
import { MatchHistory } from '@/components/matches/match-history';
import { MatchBody, MatchHeader, MatchLinks } from '@/components/matches/match-view';
import { NotPlayedForm, ReopenForm } from '@/components/matches/not-played-forms';
import { Regel11Panel } from '@/components/matches/regel11-panel';
import { MatchRemarks } from '@/components/matches/remarks';
import { MatchDaySteps } from '@/components/matches/screens';
import { Card } from '@/components/ui/layout';
import { serverApi } from '@/lib/api-server';
import { formatEuro } from '@/lib/format';
import { adminMatch } from '../access';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Wedstrijd beheren' };

/** Everything the federation does with one match. */
export default async function AdminMatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const match = await adminMatch(id);
  const api = await serverApi();
  const { data: season } = await api.GET('/api/seasons/{id}', { params: { path: { id: match.seasonId } } });
  const { data: regel11 } = await api.GET('/api/matches/{id}/regel11', { params: { path: { id } } });
  const { data: remarks } = await api.GET('/api/matches/{id}/remarks', { params: { path: { id } } });
  const base = `/beheer/wedstrijden/${id}`;
  const playable = isPlayable(match);
  const movable = playable && match.resultState === 'NONE';
  const s = season?.settings;
  return (
    <>
      <Link href={`/beheer/wedstrijden?seizoen=${match.seasonId}&poule=${match.divisionId}`} className="text-sm text-brand-700 underline">
        ← {match.divisionName}
      </Link>
      <div className="mt-2">
        <MatchHeader match={match} actions={<MatchLinks matchId={id} />} />
      </div>
      <div className="space-y-6">
        {(remarks ?? []).length > 0 && (
          <Card title="Opmerkingen van de teamleiders (Regel 35B)">
            <MatchRemarks matchId={id} remarks={remarks ?? []} canWrite={false} canHandle />
          </Card>
        )}
        {playable && (
          <MatchDaySteps
            match={match}
            canEnter
            canConfirm
            isAdmin
            lineupLinks={[
              { teamName: match.homeTeam.name, recorded: Boolean(match.homeLineup), href: `${base}/spelerslijst?team=${match.homeTeam.id}` },
              { teamName: match.awayTeam.name, recorded: Boolean(match.awayLineup), href: `${base}/spelerslijst?team=${match.awayTeam.id}` },
            ]}
            resultHref={`${base}/uitslag`}
            correctHref={`${base}/uitslag`}
            substitutionsHref={`${base}/wissels`}
          />
        )}
        <MatchBody match={match}>
          {movable && (
            <div className="grid gap-6 md:grid-cols-2">
              <Card title="Verplaatsen">
                <MoveForm matchId={id} date={match.date} startTime={match.startTime} />
              </Card>
              <Card title="Thuis en uit omdraaien">
                <SwapForm matchId={id} home={match.homeTeam.name} away={match.awayTeam.name} />
              </Card>
            </div>
          )}
          {playable && s ? (
            <Card title="Niet gespeeld (Regel 6–9)">
              <NotPlayedForm match={match} numbers={{ noScreenDeduction: s.noScreenDeduction, forfeitFine: formatEuro(s.forfeitFineCents), missingSetPoints: s.missingSetPoints }} />
            </Card>
          ) : (
            !playable && (
              <Card title="Vastlegging terugdraaien">
                <ReopenForm match={match} />
              </Card>
            )
          )}
          {regel11 && (
            <Card title="Onvolledig of te laat (Regel 11)">
              <Regel11Panel match={match} regel11={regel11} canRecordLate={match.status === 'SCHEDULED' || match.status === 'PLAYED'} />
            </Card>
          )}
        </MatchBody>
        <Card title="Logboek">
          <MatchHistory matchId={id} />
        </Card>
      </div>
    </>
  );
}
