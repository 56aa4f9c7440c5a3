'use client';
// The service worker (public/sw.js) for the table and the console, registered only by those
// pages and only for their own scope, so no other page is ever controlled or cached.
import { useCallback, useEffect, useRef, useState } from 'react';

export const TABLE_SCOPE = '/tafel';
export const CONSOLE_SCOPE = '/wedstrijdleider/avond';

/** The addresses this page loaded before the worker ran: the page itself and Next's static files. */
function loadedUrls(): string[] {
  const assets = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => {
      const url = new URL(name, location.href);
      return url.origin === location.origin && url.pathname.startsWith('/_next/static/');
    });
  const scripts = Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'), (s) => s.src);
  const styles = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (l) => l.href);
  return [location.href, ...new Set([...assets, ...scripts, ...styles].filter((u) => u.includes('/_next/static/')))];
}

/**
 * Registers the worker for `scope`, gives it what to keep for offline use, and reports a new
 * version that waits. `applyUpdate` lets it take over and reloads: the page calls it only
 * between sets (never in the middle of an entry).
 */
export function useOfflineWorker(scope: string, onSynced?: () => void) {
  const [updateReady, setUpdateReady] = useState(false);
  const registration = useRef<ServiceWorkerRegistration | null>(null);
  const synced = useRef(onSynced);
  synced.current = onSynced;

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let stopped = false;
    const watch = (reg: ServiceWorkerRegistration) => {
      const check = () => {
        if (!stopped && reg.waiting && navigator.serviceWorker.controller) setUpdateReady(true);
      };
      check();
      reg.addEventListener('updatefound', () => {
        const installing = reg.installing;
        installing?.addEventListener('statechange', () => installing.state === 'installed' && check());
      });
    };
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type === 'outbox-synced') synced.current?.();
      // The page and its files are kept: it opens offline from now on (the browser tests wait for this).
      if (event.data?.type === 'precached') document.documentElement.dataset.offlineReady = 'true';
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    const onVisible = () => document.visibilityState === 'visible' && void registration.current?.update().catch(() => undefined);
    document.addEventListener('visibilitychange', onVisible);
    navigator.serviceWorker
      .register('/sw.js', { scope })
      .then(async (reg) => {
        registration.current = reg;
        watch(reg);
        const ready = await navigator.serviceWorker.ready;
        (ready.active ?? reg.active)?.postMessage({ type: 'precache', urls: loadedUrls() });
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      navigator.serviceWorker.removeEventListener('message', onMessage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [scope]);

  const applyUpdate = useCallback(() => {
    const waiting = registration.current?.waiting;
    if (!waiting) return location.reload();
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    waiting.postMessage({ type: 'skip-waiting' });
  }, []);

  return { updateReady, applyUpdate };
}

/** Whether the browser thinks it is online (false offline; a captive venue Wi-Fi can still say true). */
export function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    setOnline(navigator.onLine);
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}
