import type { GetServerSidePropsContext, InferGetServerSidePropsType } from 'next';
import Link from 'next/link';
import { MatchList } from '@/components/standings/match-list';
import { PositionChart } from '@/components/standings/position-chart';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import type { Schemas } from '@/lib/api-core';
import { PageTitle, publicPage, queryParam } from '@/lib/public-page';

export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

/** How many results and upcoming matches a team card shows; the programme page has them all. */
const SHOWN = 5;

type TeamProgramme = Schemas['ClubProgrammeDto']['teams'][number];
type Positions = Schemas['PositionsDto'];

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * This site's origin as the visitor reached it (behind a proxy: X-Forwarded-Host/-Proto),
 * for the calendar links a phone copies; null when the host is not a plain host name.
 */
function siteOrigin(req: GetServerSidePropsContext['req']): { host: string; protocol: 'http' | 'https' } | null {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0].trim();
  const host = first(req.headers['x-forwarded-host']) || first(req.headers.host);
  if (!host || !HOST.test(host)) return null;
  const forwarded = first(req.headers['x-forwarded-proto']);
  const encrypted = 'encrypted' in req.socket && Boolean(req.socket.encrypted);
  return { host, protocol: forwarded === 'https' || forwarded === 'http' ? forwarded : encrypted ? 'https' : 'http' };
}

type Origin = ReturnType<typeof siteOrigin>;

/** A calendar subscription (webcal://, which a phone opens in its calendar app) and the same feed as a link to copy. */
function CalendarLinks({ path, origin, label }: { path: string; origin: Origin; label: string }) {
  const web = origin ? `${origin.protocol}://${origin.host}${path}` : path;
  return (
    <div className="text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <a href={origin ? `webcal://${origin.host}${path}` : path} className="font-medium text-brand-700 hover:underline">
          Abonneren in uw agenda
        </a>
        <span className="text-stone-600">({label})</span>
      </p>
      <p className="text-stone-600">
        of kopieer deze link:{' '}
        <a href={web} className="break-all text-brand-700 hover:underline">
          {web}
        </a>
      </p>
    </div>
  );
}

const CALENDAR_NOTE = 'Uw agenda-app haalt de wedstrijden zelf op en werkt ze bij als een wedstrijd verplaatst wordt of de uitslag vaststaat.';

function TeamCard({ team, positions, origin }: { team: TeamProgramme; positions?: Positions; origin: Origin }) {
  const chart = positions?.teams.find((t) => t.teamId === team.teamId);
  return (
    <section id={`team-${team.teamId}`} aria-labelledby={`team-${team.teamId}-kop`} className="scroll-mt-4 rounded-lg bg-white p-4 ring-1 ring-stone-200">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`team-${team.teamId}-kop`} className="text-lg font-semibold text-brand-900">
          {team.teamName}
        </h2>
        <Link href={`/stand/${team.divisionId}`} className="text-sm text-brand-700 hover:underline">
          {team.position ? `${team.position}e${team.shared ? ' (gedeeld)' : ''} in de ${team.divisionName}` : team.divisionName}
        </Link>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="font-medium">Komende wedstrijden</h3>
          {team.upcoming.length === 0 ? (
            <p className="text-sm text-stone-600">Geen wedstrijden meer gepland.</p>
          ) : (
            <MatchList matches={team.upcoming.slice(0, SHOWN)} highlightTeamId={team.teamId} />
          )}
          <p className="mt-2 text-sm">
            <Link href={`/programma?poule=${team.divisionId}`} className="text-brand-700 hover:underline">
              Volledig programma
            </Link>
          </p>
          <div className="mt-2">
            <CalendarLinks path={`/api/teams/${team.teamId}/calendar.ics`} origin={origin} label={`wedstrijden van ${team.teamName}`} />
          </div>
        </div>
        <div>
          <h3 className="font-medium">Uitslagen</h3>
          {team.results.length === 0 ? (
            <p className="text-sm text-stone-600">Nog geen bevestigde uitslagen.</p>
          ) : (
            <MatchList matches={team.results.slice(0, SHOWN)} highlightTeamId={team.teamId} />
          )}
        </div>
      </div>
      {chart && positions && positions.rounds.length > 0 && (
        <figure className="mt-4">
          <figcaption className="text-sm font-medium">Plaats na elke ronde</figcaption>
          <PositionChart label={`Verloop ${team.teamName}`} rounds={positions.rounds} positions={chart.positions} teamCount={positions.teamCount} />
        </figure>
      )}
    </section>
  );
}

export const getServerSideProps = publicPage(async (api, { query, req }) => {
  const id = queryParam(query.id) ?? '';
  const [{ data: club }, { data: programme = null }] = await Promise.all([
    api.GET('/api/clubs/{id}', { params: { path: { id } } }),
    api.GET('/api/clubs/{clubId}/programme', { params: { path: { clubId: id } } }),
  ]);
  if (!club) return null;
  const divisionIds = [...new Set((programme?.teams ?? []).map((t) => t.divisionId))];
  const positions = await Promise.all(
    divisionIds.map(async (divisionId) => (await api.GET('/api/divisions/{divisionId}/standings/positions', { params: { path: { divisionId } } })).data ?? null),
  );
  return { club, programme, positions, origin: siteOrigin(req) };
});

export default function ClubPage({ club, programme, positions, origin }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const teams = programme?.teams ?? [];
  const positionsOf = (divisionId: string) => positions.find((p) => p?.divisionId === divisionId) ?? undefined;
  const earlier = club.teams.filter((t) => t.seasonId !== programme?.seasonId);
  return (
    <>
      <PageTitle title={club.name} />
      <PageHeader
        title={club.name}
        description={[club.city, club.venue].filter(Boolean).join(' · ')}
        actions={
          <Link href={`/verenigingen/${club.id}/spelers`} className="text-sm text-brand-700 hover:underline">
            Spelers en hun ratings
          </Link>
        }
      />
      {teams.length === 0 ? (
        <EmptyState title={programme?.seasonName ? `Geen teams in seizoen ${programme.seasonName}.` : 'Deze vereniging heeft geen teams ingeschreven.'} />
      ) : (
        <div className="space-y-6">
          <Card title="Agenda">
            <CalendarLinks path={`/api/clubs/${club.id}/calendar.ics`} origin={origin} label={`alle teams van ${club.name}`} />
            <p className="mt-2 text-sm text-stone-600">{CALENDAR_NOTE} Per team kan het ook, hieronder.</p>
          </Card>
          {teams.map((team) => (
            <TeamCard key={team.teamId} team={team} positions={positionsOf(team.divisionId)} origin={origin} />
          ))}
        </div>
      )}
      {earlier.length > 0 && (
        <Card title="Eerdere seizoenen" className="mt-6">
          <ul className="divide-y divide-stone-100">
            {earlier.map((team) => (
              <li key={team.id} className="py-2">
                <span className="font-medium">{team.name}</span> <span className="text-sm text-stone-600">— {team.divisionName}, seizoen {team.seasonName}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
