'use client';
// Upload of a whole moederlijst: preview first (nothing stored), then confirm the same file.
// A file that takes off more than a quarter of the list (the setting) asks once more, naming
// the number, and the confirmation carries that number (RULES.md, 2026-12-06).
// XMLHttpRequest rather than fetch, so a large file shows how far its upload is.
import { useRouter } from 'next/navigation';
import { ChangeEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSubmit } from '@/components/ui/use-submit';
import { Table, Td, Th } from '@/components/ui/table';
import { errorOf } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-server';
import { formatDate } from '@/lib/format';
import { listName } from './badges';
import { FilePicker } from '@/components/ui/file-picker';

type Preview = Schemas['MemberListPreviewDto'];
type Result = Schemas['MemberListImportResultDto'];
type State =
  | { kind: 'idle' }
  | { kind: 'busy'; what: string; percent: number | null }
  | { kind: 'preview'; preview: Preview; asking: boolean }
  | { kind: 'done'; result: Result }
  | { kind: 'failed'; message: string; details: string[] };

const SHOWN_ROWS = 100;
const FIELD_NAMES: Record<string, string> = { familyName: 'achternaam', namePrefix: 'tussenvoegsel', givenNames: 'voornamen', birthDate: 'geboortedatum' };

function send(url: string, form: FormData, onProgress: (percent: number | null) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (event) => onProgress(event.lengthComputable ? Math.round((event.loaded / event.total) * 100) : null);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: errorOf() gives the network message
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.send(form);
  });
}

export function UploadPanel({ listUrl, isAdmin }: { listUrl: string; isAdmin: boolean }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [registeredOn, setRegisteredOn] = useState('');
  const [reason, setReason] = useState('');
  // A check or a save goes once while on its way (a double tap stores once); what happened is
  // shown by `state` (progress, the preview, the errors or the saved counts).
  const { submit } = useSubmit();

  async function post(step: 'preview' | 'confirm', chosen: File, fields: Record<string, string> = {}) {
    const form = new FormData();
    form.append('file', chosen);
    for (const [key, value] of Object.entries(fields)) if (value) form.append(key, value);
    const label = step === 'preview' ? 'Bestand versturen' : 'Opslaan';
    setState({ kind: 'busy', what: label, percent: 0 });
    const res = await send(`${listUrl}/${step}`, form, (percent) =>
      setState({ kind: 'busy', what: percent === 100 ? (step === 'preview' ? 'Lijst controleren' : 'Lijst opslaan') : label, percent }),
    );
    if (res.status === 200) return res.body;
    const error = errorOf(res.body);
    setState({ kind: 'failed', message: error.message, details: (error.details ?? []).map((d) => d.message) });
    return null;
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    setFile(chosen);
    await submit(async () => {
      const preview = (await post('preview', chosen)) as Preview | null;
      if (!preview) return { tone: 'bad', lines: ['Niet gecontroleerd.'] };
      setState({ kind: 'preview', preview, asking: false });
      return { tone: 'good', lines: ['Gecontroleerd.'] };
    });
  }

  async function confirm(preview: Preview, removalConfirmed = false) {
    if (!file) return;
    // The second confirmation first: on a phone, the place of the first button holds "Nee", so a double tap stores nothing.
    if (preview.removalNeedsConfirmation && !removalConfirmed) {
      setState({ kind: 'preview', preview, asking: true });
      return;
    }
    const answer = await submit(async () => {
      const fields = { previewId: preview.previewId, registeredOn, registeredOnReason: reason, ...(removalConfirmed ? { confirmRemoved: String(preview.removed.length) } : {}) };
      const result = (await post('confirm', file, fields)) as Result | null;
      if (!result) return { tone: 'bad', lines: ['Niet opgeslagen.'] };
      setState({ kind: 'done', result });
      return { tone: 'good', lines: ['Opgeslagen.'] };
    });
    if (answer?.tone !== 'good') return;
    setFile(null);
    if (input.current) input.current.value = '';
    router.refresh();
  }

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="member-list-file" className="block text-sm font-medium text-stone-700">
          Bestand met de moederlijst (CSV of Excel-werkmap .xlsx, hoogstens 5 MB)
        </label>
        <FilePicker
          ref={input}
          id="member-list-file"
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={choose}
          disabled={state.kind === 'busy'}
          fileName={file?.name ?? null}
        />
        <p className="mt-1 text-xs text-stone-500">
          Kolommen: Lidnummer, Achternaam, Tussenvoegsel, Voornamen, Geboortedatum (in elke volgorde; Nederlands of Engels). U ziet eerst een
          voorbeeld; er wordt pas iets opgeslagen als u bevestigt.
        </p>
      </div>

      {state.kind === 'busy' && (
        <div role="status" aria-live="polite" className="space-y-1">
          <p className="text-sm text-stone-700">
            {state.what}…{state.percent !== null && state.percent < 100 ? ` ${state.percent}%` : ''}
          </p>
          <progress className="h-2 w-full" max={100} value={state.percent !== null && state.percent < 100 ? state.percent : undefined} aria-label={state.what} />
        </div>
      )}

      {state.kind === 'failed' && (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          <p className="font-medium">{state.message}</p>
          {state.details.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {state.details.slice(0, SHOWN_ROWS).map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
          <p className="mt-1">Er is niets opgeslagen. Kies het (verbeterde) bestand opnieuw.</p>
        </div>
      )}

      {state.kind === 'done' && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200">
          {state.result.listChanged
            ? `Moederlijst opgeslagen: ${state.result.added} nieuw, ${state.result.changed} gewijzigd, ${state.result.removed} afgevoerd, ${state.result.unchanged} ongewijzigd.`
            : 'Het bestand was gelijk aan de moederlijst; er is niets veranderd.'}
          {state.result.restorableUntil && ` Was dit een vergissing? Tot en met ${formatDate(state.result.restorableUntil)} zet u de lijst terug onder 'Eerdere uploads'.`}
        </p>
      )}

      {state.kind === 'preview' && (
        <PreviewView preview={state.preview}>
          {isAdmin && state.preview.ok && state.preview.added.length > 0 && (
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="block text-sm font-medium text-stone-700">
                Eerdere inschrijfdatum voor de nieuwe leden (alleen bij het invoeren van geschiedenis)
                <input type="date" value={registeredOn} onChange={(e) => setRegisteredOn(e.target.value)} className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2" />
              </label>
              <label className="block text-sm font-medium text-stone-700">
                Reden (verplicht bij een eerdere datum)
                <input value={reason} onChange={(e) => setReason(e.target.value)} className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2" />
              </label>
            </div>
          )}
          {state.asking ? (
            <RemovalQuestion preview={state.preview} onYes={() => confirm(state.preview, true)} onNo={() => setState({ kind: 'preview', preview: state.preview, asking: false })} />
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => confirm(state.preview)} disabled={!state.preview.ok}>
                Bevestigen en opslaan
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setState({ kind: 'idle' });
                  input.current?.click();
                }}
              >
                Ander bestand kiezen
              </Button>
            </div>
          )}
        </PreviewView>
      )}
    </div>
  );
}

