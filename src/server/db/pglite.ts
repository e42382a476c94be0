import fs from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, QueryResult } from './client';
import { PG_OID, parseDate, parseInt8, parseNumeric } from './types';

const parsers = {
  [PG_OID.date]: parseDate,
  [PG_OID.numeric]: parseNumeric,
  [PG_OID.int8]: parseInt8,
};

type Queryable = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(target: Queryable, root: PGlite, inTransaction: boolean): Db {
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await target.query<T>(sql, params as any[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (inTransaction) return fn(db);
      return root.transaction((tx) => fn(wrap(tx, root, true)));
    },
    async listen(channel, onNotify) {
      // PGlite is one in-process connection: a NOTIFY committed by any of its callers reaches it.
      const unsubscribe = await root.listen(channel, onNotify);
      return () => unsubscribe();
    },
    ...(!inTransaction && {
      // Inside a transaction of its own: PGlite runs one at a time, so none is half-done in the copy,
      // and the copy holds the statement lock, so nothing writes while the files are read.
      snapshot: ({ compress = true } = {}) =>
        root.transaction(async () => {
          const file = await root.dumpDataDir(compress ? 'gzip' : 'none');
          return new Uint8Array(await file.arrayBuffer());
        }),
    }),
    async close() {
      if (!inTransaction && !root.closed) await root.close();
    },
  };
  return db;
}

export async function openPglite(dataDir: string | null, snapshot: Uint8Array | null = null): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ?? undefined, {
    parsers,
    ...(snapshot && { loadDataDir: new Blob([new Uint8Array(snapshot)]) }),
  });
  return wrap(pg, pg, false);
}
