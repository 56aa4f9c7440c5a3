import { notFound } from 'next/navigation';
import Link from 'next/link';
import { ConfirmAction } from '@/components/confirm-action';
import { ScheduleForm } from '@/components/matches/fixture-forms';
import { Field, ResourceForm } from '@/components/resource-form';
import { SEASON_STATUS_LABELS, SeasonStatusBadge } from '@/components/season-choice';
import { SeasonTakeOver } from '@/components/season-take-over';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { Notice } from '@/components/ui/notice';
import { type Schemas, serverApi } from '@/lib/api-server';
import { formatDate } from '@/lib/format';
import { nextTeamNames } from '@/lib/team-names';

type Settings = Schemas['SettingsDto'];

/**
 * The label of every season setting (RULES.md "(setting)"). Typed by the API's SettingsDto,
 * which follows the domain's one declaration (backend/src/domain/settings.ts): a setting
 * added there does not compile here until it has a label.
 */
const SETTING_LABELS: Record<keyof Settings, string> = {
  memberListDeadlineDays: 'Moederlijst: dagen vóór seizoensbegin (Regel 1)',
  transferFreezeDays: 'Overschrijvingsstop: dagen vóór competitiestart (Regel 2)',
  registrationLeadWorkingDays: 'Inschrijving: werkdagen vóór de wedstrijd (Regel 3B)',
  ineligiblePlayerDeduction: 'Aftrek bij niet-speelgerechtigde speler (Regel 4)',
  pairsPerTeam: 'Koppels per team / tafels',
  gamesPerSet: 'Partijen per set',
  minimumPairsToStart: 'Minimum koppels om te beginnen (Regel 5/7)',
  missingSetPoints: 'Punten per gemiste set (Regel 12A, X–0)',
  maxSubstitutions: 'Maximum wissels per team (Regel 13)',
  substitutionsFromSet: 'Wissels toegestaan vanaf set (Regel 13)',
  noScreenDeduction: 'Aftrek zonder tafelscherm (Regel 6)',
  pointsWin: 'Competitiepunten winst (Regel 40)',
  pointsDraw: 'Competitiepunten gelijkspel (Regel 40)',
  pointsLoss: 'Competitiepunten verlies (Regel 40)',
  cancelledMatchPoints: 'Afgelaste wedstrijd (Regel 8)',
  lineupMissingFineCents: 'Boete geen spelerslijst, 1e keer (euro, Regel 5D)',
  lineupMissingRepeatFineCents: 'Boete geen spelerslijst, 2e keer e.v. (euro, Regel 5E)',
  forfeitFineCents: 'Boete grove nalatigheid (euro, Regel 7/9A)',
  negligenceFineCents: 'Boete overige nalatigheid (euro, Regel 10)',
  incompleteFineCents: 'Boete onvolledig/te laat (euro, Regel 11)',
  incompleteEveryNth: 'Regel 11: elke zoveelste keer',
  fineDueDays: 'Betalingstermijn boetes in dagen (Regel 12B)',
  paymentAccountName: 'Betalingen: ten name van',
  paymentIban: 'Betalingen: IBAN',
  liveScores: 'Tussenstanden live tonen tijdens de speelavond',
  correctionWindowMinutes: 'Correctietijd in minuten: daarna is een wedstrijd aan tafel definitief',
  paperConfirmHours: 'Uren voor de bevestiging van een papieren formulier door de uitploeg',
  memberRemovalConfirmPercent: 'Moederlijst inlezen: meer dan dit percentage afvoeren vraagt een tweede bevestiging',
  memberListRestoreDays: 'Moederlijst: dagen waarin een upload terug te zetten is',
  memberReaddDays: 'Moederlijst: binnen zoveel dagen weer op de lijst houdt een lid zijn inschrijfdatum',
};

const CANCELLED_MATCH_POINTS: Record<Settings['cancelledMatchPoints'], string> = {
  FROM_AVERAGES: 'De gemiddelde score beslist: winst, gelijk of verlies met competitiepunten',
  NONE: 'Geen competitiepunten: telt alleen in punten voor en tegen',
};