/**
 * The second confirmation of a file that takes off more than the setting's share of the list:
 * it names the number, in the question and on the button that stores.
 */
function RemovalQuestion({ preview, onYes, onNo }: { preview: Preview; onYes: () => void; onNo: () => void }) {
  const removed = preview.removed.length;
  const who = removed === 1 ? '1 lid' : `${removed} leden`;
  return (
    <div role="alertdialog" aria-label={`Nog een keer bevestigen: ${who} afvoeren`} className="space-y-3 rounded-md bg-red-50 p-3 text-sm text-red-950 ring-1 ring-red-200">
      <p className="font-semibold">
        Weet u het zeker? Dit bestand voert {who} van de {preview.listSize} af{removed === preview.listSize ? ': de hele moederlijst' : ''}.
      </p>
      <p>
        Het bestand moet de hele lijst bevatten: wie er niet in staat, wordt van de moederlijst afgevoerd en mag niet meer spelen. Wilt u alleen nieuwe leden toevoegen, kies dan
        &lsquo;Nee&rsquo; en lees de hele lijst in (download hierboven de huidige lijst en zet de nieuwe leden erbij), of voeg ze hieronder één voor één toe.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onNo} autoFocus>
          Nee, terug naar het voorbeeld
        </Button>
        <Button variant="danger" onClick={onYes}>
          Ja, {who} afvoeren
        </Button>
      </div>
    </div>
  );
}

/** The errors of one row under one "Rij 15" heading, in row order; each message without its "Rij 15: " (the heading says it). */
export function errorsByRow(errors: readonly { row: number; message: string }[]): { row: number; messages: string[] }[] {
  const rows = new Map<number, string[]>();
  for (const { row, message } of errors) rows.set(row, [...(rows.get(row) ?? []), message.replace(new RegExp(`^Rij ${row}: `), '')]);
  return [...rows].sort(([a], [b]) => a - b).map(([row, messages]) => ({ row, messages: messages.map((m) => m.charAt(0).toUpperCase() + m.slice(1)) }));
}

