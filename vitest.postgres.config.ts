import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { maxWorkers } from './vitest.config.ts';

/**
 * The server suite on PostgreSQL (`npm run test:postgres`): every test that talks to the
 * database through the API (API, security, reliability, the SPA's API seams), each test
 * database a fresh PostgreSQL database (tests/support/test-db.ts). Uses TEST_DATABASE_URL, or
 * starts a throwaway cluster when it is unset (tests/support/postgres-global-setup.ts). The
 * screens (tests/views) run on SQLite only: what they add is the browser's side, which the
 * database does not change (docs/decisions/0048-ci-within-its-time.md).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    testTimeout: 30000,
    hookTimeout: 60000,
    maxWorkers,
    globalSetup: ['tests/support/postgres-global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node (postgres)',
          environment: 'node',
          include: [
            'tests/{server,security,reliability}/**/*.test.ts',
            'tests/lib/api.test.ts',
            'tests/lib/devotee.test.ts',
            // What only PostgreSQL has (its pool).
            'tests/postgres/**/*.test.ts',
          ],
        },
      },
    ],
  },
});
