import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError } from './config';
import { DatabaseUnavailableError, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { openReplica } from './db/replica';
import { seedDemo } from './db/seeds';
import { limitDemoOrganizations } from './db/seeds/limit';
import { claimDataDir } from './lock';
import { type MetricsServer, startMetricsServer } from './metrics/server';

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
  /** METRICS_PORT's /metrics, when configured. */
  metricsUrl: string | null;
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
      listenUrl: config.databaseDirectUrl,
      preparedStatements: config.databasePreparedStatements,
    });
  } catch (err) {
    unlock();
    if (err instanceof DatabaseUnavailableError) throw new ConfigError(err.message);
    throw new ConfigError(
      `cannot open the embedded database in ${config.dataDir}: ${(err as Error).message}`,
    );
  }
  let app: FastifyInstance | null = null;
  let address: string;
  let metrics: MetricsServer | null = null;
  try {
    const applied = await migrate(db);
    if (config.demo) await seedDemo(db);
    if (config.demo && config.demoOrganizations) await limitDemoOrganizations(db, config.demoOrganizations);
    // A replica down at the start is no reason not to start: the primary answers until it is back.
    const replica = config.replica
      ? await openReplica(config.replica.url, db, {
          maxLagSeconds: config.replica.maxLagSeconds,
          preparedStatements: config.databasePreparedStatements,
        })
      : undefined;
    app = await buildApp(config, { db, jobWorkers: true, replica });
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    address = await app.listen({ port: config.port, host: config.host });
    if (config.metrics?.port) {
      metrics = await startMetricsServer(app.metrics, config.metrics.host, config.metrics.port).catch(
        (err) => {
          throw new ConfigError(
            `METRICS_PORT ${config.metrics?.port} on ${config.metrics?.host}: ${err.message}`,
          );
        },
      );
      app.log.info({ url: metrics.url }, 'metrics served');
    }
  } catch (err) {
    if (app) await app.close().catch(() => {});
    else await db.close().catch(() => {});
    unlock();
    throw err;
  }
  const running = app;
  return {
    app: running,
    url: address,
    metricsUrl: metrics?.url ?? null,
    async close() {
      await metrics?.close();
      await running.close();
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
