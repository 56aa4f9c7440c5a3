/** Small helpers the benches share: a percentile of unsorted values, rounding to 0.1, a pause. */

/** The p-th percentile (nearest rank) of `values`, unsorted; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round1 = (n: number): number => Math.round(n * 10) / 10;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
