import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { ensureWritableDir, lockDataDir } from '../src/server/lock';
import { exitOnStartupError } from '../src/server/main';

async function main() {
  const config = loadConfig(process.env, '0');
  if (!config.databaseUrl) ensureWritableDir(config.dataDir);
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : path.join(config.dataDir, 'pgdata'),
  });
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  } finally {
    await db.close();
    unlock();
  }
}

main().catch(exitOnStartupError);
