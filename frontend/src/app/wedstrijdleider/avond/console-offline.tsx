'use client';
// The console offline (issue 16): the worker keeps the console pages once opened, the
// supervisor's decisions wait in the outbox (IndexedDB) with their idempotency keys and are
// sent when the connection returns, when the page is back in front, or with "Nu versturen".
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DISMISS_MESSAGE } from '@/lib/vocabulary';
import { CONSOLE_SCOPE, useOfflineWorker, useOnline } from '../../tafel/offline-worker';
import { askPersistentStorage, dismiss, flushPrefix, itemsWithPrefix, OutboxItem, reopenOutbox, waitingText } from '../../tafel/outbox';

/** Tells the outbox panel to read the outbox again (a decision was just queued). */
export const OUTBOX_CHANGED = 'tsbn-outbox-changed';

export function ConsoleOffline() {
  const router = useRouter();
  const online = useOnline();
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [sending, setSending] = useState(false);
  const reload = useCallback(async () => setItems(await itemsWithPrefix('console:').catch(() => [])), []);
  const send = useCallback(async () => {
    setSending(true);
    try {
      const results = await flushPrefix('console:');
      if (results.some((r) => r.sent > 0 || r.refused > 0)) router.refresh();
    } catch {
      // IndexedDB away for a moment: the next trigger tries again.
    } finally {
      setSending(false);
      await reload();
    }
  }, [reload, router]);
  const { updateReady, applyUpdate } = useOfflineWorker(CONSOLE_SCOPE, () => {
    void reload();
    router.refresh();
  });

  useEffect(() => {
    void askPersistentStorage();
    void reload().then(send);
    const wake = () => document.visibilityState === 'visible' && void reopenOutbox().then(send);
    const changed = () => void reload();
    window.addEventListener('online', wake);
    window.addEventListener('focus', wake);
    document.addEventListener('visibilitychange', wake);
    window.addEventListener(OUTBOX_CHANGED, changed);
    return () => {
      window.removeEventListener('online', wake);
      window.removeEventListener('focus', wake);
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener(OUTBOX_CHANGED, changed);
    };
  }, [reload, send]);

  const waiting = waitingText(items, ['beslissing', 'beslissingen']);
  const refused = items.filter((i) => i.status === 'REFUSED');
  if (online && !waiting && refused.length === 0 && !updateReady) return null;
  return (
    <section aria-label="Nog niet verstuurd" className="mb-4 space-y-2 rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300">
      {!online && <p className="font-semibold">Geen verbinding: u ziet de speelavond zoals hij was. Beslissingen worden bewaard en verstuurd zodra er weer verbinding is.</p>}
      {waiting && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p aria-live="polite">{waiting}</p>
          <Button variant="secondary" onClick={() => void send()} disabled={sending}>
            {sending ? 'Bezig…' : 'Nu versturen'}
          </Button>
        </div>
      )}
      {refused.map((item) => (
        <div key={item.id} role="alert" className="rounded-md bg-red-50 p-2 text-red-900 ring-1 ring-red-200">
          <p>
            Set {item.setNumber}, tafel {item.tableNumber}: {item.message}
          </p>
          <button type="button" className="mt-1 min-h-11 px-1 underline" onClick={() => void dismiss(item.id!).then(reload)}>
            {DISMISS_MESSAGE}
          </button>
        </div>
      ))}
      {updateReady && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p>Er is een nieuwe versie van deze pagina.</p>
          <Button variant="secondary" onClick={applyUpdate}>
            Nu laden
          </Button>
        </div>
      )}
    </section>
  );
}
