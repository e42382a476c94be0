import type { ProductRow } from '../../engine';
import type { Column } from '../columns';

/**
 * What a named cell editor (editors/<name>.tsx, default export) gets. The column names it in ui.json:
 * `"editors": { "Marks": "markingCodes" }`. The editor draws the cell's content (the table draws the
 * `<td>` and the error under it) and writes through `commit`/`patch`: the line is recomputed and
 * checked by the line validator as for any typed cell.
 */
export interface CellEditorProps {
  /** The cell's id: the element the keyboard focuses (Tab, Enter from the line above). */
  id: string;
  rowIndex: number;
  column: Column;
  /** The field's value (any JSON: Marks is an object or null). */
  value: unknown;
  /** The whole line, read-only (a benefit depends on the line's classifier code). */
  row: ProductRow;
  /** Accessible name: the column's title and the line number. */
  label: string;
  readonly: boolean;
  invalid: boolean;
  describedBy?: string;
  /** Writes the field (undefined removes it). */
  commit(value: unknown): void;
  /** Writes several fields of the line at once (a benefit's id, name and type). */
  patch(fields: ProductRow): void;
  /** The whole document as it is now (dates, parties). */
  documentData(): unknown;
}
