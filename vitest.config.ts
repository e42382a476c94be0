import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: node (engine, server, scripts) and jsdom (web components).
export default defineConfig({
  plugins: [react()],
  test: {
    // vitest's default (cores − 1) is one file at a time on the 2-core machines this runs on, while
    // API tests mostly wait on PostgreSQL, timers and child processes: two at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Migrated and seeded PGlite templates every API test file's database starts from (harness.ts).
          globalSetup: ['tests/server/pgliteTemplates.ts'],
          include: [
            'tests/engine/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'tests/scripts/**/*.test.ts',
            'tests/emulator/**/*.test.ts',
          ],
          testTimeout: 30_000,
          // A file's setup (database, migrations, demo PKI) waits its turn for the 2 cores under a full run.
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
