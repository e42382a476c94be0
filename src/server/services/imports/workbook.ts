// Reading an uploaded .xlsx: the first sheet as rows of raw cell values. A file that is not an
// Excel workbook is refused with one clear message instead of a parser's stack.
import * as XLSX from 'xlsx';
import { ApiError } from '../../errors';

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

/** .xlsx is a zip: "PK\x03\x04". Legacy .xls, CSV or a renamed PDF are refused before parsing. */
export function isXlsx(buffer: Buffer): boolean {
  return (
    buffer.length > 4 && buffer[0] === 0x50 && buffer[1] === 0x4b && buffer[2] === 0x03 && buffer[3] === 0x04
  );
}

/** The first sheet's rows; `firstRows` reads only that many (the upload's quick header check). */
export function readRows(buffer: Buffer, firstRows?: number): unknown[][] {
  if (buffer.length === 0) throw new ApiError(400, 'IMPORT_EMPTY', 'bulk:import.empty');
  if (buffer.length > MAX_IMPORT_BYTES) {
    throw new ApiError(413, 'IMPORT_TOO_LARGE', 'bulk:import.tooLarge', {
      mb: MAX_IMPORT_BYTES / 1024 / 1024,
    });
  }
  if (!isXlsx(buffer)) throw new ApiError(400, 'IMPORT_NOT_XLSX', 'bulk:import.notXlsx');
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(buffer, {
      type: 'buffer',
      cellDates: false,
      cellText: false,
      cellHTML: false,
      cellStyles: false,
      dense: true,
      ...(firstRows ? { sheetRows: firstRows } : {}),
    });
  } catch {
    throw new ApiError(400, 'IMPORT_NOT_XLSX', 'bulk:import.notXlsx');
  }
  const sheet = book.Sheets[book.SheetNames[0]];
  if (!sheet) throw new ApiError(400, 'IMPORT_EMPTY', 'bulk:import.empty');
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: true,
    defval: null,
    blankrows: true,
  });
  // Trailing blank rows are formatting, not data.
  while (rows.length && isBlank(rows[rows.length - 1])) rows.pop();
  if (rows.length < 2) throw new ApiError(400, 'IMPORT_EMPTY', 'bulk:import.empty');
  if (rows.length - 1 > MAX_IMPORT_ROWS) {
    throw new ApiError(413, 'IMPORT_TOO_MANY_ROWS', 'bulk:import.tooManyRows', { max: MAX_IMPORT_ROWS });
  }
  return rows;
}

export const isBlank = (row: unknown[] | undefined) =>
  !row || row.every((v) => v === null || v === undefined || String(v).trim() === '');

/** A workbook of one sheet: a header row and rows of values. */
export function writeWorkbook(sheetName: string, header: string[], rows: unknown[][]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows]);
  sheet['!cols'] = header.map((h) => ({ wch: Math.min(40, Math.max(12, h.length + 2)) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
