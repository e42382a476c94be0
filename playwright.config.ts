import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (never a downloaded browser) against the built app served by
// the real server with a throwaway data directory, demo data and the E-IMZO emulator.
//
// E2E_WORKERS workers (default 1), each with a server of its own: worker i (its parallel index) talks
// to the server on E2E_PORT + i, whose emulator listens on E2E_EIMZO_WS_PORT + 2i and
// E2E_EIMZO_SERVER_PORT + 2i. A spec file runs whole in one worker, in file order within it, so
// every server sees the specs one after another as before, only fewer of them; no two specs share a
// server at the same time. E2E_WORKERS=1 is the single-server run.
export const E2E_PORT = Number(process.env.E2E_PORT || 18080);
const E2E_WORKERS = Number(process.env.E2E_WORKERS || 1);
const EIMZO_WS_PORT = Number(process.env.E2E_EIMZO_WS_PORT || 18646);
const EIMZO_SERVER_PORT = Number(process.env.E2E_EIMZO_SERVER_PORT || 18647);
// Set by Playwright in each worker process, which loads this file again: which server is this worker's.
const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX || 0);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT + parallelIndex}`,
    viewport: { width: 1280, height: 900 },
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => ({
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT + i}/api/health`,
    env: {
      ...(process.env as Record<string, string>),
      E2E_PORT: String(E2E_PORT + i),
      E2E_EIMZO_WS_PORT: String(EIMZO_WS_PORT + 2 * i),
      E2E_EIMZO_SERVER_PORT: String(EIMZO_SERVER_PORT + 2 * i),
    },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
