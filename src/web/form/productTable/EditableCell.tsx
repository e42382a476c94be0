import { type KeyboardEvent, type ReactNode, useContext, useLayoutEffect, useRef, useState } from 'react';
import { decimalCount } from '../../../engine/scaled';
import { parseDecimalInput } from '../engine';
import { editableDecimal, formatDate, formatDecimal, type Lang, parseLocalDate } from '../format';
import type { Column } from './columns';
import { TableContext } from './context';

/**
 * What a cell shows when not being edited: amounts as money (grouped, two decimals: "62 500,50"),
 * counts as typed (grouped). An amount with more decimals than money has is shown as it is, for
 * its error to make sense.
 */
export function displayText(column: Column, value: unknown, lang: Lang): string {
  if (value === undefined || value === null) return '';
  if ((column.kind === 'decimal' || column.kind === 'computed') && typeof value === 'number') {
    const money = column.kind === 'computed' || (column.decimals === 2 && decimalCount(value) <= 2);
    return formatDecimal(value, lang, money ? 2 : undefined);
  }
  if (column.kind === 'date') return formatDate(value, lang);
  return String(value);
}

/** Typed text → stored value: numbers as JSON numbers, unparseable text kept so validation reports it. */
function parseInput(column: Column, text: string, lang: Lang): unknown {
  // A day typed as people write it (25.11.2026); anything else stays, for the isoDate rule to report.
  if (column.kind === 'date')
    return text.trim() === '' ? undefined : (parseLocalDate(text, lang) ?? text.trim());
  if (column.kind === 'decimal' || column.kind === 'integer') {
    if (text.trim() === '') return undefined;
    const number = parseDecimalInput(text);
    return number === null ? text : number;
  }
  return text === '' ? undefined : text;
}

/** A form id no element carries (see the editor's `form` attribute). */
const UNOWNED = 'pt-editor-has-no-form';

export interface EditableCellProps {
  id: string;
  rowIndex: number;
  column: Column;
  value: unknown;
  label: string;
  invalid: boolean;
  describedBy?: string;
  errorNode: ReactNode;
}

/**
 * A typed cell (text, number, classifier code). At rest it is text in a focusable box; focus turns it
 * into an input, the table's only live editor, as spreadsheet grids do. Hundreds of resting inputs
 * (each a scroller with its own editor) cost every keystroke layout, paint and layerization of all of
 * them (scripts/bench/form.ts). While editing, the input is uncontrolled: a keystroke renders nothing;
 * the row store sees the text on blur or Enter, Escape restores the stored value.
 */
export function EditableCell({
  id,
  rowIndex,
  column,
  value,
  label,
  invalid,
  describedBy,
  errorNode,
}: EditableCellProps) {
  const ctx = useContext(TableContext);
  /** How the editor opened: a click leaves the caret at the end, Tab selects the text (as inputs do). */
  const [editing, setEditing] = useState<null | 'pointer' | 'keyboard'>(null);
  const pointerDown = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // At rest a cell reads like the printed form; its editor holds the plain number to change.
  const shown = displayText(column, value, ctx.lang);
  const stored = column.kind === 'decimal' ? editableDecimal(value, ctx.lang) : shown;
  const latest = useRef({ column, rowIndex, value, commit: ctx.commit, lang: ctx.lang });
  latest.current = { column, rowIndex, value, commit: ctx.commit, lang: ctx.lang };

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!editing || !input) return;
    input.focus();
    if (editing === 'keyboard') input.select();
    else input.setSelectionRange(input.value.length, input.value.length);
  }, [editing]);

  /** Hands the draft to the store, once per opening of the editor. */
  const commitDraft = () => {
    const input = inputRef.current;
    if (input?.dataset.open !== 'true') return;
    input.dataset.open = 'false';
    const { column: at, rowIndex: row, value: was, commit, lang } = latest.current;
    const next = parseInput(at, input.value, lang);
    if (!Object.is(next, was)) commit(row, at.name, next);
  };

  // A draft still open when the line leaves the screen (the table scrolled it away) is committed,
  // not lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, at unmount; reads refs only
  useLayoutEffect(() => commitDraft, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitDraft();
      setEditing(null);
      ctx.focusCell(rowIndex + (event.shiftKey ? -1 : 1), column.name);
    } else if (event.key === 'Escape' && inputRef.current && inputRef.current.value !== stored) {
      event.preventDefault();
      inputRef.current.value = stored;
    } else if (event.key === 'F4' && column.kind === 'catalog') {
      event.preventDefault();
      ctx.openCatalog(rowIndex);
    }
  };

  return (
    <td className={`pt-cell pt-cell--${column.kind}`}>
      <div className={editing ? 'pt-cell-input pt-cell-input--editing' : 'pt-cell-input'}>
        {editing ? (
          <input
            id={id}
            ref={inputRef}
            // No form owner (no form has this id): the browser's autofill then re-reads only this
            // field on each keystroke, not the whole document form — 6–17 ms a key in Chromium's
            // FormTracker with an invoice's ~100 controls (traced; scripts/bench/form.ts).
            form={UNOWNED}
            data-open="true"
            aria-label={label}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            inputMode={
              column.kind === 'decimal'
                ? 'decimal'
                : column.kind === 'integer' || column.kind === 'catalog' || column.kind === 'date'
                  ? 'numeric'
                  : undefined
            }
            autoComplete="off"
            spellCheck={false}
            defaultValue={stored}
            onBlur={() => {
              commitDraft();
              setEditing(null);
            }}
            onKeyDown={onKeyDown}
          />
        ) : (
          // Focusable like the input it becomes; a screen reader meets the real input on focus.
          // biome-ignore lint/a11y/useSemanticElements: a resting input is what this replaces (see above)
          <span
            id={id}
            className="pt-cell-value"
            role="textbox"
            tabIndex={0}
            aria-label={label}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            // The whole text on hover when the column cuts it short.
            title={shown.length > 16 ? shown : undefined}
            onMouseDown={() => {
              pointerDown.current = true;
            }}
            onFocus={() => {
              setEditing(pointerDown.current ? 'pointer' : 'keyboard');
              pointerDown.current = false;
            }}
          >
            {shown}
          </span>
        )}
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
}
