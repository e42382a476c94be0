import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

// Test files of the node side that change process-wide state they do not put back — they register a
// document kind (engine registry, no unregistering) — and so need a module graph of their own.
const OWN_MODULES = ['tests/server/pdf/pdf.test.ts', 'tests/server/documents/newKind.test.ts'];

// Three projects: node (engine, and the files above), node-shared (server, scripts, emulators) and
// web (jsdom components). `--project 'node*'` is the code that runs on Node.
export default defineConfig({
  plugins: [react()],
  test: {
    // vitest's default (cores − 1) is one file at a time on the 2-core machines this runs on, while
    // API tests mostly wait on PostgreSQL, timers and child processes: two at a time.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/engine/**/*.test.ts', ...OWN_MODULES],
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-shared',
          environment: 'node',
          // The API test files share their worker's module graph (the server's ~2,000 modules, loaded
          // once per worker instead of once per file: ~60 % of the project's CPU time went to loading
          // it again); each file still builds its own app on its own database (harness.ts).
          isolate: false,
          // Migrated and seeded PGlite and PostgreSQL templates every API test file's database starts
          // from (harness.ts).
          globalSetup: ['tests/server/pgliteTemplates.ts', 'tests/server/postgresTemplates.ts'],
          include: ['tests/server/**/*.test.ts', 'tests/scripts/**/*.test.ts', 'tests/emulator/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OWN_MODULES],
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
