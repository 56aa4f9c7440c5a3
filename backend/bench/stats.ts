/** Small helpers the benches share: a percentile of unsorted values, rounding to 0.1, a pause, where the figures go. */
import path from 'node:path';

/** The p-th percentile (nearest rank) of `values`, unsorted; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round1 = (n: number): number => Math.round(n * 10) / 10;
export const round2 = (n: number): number => Math.round(n * 100) / 100;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a bench run writes its figures (BENCH_OUTPUT, or bench-results/latest.json of the repository; this file runs from backend/.bench-build/bench). */
export const benchOutputFile = (): string => process.env.BENCH_OUTPUT ?? path.resolve(__dirname, '..', '..', '..', 'bench-results', 'latest.json');

/** The current record of each scenario (`npm run bench -- --record` writes there; records.ts). */
export const benchRecordFile = (): string => path.resolve(__dirname, '..', '..', '..', 'bench-results', 'recorded.json');

/** Starts counting every statement's cost anew (pg_stat_statements); false when the server does not load it (only the bench's embedded cluster is sure to). */
export async function resetStatementStats(prisma: { $executeRawUnsafe(sql: string): PromiseLike<unknown>; $queryRawUnsafe(sql: string): PromiseLike<unknown> }): Promise<boolean> {
  try {
    await prisma.$executeRawUnsafe('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await prisma.$queryRawUnsafe('SELECT pg_stat_statements_reset()');
    return true;
  } catch {
    return false;
  }
}
