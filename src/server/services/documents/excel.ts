import * as XLSX from 'xlsx';
import { getKind } from '../../../engine';
import type { Db } from '../../db/client';
import { translate } from '../../i18n';
import { type ListFilters, listDocuments } from './lists';
import type { Caller } from './types';

/** The most rows one export holds (a year of a large distributor's documents). */
export const EXCEL_EXPORT_MAX_ROWS = 100_000;
const CHUNK = 90;

const dateTime = (value: Date | string | null) =>
  value ? new Date(value).toISOString().replace('T', ' ').slice(0, 16) : '';

/**
 * Document/getAllDocumentsExcel: every row of the filtered list (not only the page shown), with the
 * columns of the list screen in the caller's language. Totals are written as numbers with 2 decimals
 * (from the exact decimal text, never summed here).
 */
export async function exportListXlsx(
  db: Db,
  caller: Caller,
  filters: ListFilters,
): Promise<{ name: string; body: Buffer }> {
  const t = (key: string, params?: Record<string, unknown>) => translate(caller.lang, key, params);
  const header = [
    t('exchange:excel.number'),
    t('exchange:excel.date'),
    t('exchange:excel.kind'),
    t('exchange:excel.type'),
    t('exchange:excel.counterparty'),
    t('exchange:excel.counterpartyTin'),
    t('exchange:excel.total'),
    t('exchange:excel.status'),
    t('exchange:excel.created'),
    t('exchange:excel.updated'),
  ];
  const rows: unknown[][] = [header];
  for (let page = 1; rows.length - 1 < EXCEL_EXPORT_MAX_ROWS; page++) {
    const chunk = await listDocuments(db, caller, { ...filters, page, size: CHUNK }, { remember: false });
    for (const row of chunk.rows) {
      rows.push([
        row.number ?? '',
        row.date ?? '',
        t(getKind(row.kind).titleKey),
        row.type ?? '',
        row.counterparty.name ?? '',
        row.counterparty.identity ?? '',
        row.total === null ? '' : Number(row.total),
        t(`exchange:status.${row.statusKey}`),
        dateTime(row.createdAt),
        dateTime(row.updatedAt),
      ]);
    }
    if (chunk.rows.length < CHUNK) break;
  }
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!cols'] = [14, 11, 28, 6, 36, 16, 16, 24, 17, 17].map((wch) => ({ wch }));
  for (let r = 1; r < rows.length; r++) {
    const cell = sheet[XLSX.utils.encode_cell({ r, c: 6 })];
    if (cell && cell.t === 'n') cell.z = '#,##0.00';
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, t('exchange:excel.sheet'));
  const body = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const stamp = new Date().toISOString().slice(0, 10);
  return { name: `documents-${filters.direction ?? 'all'}-${stamp}.xlsx`, body };
}
