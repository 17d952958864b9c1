import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The server suite on PostgreSQL (`npm run test:postgres`): every test that talks to the
 * database (API, security, reliability, the screens over the real API app), each test database
 * a fresh PostgreSQL database (tests/support/test-db.ts). Uses TEST_DATABASE_URL, or starts a
 * throwaway cluster when it is unset (tests/support/postgres-global-setup.ts).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    testTimeout: 30000,
    hookTimeout: 60000,
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
      {
        extends: true,
        test: {
          name: 'views (postgres)',
          environment: 'jsdom',
          include: ['tests/views/**/*.test.tsx'],
          setupFiles: ['tests/views/setup.ts'],
        },
      },
    ],
  },
});
