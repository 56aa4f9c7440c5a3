// Beheer: the last good backup (time, size, where) and a failed attempt after it (issue 25); the last restore drill (issue 45).
import { Card } from '@/components/ui/layout';
import type { Api } from '@/lib/api-core';
import { formatMoment } from '@/lib/format';
import { RestoreDrillStatus } from './restore-drill-status';


const size = (bytes: number | null) => (bytes === null ? '—' : bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`);

export async function BackupStatus({ api }: { api: Api }) {
  const { data } = await api.GET('/api/backups/status');
  if (!data) return null;
  const { lastSuccess, lastFailure } = data;
  return (
    <Card title="Back-up">
      {lastSuccess ? (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-stone-600">Laatste goede back-up</dt>
          <dd>{formatMoment(lastSuccess.finishedAt ?? lastSuccess.startedAt)}{lastSuccess.trigger === 'manual' ? ' (met npm run backup)' : ''}</dd>
          <dt className="text-stone-600">Grootte</dt>
          <dd>{size(lastSuccess.sizeBytes)}</dd>
          <dt className="text-stone-600">Waar</dt>
          <dd className="break-all font-mono text-xs">{lastSuccess.directory}/{lastSuccess.file}</dd>
        </dl>
      ) : (
        <p className="text-sm text-stone-600">Er is nog geen back-up gemaakt. Dat gebeurt elke nacht vanzelf terwijl het programma draait; nu meteen kan met <code>npm run backup</code>.</p>
      )}
      {lastFailure ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          De back-up van {formatMoment(lastFailure.startedAt)} is mislukt: {lastFailure.error ?? 'onbekende fout'}. Er wordt opnieuw geprobeerd.
        </p>
      ) : null}
      <RestoreDrillStatus drill={data.lastDrill} />
    </Card>
  );
}
