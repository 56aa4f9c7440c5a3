// The supervisor of `npm start` on real child processes: a child killed with SIGKILL (as the
// kernel's out-of-memory killer does) is started again; a stop ends it and no restart follows.
// Waits are bounded by events (a new pid, an exit), never by the machine's speed.
import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { howItEnded, restartDelayMs, supervise } from './supervise.mjs';

/** A child that writes its pid to `file` and then runs until it is stopped. */
function childScript(dir: string): string {
  const script = path.join(dir, 'child.js');
  writeFileSync(script, `require('node:fs').appendFileSync(process.argv[2], process.pid + '\\n'); setInterval(() => {}, 1000); process.on('SIGTERM', () => process.exit(0));`);
  return script;
}

const pids = (file: string): number[] => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : []);

async function until<T>(probe: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`wachten op ${what} duurde te lang`);
}

describe('supervise (npm start keeps the API and the dashboard up)', () => {
  test.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [6, 30_000],
    [20, 30_000],
  ])('restart %i waits %i ms', (attempt, ms) => {
    expect(restartDelayMs(attempt)).toBe(ms);
  });

  it('names how a child ended', () => {
    expect(howItEnded(null, 'SIGKILL')).toBe('signaal SIGKILL');
    expect(howItEnded(1, null)).toBe('code 1');
  });

  it('starts a child again after kill -9, logs it once, and stops for good on stop()', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tsbn-supervise-'));
    const file = path.join(dir, 'pids');
    const lines: string[] = [];
    const service = supervise('API', process.execPath, [childScript(dir), file], {}, { log: (m: string) => lines.push(m) });
    const first = await until(() => pids(file)[0], 'de eerste start');
    process.kill(first, 'SIGKILL');
    const second = await until(() => pids(file)[1], 'de herstart');
    expect(second).not.toBe(first);
    expect(lines).toEqual([expect.stringMatching(/^API is onverwacht gestopt \(signaal SIGKILL\); opnieuw starten over 1 s \(poging 1\)/)]);
    await service.stop();
    expect(() => process.kill(second, 0)).toThrow(); // gone
    expect(service.pid()).toBeUndefined();
  }, 60_000);

  it('does not start again after an exit code that says starting cannot help', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tsbn-supervise-'));
    const script = path.join(dir, 'config-error.js');
    writeFileSync(script, 'process.exit(78)');
    const final = await new Promise<number>((resolve) => {
      supervise('API', process.execPath, [script], {}, { log: () => {}, finalCodes: [78], onFinal: resolve });
    });
    expect(final).toBe(78);
  });
});
