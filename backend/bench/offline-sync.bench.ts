/**
 * Offline sync (issue 16): 30 matches × 6 tables = 180 phones were offline for a whole set
 * and send their outboxes at once (offline-sync/sync.ts: per table the set entered
 * and signed on the phone, and the next set's entry; a tenth of the items sent twice with the
 * same key, as after a lost answer). Figures: how long until every outbox is empty, the p50/p99
 * of those requests, retries after 429/5xx; and the check that nothing was lost or doubled:
 * every offline set SIGNED with its score, every next set ENTERED, exactly one command per
 * item in the command log. Size: BENCH_OFFLINE_MATCHES (30).
 */
import { startApiProcess } from './match-night/api-process';
import { prepareNights, seedMatchNight } from './match-night/seed';
import { syncOutboxes } from './offline-sync/sync';
import type { BenchContext } from './run';

type Figures = Record<string, number | string>;
const MATCHES = Number(process.env.BENCH_OFFLINE_MATCHES ?? 30);
const SET = 3;

export async function run(ctx: BenchContext): Promise<Figures> {
  const seeded = await seedMatchNight(ctx.prisma, MATCHES);
  // Its own API process, as on the night (the bench's own clients do not share its event loop).
  const api = await startApiProcess(process.env.DATABASE_URL!, { SCHEDULED_JOBS: 'off' });
  try {
    const matches = await prepareNights(ctx.prisma, api.baseUrl, seeded);
    const tables = matches.flatMap((m) => m.tables.map((t) => ({ ...t, matchId: m.id })));
    const { outboxes, figures } = await syncOutboxes({ baseUrl: api.baseUrl, tables, setNumber: SET });

    // Nothing lost, nothing doubled.
    const keys = outboxes.flat().map((i) => i.body.idempotencyKey);
    const records = await ctx.prisma.matchCommandRecord.count({ where: { OR: tables.map((t) => ({ idempotencyKey: { startsWith: `table-${t.tableNumber}:bench-` }, matchId: t.matchId })) } });
    const seats = await ctx.prisma.matchSet.findMany({ where: { matchId: { in: matches.map((m) => m.id) }, setNumber: { in: [SET, SET + 1] } }, select: { setNumber: true, signedAt: true, enteredBySide: true } });
    const signed = seats.filter((s) => s.setNumber === SET && s.signedAt !== null).length;
    const entered = seats.filter((s) => s.setNumber === SET + 1 && s.enteredBySide !== null && s.signedAt === null).length;
    return {
      ...figures,
      commandsStored: records,
      itemsExpected: keys.length,
      offlineSetsSigned: signed,
      nextSetsEntered: entered,
      lostOrDoubled: records === keys.length && signed === tables.length && entered === tables.length ? 'geen' : 'FOUT',
    };
  } finally {
    await api.stop();
  }
}
