/**
 * Issue 16 bench: 180 table phones that were offline for a whole set send their outboxes at
 * once when the connection returns, as src/app/tafel/outbox.ts does: one table's items in
 * order (the set entered and signed on the phone, one request with `signedBy`; the next
 * set's entry already typed), a lost answer sent again with the same idempotency key,
 * 429/5xx or no answer retried after a pause. Called by backend/bench/offline-sync.bench.ts
 * (`npm run bench -- offline-sync`); paths and bodies: match-night/endpoints.ts.
 */
import { performance } from 'node:perf_hooks';
import { enterBody, paths } from '../match-night/endpoints';
import { percentile, round1, sleep } from '../stats';

export interface OutboxItem {
  path: string;
  method: 'PUT';
  body: ReturnType<typeof enterBody> & { signedBy?: 'AWAY' };
}

export interface SyncTable {
  tableNumber: number;
  code: string;
}

/**
 * The outbox of one table after a whole set offline: set `setNumber` entered by the home pair
 * and signed by the away pair on the phone, then set `setNumber + 1` entered (not yet signed).
 */
export function outboxOf(table: SyncTable, setNumber: number, run: string): OutboxItem[] {
  const key = (what: string) => `bench-${run}-${table.code}-${what}`;
  return [
    { path: paths.tableSet(table.code, setNumber), method: 'PUT', body: { ...enterBody(setNumber, table.tableNumber, 'HOME', key(`s${setNumber}`)), signedBy: 'AWAY' } },
    { path: paths.tableSet(table.code, setNumber + 1), method: 'PUT', body: enterBody(setNumber + 1, table.tableNumber, 'HOME', key(`s${setNumber + 1}`)) },
  ];
}

/**
 * Every table sends its outbox at the same moment. Returns the figures and, per table, what
 * it sent; `resendShare` of the items is sent a second time after its answer (the phone never
 * saw it), to show a retry never doubles a set.
 */
export async function syncOutboxes({
  baseUrl,
  tables,
  setNumber,
  resendShare = 0.1,
  startSpreadMs = 2000,
  run = Date.now().toString(36),
}: {
  baseUrl: string;
  tables: SyncTable[];
  setNumber: number;
  resendShare?: number;
  startSpreadMs?: number;
  run?: string;
}): Promise<{ outboxes: OutboxItem[][]; figures: Record<string, number | string> }> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let retries = 0;
  let resent = 0;
  const refused: { path: string; status: number }[] = [];
  const send = async (item: OutboxItem): Promise<boolean> => {
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      let status = 0;
      try {
        const res = await fetch(baseUrl + item.path, { method: item.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(item.body) });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
      latencies.push(performance.now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 200 && status < 300) return true;
      if (status !== 0 && status !== 429 && status < 500) {
        refused.push({ path: item.path, status });
        return false;
      }
      if (attempt >= 40) throw new Error(`${item.path}: no answer after 40 attempts`);
      retries++;
      // The page tries again on its 15 s timer; here sooner at first (0.5 s doubling, up to 15 s), spread out.
      await sleep(Math.min(15_000, 500 * 2 ** attempt) * (0.5 + Math.random()));
    }
  };
  const outboxes = tables.map((t) => outboxOf(t, setNumber, run));
  const started = performance.now();
  await Promise.all(
    outboxes.map(async (items) => {
      // The venue's Wi-Fi returns for every phone at once; each notices within a second or two.
      await sleep(Math.random() * startSpreadMs);
      for (const item of items) {
        if (!(await send(item))) break; // the phone shows the refusal and keeps the rest
        if (Math.random() < resendShare) {
          resent++;
          await send(item);
        }
      }
    }),
  );
  const totalMs = performance.now() - started;
  return {
    outboxes,
    figures: {
      tables: tables.length,
      itemsSent: outboxes.flat().length,
      resentWithSameKey: resent,
      retriesAfter429Or5xx: retries,
      syncAllMs: Math.round(totalMs),
      requestP50Ms: round1(percentile(latencies, 50)),
      requestP99Ms: round1(percentile(latencies, 99)),
      attempts: latencies.length,
      statuses: Object.entries(statuses)
        .map(([s, n]) => `${s}:${n}`)
        .join(' '),
      refused: refused.length,
    },
  };
}
