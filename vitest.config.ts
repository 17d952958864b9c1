import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Two test files at a time even on a 2-core machine (Vitest's default keeps one core free, so one
 * file at a time there): most of a file's time is spent waiting on a database, a child process
 * or a socket (docs/decisions/0048-ci-within-its-time.md).
 */
export const maxWorkers = Math.max(2, os.availableParallelism() - 1);

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    testTimeout: 20000,
    // A hook may start real server processes (tests/reliability): on a busy 2-core machine two
    // of them took more than Vitest's default 10 s, as on PostgreSQL (vitest.postgres.config.ts).
    hookTimeout: 60000,
    maxWorkers,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{contract,machines,features,server,lib,lint,security,reliability}/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'views',
          environment: 'jsdom',
          include: ['tests/views/**/*.test.tsx'],
          setupFiles: ['tests/views/setup.ts'],
        },
      },
    ],
  },
});
