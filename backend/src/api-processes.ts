/**
 * How many API processes to run (API_PROCESSES, default 1). With more than one, this process
 * becomes the primary of a `node:cluster`: it forks that many workers, which share the port,
 * and forks a new one when one dies. Everything they must share lives in PostgreSQL (sessions,
 * throttles, live stream caps, the live bus over LISTEN/NOTIFY, pg-boss jobs).
 */
export function apiProcesses(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`API_PROCESSES moet een geheel getal van 1 tot en met 64 zijn, niet "${value}".`);
  return n;
}

/** EX_CONFIG: a worker that exits with it is not forked again (backup/migrations.ts NEWER_DATABASE_EXIT_CODE; npm start stops then too). */
export const CONFIGURATION_ERROR = 78;

/** Waiting before forking again after a worker died: 1 s, doubling while they keep dying quickly, at most 30 s. */
export function reforkDelayMs(quickDeaths: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, Math.min(quickDeaths, 5)));
}
