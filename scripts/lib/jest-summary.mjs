// Runs Jest and ends with one plain line "jest: N passed, N failed" for CI logs.
// One test file at a time (the machine has 2 cores, and the API tests share one database), in
// one worker process that Jest replaces when a file leaves it above workerIdleMemoryLimit
// (jest.config.ts): every API file starts the API anew, and a single process running all of
// them grew past Node's heap limit.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './env.mjs';

export async function runJest(args, env) {
  mkdirSync(path.join(root, '.data'), { recursive: true });
  const resultFile = path.join(root, '.data', `jest-${process.pid}.json`);
  const jest = spawn(process.execPath, ['node_modules/jest/bin/jest.js', '--maxWorkers=1', '--json', `--outputFile=${resultFile}`, ...args], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  const code = await new Promise((resolve) => jest.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  if (existsSync(resultFile)) {
    const result = JSON.parse(readFileSync(resultFile, 'utf8'));
    console.log(`jest: ${result.numPassedTests} passed, ${result.numFailedTests} failed`);
    rmSync(resultFile);
  }
  return code;
}
