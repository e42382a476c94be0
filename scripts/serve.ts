// Composition root of `npm start`: the API server, and in demo mode the E-IMZO emulator beside it.
import fs from 'node:fs';
import { answerBackupRequest } from '../src/server/backup/online';
import { loadConfig } from '../src/server/config';
import { claimDataDir, exitOnStartupError, startServer } from '../src/server/main';
import { startDemoOperator } from './demo-operator';
import { startDemoSigning } from './demo-signing';

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

async function main() {
  const config = loadConfig(process.env, pkg.version);
  // The data directory is claimed before anything is written to it (a second server stops here).
  const release = claimDataDir(config);
  let demoSigning: Awaited<ReturnType<typeof startDemoSigning>> | null = null;
  let demoOperator: Awaited<ReturnType<typeof startDemoOperator>> | null = null;
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    // Demo mode (never production): demo keys first, so the verifier finds its trusted CA at startup.
    demoSigning = config.demo && !config.production ? await startDemoSigning(config) : null;
    // The stand-in operator signs its counterparties' actions with the same demo keys.
    demoOperator =
      demoSigning && config.operator?.standIn ? await startDemoOperator(demoSigning.config) : null;
    server = await startServer(demoOperator?.config ?? demoSigning?.config ?? config, { release });
  } catch (err) {
    await demoOperator?.close().catch(() => {});
    await demoSigning?.close().catch(() => {});
    release();
    throw err;
  }
  const closers: Array<() => Promise<void>> = [() => server.close()];
  if (demoOperator) {
    closers.push(demoOperator.close);
    for (const line of demoOperator.messages) server.app.log.info(line);
  }
  if (config.demo) server.app.log.info('demo mode: demo data loaded');
  if (demoSigning) {
    closers.push(demoSigning.close);
    for (const line of demoSigning.messages) server.app.log.info(line);
    for (const line of demoSigning.warnings) server.app.log.warn(line);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    for (const close of closers.reverse()) await close().catch(() => {});
    process.exit(0);
  };
  // `npm run backup` on the embedded database asks this process for the copy (src/server/backup/online.ts).
  if (!config.databaseUrl) {
    process.on('SIGUSR2', () => {
      answerBackupRequest(config.dataDir, server.app.db).then(
        (request) => request && server.app.log.info({ out: request.out }, 'backup written'),
        (err) => server.app.log.error({ err }, 'backup failed'),
      );
    });
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch(exitOnStartupError);
