/**
 * The bench's figures as records: one per scenario (`match-night`, `match-night-processes-2`,
 * `table-write-alone`, …), with when, on what code, on which machine and under what load it
 * ran. bench-results/latest.json holds the last run's records; bench-results/recorded.json the
 * current record of each scenario (`npm run bench -- <case> --record` replaces the run's
 * scenarios there). git keeps the earlier records.
 */
import os from 'node:os';

export type Figures = Record<string, number | string | boolean | null>;

export interface BenchRecord {
  /** ISO time the scenario finished (a date alone for records older than this format). */
  measuredAt: string;
  /** The commit measured (`-dirty`: with changes not committed); null when not known. */
  commit: string | null;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string };
  /** The machine's 1-minute load average as the scenario started and ended (null: not known). */
  load: { start: number | null; end: number | null };
  /** What the figures alone do not say (another process on the machine, a setting). */
  note?: string;
  figures: Figures;
}

/** Scenario name → its record. */
export type BenchRecords = Record<string, BenchRecord>;

const round1 = (n: number): number => Math.round(n * 10) / 10;

/** This machine, as a record names it. */
export function thisMachine(): BenchRecord['machine'] {
  const cpus = os.cpus();
  return { cpus: cpus.length, cpuModel: cpus[0]?.model ?? 'unknown', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version };
}

/** The 1-minute load average now. */
export const loadNow = (): number => round1(os.loadavg()[0]);

/** A failed scenario's record: its figures are only the error. */
export const failed = (record: BenchRecord): boolean => 'error' in record.figures;

/**
 * `kept` with the run's records in place of those scenarios' (a failed scenario keeps its
 * record); the other scenarios as they were, in their order.
 */
export function keepRecords(kept: BenchRecords, run: BenchRecords): BenchRecords {
  const result: BenchRecords = { ...kept };
  for (const [scenario, record] of Object.entries(run)) if (!failed(record)) result[scenario] = record;
  return result;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOrNull = (value: unknown): boolean => value === null || typeof value === 'number';

/** What is wrong with a file of records (empty: nothing), one line per problem. */
export function recordProblems(records: unknown): string[] {
  if (!isObject(records)) return ['not an object of scenario → record'];
  const problems: string[] = [];
  for (const [scenario, record] of Object.entries(records)) {
    const wrong = (what: string) => problems.push(`${scenario}: ${what}`);
    if (!isObject(record)) {
      wrong('not a record');
      continue;
    }
    const allowed = ['measuredAt', 'commit', 'machine', 'load', 'note', 'figures'];
    for (const key of Object.keys(record)) if (!allowed.includes(key)) wrong(`unknown field ${key} (allowed: ${allowed.join(', ')})`);
    if (typeof record.measuredAt !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(record.measuredAt)) wrong('measuredAt is not a date');
    if (record.commit !== null && typeof record.commit !== 'string') wrong('commit is not a string or null');
    const machine = record.machine;
    if (!isObject(machine) || typeof machine.cpus !== 'number' || typeof machine.cpuModel !== 'string' || typeof machine.memoryGiB !== 'number' || typeof machine.node !== 'string') wrong('machine needs cpus, cpuModel, memoryGiB and node');
    const load = record.load;
    if (!isObject(load) || !numberOrNull(load.start) || !numberOrNull(load.end)) wrong('load needs start and end (numbers or null)');
    if (record.note !== undefined && typeof record.note !== 'string') wrong('note is not a string');
    if (!isObject(record.figures)) wrong('figures is not an object');
    else for (const [name, value] of Object.entries(record.figures)) if (isObject(value) || Array.isArray(value)) wrong(`figure ${name} is not a single value`);
  }
  return problems;
}
