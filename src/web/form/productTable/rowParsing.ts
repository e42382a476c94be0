import { textFormOf } from '../../../engine/textForms';
import { type ProductRow, parseDecimalInput, withField } from '../engine';
import { parseLocalDate } from '../format';
import type { Column } from './columns';

/**
 * Splits spreadsheet clipboard text (tab-separated, one line per row) into cells. Excel and
 * LibreOffice quote a cell that holds a tab, a newline or a quote ("a ""b"""), so quotes are honoured.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === '\t') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((c) => c.trim() !== ''));
}

/** True when pasted text is more than one cell (a tab or a line break in it). */
export function isMultiCell(text: string): boolean {
  return /[\t\n]/.test(text.replace(/[\r\n]+$/, ''));
}

export interface ParsedRow {
  row: ProductRow;
  /** Field → problem found while reading (not a number, …); schema rules are checked afterwards. */
  problems: Record<string, 'notANumber' | 'notAnOption'>;
}

/** Converts a spreadsheet cell to the field's stored value. */
export function cellValue(
  column: Column,
  raw: unknown,
): { value: unknown; problem?: ParsedRow['problems'][string] } {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === ''))
    return { value: undefined };
  const text = typeof raw === 'number' ? String(raw) : String(raw).trim();
  switch (column.kind) {
    case 'decimal':
    case 'integer':
    case 'computed': {
      const number = parseDecimalInput(text);
      return number === null ? { value: text, problem: 'notANumber' } : { value: number };
    }
    case 'select': {
      const option = column.options?.find((o) => String(o) === text.replace(',', '.').replace(/%$/, ''));
      return option === undefined ? { value: text, problem: 'notAnOption' } : { value: option };
    }
    case 'boolean':
      return { value: /^(1|true|да|ha|yes|x|\+)$/i.test(text) };
    case 'editor': {
      // An object field (Marks) is read from its cell by the text form its schema names
      // (engine/textForms.ts); without one it cannot come from a sheet.
      const form = textFormOf(column.schema);
      return form ? { value: form.read(String(raw)) ?? undefined } : { value: undefined };
    }
    case 'date':
      // A spreadsheet's day as dd.mm.yyyy or dd/mm/yyyy (as ru and uz write it), or already yyyy-MM-dd.
      return { value: parseLocalDate(text, 'ru') ?? parseLocalDate(text, 'uz') ?? text };
    default:
      // Codes (CatalogCode 17 digits, barcodes) keep their leading zeros: text, never numbers.
      return { value: text };
  }
}

/**
 * Maps sheet columns to fields. A header row (national names or localized titles) decides the
 * mapping; without one, cells follow the table's editable columns in order.
 */
export function mapHeader(
  firstRow: readonly unknown[],
  columns: readonly Column[],
  titleOf: (column: Column) => string,
  /** The columns cells follow without a header (the shown ones); `columns` by default. */
  positional: readonly Column[] = columns,
): { mapping: Array<Column | undefined>; hasHeader: boolean } {
  const byName = new Map<string, Column>();
  for (const column of columns) {
    byName.set(column.name.toLowerCase(), column);
    byName.set(titleOf(column).toLowerCase(), column);
  }
  // The help page's Excel template writes "Количество [Count]": the national name in brackets wins.
  const matched = firstRow.map((cell) => {
    const text = String(cell ?? '').trim();
    const bracketed = /\[([A-Za-z]+)\]\s*$/.exec(text)?.[1];
    return (bracketed && byName.get(bracketed.toLowerCase())) || byName.get(text.toLowerCase());
  });
  if (matched.filter(Boolean).length >= Math.min(2, firstRow.length))
    return { mapping: matched, hasHeader: true };
  const editable = positional.filter((c) => c.kind !== 'computed');
  return { mapping: firstRow.map((_, i) => editable[i]), hasHeader: false };
}

export function parseRow(
  cells: readonly unknown[],
  mapping: ReadonlyArray<Column | undefined>,
  base: ProductRow,
): ParsedRow {
  let row: ProductRow = { ...base };
  const problems: ParsedRow['problems'] = {};
  mapping.forEach((column, i) => {
    if (!column || column.kind === 'computed') return;
    const { value, problem } = cellValue(column, cells[i]);
    row = withField(row, column.name, value);
    if (problem) problems[column.name] = problem;
  });
  return { row, problems };
}
