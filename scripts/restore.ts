/**
 * npm run restore -- <file> [--force]
 * Puts a backup of `npm run backup` back into the configured database. The servers must be stopped.
 * - PGlite: DATA_DIR/pgdata is replaced; the previous one is kept beside it (pgdata.replaced-<time>).
 * - PostgreSQL: the database must be empty, or --force empties it first (drops the public and pgboss
 *   schemas), then pg_restore loads the dump in one transaction.
 * The next server start applies the migrations newer than the backup.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { restorePglite } from '../src/server/backup/pglite';
import { restorePostgres } from '../src/server/backup/postgres';
import { loadConfig } from '../src/server/config';
import { lockDataDir } from '../src/server/lock';

async function emptyPostgres(url: string, force: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const others = await client.query(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (others.rows[0].n > 0 && !force)
      throw new Error(
        `${others.rows[0].n} other connections use this database: stop the servers (or --force)`,
      );
    const tables = await client.query(
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'pgboss')`,
    );
    if (tables.rows[0].n === 0) return;
    if (!force)
      throw new Error(
        `the database has ${tables.rows[0].n} tables: restore into an empty one, or --force to empty it`,
      );
    await client.query('begin');
    await client.query('drop schema if exists pgboss cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
    await client.query('commit');
  } finally {
    await client.end();
  }
}

async function main() {
  const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  const force = process.argv.includes('--force');
  if (!file) throw new Error('usage: npm run restore -- <backup file> [--force]');
  if (!fs.existsSync(file)) throw new Error(`no such file: ${file}`);
  const config = loadConfig(process.env, '0');
  const started = Date.now();
  if (config.databaseUrl) {
    if (!file.endsWith('.dump')) throw new Error('DATABASE_URL is set: restore a PostgreSQL backup (.dump)');
    // PostgreSQL itself, not a pooler in transaction mode (pg_restore's session settings).
    const url = config.databaseDirectUrl ?? config.databaseUrl;
    await emptyPostgres(url, force);
    await restorePostgres(url, file);
    console.log(`restore: ${file} loaded into PostgreSQL (${Date.now() - started} ms)`);
    return;
  }
  if (!file.endsWith('.tar.gz')) throw new Error('DATABASE_URL is unset: restore a PGlite backup (.tar.gz)');
  // Refuses while a server owns the directory ("in use by another Hujjat process").
  const unlock = lockDataDir(config.dataDir);
  try {
    const kept = await restorePglite(
      path.join(config.dataDir, 'pgdata'),
      new Uint8Array(fs.readFileSync(file)),
    );
    console.log(`restore: ${file} is DATA_DIR/pgdata now (${Date.now() - started} ms)`);
    if (kept) console.log(`restore: the database it replaced is kept in ${kept}`);
  } finally {
    unlock();
  }
}

main().catch((err) => {
  console.error(`restore: ${(err as Error).message}`);
  process.exit(1);
});
