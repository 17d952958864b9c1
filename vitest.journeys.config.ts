import { defineConfig } from 'vitest/config';

/**
 * Model-based journeys: paths of tests/journeys/journey.model.ts walked in Chromium against the
 * built shop, served by the real server over its own fresh database (the browser tests' setup).
 */
export default defineConfig({
  test: {
    globals: true,
    include: ['tests/journeys/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60000,
    hookTimeout: 60000,
    fileParallelism: false,
    // A page's answer on a busy 2-core machine takes seconds, not the default second of expect.poll.
    expect: { poll: { timeout: 10_000 } },
    // Journeys walk side by side in separate browser contexts (tests/journeys/journeys.e2e.ts).
    maxConcurrency: 3,
  },
});
