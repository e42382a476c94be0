import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../../../engine/constants';
import type { Db } from '../../../db/client';
import { translate } from '../../../i18n';
import type { ListDef } from '../lists';
import { type LoadResult, loadList } from '../store';
import type { RowError } from '../types';
import { formatOf, readTable } from './readers';
import { validateRows } from './validateRows';

// One file into one list: read, check every row, and only when every row is right write them all in
// one transaction. A file with any bad row changes nothing.

export type ImportOutcome = { ok: true; result: LoadResult } | { ok: false; errors: RowError[] };

export interface ImportOptions {
  lang: Locale;
  replace?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export async function importFile(
  db: Db,
  list: ListDef,
  filePath: string,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const fileName = path.basename(filePath);
  const format = formatOf(fileName);
  const fileError = (key: string, params: Record<string, unknown> = {}): ImportOutcome => ({
    ok: false,
    errors: [
      { row: 0, column: '', message: translate(options.lang, `catalogue:import.errors.${key}`, params) },
    ],
  });
  if (!format) return fileError('format', { file: fileName });
  let data: Buffer;
  try {
    data = fs.readFileSync(filePath);
  } catch (err) {
    return fileError('unreadable', {
      file: fileName,
      reason: (err as NodeJS.ErrnoException).code ?? String(err),
    });
  }
  let table: ReturnType<typeof readTable>;
  try {
    table = readTable(format, data);
  } catch (err) {
    return fileError('unparsable', { file: fileName, reason: (err as Error).message });
  }
  if (table.records.length === 0) return fileError('empty', { file: fileName });
  const { rows, errors } = validateRows(list, table, options.lang);
  if (errors.length) return { ok: false, errors };
  const result = await loadList(db, list.key, rows, {
    source: 'import',
    fileName,
    replace: options.replace,
    onProgress: options.onProgress,
  });
  return { ok: true, result };
}
