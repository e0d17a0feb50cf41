import nextJest from 'next/jest.js';

// next/jest brings the SWC transform and tsconfig paths the app itself uses.
const createJestConfig = nextJest({ dir: './' });

const shared = {
  testEnvironment: 'node',
  // Build folders (.next, .next-test…) hold the standalone output, a second package.json and copies of the code.
  modulePathIgnorePatterns: ['<rootDir>/\\.next'],
  moduleNameMapper: {
    '^server-only$': '<rootDir>/tests/support/empty-module.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
};

const unit = await createJestConfig({
  ...shared,
  displayName: 'unit',
  testMatch: ['<rootDir>/lib/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts', '<rootDir>/components/**/*.test.ts?(x)'],
})();

const api = await createJestConfig({
  ...shared,
  displayName: 'api',
  testMatch: ['<rootDir>/tests/api/**/*.test.ts'],
})();

// lib/data against the local engine, with no build and no HTTP: one engine for the run, a database per file.
const data = await createJestConfig({
  ...shared,
  displayName: 'data',
  testMatch: ['<rootDir>/tests/data/**/*.test.ts'],
  // lib/clock.ts and next/cache read Next's request, which a data test has none of: stand-ins that say why they are faithful.
  resolver: '<rootDir>/tests/data/support/resolver.mjs',
  globalSetup: '<rootDir>/tests/data/support/global-setup.mjs',
  globalTeardown: '<rootDir>/tests/data/support/global-teardown.mjs',
  setupFilesAfterEnv: ['<rootDir>/tests/data/support/database.ts'],
})();

// Tests that start, stop or kill a database, a server or a script of their own and never call the API suite's server,
// so npm test runs them beside that suite.
const isolated = await createJestConfig({
  ...shared,
  displayName: 'isolated',
  testMatch: ['<rootDir>/tests/isolated/**/*.test.ts'],
})();

const multi = await createJestConfig({
  ...shared,
  displayName: 'multi',
  testMatch: ['<rootDir>/tests/multi/**/*.test.ts'],
})();

// The API suite talks to real servers; a cold image render on a busy 2-core machine can take seconds.
const config = {
  projects: [unit, data, api, isolated, multi],
  testTimeout: 30_000,
  testSequencer: '<rootDir>/tests/support/index-coverage-last.mjs',
};

export default config;
