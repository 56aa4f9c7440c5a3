'use client';
// "Niet publiceren" for one member: the secretary's choice, stored at once.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, errorText } from '@/lib/api-client';

export function PublicationToggle({ memberId, name, doNotPublish }: { memberId: string; name: string; doNotPublish: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(next: boolean) {
    setBusy(true);
    setError(null);
    const { error: failed } = await api.PUT('/api/members/{memberId}/publication', { params: { path: { memberId } }, body: { doNotPublish: next } }).catch(() => ({ error: null }));
    setBusy(false);
    if (failed !== undefined) {
      setError(errorText(failed));
      return;
    }
    router.refresh();
  }

  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input type="checkbox" checked={doNotPublish} disabled={busy} onChange={(e) => change(e.target.checked)} aria-label={`Niet publiceren: ${name}`} />
      <span>Niet publiceren</span>
      {error && <span className="text-red-700">{error}</span>}
    </label>
  );
}
