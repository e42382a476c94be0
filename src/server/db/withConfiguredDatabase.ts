import path from 'node:path';
import { loadConfig } from '../config';
import { ensureWritableDir, lockDataDir } from '../lock';
import { type Db, openDatabase } from './client';
import { migrate } from './migrate';

/**
 * For command-line tools (migrate, seed, imports): opens the database the environment configures
 * (PGlite in DATA_DIR, holding its lock, or DATABASE_URL), applies pending migrations, runs fn with
 * the versions just applied, and closes it.
 */
export async function withConfiguredDatabase<T>(fn: (db: Db, applied: string[]) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env, '0');
  if (!config.databaseUrl) ensureWritableDir(config.dataDir);
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let db: Db | null = null;
  try {
    db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? null : path.join(config.dataDir, 'pgdata'),
    });
    const applied = await migrate(db);
    return await fn(db, applied);
  } finally {
    await db?.close();
    unlock();
  }
}
