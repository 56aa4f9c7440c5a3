import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BenchRecord, type BenchRecords, keepRecords, recordProblems } from './records';

/** A record with defaults; a test names only what matters to it. */
function record(overrides: Partial<BenchRecord> = {}): BenchRecord {
  return {
    measuredAt: '2026-12-06T08:00:00.000Z',
    commit: 'abc1234',
    machine: { cpus: 2, cpuModel: 'AMD EPYC', memoryGiB: 24, node: 'v20.20.2' },
    load: { start: 1.2, end: 1.8 },
    figures: { enter_p99Ms: 120 },
    ...overrides,
  };
}

describe('keepRecords (npm run bench -- <case> --record)', () => {
  const before = { 'match-night': record({ figures: { enter_p99Ms: 200 } }), backup: record({ figures: { oneSeasonBackupMs: 520 } }) };

  test.each<[string, BenchRecords, BenchRecords]>([
    ['a scenario that ran replaces its record; the others stay', { 'match-night': record({ figures: { enter_p99Ms: 110 } }) }, { 'match-night': record({ figures: { enter_p99Ms: 110 } }), backup: before.backup }],
    ['a scenario that failed keeps the record it had', { 'match-night': record({ figures: { error: 'Error: boom' } }) }, before],
    ['a new scenario is added after the others', { 'table-write-alone': record() }, { ...before, 'table-write-alone': record() }],
  ])('%s', (_case, run, expected) => {
    const kept = keepRecords(before, run);
    expect(kept).toEqual(expected);
    expect(Object.keys(kept)).toEqual(Object.keys(expected));
  });
});

describe('recordProblems', () => {
  test.each<[string, unknown, string[]]>([
    ['a record as the bench writes it', { 'match-night': record() }, []],
    ['a record from before the bench knew its commit and load', { matches: record({ commit: null, load: { start: null, end: null }, note: 'load not recorded' }) }, []],
    ['a second record of a scenario under a name of its own keeps a field the format has not', { 'match-night-amd-epyc-0715': { ...record(), machineOfRun: {} } }, ['match-night-amd-epyc-0715: unknown field machineOfRun (allowed: measuredAt, commit, machine, load, note, figures)']],
    ['load as a sentence', { backup: record({ load: '1.1 before' as never }) }, ['backup: load needs start and end (numbers or null)']],
    ['a figure that is not one value', { backup: record({ figures: { paces: [1, 2] as never } }) }, ['backup: figure paces is not a single value']],
  ])('%s', (_case, records, problems) => {
    expect(recordProblems(records)).toEqual(problems);
  });

  it('refuses the earlier format (measuredAt, machine and results at the top, all scenarios under results)', () => {
    const earlier = { measuredAt: '2026-11-27', machine: { cpus: 2 }, results: { 'match-night': { enter_p99Ms: 120 } } };
    expect(recordProblems(earlier)).toEqual(expect.arrayContaining(['measuredAt: not a record', 'results: unknown field match-night (allowed: measuredAt, commit, machine, load, note, figures)']));
  });

  it('bench-results/recorded.json holds one current record per scenario, each with its machine and load', () => {
    const file = path.join(__dirname, '..', '..', 'bench-results', 'recorded.json');
    expect(recordProblems(JSON.parse(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
