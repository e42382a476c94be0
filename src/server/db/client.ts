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
  /** PostgreSQL only: a schema to create and use (isolated test runs). */
  schema?: string;
}

export async function openDatabase(options: OpenOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl, options.schema);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(options.dataDir);
}
