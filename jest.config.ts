/** @jest-config-loader esbuild-register */
// Jest projects: `unit` (pure code, no database) and `api` (NestJS + supertest
// against a real PostgreSQL prepared by scripts/test.mjs). NestJS 12 ships as
// ES modules, so @nestjs/* is transformed to CommonJS by swc like our own code.
import type { Config } from 'jest';
import { silenceKnownWarnings } from './backend/src/prisma/known-warnings';

// The known Prisma/pg warning is silenced here (Jest's own process) and in every test file's
// setup (backend/test/setup-env.ts, in the worker), as in the API itself (backend/src/prisma/known-warnings.ts).
silenceKnownWarnings();

const swc: [string, Record<string, unknown>] = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const esmPackages = ['@nestjs', '@fastify/static', 'content-disposition', 'file-type', 'strtok3', 'token-types', 'uint8array-extras', '@tokenizer'];

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
};

const config: Config = {
  // scripts/lib/jest-summary.mjs runs one worker: Jest replaces it when a test file leaves it
  // above this size, so the memory of the ~80 API files (each starts the API) never adds up.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      // scripts/lib: the pure parts of the root scripts (cluster settings, the root-access check);
      // frontend/src: pure frontend code and checks over its sources (the vocabulary, issue 23);
      // frontend/*.spec.ts: the dashboard server's own modules (its proxy to the API);
      // backend/bench: the bench's pure parts (reading /proc and the cgroup files)
      // The dashboard's path aliases (frontend/tsconfig.json), so a screen's pure reducer is tested where it lives.
      moduleNameMapper: { '^@/(.*)$': '<rootDir>/frontend/src/$1', '^@domain/(.*)$': '<rootDir>/backend/src/domain/$1' },
      testMatch: ['<rootDir>/backend/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts', '<rootDir>/frontend/src/**/*.spec.ts', '<rootDir>/frontend/*.spec.ts', '<rootDir>/backend/bench/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'api',
      testMatch: ['<rootDir>/backend/test/**/*.api.spec.ts'],
      setupFiles: ['<rootDir>/backend/test/setup-env.ts'],
      // Each file starts the API and builds its data in beforeAll: on a busy 2-core machine that
      // can pass Jest's 5 s default (a guard against hangs, not a timing assertion).
      setupFilesAfterEnv: ['<rootDir>/backend/test/setup-timeout.ts'],
    },
  ],
};

export default config;
