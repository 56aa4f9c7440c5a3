/** @jest-config-loader esbuild-register */
// Browser tests: Jest drives Debian's Chromium through playwright-core.
// Run with `npm run test:e2e`, which starts the system first.
import type { Config } from 'jest';

const config: Config = {
  rootDir: __dirname,
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }] },
  testTimeout: 60_000,
};

export default config;
