// Starts the built server for Playwright on a fresh temporary data directory (demo data, emulator).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error('e2e: dist/ is missing — run `npm run build` first');
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'serve.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT || '18080',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: 'on',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
    DATABASE_URL: '',
    // Own emulator ports, so a development `npm start` holding 64646/64647 does not interfere.
    EIMZO_WS_PORT: process.env.E2E_EIMZO_WS_PORT || '18646',
    EIMZO_EMULATOR_SERVER_PORT: process.env.E2E_EIMZO_SERVER_PORT || '18647',
    // The webhook spec's receiver listens on this machine (the guard still refuses private addresses
    // everywhere else; tests/server/integrations/webhooks.test.ts checks the refusal itself).
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1',
  },
});
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
