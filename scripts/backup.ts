/**
 * npm run backup -- [--dir <directory> | --out <file>] [--keep <n>]
 * A consistent copy of the configured database, taken while the servers keep working:
 * - PostgreSQL (DATABASE_URL): pg_dump --format=custom, one snapshot of everything (the job queue too);
 * - PGlite (DATA_DIR): PGlite's tarball of its data directory, written by the running server itself
 *   (asked through DATA_DIR and SIGUSR2) or, with no server running, by this command.
 * Files go to BACKUP_DIR (default DATA_DIR/backups) as hujjat-<kind>-<UTC time>.(dump|tar.gz);
 * --keep n deletes all but the newest n of them. Restore with `npm run restore -- <file>`.
 * Secrets kept in DATA_DIR (jwt-secret, the operator credentials key, demo-pki) are not in it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { requestOnlineBackup } from '../src/server/backup/online';
import { snapshotPglite } from '../src/server/backup/pglite';
import { dumpPostgres } from '../src/server/backup/postgres';
import { backupName, pruneBackups } from '../src/server/backup/retention';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { lockDataDir, ownerOfDataDir } from '../src/server/lock';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const config = loadConfig(process.env, '0');
  const kind = config.databaseUrl ? 'postgresql' : 'pglite';
  const out = path.resolve(
    option('--out') ??
      path.join(
        option('--dir') ?? process.env.BACKUP_DIR ?? path.join(config.dataDir, 'backups'),
        backupName(kind),
      ),
  );
  const keepRaw = option('--keep');
  if (keepRaw !== undefined && !/^[1-9]\d*$/.test(keepRaw))
    throw new Error('--keep takes a number of backups, at least 1');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const started = Date.now();
  let how: string;
  if (config.databaseUrl) {
    // pg_dump's session settings and snapshot need PostgreSQL itself, not a pooler in transaction mode.
    await dumpPostgres(config.databaseDirectUrl ?? config.databaseUrl, `${out}.partial`);
    fs.renameSync(`${out}.partial`, out);
    how = 'pg_dump, online';
  } else {
    const owner = ownerOfDataDir(config.dataDir);
    if (owner) {
      await requestOnlineBackup(config.dataDir, owner, out);
      how = `written by the running server (pid ${owner}), online`;
    } else {
      const unlock = lockDataDir(config.dataDir);
      try {
        const db = await openDatabase({ databaseUrl: null, dataDir: path.join(config.dataDir, 'pgdata') });
        try {
          fs.writeFileSync(`${out}.partial`, await snapshotPglite(db));
          fs.renameSync(`${out}.partial`, out);
        } finally {
          await db.close();
        }
      } finally {
        unlock();
      }
      how = 'no server was running';
    }
  }
  // Every document, signature and session is in it: readable by its owner only (pg_dump and the
  // snapshot wrote it with the umask's mode, 644 on Debian).
  try {
    fs.chmodSync(out, 0o600);
  } catch (err) {
    // Written by the server under another user (PGlite, online): the backup stands; say what to do.
    console.warn(`backup: could not make ${out} owner-only (${(err as Error).message}); chmod 600 it`);
  }
  const size = fs.statSync(out).size;
  console.log(
    `backup: ${out} (${(size / 1024 / 1024).toFixed(1)} MiB, ${kind}, ${how}, ${Date.now() - started} ms)`,
  );
  if (keepRaw) {
    for (const name of pruneBackups(path.dirname(out), Number(keepRaw), kind))
      console.log(`backup: deleted ${name}`);
  }
}

main().catch((err) => {
  console.error(`backup: ${(err as Error).message}`);
  process.exit(1);
});
