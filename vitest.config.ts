import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: node (engine, server, scripts) and jsdom (web components).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
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
