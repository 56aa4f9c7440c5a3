import type { Metadata } from 'next';
import { ResourceForm } from '@/components/resource-form';
import { FilterLinks } from '@/components/standings/filter-links';
import { RemovePlayoff } from '@/components/standings/remove-playoff';
import { SeasonImportForm } from '@/components/standings/season-import-form';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { serverApi, type Schemas } from '@/lib/api-server';
import { formatDate } from '@/lib/format';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Stand en seizoensbestanden' };

type Row = Schemas['StandingsRowDto'];

/** Groups of teams that share a position: each needs a play-off (Regel 41). */
function sharedGroups(rows: Row[]): Row[][] {
  const groups = new Map<number, Row[]>();
  for (const row of rows.filter((r) => r.shared)) groups.set(row.position, [...(groups.get(row.position) ?? []), row]);
  return [...groups.values()];
}

export default async function AdminStandingsPage({ searchParams }: { searchParams: Promise<{ seizoen?: string }> }) {
  const { seizoen } = await searchParams;
  const api = await serverApi();
  const [{ data: seasons = [] }, { data: running }] = await Promise.all([api.GET('/api/seasons', { params: { query: { includeArchived: true } } }), api.GET('/api/seasons/current')]);
  const current = seasons.find((s) => s.id === seizoen) ?? running;
  const { data: divisions = [] } = current ? await api.GET('/api/seasons/{seasonId}/divisions', { params: { path: { seasonId: current.id } } }) : { data: [] };
  const perDivision = await Promise.all(
    divisions.map(async (d) => {
      const path = { divisionId: d.id };
      const [{ data: standings }, { data: playoffs = [] }] = await Promise.all([
        api.GET('/api/divisions/{divisionId}/standings', { params: { path } }),
        api.GET('/api/divisions/{divisionId}/playoffs', { params: { path } }),
      ]);
      return { division: d, groups: sharedGroups(standings?.rows ?? []), playoffs };
    }),
  );
  return (
    <>
      <PageHeader title="Stand en seizoensbestanden" description="Beslissingswedstrijden vastleggen, seizoenen bewaren en eerdere seizoenen inlezen." />
      <div className="space-y-6">
        <Card title={current ? `Beslissingswedstrijden ${current.name}` : 'Beslissingswedstrijden'}>
          <FilterLinks items={seasons} current={current?.id} href={(id) => `/beheer/stand?seizoen=${id}`} label="Seizoenen" />
          {perDivision.every((d) => d.groups.length === 0 && d.playoffs.length === 0) && (
            <EmptyState title="Geen gedeelde plaatsen.">Staan teams gelijk op alles (punten, onderling resultaat en saldo), dan verschijnen ze hier en kunt u de uitslag van de beslissingswedstrijd vastleggen.</EmptyState>
          )}
          <div className="space-y-4">
            {perDivision
              .filter((d) => d.groups.length || d.playoffs.length)
              .map(({ division, groups, playoffs }) => (
                <div key={division.id} className="rounded-md border border-stone-200 p-3">
                  <h3 className="font-semibold">{division.name}</h3>
                  {groups.map((group) => {
                    const options = group.map((r) => ({ value: r.teamId, label: r.teamName }));
                    return (
                      <div key={group[0].position} className="mt-3">
                        <p className="mb-2 text-sm">
                          Plaats {group[0].position} gedeeld door {group.map((r) => r.teamName).join(', ')}.
                        </p>
                        <ResourceForm
                          action={`/api/divisions/${division.id}/playoffs`}
                          submitLabel="Uitslag vastleggen"
                          successMessage="Beslissingswedstrijd vastgelegd."
                          fields={[
                            { name: 'winnerTeamId', label: 'Winnaar', type: 'select', required: true, options },
                            { name: 'loserTeamId', label: 'Verliezer', type: 'select', required: true, options: [...options].reverse() },
                            { name: 'date', label: 'Datum', type: 'date', required: true },
                          ]}
                        />
                      </div>
                    );
                  })}
                  {playoffs.length > 0 && (
                    <ul className="mt-3 divide-y divide-stone-100 text-sm">
                      {playoffs.map((p) => (
                        <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                          <span>
                            {formatDate(p.date)}: {p.winnerTeamName} won van {p.loserTeamName}
                          </span>
                          <RemovePlayoff id={p.id} label={`Beslissingswedstrijd ${p.winnerTeamName} – ${p.loserTeamName}`} />
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ))}
          </div>
        </Card>

        <Card title="Seizoen exporteren">
          <p className="mb-2 text-sm text-stone-600">Eén JSON-bestand met poules, teams, uitslagen per set, aftrek en beslissingswedstrijden: een reservekopie die u weer kunt importeren.</p>
          {seasons.length === 0 ? (
            <p className="text-sm text-stone-600">Nog geen seizoenen.</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {seasons.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="font-medium">{s.name}</span>
                  <a href={`/api/seasons/${s.id}/export`} className="text-sm text-brand-700 hover:underline" download>
                    Download seizoensbestand
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title="Seizoen importeren">
          <p className="mb-3 text-sm text-stone-600">
            Maakt een nieuw seizoen uit een seizoensbestand (formaat: zie de README, &ldquo;Stand en seizoensbestanden&rdquo;). Het bestand wordt eerst helemaal gecontroleerd;
            bij fouten wordt niets opgeslagen en ziet u alle fouten met hun plaats in het bestand. Verenigingen worden op naam gekoppeld en aangemaakt als ze nog niet bestaan.
          </p>
          <SeasonImportForm />
        </Card>
      </div>
    </>
  );
}
