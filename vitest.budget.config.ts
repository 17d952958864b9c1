import { defineConfig } from 'vitest/config';

/** The bundle budget: reads the production build in dist/ (run `npm run build` first). */
export default defineConfig({
  test: {
    globals: true,
    include: ['tests/budget/**/*.test.ts'],
    environment: 'node',
  },
});
