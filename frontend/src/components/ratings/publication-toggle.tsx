'use client';
// "Niet publiceren" for one member: the secretary's choice, stored at once. Sends once while
// on its way (the box is disabled) and says what was stored.
import { useRouter } from 'next/navigation';
import { useSubmit } from '@/components/ui/use-submit';
import { api, errorText } from '@/lib/api-client';

export function PublicationToggle({ memberId, name, doNotPublish }: { memberId: string; name: string; doNotPublish: boolean }) {
  const router = useRouter();
  const { busy, message, submit } = useSubmit();

  async function change(next: boolean) {
    const answer = await submit(async () => {
      const { error: failed } = await api.PUT('/api/members/{memberId}/publication', { params: { path: { memberId } }, body: { doNotPublish: next } }).catch(() => ({ error: null }));
      if (failed !== undefined) return { tone: 'bad', lines: [errorText(failed)] };
      return { tone: 'good', lines: [next ? `${name} wordt niet meer gepubliceerd.` : `${name} wordt weer gepubliceerd.`] };
    });
    if (answer?.tone === 'good') router.refresh();
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm">
      <label className="inline-flex items-center gap-2">
        <input type="checkbox" checked={doNotPublish} disabled={busy} onChange={(e) => change(e.target.checked)} aria-label={`Niet publiceren: ${name}`} />
        <span>Niet publiceren</span>
      </label>
      {message && (
        <span role={message.tone === 'bad' ? 'alert' : 'status'} className={message.tone === 'bad' ? 'text-red-700' : 'text-green-800'}>
          {message.lines.join(' ')}
        </span>
      )}
    </span>
  );
}
