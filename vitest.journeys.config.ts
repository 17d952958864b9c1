import { defineConfig } from 'vitest/config';
import { servedShopTests } from './vitest.e2e.config.ts';

/**
 * Model-based journeys: paths of tests/journeys/journey.model.ts walked in Chromium against the
 * built shop, served by the real server over its own fresh database (the browser tests' setup).
 */
export default defineConfig({
  test: {
    ...servedShopTests,
    include: ['tests/journeys/**/*.e2e.ts'],
    // Journeys walk side by side in separate browser contexts (tests/journeys/journeys.e2e.ts).
    maxConcurrency: 3,
  },
});
