'use client';
// Removes a play-off result recorded by mistake, after the browser's own confirmation.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { errorOf } from '@/lib/api-client';

export function RemovePlayoff({ id, label }: { id: string; label: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!window.confirm(`${label} verwijderen? De teams delen hun plaats dan weer.`)) return;
    const res = await fetch(`/api/playoffs/${id}`, { method: 'DELETE' }).catch(() => null);
    if (res?.ok) router.refresh();
    else setError(errorOf(res ? await res.json().catch(() => null) : null).message);
  }

  return (
    <>
      <button type="button" onClick={remove} className="text-sm text-red-700 underline">
        Verwijderen
      </button>
      {error && <span className="ml-2 text-sm text-red-700">{error}</span>}
    </>
  );
}
