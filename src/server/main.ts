import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError } from './config';
import { DatabaseUnavailableError, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seeds';
import { claimDataDir } from './lock';

export { claimDataDir };

function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE')
        reject(new ConfigError(`port ${port} on ${host} is already in use (set PORT)`));
      else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND')
        reject(new ConfigError(`HOST ${host} is not an address of this machine`));
      else if (err.code === 'EACCES') reject(new ConfigError(`no permission to listen on port ${port}`));
      else reject(err);
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/**
 * Checks configuration, opens and migrates the database, seeds demo data, and listens. `release`:
 * the data directory was already claimed (claimDataDir) by the caller, who wrote to it since.
 */
export async function startServer(config: Config, claimed?: { release: () => void }): Promise<RunningServer> {
  const unlock = claimed?.release ?? claimDataDir(config);
  try {
    await assertPortFree(config.host, config.port);
  } catch (err) {
    unlock();
    throw err;
  }
  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? null : path.join(config.dataDir, 'pgdata'),
    });
  } catch (err) {
    unlock();
    if (err instanceof DatabaseUnavailableError) throw new ConfigError(err.message);
    throw new ConfigError(
      `cannot open the embedded database in ${config.dataDir}: ${(err as Error).message}`,
    );
  }
  let app: FastifyInstance;
  let address: string;
  try {
    const applied = await migrate(db);
    if (config.demo) await seedDemo(db);
    app = await buildApp(config, { db, jobWorkers: true });
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    address = await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await db.close().catch(() => {});
    unlock();
    throw err;
  }
  return {
    app,
    url: address,
    async close() {
      await app.close();
      unlock();
    },
  };
}

/** Prints a configuration problem as one line and exits non-zero; anything else keeps its stack. */
export function exitOnStartupError(err: unknown): never {
  if (err instanceof ConfigError) {
    process.stderr.write(`hujjat: ${err.message}\n`);
  } else {
    process.stderr.write(`hujjat: failed to start: ${(err as Error)?.message ?? String(err)}\n`);
  }
  process.exit(1);
}
