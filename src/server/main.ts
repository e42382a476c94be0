import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError } from './config';
import { DatabaseUnavailableError, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seeds';
import { ensureWritableDir, lockDataDir } from './lock';

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

/** Checks configuration, opens and migrates the database, seeds demo data, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  await assertPortFree(config.host, config.port);
  ensureWritableDir(config.dataDir);
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
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
  const applied = await migrate(db);
  if (config.demo) await seedDemo(db);
  const app = await buildApp(config, { db, jobWorkers: true });
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  const address = await app.listen({ port: config.port, host: config.host });
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
