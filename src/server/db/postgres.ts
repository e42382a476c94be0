import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, QueryOptions, QueryResult } from './client';
import { DatabaseUnavailableError } from './client';
import { createPgListener, type ListenStats, type PgListener } from './pgListener';
import { PG_OID, parseDate, parseInt8, parseNumeric } from './types';

const types = {
  getTypeParser(oid: number, format?: any) {
    if (oid === PG_OID.date) return parseDate;
    if (oid === PG_OID.numeric) return parseNumeric;
    if (oid === PG_OID.int8) return parseInt8;
    return pg.types.getTypeParser(oid, format);
  },
};

type Runner = { query: (query: pg.QueryConfig) => Promise<pg.QueryResult<any>> };

/**
 * At most this many statement texts are prepared (each connection keeps what it prepared until it
 * closes): past it a statement runs unnamed, as every other does, so no caller can grow the server's
 * memory by varying a text.
 */
export const MAX_PREPARED_STATEMENTS = 500;
const preparedNames = new Map<string, string>();

/** The name of a prepared statement's text, or undefined (not asked for, or past the bound). */
function statementName(sql: string, options?: QueryOptions): string | undefined {
  if (!options?.prepare) return undefined;
  let name = preparedNames.get(sql);
  if (name === undefined && preparedNames.size < MAX_PREPARED_STATEMENTS) {
    name = `s_${createHash('sha1').update(sql).digest('base64url')}`;
    preparedNames.set(sql, name);
  }
  return name;
}

/** The pool's LISTEN connection, opened by the first listen() only (most tools never listen). */
interface LazyListener {
  get(): PgListener;
  stats(): ListenStats;
  close(): Promise<void>;
}

function lazyListener(config: pg.ClientConfig): LazyListener {
  let listener: PgListener | null = null;
  return {
    get: () => {
      listener ??= createPgListener(config);
      return listener;
    },
    stats: () => listener?.stats() ?? { connected: false, notifications: {} },
    close: async () => {
      await listener?.close();
    },
  };
}

function wrapClient(runner: Runner, pool: pg.Pool | null, listener: LazyListener, prepare: boolean): Db {
  const db: Db = {
    kind: 'postgresql',
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>> {
      const name = prepare ? statementName(sql, options) : undefined;
      const r = await runner.query({ text: sql, values: params, name });
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await runner.query({ text: sql });
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (!pool) return fn(db); // already inside a transaction
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrapClient(client, null, listener, prepare));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    listen(channel, onNotify, onResync) {
      return listener.get().listen(channel, onNotify, onResync);
    },
    ...(pool && {
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listenStats: () => listener.stats(),
    }),
    async close() {
      if (!pool) return;
      await listener.close();
      await pool.end();
    },
  };
  return db;
}

export interface PostgresOptions {
  /** PostgreSQL only: a schema to create and use (isolated test runs). */
  schema?: string;
  /**
   * The connection LISTEN uses (DATABASE_DIRECT_URL): PostgreSQL itself, never a pooler in
   * transaction mode, which hands a session's notifications to whoever holds the server connection.
   * Default: `url`.
   */
  listenUrl?: string | null;
  /**
   * Named (prepared) statements for `prepare: true` queries (DATABASE_PREPARED_STATEMENTS, default
   * on). Off behind pgbouncer before 1.21 in transaction mode, which cannot follow a statement
   * prepared on one server connection to the next: every statement then runs unnamed, and no
   * startup `options` (which such a pgbouncer refuses) are sent.
   */
  preparedStatements?: boolean;
  /** Pool size (default 10). */
  max?: number;
  /** How long a query waits for a connection (default 30 s). */
  connectionTimeoutMillis?: number;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const { schema } = options;
  const prepare = options.preparedStatements ?? true;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  const startup = [
    ...(prepare ? ['-c plan_cache_mode=force_generic_plan'] : []),
    ...(schema ? [`-c search_path=${schema}`] : []),
  ].join(' ');
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: options.max ?? 10,
    // A burst queues for a connection rather than failing: 100 signed actions at once verify their
    // CMS on the event loop while others wait, and 5 s answered some of them with a 500. Still well
    // under the request timeout (limits.ts), so an unreachable server is reported, not waited on forever.
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 30_000,
    // A prepared statement (`prepare: true`: the session check, the lists, the counts) runs its generic
    // plan: their texts are written for it (a list's first-page bounds are literals). Left to choose,
    // PostgreSQL re-planned a search at every execution (1–2 ms of planning for a 0.5 ms search),
    // because a generic plan cannot see how few rows the searched pieces match (migration 0032).
    ...(startup && { options: startup }),
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
  const listenConfig: pg.ClientConfig = {
    connectionString: options.listenUrl || url,
    types,
    application_name: 'hujjat-listen',
  };
  return wrapClient(pool, pool, lazyListener(listenConfig), prepare);
}
