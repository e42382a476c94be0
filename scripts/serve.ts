// Composition root of `npm start`: the API server, and in demo mode the E-IMZO emulator beside it.
import fs from 'node:fs';
import { loadConfig } from '../src/server/config';
import { exitOnStartupError, startServer } from '../src/server/main';

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

async function main() {
  const config = loadConfig(process.env, pkg.version);
  const server = await startServer(config);
  const closers: Array<() => Promise<void>> = [() => server.close()];
  if (config.demo) server.app.log.info('demo mode: demo data loaded');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    for (const close of closers.reverse()) await close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch(exitOnStartupError);
