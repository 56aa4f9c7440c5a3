import Link from 'next/link';
import { MatchSummary } from '@/components/matches/labels';
import { MatchList } from '@/components/matches/match-list';
import { PouleNav } from '@/components/matches/poule-nav';
import { buttonClass } from '@/components/ui/button';
import { TodoSection } from '@/components/todo/todo-list';
import { Card, EmptyState, Forbidden, PageHeader } from '@/components/ui/layout';
import { currentSeason, requireRole } from '@/lib/api-server';
import { finalitySentence } from '@/lib/vocabulary';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Wedstrijdleider' };

/** The supervisor's start: confirmed results per division, newest first, to correct with a reason (Regel 15). */
export default async function SupervisorPage({ searchParams }: { searchParams: Promise<{ poule?: string }> }) {
  const { allowed } = await requireRole('SUPERVISOR', 'ADMIN');
  if (!allowed) return <Forbidden message="Deze pagina is voor wedstrijdleiders." />;
  const { poule } = await searchParams;
  const current = await currentSeason();
  if (!current) return <EmptyState title="Er is nog geen seizoen." />;
  const { api, divisions } = current;
  const active = divisions.filter((d) => !d.archivedAt);
  const division = active.find((d) => d.id === poule) ?? active[0];
  // Every division's matches: a dispute anywhere in the season is shown, whatever division is chosen.
  const perDivision = await Promise.all(active.map(async (d) => ({ id: d.id, matches: ((await api.GET('/api/divisions/{id}/matches', { params: { path: { id: d.id } } })).data?.rounds ?? []).flatMap((r) => r.matches) })));
  const all = perDivision.find((d) => d.id === division?.id)?.matches ?? [];
  const confirmed = all.filter((m) => m.status === 'PLAYED' && m.resultState === 'CONFIRMED').reverse();
  const disputed = perDivision.flatMap((d) => d.matches).filter((m) => m.resultPhase === 'DISPUTED');
  const waiting = all.filter((m) => m.resultState === 'ENTERED' && m.resultPhase !== 'DISPUTED');
  const href = (m: MatchSummary) => `/wedstrijdleider/${m.id}`;
  return (
    <>
      <PageHeader
        title="Wedstrijdleider"
        description="Een door beide teams ondertekende uitslag staat vast. Klopt er toch iets niet (een onmogelijke stand, een verkeerd overgenomen tafel), dan corrigeert u hem hier, met een reden; het logboek bewaart de stand ervoor en erna."
        actions={
          <Link href="/wedstrijdleider/avond" className={buttonClass('primary', 'min-h-11')}>
            Speelavond: alle tafels
          </Link>
        }
      />
      <TodoSection api={api} />
      <PouleNav divisions={active} current={division?.id} href={(id) => `/wedstrijdleider?poule=${id}`} />
      <div className="space-y-6">
        {disputed.length > 0 && (
          <Card title="Betwiste uitslagen">
            <p className="mb-2 text-sm text-stone-600">
              In alle poules van het seizoen. De uitploeg ging niet akkoord met de door de thuisploeg ondertekende uitslag. U beslist; uw beslissing maakt de uitslag
              definitief.
            </p>
            <MatchList label="Betwiste uitslagen" matches={disputed} href={href} note={(m) => `Betwist door ${m.awayTeam.name}: ${m.dispute?.comment ?? ''}`} />
          </Card>
        )}
        <Card title="Vastgestelde uitslagen">
          {confirmed.length === 0 ? (
            <EmptyState title="Nog geen vastgestelde uitslagen.">Zodra een uitslag definitief is, kunt u hem hier corrigeren.</EmptyState>
          ) : (
            <MatchList label="Vastgestelde uitslagen" matches={confirmed} href={href} />
          )}
        </Card>
        {waiting.length > 0 && (
          <Card title="Nog niet definitief">
            <p className="mb-2 text-sm text-stone-600">Deze uitslagen zijn ingevoerd maar nog niet definitief; per wedstrijd staat wanneer hij het vanzelf wordt.</p>
            <MatchList label="Nog niet definitief" matches={waiting} href={(m) => `/wedstrijden/${m.id}`} note={(m) => (m.finality ? finalitySentence(m.finality) : 'Nog niet compleet')} />
          </Card>
        )}
      </div>
    </>
  );
}
