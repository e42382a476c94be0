import { type KeyboardEvent, memo, useContext, useState } from 'react';
import { parseDecimalInput } from '../engine';
import { editableDecimal, formatDecimal } from '../format';
import type { Column } from './columns';
import { TableContext } from './context';

export interface CellProps {
  rowIndex: number;
  column: Column;
  value: unknown;
  error?: string;
}

/** What the cell shows when not being edited. */
function displayText(column: Column, value: unknown, lang: 'ru' | 'uz' | 'en'): string {
  if (value === undefined || value === null) return '';
  if ((column.kind === 'decimal' || column.kind === 'computed') && typeof value === 'number') {
    return formatDecimal(value, lang, column.kind === 'computed' ? 2 : undefined);
  }
  return String(value);
}

/** Typed text → stored value: numbers as JSON numbers, unparseable text kept so validation reports it. */
function parseInput(column: Column, text: string): unknown {
  if (column.kind === 'decimal' || column.kind === 'integer') {
    if (text.trim() === '') return undefined;
    const number = parseDecimalInput(text);
    return number === null ? text : number;
  }
  return text === '' ? undefined : text;
}

/**
 * One editable cell. A keystroke changes only this cell's local draft (so it re-renders alone);
 * the row store sees the value on blur or Enter, Escape drops the draft.
 */
export const Cell = memo(function Cell({ rowIndex, column, value, error }: CellProps) {
  const ctx = useContext(TableContext);
  const [draft, setDraft] = useState<string | null>(null);
  const id = `${ctx.fieldId}_${rowIndex}_${column.name}`;
  const errorId = `${id}__error`;
  const label = `${ctx.columnTitle(column)}, ${ctx.t('form:productTable.row', { n: rowIndex + 1 })}`;
  const described = error ? errorId : undefined;
  const errorNode = error ? (
    <span id={errorId} className="pt-cell-error" role="alert">
      {error}
    </span>
  ) : null;

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

  const shown =
    draft ??
    (column.kind === 'decimal' ? editableDecimal(value, ctx.lang) : displayText(column, value, ctx.lang));
  const commitDraft = () => {
    if (draft === null) return;
    setDraft(null);
    const next = parseInput(column, draft);
    if (!Object.is(next, value)) ctx.commit(rowIndex, column.name, next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitDraft();
      ctx.focusCell(rowIndex + (event.shiftKey ? -1 : 1), column.name);
    } else if (event.key === 'Escape' && draft !== null) {
      event.preventDefault();
      setDraft(null);
    } else if (event.key === 'F4' && column.kind === 'catalog') {
      event.preventDefault();
      ctx.openCatalog(rowIndex);
    }
  };

  return (
    <td className={`pt-cell pt-cell--${column.kind}`}>
      <div className="pt-cell-input">
        <input
          id={id}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          inputMode={
            column.kind === 'decimal'
              ? 'decimal'
              : column.kind === 'integer' || column.kind === 'catalog'
                ? 'numeric'
                : undefined
          }
          autoComplete="off"
          value={shown}
          onFocus={() => setDraft(shown)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commitDraft}
          onKeyDown={onKeyDown}
        />
        {column.kind === 'catalog' && (
          <button
            type="button"
            className="pt-cell-pick"
            aria-label={ctx.t('form:productTable.pickCatalog', { n: rowIndex + 1 })}
            title={ctx.t('form:productTable.pickCatalogHint')}
            onClick={() => ctx.openCatalog(rowIndex)}
          >
            …
          </button>
        )}
      </div>
      {errorNode}
    </td>
  );
});
