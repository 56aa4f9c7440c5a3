import { isPlayable, MatchSummary } from '@/components/matches/labels';
import { finalitySentence } from '@/lib/vocabulary';
import { MatchList } from '@/components/matches/match-list';
import { chooseSeason, SeasonChoice } from '@/components/season-choice';
import { Card, EmptyState, Forbidden, PageHeader } from '@/components/ui/layout';
import { requireRole, serverApi } from '@/lib/api-server';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Wedstrijden' };

/** Every match of the club's teams in the chosen season (?seizoen=, default the current one), by what the secretary has to do. */
export default async function SecretaryMatchesPage({ searchParams }: { searchParams: Promise<{ seizoen?: string }> }) {
  const { me, allowed } = await requireRole('SECRETARY');
  if (!allowed || !me.clubId) return <Forbidden message="Deze pagina is voor de secretaris van een vereniging." />;
  const api = await serverApi();
  const { seizoen } = await searchParams;
  const [{ data: club }, { seasons, season }] = await Promise.all([api.GET('/api/clubs/{id}', { params: { path: { id: me.clubId } } }), chooseSeason(api, { seizoen })]);
  if (!club) return <Forbidden />;
  const teams = club.teams.filter((t) => !season || t.seasonId === season.id);
  const lists = await Promise.all(teams.map((t) => api.GET('/api/teams/{id}/matches', { params: { path: { id: t.id } } }).then((r) => r.data ?? [])));
  const matches = [...new Map(lists.flat().map((m) => [m.id, m])).values()].sort((a, b) => a.date.localeCompare(b.date));
  const own = (teamId: string) => teams.some((t) => t.id === teamId);
  const toConfirm = matches.filter((m) => isPlayable(m) && m.resultPhase === 'SIGNED_BY_HOME' && own(m.awayTeam.id) && !own(m.homeTeam.id));
  const upcoming = matches.filter((m) => isPlayable(m) && m.resultState !== 'CONFIRMED' && !toConfirm.includes(m));
  const done = matches.filter((m) => !toConfirm.includes(m) && !upcoming.includes(m)).reverse();
  const href = (m: MatchSummary) => `/vereniging/wedstrijden/${m.id}`;
  const home = (m: MatchSummary) => own(m.homeTeam.id);
  const next = (m: MatchSummary): string => {
    switch (m.resultPhase) {
      case 'DISPUTED':
        // The refusal goes to the supervisor, whose decision makes the result final (no loop back to the home team).
        return `Niet akkoord van ${m.awayTeam.name}: ${m.dispute?.comment ?? ''} — de wedstrijdleider beslist`;
      case 'SIGNED_BY_HOME':
        return home(m)
          ? `${m.finality ? finalitySentence(m.finality) : 'Ondertekend door de thuisploeg'}; ${m.awayTeam.name} controleert hem`
          : `Uitslag controleren; klopt hij, dan hoeft u niets te doen (anders: niet akkoord). ${m.finality ? finalitySentence(m.finality) : ''}`;
      case 'IN_PROGRESS':
        return home(m) ? 'Uitslag ingevoerd: vul aan, controleer en onderteken' : `Wacht tot ${m.homeTeam.name} de uitslag heeft ingevoerd en ondertekend`;
      default: {
        const saved = m.lineupTeamIds.some((id) => own(id) && (home(m) ? id === m.homeTeam.id : id === m.awayTeam.id));
        if (home(m)) return saved ? 'Thuis: spelerslijst opgeslagen; uitslag op de wedstrijddag' : 'Thuis: spelerslijst samenstellen en uitslag invoeren';
        return saved ? 'Uit: spelerslijst opgeslagen' : 'Uit: spelerslijst samenstellen';
      }
    }
  };
  return (
    <>
      <PageHeader
        title="Wedstrijden"
        description={`${club.name}${season ? `, seizoen ${season.name}` : ''}: spelerslijsten, uitslagen invoeren (thuis) en controleren (uit).`}
      />
      <SeasonChoice seasons={seasons} seasonId={season?.id} />
      {matches.length === 0 ? (
        <EmptyState title="Nog geen wedstrijden.">Zodra de bond het programma van uw poule heeft gemaakt, staan de wedstrijden van uw teams hier.</EmptyState>
      ) : (
        <div className="space-y-6">
          {toConfirm.length > 0 && (
            <Card title="Te controleren">
              <MatchList label="Te controleren" matches={toConfirm} href={href} note={next} />
            </Card>
          )}
          <Card title="Komende wedstrijden">
            {upcoming.length === 0 ? <p className="text-sm text-stone-600">Geen wedstrijden meer te spelen dit seizoen.</p> : <MatchList label="Komende wedstrijden" matches={upcoming} href={href} note={next} />}
          </Card>
          {done.length > 0 && (
            <Card title="Gespeeld">
              <MatchList label="Gespeeld" matches={done} href={href} />
            </Card>
          )}
        </div>
      )}
    </>
  );
}
