import { defineConfig } from 'vitest/config';

/**
 * What the browser tests and the journeys share: the built shop served by the real server over
 * a fresh database (tests/e2e/global-setup.ts), one file at a time, with a busy machine's timeouts.
 */
export const servedShopTests = {
  globals: true,
  environment: 'node',
  globalSetup: ['tests/e2e/global-setup.ts'],
  testTimeout: 60000,
  hookTimeout: 60000,
  fileParallelism: false,
  // A page's answer on a busy 2-core machine takes seconds, not the default second of expect.poll.
  expect: { poll: { timeout: 10_000 } },
};

/** Browser tests: the built shop served by the real server over a fresh database, driven in Chromium. */
export default defineConfig({
  test: { ...servedShopTests, include: ['tests/e2e/**/*.e2e.ts'] },
});
