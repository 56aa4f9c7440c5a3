'use client';
// The console follows the night by itself: a re-render on every live event (a set signed or
// decided, a match confirmed) and a quiet one every half minute, for what has no event (a
// refusal). At most MAX_STREAMS open streams: a browser holds only six connections per site.
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { ConsoleOffline } from './console-offline';

const MAX_STREAMS = 3;

export function AutoRefresh({ streams, everyMs = 30_000 }: { streams: string[]; everyMs?: number }) {
  const router = useRouter();
  const key = streams.slice(0, MAX_STREAMS).join(' ');
  useEffect(() => {
    // Offline the page stays as it was (the worker kept it); the outbox panel says so.
    const refresh = () => document.visibilityState === 'visible' && navigator.onLine && router.refresh();
    const sources = typeof EventSource === 'undefined' ? [] : key.split(' ').filter(Boolean).map((url) => new EventSource(url));
    // `change`: the live stream's event.
    for (const source of sources) source.addEventListener('change', refresh);
    const timer = window.setInterval(refresh, everyMs);
    return () => {
      sources.forEach((s) => s.close());
      window.clearInterval(timer);
    };
  }, [key, everyMs, router]);
  return <ConsoleOffline />;
}
