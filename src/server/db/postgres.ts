import pg from 'pg';
import type { Db, QueryResult } from './client';
import { DatabaseUnavailableError } from './client';
import { PG_OID, parseDate, parseInt8, parseNumeric } from './types';

const types = {
  getTypeParser(oid: number, format?: any) {
    if (oid === PG_OID.date) return parseDate;
    if (oid === PG_OID.numeric) return parseNumeric;
    if (oid === PG_OID.int8) return parseInt8;
    return pg.types.getTypeParser(oid, format);
  },
};

type Runner = { query: (sql: string, params?: unknown[]) => Promise<pg.QueryResult<any>> };

function wrapClient(runner: Runner, pool: pg.Pool | null): Db {
  const db: Db = {
    kind: 'postgresql',
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await runner.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await runner.query(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (!pool) return fn(db); // already inside a transaction
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrapClient(client, null));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      if (pool) await pool.end();
    },
  };
  return db;
}

export async function openPostgres(url: string, schema?: string): Promise<Db> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: 10,
    // A burst queues for a connection rather than failing: 100 signed actions at once verify their
    // CMS on the event loop while others wait, and 5 s answered some of them with a 500. Still well
    // under the request timeout (limits.ts), so an unreachable server is reported, not waited on forever.
    connectionTimeoutMillis: 30_000,
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  // A pool error on an idle client must not crash the process; the next query reports it.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    if (schema) await client.query(`create schema if not exists ${schema}`);
    client.release();
  } catch (err) {
    await pool.end().catch(() => {});
    const safeUrl = url.replace(/\/\/[^@/]*@/, '//');
    throw new DatabaseUnavailableError(
      `cannot connect to PostgreSQL at ${safeUrl}: ${(err as Error).message}`,
    );
  }
  return wrapClient(pool, pool);
}
