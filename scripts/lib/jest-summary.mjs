// Runs Jest and ends with one plain line "jest: N passed, N failed" for CI logs.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './env.mjs';

export async function runJest(args, env) {
  mkdirSync(path.join(root, '.data'), { recursive: true });
  const resultFile = path.join(root, '.data', `jest-${process.pid}.json`);
  const jest = spawn(process.execPath, ['node_modules/jest/bin/jest.js', '--runInBand', '--json', `--outputFile=${resultFile}`, ...args], {
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
