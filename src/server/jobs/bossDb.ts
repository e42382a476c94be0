import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';

/**
 * pg-boss speaks to the database through `executeSql` only, so it runs on our one client: PGlite
 * (a single in-process connection; its queries queue behind an open transaction) or a pg pool.
 * pg-boss's schema installs and migrations are several statements without parameters, which the
 * extended protocol refuses: those go through `exec`.
 */
export function bossDb(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((!values || values.length === 0) && isMultiStatement(text)) {
        await db.exec(text);
        return { rows: [] };
      }
      const r = await db.query(text, values ?? []);
      return { rows: r.rows, rowCount: r.rowCount } as { rows: any[] };
    },
  };
}

function isMultiStatement(sql: string): boolean {
  const body = sql.trim().replace(/;\s*$/, '');
  return body.includes(';');
}
