import { memo, useContext } from 'react';
import { type ProductRow, readField } from '../engine';
import { Cell } from './Cell';
import type { Column } from './columns';
import { TableContext } from './context';

export interface RowProps {
  index: number;
  row: ProductRow;
  columns: readonly Column[];
  /** Localized first error per field of this row, or undefined when the row is valid. */
  errors?: Readonly<Record<string, string>>;
  count: number;
  onAction(action: 'copy' | 'remove' | 'up' | 'down', index: number): void;
}

/**
 * One product line. Memoized: the row store keeps an unchanged row's object, so a commit elsewhere
 * skips this row entirely.
 */
export const Row = memo(function Row({ index, row, columns, errors, count, onAction }: RowProps) {
  const ctx = useContext(TableContext);
  const n = index + 1;
  return (
    <tr className={errors ? 'pt-row pt-row--invalid' : 'pt-row'} aria-rowindex={index + 2} data-index={index}>
      <th scope="row" className="pt-ordinal">
        {n}
      </th>
      {columns.map((column) => (
        <Cell
          key={column.name}
          rowIndex={index}
          column={column}
          value={readField(row, column.name)}
          error={errors?.[column.name]}
          row={column.editor ? row : undefined}
        />
      ))}
      {!ctx.readonly && (
        <td className="pt-actions">
          <button
            type="button"
            onClick={() => onAction('up', index)}
            disabled={index === 0}
            aria-label={ctx.t('form:productTable.moveUp', { n })}
            title={ctx.t('form:productTable.moveUp', { n })}
          >
            ↑
          </button>
          <button
            type="button"
            onClick={() => onAction('down', index)}
            disabled={index === count - 1}
            aria-label={ctx.t('form:productTable.moveDown', { n })}
            title={ctx.t('form:productTable.moveDown', { n })}
          >
            ↓
          </button>
          <button
            type="button"
            onClick={() => onAction('copy', index)}
            aria-label={ctx.t('form:productTable.copy', { n })}
            title={ctx.t('form:productTable.copy', { n })}
          >
            ⧉
          </button>
          <button
            type="button"
            className="pt-remove"
            onClick={() => onAction('remove', index)}
            aria-label={ctx.t('form:productTable.remove', { n })}
            title={ctx.t('form:productTable.remove', { n })}
          >
            ✕
          </button>
        </td>
      )}
    </tr>
  );
});
