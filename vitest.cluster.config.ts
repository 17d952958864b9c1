import { defineConfig } from 'vitest/config';

/**
 * The cluster tests (`npm run test:cluster`): the built server as several processes on one
 * PostgreSQL behind Debian's nginx (scripts/ops/cluster.ts). Uses TEST_DATABASE_URL, or starts a
 * throwaway PostgreSQL cluster when it is unset; each test's processes get a fresh database.
 */
export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: ['tests/cluster/**/*.test.ts'],
    globalSetup: ['tests/support/postgres-global-setup.ts', 'tests/cluster/build-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
