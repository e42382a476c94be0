import type { Db } from '../../db/client';
import type { DatasetSource } from './types';

export interface DatasetInfo {
  list: string;
  source: DatasetSource;
  fileName: string | null;
  rowCount: number;
  loadedAt: string;
}

/** What each list holds now; the screen shows the demo badge from this. */
export async function listDatasets(db: Db): Promise<DatasetInfo[]> {
  const r = await db.query<Omit<DatasetInfo, 'loadedAt'> & { loadedAt: unknown }>(
    `select list, source, file_name as "fileName", row_count as "rowCount", loaded_at as "loadedAt"
     from catalogue_datasets order by list`,
  );
  return r.rows.map((row) => ({
    ...row,
    loadedAt: new Date(row.loadedAt as string | Date).toISOString(),
  }));
}
