import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../../../engine/constants';
import type { Db } from '../../../db/client';
import { translate } from '../../../i18n';
import { formatOf, type RawTable, readTable } from '../../catalogue/import/readers';
import type { RowError } from '../../catalogue/types';
import { loadBanks } from '../banks/store';
import { loadMxik } from '../classifier/store';
import type { ImportKind } from './columns';
import { validateBanks, validateMxik } from './validateRows';

// One export file into the classifier or the banks: read, check every row, and only when every row
// is right write them all in one transaction. A file with any bad row changes nothing.

export interface ImportOptions {
  lang: Locale;
  replace?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface ImportSummary {
  received: number;
  duplicates: number;
  rowCount: number;
  version: number;
}

export type ImportOutcome = { ok: true; result: ImportSummary } | { ok: false; errors: RowError[] };

function readFile(filePath: string, lang: Locale): { table: RawTable } | { errors: RowError[] } {
  const fileName = path.basename(filePath);
  const fail = (key: string, params: Record<string, unknown> = {}) => ({
    errors: [
      {
        row: 0,
        column: '',
        message: translate(lang, `reference:import.errors.${key}`, { file: fileName, ...params }),
      },
    ],
  });
  const format = formatOf(fileName);
  if (!format) return fail('format');
  let data: Buffer;
  try {
    data = fs.readFileSync(filePath);
  } catch (err) {
    return fail('unreadable', { reason: (err as NodeJS.ErrnoException).code ?? String(err) });
  }
  let table: RawTable;
  try {
    table = readTable(format, data);
  } catch (err) {
    return fail('unparsable', { reason: (err as Error).message });
  }
  if (table.records.length === 0) return fail('empty');
  return { table };
}

export async function importReferenceFile(
  db: Db,
  kind: ImportKind,
  filePath: string,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const read = readFile(filePath, options.lang);
  if ('errors' in read) return { ok: false, errors: read.errors };
  const fileName = path.basename(filePath);
  if (kind === 'mxik') {
    const { rows, errors } = validateMxik(read.table, options.lang);
    if (errors.length) return { ok: false, errors };
    const result = await loadMxik(db, rows, [], {
      source: 'import',
      fileName,
      replace: options.replace,
      onProgress: options.onProgress,
    });
    return { ok: true, result };
  }
  const known = options.replace
    ? new Set<string>()
    : new Set(
        (await db.query<{ mfo: string }>('select mfo from ref_banks where not is_demo')).rows.map(
          (r) => r.mfo,
        ),
      );
  const { rows, errors } = validateBanks(read.table, options.lang, known);
  if (errors.length) return { ok: false, errors };
  const result = await loadBanks(db, rows, {
    source: 'import',
    fileName,
    replace: options.replace,
    onProgress: options.onProgress,
  });
  return { ok: true, result };
}
