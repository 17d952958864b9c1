import { defineConfig } from 'vitest/config';

/** The reliability promises against PostgreSQL: needs TEST_DATABASE_URL (a database it may wipe). */
export default defineConfig({
  test: { globals: true, environment: 'node', include: ['tests/postgres/**/*.test.ts'], testTimeout: 60000 },
});
