import { memo, Suspense, useContext } from 'react';
import type { ProductRow } from '../engine';
import { cellEditor } from './cellEditors';
import type { Column } from './columns';
import { TableContext } from './context';
import { displayText, EditableCell } from './EditableCell';

export interface CellProps {
  rowIndex: number;
  column: Column;
  value: unknown;
  error?: string;
  /** The whole line: given to named editors only (other cells re-render only with their value). */
  row?: ProductRow;
}

/** One cell of a line: computed and view cells are text, selects and checkboxes are native. */
export const Cell = memo(function Cell({ rowIndex, column, value, error, row }: CellProps) {
  const ctx = useContext(TableContext);
  const id = `${ctx.fieldId}_${rowIndex}_${column.name}`;
  const errorId = `${id}__error`;
  const label = `${ctx.columnTitle(column)}, ${ctx.t('form:productTable.row', { n: rowIndex + 1 })}`;
  const described = error ? errorId : undefined;
  const errorNode = error ? (
    <span id={errorId} className="pt-cell-error" role="alert">
      {error}
    </span>
  ) : null;

  if (column.editor) {
    const Editor = cellEditor(column.editor);
    return (
      <td className="pt-cell pt-cell--editor">
        {Editor && (
          <Suspense
            fallback={
              <span id={id}>{typeof value === 'object' ? '' : displayText(column, value, ctx.lang)}</span>
            }
          >
            <Editor
              id={id}
              rowIndex={rowIndex}
              column={column}
              value={value}
              row={row ?? {}}
              label={label}
              readonly={ctx.readonly}
              invalid={Boolean(error)}
              describedBy={described}
              commit={(next) => ctx.commit(rowIndex, column.name, next)}
              patch={(fields) => ctx.patch(rowIndex, fields)}
              documentData={ctx.documentData}
            />
          </Suspense>
        )}
        {errorNode}
      </td>
    );
  }

  if (column.kind === 'computed' || ctx.readonly) {
    const text =
      column.kind === 'boolean'
        ? value
          ? ctx.t('form:yes')
          : ''
        : column.kind === 'select' && value !== undefined && value !== null
          ? ctx.optionLabel(column, value as string | number)
          : displayText(column, value, ctx.lang);
    return (
      <td className={`pt-cell pt-cell--${column.kind} ${ctx.readonly ? 'pt-cell--text' : ''}`}>
        {ctx.readonly ? (
          // View mode: plain text under its column header.
          <span id={id}>{text}</span>
        ) : (
          // A recomputed sum is announced politely (output is a status region).
          <output id={id} aria-label={label} aria-describedby={described}>
            {text}
          </output>
        )}
        {errorNode}
      </td>
    );
  }

  if (column.kind === 'select') {
    return (
      <td className="pt-cell pt-cell--select">
        <select
          id={id}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          value={value === undefined || value === null ? '' : String(value)}
          onChange={(event) => {
            const raw = event.target.value;
            const option = column.options?.find((o) => String(o) === raw);
            ctx.commit(rowIndex, column.name, raw === '' ? undefined : option);
          }}
        >
          <option value="">—</option>
          {column.options?.map((option) => (
            <option key={String(option)} value={String(option)}>
              {ctx.optionLabel(column, option)}
            </option>
          ))}
        </select>
        {errorNode}
      </td>
    );
  }

  if (column.kind === 'boolean') {
    return (
      <td className="pt-cell pt-cell--boolean">
        <input
          id={id}
          type="checkbox"
          aria-label={label}
          aria-describedby={described}
          checked={value === true}
          onChange={(event) => ctx.commit(rowIndex, column.name, event.target.checked)}
        />
        {errorNode}
      </td>
    );
  }

  return (
    <EditableCell
      id={id}
      rowIndex={rowIndex}
      column={column}
      value={value}
      label={label}
      invalid={Boolean(error)}
      describedBy={described}
      errorNode={errorNode}
    />
  );
});
