import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../db/client';

/**
 * A consistent copy of an embedded database: PGlite's own tarball of its data directory (gzip),
 * taken while the database holds its transaction lock, so no transaction is half-done in it and no
 * statement runs while the files are read. Taken inside the process that has the database open.
 */
export async function snapshotPglite(db: Db): Promise<Uint8Array> {
  if (!db.snapshot) throw new Error('this database cannot be copied from inside the process (not PGlite)');
  return db.snapshot();
}

/**
 * Replaces `pgdataDir` with the snapshot: the current directory is kept beside it as
 * `<dir>.replaced-<time>` (nothing is deleted), the snapshot is unpacked by PGlite itself and opened
 * once to check that it is a database. The caller holds the data directory's lock.
 */
export async function restorePglite(
  pgdataDir: string,
  snapshot: Uint8Array,
  now = new Date(),
): Promise<string | null> {
  let kept: string | null = null;
  if (fs.existsSync(pgdataDir)) {
    kept = `${pgdataDir}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(pgdataDir, kept);
  }
  fs.mkdirSync(path.dirname(pgdataDir), { recursive: true });
  try {
    const pg = await PGlite.create(pgdataDir, { loadDataDir: new Blob([new Uint8Array(snapshot)]) });
    try {
      await pg.query('select count(*) from schema_migrations');
    } finally {
      await pg.close();
    }
  } catch (err) {
    // Not a database: put the previous one back.
    fs.rmSync(pgdataDir, { recursive: true, force: true });
    if (kept) fs.renameSync(kept, pgdataDir);
    throw new Error(`the backup is not a Hujjat database: ${(err as Error).message}`);
  }
  return kept;
}
