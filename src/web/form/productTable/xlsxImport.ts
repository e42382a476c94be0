import type { ProductRow } from '../engine';
import type { Column } from './columns';
import { mapHeader, parseRow } from './rowParsing';

export interface SheetIssue {
  /** Row number as the spreadsheet shows it (1-based, header included). */
  sheetRow: number;
  field: string;
  /** Header text of the sheet column (what the person sees in their file). */
  columnName: string;
  /** Either a reading problem or an AJV error, localized by the caller. */
  problem:
    | { kind: 'read'; code: 'notANumber' | 'notAnOption' }
    | { kind: 'schema'; error: import('ajv').ErrorObject };
}

export interface SheetResult {
  rows: ProductRow[];
  issues: SheetIssue[];
  /** Data rows in the sheet (valid + invalid). */
  total: number;
}

/**
 * Reads product lines from a cell matrix (first sheet of an .xlsx, or pasted TSV). Each line is
 * parsed, then checked with the line validator; invalid lines are left out and reported per field.
 */
export function rowsFromMatrix(
  matrix: readonly (readonly unknown[])[],
  columns: readonly Column[],
  titleOf: (column: Column) => string,
  validate: (row: ProductRow) => Record<string, import('ajv').ErrorObject> | null,
  base: ProductRow,
  recompute: (row: ProductRow) => ProductRow,
  /** Every column the table declares (flag columns too): a header may name any of them. */
  declared: readonly Column[] = columns,
): SheetResult {
  if (matrix.length === 0) return { rows: [], issues: [], total: 0 };
  const { mapping, hasHeader } = mapHeader(matrix[0], declared, titleOf, columns);
  const headerNames = mapping.map((column, i) =>
    hasHeader ? String(matrix[0][i] ?? '') : column ? titleOf(column) : '',
  );
  const nameOf = (field: string) => {
    const i = mapping.findIndex((column) => column?.name === field);
    if (i >= 0) return headerNames[i];
    const column = declared.find((c) => c.name === field);
    return column ? titleOf(column) : field;
  };
  const rows: ProductRow[] = [];
  const issues: SheetIssue[] = [];
  const first = hasHeader ? 1 : 0;
  let total = 0;
  for (let r = first; r < matrix.length; r++) {
    const cells = matrix[r];
    if (!cells || cells.every((c) => c === null || c === undefined || String(c).trim() === '')) continue;
    total++;
    const { row, problems } = parseRow(cells, mapping, base);
    const computed = recompute(row);
    const errors = validate(computed) ?? {};
    const rowIssues: SheetIssue[] = [];
    for (const [field, code] of Object.entries(problems)) {
      rowIssues.push({ sheetRow: r + 1, field, columnName: nameOf(field), problem: { kind: 'read', code } });
    }
    for (const [field, error] of Object.entries(errors)) {
      if (field in problems) continue;
      rowIssues.push({
        sheetRow: r + 1,
        field,
        columnName: nameOf(field),
        problem: { kind: 'schema', error },
      });
    }
    if (rowIssues.length > 0) issues.push(...rowIssues);
    else rows.push(computed);
  }
  return { rows, issues, total };
}

/** The first sheet of an .xlsx/.xls/.ods file as a cell matrix (the xlsx package is loaded on demand). */
export async function readSheet(file: Blob): Promise<unknown[][]> {
  const XLSX = await import('xlsx');
  const workbook = XLSX.read(await file.arrayBuffer(), { type: 'array' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet) return [];
  // raw: numbers stay numbers; codes typed as text stay text (leading zeros kept).
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: false, defval: null });
}
