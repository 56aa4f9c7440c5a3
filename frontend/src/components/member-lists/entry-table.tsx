'use client';
// The members on a moederlijst, with per-row edit and removal, and (administrators) sanctions.
import { Fragment, useState } from 'react';
import { ConfirmAction } from '@/components/confirm-action';
import { ResourceForm } from '@/components/resource-form';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/layout';
import { Table, Td, Th } from '@/components/ui/table';
import type { Schemas } from '@/lib/api-server';
import { formatDate } from '@/lib/format';
import { EntryBadges, listName } from './badges';
import { EARLIER_REGISTRATION_FIELDS, NAME_FIELDS } from './fields';

type Entry = Schemas['MemberListEntryDto'];
type Panel = { id: string; what: 'edit' | 'sanction' } | null;

const matches = (query: string) => (entry: Entry) =>
  query === '' || `${entry.memberNumber} ${entry.givenNames} ${entry.namePrefix ?? ''} ${entry.familyName}`.toLowerCase().includes(query.toLowerCase());

/** `closed`: the season is archived, so entries are read, not changed (a sanction is the member's, not the season's). */
export function EntryTable({ entries, isAdmin, closed = false }: { entries: Entry[]; isAdmin: boolean; closed?: boolean }) {
  const [query, setQuery] = useState('');
  const [panel, setPanel] = useState<Panel>(null);
  const shown = entries.filter(matches(query.trim()));
  const active = shown.filter((entry) => !entry.removedAt);
  const removed = shown.filter((entry) => entry.removedAt);
  const toggle = (id: string, what: 'edit' | 'sanction') => setPanel(panel?.id === id && panel.what === what ? null : { id, what });

  if (entries.length === 0) {
    if (closed) return <EmptyState title="Er stonden geen leden op deze moederlijst.">Het seizoen is gearchiveerd.</EmptyState>;
    return <EmptyState title="Er staan nog geen leden op deze moederlijst.">Lees hierboven uw ledenbestand in, of voeg hieronder leden één voor één toe.</EmptyState>;
  }
  const rows = (list: Entry[]) =>
    list.map((entry) => (
      <Fragment key={entry.id}>
        <tr>
          <Td label="Lidnummer" className="whitespace-nowrap">{entry.memberNumber}</Td>
          <Td label="Naam">
            <span className="font-medium">{listName(entry)}</span>
            {entry.sanctions.map((s) => (
              <span key={s.id} className="block text-xs text-stone-600">
                {s.description}: {s.reason}
              </span>
            ))}
          </Td>
          <Td label="Geboortedatum" className="whitespace-nowrap">{formatDate(entry.birthDate)}</Td>
          <Td label="Ingeschreven" className="whitespace-nowrap">
            {formatDate(entry.registeredOn)}
            {entry.registeredOnReason && <span className="block max-w-48 text-xs text-stone-600">{entry.registeredOnReason}</span>}
          </Td>
          <Td label="Status">
            <EntryBadges entry={entry} />
          </Td>
          <Td>
            <div className="flex flex-wrap gap-1">
              {!closed && (
                <Button variant="ghost" onClick={() => toggle(entry.id, 'edit')} aria-expanded={panel?.id === entry.id && panel.what === 'edit'}>
                  Wijzigen
                </Button>
              )}
              {isAdmin && (
                <Button variant="ghost" onClick={() => toggle(entry.id, 'sanction')} aria-expanded={panel?.id === entry.id && panel.what === 'sanction'}>
                  Schorsen of royeren
                </Button>
              )}
              {!entry.removedAt && !closed && (
                <ConfirmAction
                  action={`/api/member-list-entries/${entry.id}/remove`}
                  label="Afvoeren"
                  done={`${listName(entry)} is van de moederlijst afgevoerd.`}
                  question={`${listName(entry)} van de moederlijst afvoeren?${entry.matchesPlayed > 0 ? ' De gespeelde wedstrijden blijven bewaard.' : ''}`}
                />
              )}
            </div>
          </Td>
        </tr>
        {panel?.id === entry.id && (
          <tr>
            <td colSpan={6} className="bg-stone-50 p-3">
              {panel.what === 'edit' ? <EditEntry entry={entry} isAdmin={isAdmin} /> : <Sanctions entry={entry} />}
            </td>
          </tr>
        )}
      </Fragment>
    ));
  const head = (
    <thead>
      <tr>
        <Th>Lidnummer</Th>
        <Th>Naam</Th>
        <Th>Geboortedatum</Th>
        <Th>Ingeschreven</Th>
        <Th>Status</Th>
        <Th>
          <span className="sr-only">Acties</span>
        </Th>
      </tr>
    </thead>
  );

  return (
    <div className="space-y-3">
      <label className="block max-w-sm text-sm font-medium text-stone-700">
        Zoeken op naam of lidnummer
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2" />
      </label>
      <Table caption="Leden op de moederlijst" stack>
        {head}
        <tbody className="divide-y divide-stone-100">{rows(active)}</tbody>
      </Table>
      {active.length === 0 && <p className="text-sm text-stone-600">Geen leden gevonden.</p>}
      {removed.length > 0 && (
        <details className="rounded-md ring-1 ring-stone-200">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium">Afgevoerde leden ({removed.length}); hun gespeelde wedstrijden blijven bewaard</summary>
          <Table caption="Afgevoerde leden" stack>
            {head}
            <tbody className="divide-y divide-stone-100">{rows(removed)}</tbody>
          </Table>
        </details>
      )}
    </div>
  );
}

function EditEntry({ entry, isAdmin }: { entry: Entry; isAdmin: boolean }) {
  const values: Record<string, string | null> = { familyName: entry.familyName, namePrefix: entry.namePrefix, givenNames: entry.givenNames, birthDate: entry.birthDate };
  return (
    <ResourceForm
      action={`/api/member-list-entries/${entry.id}`}
      method="PATCH"
      submitLabel="Wijziging opslaan"
      successMessage="Gegevens van {givenNames} {namePrefix} {familyName} ({memberNumber}) opgeslagen."
      fields={[...NAME_FIELDS.map((field) => ({ ...field, defaultValue: values[field.name] })), ...(isAdmin ? EARLIER_REGISTRATION_FIELDS : [])]}
    />
  );
}

function Sanctions({ entry }: { entry: Entry }) {
  return (
    <div className="space-y-4">
      {entry.sanctions.map((sanction) => (
        <div key={sanction.id} className="rounded-md bg-white p-3 ring-1 ring-stone-200">
          <p className="text-sm">
            <strong>{sanction.description}</strong> — {sanction.reason}
          </p>
          <ResourceForm
            action={`/api/member-sanctions/${sanction.id}/revoke`}
            submitLabel="Intrekken"
            successMessage="Ingetrokken."
            fields={[{ name: 'reason', label: 'Waarom intrekken?', required: true }]}
          />
        </div>
      ))}
      <ResourceForm
        action={`/api/members/${entry.memberId}/sanctions`}
        submitLabel="Vastleggen"
        successMessage="Vastgelegd."
        fields={[
          { name: 'kind', label: 'Soort', type: 'select', required: true, options: [{ value: 'SUSPENSION', label: 'Schorsing (van–tot)' }, { value: 'EXPULSION', label: 'Royement (vanaf)' }] },
          { name: 'startsOn', label: 'Vanaf', type: 'date', required: true },
          { name: 'endsOn', label: 'Tot en met', type: 'date', hint: 'Leeg bij een royement' },
          { name: 'reason', label: 'Reden', required: true },
        ]}
      />
    </div>
  );
}