function PreviewView({ preview, children }: { preview: Preview; children: React.ReactNode }) {
  const nothing = preview.added.length + preview.changed.length + preview.removed.length === 0;
  return (
    <section aria-label="Voorbeeld" className="space-y-4 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
      <h3 className="font-semibold text-brand-900">Voorbeeld van {preview.fileName}</h3>
      <p className="text-sm">
        {preview.rowCount} {preview.rowCount === 1 ? 'rij' : 'rijen'} gelezen: <strong>{preview.added.length} nieuw</strong>,{' '}
        <strong>{preview.changed.length} gewijzigd</strong>, <strong>{preview.removed.length} afgevoerd</strong>, {preview.unchanged} ongewijzigd
        {preview.errors.length > 0 && (
          <>
            , <strong className="text-red-700">{preview.errors.length === 1 ? '1 fout' : `${preview.errors.length} fouten`}</strong>
          </>
        )}
        .
      </p>
      {preview.errors.length > 0 && (
        <div role="alert" className="space-y-2">
          <p className="text-sm font-medium text-red-800">
            Verbeter {preview.errors.length === 1 ? 'deze fout' : 'deze fouten'} in uw rekenblad en lees het bestand opnieuw in. Er is niets opgeslagen.
          </p>
          <ol aria-label="Fouten per rij" className="space-y-2">
            {errorsByRow(preview.errors)
              .slice(0, SHOWN_ROWS)
              .map(({ row, messages }) => (
                <li key={row} aria-label={`Rij ${row}`} className="rounded-lg bg-red-50 p-2 text-sm text-red-950 ring-1 ring-red-200">
                  <h4 className="font-semibold">Rij {row}</h4>
                  <ul className="list-disc pl-5">
                    {messages.map((message, i) => (
                      <li key={i}>{message}</li>
                    ))}
                  </ul>
                </li>
              ))}
          </ol>
          <More total={errorsByRow(preview.errors).length} />
        </div>
      )}
      {preview.warnings.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-amber-900">
          {preview.warnings.map((warning) => (
            <li key={warning.message}>{warning.message}</li>
          ))}
        </ul>
      )}
      {preview.removed.length > 0 && (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200">
          Let op: {preview.removed.length === 1 ? '1 lid staat' : `${preview.removed.length} leden staan`} niet in het bestand en{' '}
          {preview.removed.length === 1 ? 'wordt' : 'worden'} van de moederlijst afgevoerd. Het bestand moet de hele lijst bevatten.
          {preview.removalNeedsConfirmation && ` Dat is meer dan ${preview.removalConfirmPercent}% van de ${preview.listSize} leden: bij het opslaan vragen we het nog een keer.`}
        </p>
      )}
      {nothing && preview.ok && <p className="text-sm text-stone-700">Het bestand is gelijk aan de moederlijst; er verandert niets.</p>}
      {preview.added.length > 0 && (
        <Changes title="Nieuw op de lijst" total={preview.added.length}>
          {preview.added.slice(0, SHOWN_ROWS).map((m) => (
            <tr key={m.memberNumber}>
              <Td label="Rij">{m.row}</Td>
              <Td label="Lidnummer">{m.memberNumber}</Td>
              <Td label="Naam">
                {listName(m)}
                {m.knownUnderOtherName && (
                  <span className="block text-xs text-amber-800">{m.knownAs ? `Bij de bond bekend als ${m.knownAs}` : 'Bij de bond bekend onder een andere naam'}</span>
                )}
                {m.keepsRegistrationOn && <span className="block text-xs text-stone-600">Komt terug op de lijst; blijft ingeschreven per {formatDate(m.keepsRegistrationOn)}.</span>}
              </Td>
              <Td label="Geboortedatum">{formatDate(m.birthDate)}</Td>
            </tr>
          ))}
        </Changes>
      )}
      {preview.changed.length > 0 && (
        <Changes title="Gewijzigd" total={preview.changed.length}>
          {preview.changed.slice(0, SHOWN_ROWS).map((c) => (
            <tr key={c.memberNumber}>
              <Td label="Rij">{c.row}</Td>
              <Td label="Lidnummer">{c.memberNumber}</Td>
              <Td label="Naam">
                {listName(c.after)}
                <span className="block text-xs text-stone-600">
                  was: {listName(c.before)} ({c.fields.map((f) => FIELD_NAMES[f] ?? f).join(', ')})
                </span>
              </Td>
              <Td label="Geboortedatum">{formatDate(c.after.birthDate)}</Td>
            </tr>
          ))}
        </Changes>
      )}
      {preview.removed.length > 0 && (
        <Changes title="Afgevoerd (staan niet meer in het bestand)" total={preview.removed.length}>
          {preview.removed.slice(0, SHOWN_ROWS).map((m) => (
            <tr key={m.memberNumber}>
              <Td label="Rij">—</Td>
              <Td label="Lidnummer">{m.memberNumber}</Td>
              <Td label="Naam">
                {listName(m)}
                {m.matchesPlayed > 0 && (
                  <span className="block text-xs text-stone-600">Speelde dit seizoen {m.matchesPlayed} {m.matchesPlayed === 1 ? 'wedstrijd' : 'wedstrijden'}; die blijven bewaard.</span>
                )}
              </Td>
              <Td label="Geboortedatum">{formatDate(m.birthDate)}</Td>
            </tr>
          ))}
        </Changes>
      )}
      {children}
    </section>
  );
}

function Changes({ title, total, children }: { title: string; total: number; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <h4 className="text-sm font-semibold">
        {title} ({total})
      </h4>
      <Table caption={title} stack>
        <thead>
          <tr>
            <Th>Rij</Th>
            <Th>Lidnummer</Th>
            <Th>Naam</Th>
            <Th>Geboortedatum</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </Table>
      <More total={total} />
    </div>
  );
}

function More({ total }: { total: number }) {
  return total > SHOWN_ROWS ? <p className="text-xs text-stone-600">… en nog {total - SHOWN_ROWS} meer.</p> : null;
}
