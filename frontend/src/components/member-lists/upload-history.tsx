// The uploads of a moederlijst that can still be put back (RULES.md "A list upload is the whole
// list, and a mistake is undone"): what each did, what putting it back would do now, and the
// button that asks once more before it does.
import { ConfirmAction } from '@/components/confirm-action';
import type { Schemas } from '@/lib/api-server';
import { formatDate, formatMoment } from '@/lib/format';

type Upload = Schemas['MemberListUploadDto'];

const members = (n: number) => (n === 1 ? '1 lid' : `${n} leden`);

/** "12 leden komen terug met hun oorspronkelijke inschrijfdatum; 3 leden worden afgevoerd." */
function effect(would: NonNullable<Upload['wouldRestore']>): string {
  const parts = [
    would.back > 0 && `${members(would.back)} ${would.back === 1 ? 'komt' : 'komen'} terug met de oorspronkelijke inschrijfdatum`,
    would.off > 0 && `${members(would.off)} die deze upload toevoegde ${would.off === 1 ? 'wordt' : 'worden'} weer afgevoerd`,
    would.records > 0 && `van ${members(would.records)} gaan naam of geboortedatum terug`,
    would.kept > 0 && `${members(would.kept)} ${would.kept === 1 ? 'blijft' : 'blijven'} zoals een latere wijziging ${would.kept === 1 ? 'het' : 'ze'} maakte`,
  ].filter(Boolean);
  return parts.length ? `${parts.join('; ')}.` : 'Er verandert niets meer: alles van deze upload is al teruggedraaid.';
}

export function UploadHistory({ uploads, listUrl }: { uploads: Schemas['MemberListUploadsDto']; listUrl: string }) {
  return (
    <section aria-labelledby="earlier-uploads" className="rounded-lg bg-white p-4 ring-1 ring-stone-200">
      <h2 id="earlier-uploads" className="mb-1 text-lg font-semibold text-brand-900">
        Eerdere uploads
      </h2>
      <p className="mb-3 text-sm text-stone-600">
        Een ingelezen bestand is {uploads.restoreDays} dagen terug te zetten. Leden die het afvoerde komen dan terug met hun oorspronkelijke inschrijfdatum, zodat ze speelgerechtigd
        blijven (Regel 3B); wijzigingen van na de upload blijven staan.
      </p>
      <ul aria-label="Uploads" className="divide-y divide-stone-100">
        {uploads.uploads.map((upload) => (
          <li key={upload.id} aria-label={`Upload ${upload.fileName} van ${formatMoment(upload.uploadedAt)}`} className="space-y-2 py-3 text-sm">
            <p>
              <span className="font-medium">{upload.fileName}</span>, ingelezen op {formatMoment(upload.uploadedAt)}
              {upload.uploadedBy && ` door ${upload.uploadedBy}`}: {upload.added} nieuw, {upload.changed} gewijzigd, {upload.removed} afgevoerd.
            </p>
            {upload.restoredAt ? (
              <p className="text-green-800">
                Teruggezet op {formatMoment(upload.restoredAt)}
                {upload.restoredBy && ` door ${upload.restoredBy}`}.
              </p>
            ) : (
              <>
                {upload.wouldRestore && <p className="text-stone-700">Terugzetten: {effect(upload.wouldRestore)}</p>}
                {upload.canRestore ? (
                  <>
                    <p className="text-stone-600">Terug te zetten tot en met {formatDate(upload.restorableUntil)}.</p>
                    <ConfirmAction
                      action={`${listUrl}/uploads/${upload.id}/restore`}
                      label="Lijst terugzetten naar vóór deze upload"
                      question={`De moederlijst terugzetten naar hoe hij was vóór ${upload.fileName}?${upload.wouldRestore ? ` ${effect(upload.wouldRestore)}` : ''}`}
                      done={`Moederlijst teruggezet naar vóór ${upload.fileName}.`}
                    />
                  </>
                ) : (
                  upload.byFederation && <p className="text-stone-600">Ingelezen door de bond: alleen de bond kan deze upload terugzetten.</p>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
