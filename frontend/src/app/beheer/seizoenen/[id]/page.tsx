import { notFound } from 'next/navigation';
import { ConfirmAction } from '@/components/confirm-action';
import { Field, ResourceForm } from '@/components/resource-form';
import { Badge } from '@/components/ui/badge';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { serverApi } from '@/lib/api-server';

const SETTINGS: [string, string][] = [
  ['memberListDeadlineDays', 'Moederlijst: dagen vóór seizoensbegin (Regel 1)'],
  ['transferFreezeDays', 'Overschrijvingsstop: dagen vóór competitiestart (Regel 2)'],
  ['registrationLeadWorkingDays', 'Inschrijving: werkdagen vóór de wedstrijd (Regel 3B)'],
  ['ineligiblePlayerDeduction', 'Aftrek bij niet-speelgerechtigde speler (Regel 4)'],
  ['pairsPerTeam', 'Koppels per team / tafels'],
  ['gamesPerSet', 'Partijen per set'],
  ['minimumPairsToStart', 'Minimum koppels om te beginnen (Regel 5/7)'],
  ['missingSetPoints', 'Punten per gemiste set (Regel 12A, X–0)'],
  ['maxSubstitutions', 'Maximum wissels per team (Regel 13)'],
  ['substitutionsFromSet', 'Wissels toegestaan vanaf set (Regel 13)'],
  ['noScreenDeduction', 'Aftrek zonder tafelscherm (Regel 6)'],
  ['pointsWin', 'Competitiepunten winst'],
  ['pointsDraw', 'Competitiepunten gelijkspel'],
  ['pointsLoss', 'Competitiepunten verlies'],
  ['lineupMissingFineCents', 'Boete geen spelerslijst, 1e keer (cent, Regel 5D)'],
  ['lineupMissingRepeatFineCents', 'Boete geen spelerslijst, 2e keer e.v. (cent, Regel 5E)'],
  ['forfeitFineCents', 'Boete grove nalatigheid (cent, Regel 7/9A)'],
  ['negligenceFineCents', 'Boete overige nalatigheid (cent, Regel 10)'],
  ['incompleteFineCents', 'Boete onvolledig/te laat (cent, Regel 11)'],
  ['incompleteEveryNth', 'Regel 11: elke zoveelste keer'],
  ['fineDueDays', 'Betalingstermijn boetes in dagen (Regel 12B)'],
];

export default async function SeasonPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const api = await serverApi();
  const [{ data: season }, { data: divisions = [] }, { data: clubs = [] }] = await Promise.all([
    api.GET('/api/seasons/{id}', { params: { path: { id } } }),
    api.GET('/api/seasons/{seasonId}/divisions', { params: { path: { seasonId: id } } }),
    api.GET('/api/clubs'),
  ]);
  if (!season) notFound();
  const settings = season.settings as unknown as Record<string, number | string>;
  const settingFields: Field[] = [
    ...SETTINGS.map(([name, label]): Field => ({ name, label, type: 'number', defaultValue: settings[name], bodyPath: `settings.${name}` })),
    { name: 'paymentAccountName', label: 'Betalingen: ten name van', defaultValue: season.settings.paymentAccountName, bodyPath: 'settings.paymentAccountName' },
    { name: 'paymentIban', label: 'Betalingen: IBAN', defaultValue: season.settings.paymentIban, bodyPath: 'settings.paymentIban' },
  ];
  const clubOptions = clubs.map((c) => ({ value: c.id, label: c.name }));

  return (
    <>
      <PageHeader
        title={`Seizoen ${season.name}`}
        description={season.archivedAt ? <Badge>Gearchiveerd</Badge> : undefined}
        actions={!season.archivedAt && <ConfirmAction action={`/api/seasons/${id}/archive`} label="Archiveren" question="Dit seizoen archiveren?" />}
      />
      <div className="space-y-6">
        <Card title="Gegevens">
          <ResourceForm
            action={`/api/seasons/${id}`}
            method="PATCH"
            submitLabel="Opslaan"
            fields={[
              { name: 'name', label: 'Naam', required: true, defaultValue: season.name },
              { name: 'startsOn', label: 'Begin seizoen', type: 'date', required: true, defaultValue: season.startsOn },
              { name: 'competitionStartsOn', label: 'Eerste speeldag', type: 'date', required: true, defaultValue: season.competitionStartsOn },
              { name: 'endsOn', label: 'Einde seizoen', type: 'date', required: true, defaultValue: season.endsOn },
            ]}
          />
        </Card>

        <Card title="Poules en teams">
          {divisions.length === 0 && <EmptyState title="Nog geen poules.">Maak hieronder een poule aan en schrijf daarna teams in.</EmptyState>}
          <div className="space-y-4">
            {divisions.map((division) => (
              <div key={division.id} className="rounded-md border border-stone-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">{division.name}</h3>
                  <ConfirmAction action={`/api/divisions/${division.id}/archive`} label="Poule archiveren" question={`Poule ${division.name} archiveren?`} />
                </div>
                {division.teams.length === 0 ? (
                  <p className="my-2 text-sm text-stone-600">Nog geen teams in deze poule.</p>
                ) : (
                  <ul className="my-2 divide-y divide-stone-100">
                    {division.teams.map((team) => (
                      <li key={team.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                        <span>
                          <span className="font-medium">{team.name}</span> <span className="text-sm text-stone-600">({team.clubName})</span>
                        </span>
                        <ConfirmAction action={`/api/teams/${team.id}/archive`} label="Team archiveren" question={`Team ${team.name} archiveren?`} />
                      </li>
                    ))}
                  </ul>
                )}
                {clubOptions.length ? (
                  <ResourceForm
                    action="/api/teams"
                    submitLabel="Team inschrijven"
                    successMessage="Team ingeschreven."
                    extraBody={{ divisionId: division.id }}
                    fields={[
                      { name: 'clubId', label: 'Vereniging', type: 'select', required: true, options: clubOptions },
                      { name: 'name', label: 'Teamnaam', required: true },
                    ]}
                  />
                ) : (
                  <p className="text-sm text-stone-600">Maak eerst een vereniging aan om teams in te schrijven.</p>
                )}
              </div>
            ))}
          </div>
          <h3 className="mb-2 mt-6 font-semibold">Nieuwe poule</h3>
          <ResourceForm
            action="/api/divisions"
            submitLabel="Poule aanmaken"
            successMessage="Poule aangemaakt."
            extraBody={{ seasonId: id }}
            fields={[
              { name: 'name', label: 'Naam', required: true, hint: 'Bijvoorbeeld Hoofdklasse' },
              { name: 'level', label: 'Niveau (1 = hoogste)', type: 'number', defaultValue: divisions.length + 1 },
            ]}
          />
        </Card>

        <Card title="Instellingen">
          <p className="mb-3 text-sm text-stone-600">Standaard gelden de waarden van het spelregelbeleid van de TSBN.</p>
          <ResourceForm action={`/api/seasons/${id}`} method="PATCH" submitLabel="Instellingen opslaan" fields={settingFields} />
        </Card>
      </div>
    </>
  );
}
