// One client interface over embedded PGlite and a PostgreSQL server, so that every query, migration
// and test runs unchanged on both.

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * A hot statement of a bounded set of texts (parameters, never values, in the text): PostgreSQL
   * parses it once per connection and may keep its plan (a named statement); PGlite ignores it.
   */
  prepare?: boolean;
}

export interface Db {
  readonly kind: 'pglite' | 'postgresql';
  query<T = Record<string, any>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction; a nested call joins the outer transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (sent with `pg_notify` in a transaction, delivered
   * when it commits, to every process listening on the database). `onResync` runs when notifications
   * may have been missed (the listening connection was lost and is back). Resolves to an unsubscribe.
   * Absent on clients that cannot listen (test doubles); callers then poll.
   */
  listen?(
    channel: string,
    onNotify: (payload: string) => void,
    onResync?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * PGlite: a consistent gzip tarball of the data directory, taken while no transaction is open
   * (src/server/backup); absent on PostgreSQL (pg_dump copies it from outside).
   */
  snapshot?(options?: {
    /** gzip (the default: backups); false leaves it plain, ~1 s less to load (the tests' templates). */
    compress?: boolean;
  }): Promise<Uint8Array>;
  /** PostgreSQL: this process's pool (open, idle, callers waiting for a connection); absent on PGlite. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL: whether this process's LISTEN connection is open and the notifications it received
   * by channel (absent on PGlite, whose notifications never leave the process).
   */
  listenStats?(): { connected: boolean; notifications: Record<string, number> };
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

export interface OpenOptions {
  /** postgres://…; null opens PGlite. */
  databaseUrl: string | null;
  /** PGlite data directory; null keeps it in memory. */
  dataDir: string | null;
  /**
   * PGlite only: start from this data-directory tarball (a `snapshot()` of another database) instead
   * of an empty cluster — the tests' prepared migrated database, loaded in a fraction of initdb's time.
   */
  pgliteSnapshot?: Uint8Array | null;
  /** PostgreSQL only: a schema to create and use (isolated test runs). */
  schema?: string;
  /** PostgreSQL only: DATABASE_DIRECT_URL, where LISTEN connects (postgres.ts `PostgresOptions`). */
  listenUrl?: string | null;
  /** PostgreSQL only: DATABASE_PREPARED_STATEMENTS (default on). */
  preparedStatements?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl, {
      schema: options.schema,
      listenUrl: options.listenUrl,
      preparedStatements: options.preparedStatements,
    });
  }
  const { openPglite } = await import('./pglite');
  return openPglite(options.dataDir, options.pgliteSnapshot ?? null);
}