/** One form field per setting, in the order above, with the season's value. */
function settingFields(settings: Settings): Field[] {
  return (Object.keys(SETTING_LABELS) as (keyof Settings)[]).map((name): Field => {
    const base = { name, label: SETTING_LABELS[name], defaultValue: settings[name], bodyPath: `settings.${name}` };
    if (name === 'cancelledMatchPoints') {
      return { ...base, type: 'select', required: true, options: Object.entries(CANCELLED_MATCH_POINTS).map(([value, label]) => ({ value, label })) };
    }
    if (name === 'liveScores') {
      return { ...base, type: 'boolean', hint: 'Uit: de openbare livepagina’s tonen scores pas als een wedstrijd is bevestigd (voor evenementen die lopende scores verbieden).' };
    }
    // Amounts are typed in euros ("15" or "15,00") and sent as cents.
    if (name.endsWith('Cents')) return { ...base, type: 'euro', hint: 'In euro, bijvoorbeeld 15 of 15,00.' };
    return typeof settings[name] === 'number' ? { ...base, type: 'number' } : base;
  });
}

/**
 * What archiving does, exactly as the API does it today (SeasonsService.archive sets archivedAt;
 * SeasonsService.currentId skips archived seasons; GET /api/seasons leaves them out unless asked;
 * the club calendar feed, ExportsService, takes only seasons not archived).
 */
function archiveQuestion(name: string): string {
  return (
    `Seizoen ${name} archiveren? Het seizoen krijgt de status "afgesloten" en is daarna nooit meer het huidige seizoen: ` +
    'de openbare site (Stand, Programma, verenigingspagina’s) en de standaardkeuze in het beheer gaan naar het lopende of volgende seizoen, ' +
    'en de wedstrijden verdwijnen uit de agenda-abonnementen van de verenigingen. ' +
    'Uitslagen, stand, programma, moederlijsten en boetes blijven bewaard en zijn via de seizoenskeuze te bekijken. ' +
    'Het seizoen zelf gaat op slot: geen gegevens of instellingen, poules, teams, programma, boetecatalogus, nieuwe boetes of wijzigingen in moederlijsten meer. ' +
    'Betalingen van boetes en correcties van wedstrijden blijven mogelijk. ' +
    'Archiveren kan niet ongedaan worden gemaakt.'
  );
}

