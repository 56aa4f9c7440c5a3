import type { InferGetServerSidePropsType } from 'next';
import Link from 'next/link';
import { FilterLinks } from '@/components/standings/filter-links';
import { longDate } from '@/components/standings/format';
import { MatchList } from '@/components/standings/match-list';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { seasonOf } from '@/lib/api-core';
import { PageTitle, publicPage, queryParam } from '@/lib/public-page';

export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export const getServerSideProps = publicPage(async (api, { query }) => {
  const current = await seasonOf(api);
  const poule = queryParam(query.poule);
  const division = current?.divisions.find((d) => d.id === poule) ?? current?.divisions[0] ?? null;
  const programme = division
    ? ((await api.GET('/api/divisions/{divisionId}/programme', { params: { path: { divisionId: division.id } } })).data ?? null)
    : null;
  return { current, divisionId: division?.id ?? null, programme };
});

export default function ProgrammePage({ current, divisionId, programme }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const division = current?.divisions.find((d) => d.id === divisionId);
  if (!current || !division) {
    return (
      <>
        <PageTitle title="Programma en uitslagen" />
        <EmptyState title={current ? 'Dit seizoen heeft nog geen poules.' : 'Er is nog geen seizoen.'} />
      </>
    );
  }
  const rounds = programme?.rounds ?? [];
  return (
    <>
      <PageTitle title={`Programma ${division.name}`} />
      <PageHeader
        title={`Programma ${division.name}`}
        description={`Seizoen ${current.season.name}`}
        actions={
          programme?.nextRound ? (
            <a href={`#ronde-${programme.nextRound}`} className="text-sm text-brand-700 hover:underline">
              Naar ronde {programme.nextRound}
            </a>
          ) : undefined
        }
      />
      <FilterLinks items={current.divisions} current={division.id} href={(id) => `/programma?poule=${id}`} label="Poules" />
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
                <Link prefetch={false} href={`/speelavond/${division.id}/${round.round}`} className="text-sm text-brand-700 hover:underline">
                  Speelavond live
                </Link>
                <MatchList matches={round.matches} />
              </Card>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
