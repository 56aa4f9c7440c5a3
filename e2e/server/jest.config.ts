/** @jest-config-loader esbuild-register */
// The server checks (issue 44): through https://tsbn.test on an installation that
// scripts/ci/server.mjs made on this machine with `npm run server -- install`.
import type { Config } from 'jest';

const config: Config = {
  rootDir: __dirname,
  displayName: 'server',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.server.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }] },
  // An upgrade builds a release and restarts the service: minutes on 2 cores (a guard against hangs).
  testTimeout: 600_000,
};

export default config;
