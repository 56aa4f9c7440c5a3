import type { InferGetServerSidePropsType } from 'next';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { seasonOf } from '@/lib/api-core';
import { PageTitle, publicPage } from '@/lib/public-page';

export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export const getServerSideProps = publicPage(async (api) => ({ current: await seasonOf(api) }));

const longDate = (iso: string) => new Date(iso).toLocaleDateString('nl-NL', { dateStyle: 'long', timeZone: 'UTC' });

export default function HomePage({ current }: InferGetServerSidePropsType<typeof getServerSideProps>) {
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
