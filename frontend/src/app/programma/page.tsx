import type { Metadata } from 'next';
import { FilterLinks } from '@/components/standings/filter-links';
import { longDate } from '@/components/standings/format';
import { MatchList } from '@/components/standings/match-list';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { currentSeason } from '@/lib/api-server';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Programma en uitslagen' };

export default async function ProgrammePage({ searchParams }: { searchParams: Promise<{ poule?: string }> }) {
  const [{ poule }, current] = await Promise.all([searchParams, currentSeason()]);
  if (!current) return <EmptyState title="Er is nog geen seizoen." />;
  const { api, season, divisions } = current;
  const division = divisions.find((d) => d.id === poule) ?? divisions[0];
  if (!division) return <EmptyState title="Dit seizoen heeft nog geen poules." />;
  const { data: programme } = await api.GET('/api/divisions/{divisionId}/programme', { params: { path: { divisionId: division.id } } });
  const rounds = programme?.rounds ?? [];
  return (
    <>
      <PageHeader
        title={`Programma ${division.name}`}
        description={`Seizoen ${season.name}`}
        actions={
          programme?.nextRound ? (
            <a href={`#ronde-${programme.nextRound}`} className="text-sm text-brand-700 hover:underline">
              Naar ronde {programme.nextRound}
            </a>
          ) : undefined
        }
      />
      <FilterLinks items={divisions} current={division.id} href={(id) => `/programma?poule=${id}`} label="Poules" />
      {rounds.length === 0 ? (
        <EmptyState title="Nog geen wedstrijden gepland.">Het programma verschijnt zodra de bond het speelschema heeft gemaakt.</EmptyState>
      ) : (
        <div className="space-y-4">
          {rounds.map((round) => (
            <section key={round.round} id={`ronde-${round.round}`} className="scroll-mt-4" aria-labelledby={`ronde-${round.round}-kop`}>
              <Card className={round.round === programme?.nextRound ? 'ring-2 ring-brand-600' : undefined}>
                <h2 id={`ronde-${round.round}-kop`} className="mb-1 text-lg font-semibold text-brand-900">
                  Ronde {round.round} <span className="text-sm font-normal text-stone-600">· {longDate(round.firstDate)}</span>
                </h2>
                <MatchList matches={round.matches} />
              </Card>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
