import type { InferGetServerSidePropsType } from 'next';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { seasonOf } from '@/lib/api-core';
import { PageTitle, publicPage } from '@/lib/public-page';

export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

/** Today's date in the Netherlands, "2026-11-28". */
const todayInAmsterdam = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(new Date());

export const getServerSideProps = publicPage(async (api) => {
  const current = await seasonOf(api);
  // Tonight's match nights: every division's round with a match today, for the live pages.
  const today = todayInAmsterdam();
  const tonight: { divisionId: string; divisionName: string; round: number; matches: number }[] = [];
  for (const division of current?.divisions ?? []) {
    const { data } = await api.GET('/api/divisions/{id}/matches', { params: { path: { id: division.id } } });
    for (const round of data?.rounds ?? []) {
      const matches = round.matches.filter((m) => m.date === today).length;
      if (matches) tonight.push({ divisionId: division.id, divisionName: division.name, round: round.round, matches });
    }
  }
  return { current, tonight };
});

const longDate = (iso: string) => new Date(iso).toLocaleDateString('nl-NL', { dateStyle: 'long', timeZone: 'UTC' });

export default function HomePage({ current, tonight }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if (!current) {
    return (
      <>
        <PageTitle />
        <PageHeader title="Troefcall Sport Bond Nederland" />
        <EmptyState title="Er is nog geen seizoen.">
          Een bondsbeheerder maakt het seizoen aan onder <Link className="underline" href="/beheer/seizoenen">Beheer › Seizoenen</Link>.
        </EmptyState>
      </>
    );
  }
  const { season, divisions } = current;
  return (
    <>
      <PageTitle />
      <PageHeader
        title={`Seizoen ${season.name}`}
        description={`Competitie van ${longDate(season.competitionStartsOn)} tot ${longDate(season.endsOn)}`}
        actions={
          <>
            <Link href="/stand" className={buttonClass('primary')}>
              Stand
            </Link>
            <Link href="/programma" className={buttonClass('secondary')}>
              Programma en uitslagen
            </Link>
          </>
        }
      />
      {tonight.length > 0 && (
        <section aria-label="Vandaag live" className="mb-4 rounded-lg bg-brand-50 p-4 ring-1 ring-brand-200">
          <h2 className="text-lg font-semibold text-brand-900">Vandaag live</h2>
          <ul className="mt-1 space-y-1">
            {tonight.map((night) => (
              <li key={`${night.divisionId}-${night.round}`}>
                <Link href={`/speelavond/${night.divisionId}/${night.round}`} className="font-medium text-brand-800 underline">
                  {night.divisionName}, ronde {night.round}
                </Link>{' '}
                <span className="text-stone-700">({night.matches === 1 ? '1 wedstrijd' : `${night.matches} wedstrijden`}, stand per tafel zodra er getekend is)</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {divisions.length === 0 ? (
        <EmptyState title="Dit seizoen heeft nog geen poules." />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {divisions.map((division) => (
            <Card key={division.id} title={division.name}>
              {division.teams.length === 0 ? (
                <p className="text-sm text-stone-600">Nog geen teams ingeschreven.</p>
              ) : (
                <ul className="divide-y divide-stone-100" aria-label={`Teams in ${division.name}`}>
                  {division.teams.map((team) => (
                    <li key={team.id} className="flex justify-between gap-2 py-1.5">
                      <span className="font-medium">{team.name}</span>
                      <Link href={`/verenigingen/${team.clubId}`} className="text-sm text-brand-700 hover:underline">
                        {team.clubName}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              <Link href={`/stand/${division.id}`} className="mt-2 inline-block text-sm text-brand-700 hover:underline">
                Stand {division.name}
              </Link>
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