/** The season's details, its divisions and teams, each division's schedule (made here) and the settings. */
export default async function SeasonPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ gearchiveerd?: string }> }) {
  const { id } = await params;
  const { gearchiveerd } = await searchParams;
  const api = await serverApi();
  const [{ data: season }, { data: divisions = [] }, { data: clubs = [] }, { data: seasons = [] }] = await Promise.all([
    api.GET('/api/seasons/{id}', { params: { path: { id } } }),
    api.GET('/api/seasons/{seasonId}/divisions', { params: { path: { seasonId: id } } }),
    api.GET('/api/clubs'),
    api.GET('/api/seasons', { params: { query: { includeArchived: true } } }),
  ]);
  if (!season) notFound();
  // The season to take divisions and teams over from: the one that began last before this one.
  // An archived season is read, not changed (the API refuses with SEASON_ARCHIVED): no forms.
  const open = !season.archivedAt;
  const previous = seasons.filter((s) => s.id !== season.id && s.startsOn < season.startsOn).sort((a, b) => (a.startsOn < b.startsOn ? 1 : -1))[0];
  const clubOptions = clubs.map((c) => ({ value: c.id, label: c.name }));
  // a new team is named after its club, numbered on from the club's teams this season ("Kaiman 2")
  const teamNames = nextTeamNames(clubs, divisions.flatMap((d) => d.teams.map((t) => t.name)));
  const schedules = await Promise.all(
    divisions.map((d) => api.GET('/api/divisions/{id}/matches', { params: { path: { id: d.id } } }).then((r) => r.data?.rounds ?? [])),
  );

  return (
    <>
      <PageHeader
        title={`Seizoen ${season.name}`}
        description={
          <>
            <SeasonStatusBadge status={season.status} /> {formatDate(season.startsOn)} t/m {formatDate(season.endsOn)}
            {season.archivedAt ? ', gearchiveerd' : ''}
          </>
        }
        actions={
          !season.archivedAt && (
            <ConfirmAction action={`/api/seasons/${id}/archive`} label="Archiveren" question={archiveQuestion(season.name)} done={`Seizoen ${season.name} gearchiveerd.`} redirectTo={`/beheer/seizoenen/${id}?gearchiveerd=1`} />
          )
        }
      />
      <div className="space-y-6">
        {gearchiveerd && season.archivedAt && (
          <Notice
            message={{
              tone: 'good',
              lines: [
                `Seizoen ${season.name} is gearchiveerd en staat nu op "${SEASON_STATUS_LABELS[season.status].toLowerCase()}".`,
                'De openbare site en het beheer tonen voortaan het lopende of volgende seizoen; dit seizoen blijft te kiezen in de seizoenskeuze.',
              ],
            }}
          />
        )}
        {!open && <p className="rounded-md bg-stone-100 p-3 text-sm text-stone-700 ring-1 ring-stone-200">Seizoen {season.name} is gearchiveerd: het is nog in te zien, maar niet meer te wijzigen.</p>}
        {open && (
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
        )}

        <Card title="Poules en teams">
          {previous && season.status !== 'CLOSED' && <SeasonTakeOver seasonId={id} seasonName={season.name} from={{ id: previous.id, name: previous.name }} hasDivisions={divisions.length > 0} />}
          {divisions.length === 0 && (open ? <EmptyState title="Nog geen poules.">Maak hieronder een poule aan en schrijf daarna teams in{previous && season.status !== 'CLOSED' ? `, of neem ze over van seizoen ${previous.name}` : ''}.</EmptyState> : <EmptyState title="Geen poules.">Dit seizoen had geen poules.</EmptyState>)}
          <div className="space-y-4">
            {divisions.map((division, i) => (
              <section key={division.id} aria-label={`Poule ${division.name}`} className="rounded-md border border-stone-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">{division.name}</h3>
                  {open && <ConfirmAction action={`/api/divisions/${division.id}/archive`} label="Poule archiveren" question={`Poule ${division.name} archiveren?`} done={`Poule ${division.name} gearchiveerd.`} />}
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
                        {open && <ConfirmAction action={`/api/teams/${team.id}/archive`} label="Team archiveren" question={`Team ${team.name} archiveren?`} done={`Team ${team.name} gearchiveerd.`} />}
                      </li>
                    ))}
                  </ul>
                )}
                {!open ? null : clubOptions.length ? (
                  <ResourceForm
                    action="/api/teams"
                    submitLabel="Team inschrijven"
                    successMessage="Team ingeschreven."
                    extraBody={{ divisionId: division.id }}
                    fields={[
                      { name: 'clubId', label: 'Vereniging', type: 'select', required: true, options: clubOptions },
                      { name: 'name', label: 'Teamnaam', required: true, suggestFrom: { field: 'clubId', values: teamNames } },
                    ]}
                  />
                ) : (
                  <p className="text-sm text-stone-600">Maak eerst een vereniging aan om teams in te schrijven.</p>
                )}
                <DivisionSchedule
                  seasonId={id}
                  division={division}
                  rounds={schedules[i]}
                  firstDate={season.competitionStartsOn}
                  open={open}
                />
              </section>
            ))}
          </div>
          {open && (
            <section aria-labelledby="new-division">
              <h3 id="new-division" className="mb-2 mt-6 font-semibold">
                Nieuwe poule
              </h3>
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
            </section>
          )}
        </Card>

        {open && (
          <Card title="Instellingen">
            <p className="mb-3 text-sm text-stone-600">Standaard gelden de waarden van het spelregelbeleid van de TSBN.</p>
            <ResourceForm action={`/api/seasons/${id}`} method="PATCH" submitLabel="Instellingen opslaan" fields={settingFields(season.settings)} />
          </Card>
        )}
      </div>
    </>
  );
}

type Round = Schemas['MatchRoundDto'];

/**
 * A division's schedule on the season page: made here (the same form as under Wedstrijden)
 * while it has none; afterwards how many matches on which dates, and where to move them.
 */
function DivisionSchedule({ seasonId, division, rounds, firstDate, open }: { seasonId: string; division: Schemas['DivisionDto']; rounds: Round[]; firstDate: string; open: boolean }) {
  const matches = rounds.reduce((sum, r) => sum + r.matches.length, 0);
  const dates = rounds.flatMap((r) => r.matches.map((m) => m.date)).sort();
  const link = `/beheer/wedstrijden?seizoen=${seasonId}&poule=${division.id}`;
  return (
    <section aria-label={`Speelschema ${division.name}`} className="mt-4 border-t border-stone-200 pt-3">
      <h4 className="mb-2 font-semibold">Programma</h4>
      {rounds.length > 0 ? (
        <p className="text-sm">
          {matches} wedstrijden in {rounds.length} ronden, van {formatDate(dates[0])} tot en met {formatDate(dates[dates.length - 1])}.{' '}
          <Link className="font-medium text-brand-700 underline" href={link}>
            Programma van {division.name} bekijken en wedstrijden verplaatsen
          </Link>
        </p>
      ) : !open ? (
        <p className="text-sm text-stone-600">Geen programma.</p>
      ) : division.teams.length < 2 ? (
        <p className="text-sm text-stone-600">Schrijf eerst minstens twee teams in; daarna maakt u hier het programma.</p>
      ) : (
        <ScheduleForm divisionId={division.id} divisionName={division.name} teamCount={division.teams.length} replace={false} firstDate={firstDate} />
      )}
    </section>
  );
}
