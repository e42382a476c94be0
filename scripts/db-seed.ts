import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/db/seeds';
import { ensureWritableDir, lockDataDir } from '../src/server/lock';
import { exitOnStartupError } from '../src/server/main';

// Loads the labelled demo data; safe to run again.
async function main() {
  const config = loadConfig(process.env, '0');
  if (!config.databaseUrl) ensureWritableDir(config.dataDir);
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : path.join(config.dataDir, 'pgdata'),
  });
  try {
    await migrate(db);
    const done = await seedDemo(db);
    console.log(`demo data loaded: ${done.join(', ')}`);
  } finally {
    await db.close();
    unlock();
  }
}

main().catch(exitOnStartupError);
