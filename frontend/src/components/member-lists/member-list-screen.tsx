import type { ReactNode } from 'react';
import { ResourceForm } from '@/components/resource-form';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/layout';
import type { Schemas } from '@/lib/api-server';
import { formatDate, formatMoment } from '@/lib/format';
import { DeadlineBadge } from './badges';
import { EntryTable } from './entry-table';
import { EARLIER_REGISTRATION_FIELDS, NAME_FIELDS } from './fields';
import { TransferRequestForm } from './transfer-request-form';
import { TransferTable } from './transfer-table';
import { UploadHistory } from './upload-history';
import { UploadPanel } from './upload-panel';

/** One club's moederlijst for one season: the secretary's screen, and the administrator's with more rights. */
export function MemberListScreen({
  list,
  uploads,
  transfers,
  isAdmin,
}: {
  list: Schemas['MemberListDto'];
  /** The uploads that can still be put back (none for an archived season). */
  uploads?: Schemas['MemberListUploadsDto'];
  transfers: Schemas['TransferDto'][];
  isAdmin: boolean;
}) {
  const listUrl = `/api/seasons/${list.seasonId}/clubs/${list.clubId}/member-list`;
  return (
    <div className="space-y-6">
      <Card title={`Moederlijst ${list.seasonName}`}>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-stone-600">Status (Regel 1)</dt>
            <dd>
              <DeadlineBadge status={list.deadlineStatus} />
            </dd>
          </div>
          <div>
            <dt className="text-stone-600">Uiterlijk indienen</dt>
            <dd>{formatDate(list.deadline)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Eerst ingediend</dt>
            <dd>{formatMoment(list.firstSubmittedAt)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Laatst gewijzigd</dt>
            <dd>{formatMoment(list.lastChangedAt)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Leden op de lijst</dt>
            <dd className="font-semibold">{list.memberCount}</dd>
          </div>
        </dl>
        {list.memberCount > 0 && (
          <div className="mt-4 flex flex-wrap gap-2">
            <a className={buttonClass('secondary')} href={`${listUrl}/download?format=csv`} download>
              Download CSV (Excel)
            </a>
            <a className={buttonClass('secondary')} href={`${listUrl}/download?format=xlsx`} download>
              Download Excel-werkmap
            </a>
          </div>
        )}
      </Card>

      {list.seasonArchived ? (
        <p className="rounded-md bg-stone-100 p-3 text-sm text-stone-700 ring-1 ring-stone-200">Seizoen {list.seasonName} is gearchiveerd: deze moederlijst is nog in te zien, maar niet meer te wijzigen.</p>
      ) : (
        <Card title="Ledenbestand inlezen">
          <UploadPanel listUrl={listUrl} isAdmin={isAdmin} />
        </Card>
      )}

      {!list.seasonArchived && uploads && uploads.uploads.length > 0 && <UploadHistory uploads={uploads} listUrl={listUrl} />}

      <Card title="Leden">
        <EntryTable entries={list.entries} isAdmin={isAdmin} closed={list.seasonArchived} />
        {list.transferredAway.length > 0 && (
          <section aria-labelledby="transferred-away" className="mt-4 border-t border-stone-200 pt-3">
            <h3 id="transferred-away" className="mb-1 font-semibold">
              Overgeschreven
            </h3>
            <p className="mb-2 text-sm text-stone-600">Deze leden staan nu op de moederlijst van een andere vereniging. De wedstrijden die ze voor {list.clubName} speelden blijven staan.</p>
            <ul className="divide-y divide-stone-100 text-sm">
              {list.transferredAway.map((member, i) => (
                <li key={i} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                  <span className="font-medium">{member.name}</span>
                  <span className="text-stone-600">
                    naar {member.toClubName} per {formatDate(member.leftOn)}
                    {member.matchesPlayed > 0 && `, ${member.matchesPlayed} ${member.matchesPlayed === 1 ? 'wedstrijd' : 'wedstrijden'} gespeeld`}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </Card>

      {!list.seasonArchived && (
        <Card title="Lid toevoegen">
          <ResourceForm
            action={`${listUrl}/entries`}
            submitLabel="Lid toevoegen"
            successMessage="Lid toegevoegd aan de moederlijst."
            fields={[{ name: 'memberNumber', label: 'Lidnummer', required: true, hint: 'Het bondsnummer zoals de bond het schrijft: letters, cijfers en streepjes (bijv. TS-10021 of 100233)' }, ...NAME_FIELDS, ...(isAdmin ? EARLIER_REGISTRATION_FIELDS : [])]}
          />
        </Card>
      )}

      <Card title="Overschrijvingen (Regel 2)">
        <p className="mb-3 text-sm text-stone-600">
          Een lid van een andere vereniging overschrijven naar {list.clubName}. Overschrijvingen gaan in bij het volgende seizoen. Tijdens de overschrijvingsstop (kort voor de start
          van de competitie tot het einde van het seizoen) kan het alleen met een besluit van het bestuur.
          {!isAdmin && ' Staat het lid nog op de moederlijst van een andere vereniging, dan beslist het bestuur over het verzoek.'}
        </p>
        <TransferRequestForm toClubId={list.clubId} isAdmin={isAdmin} />
        <div className="mt-4">
          <TransferTable transfers={transfers} isAdmin={isAdmin} />
        </div>
      </Card>
    </div>
  );
}

/** Choosing the season (and any further filters given as children): a plain GET form, so the choice lives in the URL. */
export function SeasonPicker({ seasons, seasonId, children, submitLabel = 'Tonen' }: { seasons: Schemas['SeasonSummaryDto'][]; seasonId: string; children?: ReactNode; submitLabel?: string }) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-3">
      <label className="block text-sm font-medium text-stone-700">
        Seizoen
        <select name="seizoen" defaultValue={seasonId} className="mt-1 block rounded-md border border-stone-300 px-3 py-2">
          {seasons.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      {children}
      <button type="submit" className={buttonClass('secondary')}>
        {submitLabel}
      </button>
    </form>
  );
}
