import type { Db } from '../../db/client';

// What each reference list holds now (ref_datasets) and where it came from: the bundled public
// files, the public classifier sample, a labelled demo set or an authority's export.

export type ReferenceList =
  | 'regions'
  | 'districts'
  | 'countries'
  | 'currencies'
  | 'measures'
  | 'banks'
  | 'mxik';
export type ReferenceSource = 'bundled' | 'sample' | 'demo' | 'import';

export interface ReferenceDataset {
  name: ReferenceList;
  source: ReferenceSource;
  fileName: string | null;
  rowCount: number;
  version: number;
  loadedAt: string;
}

/**
 * Grows after every load committed by this process, so its readers rebuild at once; loads by other
 * processes are seen through the stored version, which readers re-read at most once a second.
 */
let localLoads = 0;
export const referenceLoadCount = () => localLoads;
export const noteReferenceLoad = () => {
  localLoads++;
};

export async function listReferenceDatasets(db: Db): Promise<ReferenceDataset[]> {
  const r = await db.query<Omit<ReferenceDataset, 'loadedAt'> & { loadedAt: unknown }>(
    `select name, source, file_name as "fileName", row_count as "rowCount", version::int as version,
            loaded_at as "loadedAt"
     from ref_datasets order by name`,
  );
  return r.rows.map((row) => ({ ...row, loadedAt: new Date(row.loadedAt as string | Date).toISOString() }));
}

export async function referenceDataset(db: Db, name: ReferenceList): Promise<ReferenceDataset | null> {
  return (await listReferenceDatasets(db)).find((d) => d.name === name) ?? null;
}

/** Records a load inside its transaction; the row count is read back from the table. */
export async function recordLoad(
  tx: Db,
  name: ReferenceList,
  table: string,
  source: ReferenceSource,
  fileName: string | null,
): Promise<{ rowCount: number; version: number }> {
  const counted = await tx.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  const rowCount = counted.rows[0].n;
  const saved = await tx.query<{ version: number }>(
    `insert into ref_datasets (name, source, file_name, row_count, version, loaded_at)
     values ($1, $2, $3, $4, 1, now())
     on conflict (name) do update set source = excluded.source, file_name = excluded.file_name,
       row_count = excluded.row_count, version = ref_datasets.version + 1, loaded_at = now()
     returning version::int as version`,
    [name, source, fileName, rowCount],
  );
  return { rowCount, version: saved.rows[0].version };
}
