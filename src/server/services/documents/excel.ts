import * as XLSX from 'xlsx';
import { getKind } from '../../../engine';
import { typeNameKey } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { translate } from '../../i18n';
import { type ListFilters, listDocuments } from './lists';
import type { Caller } from './types';

/** The most rows one export holds (a year of a large distributor's documents). */
export const EXCEL_EXPORT_MAX_ROWS = 100_000;
const CHUNK = 90;

/** The organisations' time zone: the moments of a list are written as its clocks showed them. */
export const EXCEL_TIME_ZONE = 'Asia/Tashkent';
// The dots escaped: unescaped, a dot after "mm" reads as a fraction of seconds in some readers.
const DATE_FORMAT = 'dd\\.mm\\.yyyy';
const DATE_TIME_FORMAT = 'dd\\.mm\\.yyyy hh:mm';
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

const zoneParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: EXCEL_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** A moment as an Excel date-time serial of the wall clock in EXCEL_TIME_ZONE (Excel has no zones). */
function serialOfMoment(value: Date | string): number {
  const parts = Object.fromEntries(
    zoneParts.formatToParts(new Date(value)).map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return (wall - EXCEL_EPOCH) / DAY_MS;
}

/** A yyyy-MM-dd day as an Excel date serial. */
const serialOfDay = (day: string) =>
  (Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) - EXCEL_EPOCH) /
  DAY_MS;

type Cell = XLSX.CellObject | string;
const text = (value: string | null | undefined): Cell => ({ t: 's', v: value ?? '' });
const dayCell = (day: string | null): Cell =>
  day && /^\d{4}-\d{2}-\d{2}/.test(day) ? { t: 'n', v: serialOfDay(day), z: DATE_FORMAT } : text('');
const momentCell = (value: Date | string | null): Cell =>
  value ? { t: 'n', v: serialOfMoment(value), z: DATE_TIME_FORMAT } : text('');

/**
 * Document/getAllDocumentsExcel: every row of the filtered list (not only the page shown), with the
 * columns of the list screen in the caller's language: kinds, subtypes and statuses by name; the
 * document date and the created/updated moments as Excel dates (moments on Tashkent clocks, as the
 * screen shows them); numbers and TINs as text (leading zeros kept). Totals are written as numbers
 * with 2 decimals (from the exact decimal text, never summed here).
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
  const typeName = (kind: string, type: string | null) => {
    const key = typeNameKey(kind, type);
    return key ? t(key, { defaultValue: '' }) : '';
  };
  const rows: Cell[][] = [header];
  for (let page = 1; rows.length - 1 < EXCEL_EXPORT_MAX_ROWS; page++) {
    const chunk = await listDocuments(db, caller, { ...filters, page, size: CHUNK }, { remember: false });
    for (const row of chunk.rows) {
      rows.push([
        text(row.number),
        dayCell(row.date),
        text(t(getKind(row.kind).titleKey)),
        text(typeName(row.kind, row.type)),
        text(row.counterparty.name),
        text(row.counterparty.identity),
        row.total === null ? text('') : { t: 'n', v: Number(row.total), z: '#,##0.00' },
        text(t(`exchange:status.${row.statusKey}`)),
        momentCell(row.createdAt),
        momentCell(row.updatedAt),
      ]);
    }
    if (chunk.rows.length < CHUNK) break;
  }
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!cols'] = [14, 11, 28, 20, 36, 16, 16, 24, 17, 17].map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, t('exchange:excel.sheet'));
  const body = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const stamp = new Date().toISOString().slice(0, 10);
  return { name: `documents-${filters.direction ?? 'all'}-${stamp}.xlsx`, body };
}
