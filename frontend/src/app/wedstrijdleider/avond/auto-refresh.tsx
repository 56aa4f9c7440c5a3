'use client';
// The console follows the night by itself: a re-render on every live event of the shown
// matches (a set signed, refused, decided), and a quiet one every half minute.
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

export function AutoRefresh({ matchIds, everyMs = 30_000 }: { matchIds: string[]; everyMs?: number }) {
  const router = useRouter();
  const key = matchIds.join(',');
  useEffect(() => {
    const refresh = () => document.visibilityState === 'visible' && router.refresh();
    const sources = typeof EventSource === 'undefined' ? [] : key.split(',').filter(Boolean).map((id) => new EventSource(`/api/public/matches/${id}/events`));
    // `change`: a set signed or decided, or a match confirmed (the live stream's event).
    for (const source of sources) source.addEventListener('change', refresh);
    const timer = window.setInterval(refresh, everyMs);
    return () => {
      sources.forEach((s) => s.close());
      window.clearInterval(timer);
    };
  }, [key, everyMs, router]);
  return null;
}
