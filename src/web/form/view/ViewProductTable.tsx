import type { FieldProps } from '@rjsf/utils';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintColumn, PrintTable } from '../../../engine/print';
import { langOf } from '../format';
import type { FormServices } from '../theme/formContext';
import { kindOfSchema, viewModelOf } from './viewModel';
import './viewTable.css';

// The view's field order comes with this chunk (it holds the print layouts): DocumentBody waits for it.
export { viewUiSchemaOf } from './viewOrder';

/** Namespaces the goods table reads: the print model's texts, field titles and option names. */
const NAMESPACES = ['print', 'forms', 'documents', 'exchange', 'form'] as const;

/** A column the table shows: one with a value in at least one line (a false flag is no value). */
function shownColumns(table: PrintTable): number[] {
  return table.columns
    .map((_, index) => index)
    .filter(
      (index) =>
        table.columns[index].key === '#' ||
        table.rows.some((row) => row[index]?.some((text) => text !== '')) ||
        Boolean(table.totals?.[index]),
    );
}

/** The width (rem) a column needs at least beside the others: its longest number or word, roughly. */
const COLUMN_REM = 4.6;

/**
 * Cards where the box is narrower than the table's columns need (a phone, a narrow window): read
 * when the box mounts and whenever it changes size, before the browser paints.
 */
function useCards(ref: RefObject<HTMLElement | null>, columns: number): boolean {
  const [cards, setCards] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const decide = (width: number) => setCards(width > 0 && width < columns * COLUMN_REM * rem);
    decide(box.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => decide(entry.contentRect.width));
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref, columns]);
  return cards;
}

/** A cell's texts, one line per field; a money line carries its currency for the cards to show. */
function Cell({ texts, unit }: { texts: string[]; unit?: string }) {
  const lines = texts.filter((text) => text !== '');
  return (
    <>
      {lines.map((text, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a cell's fields in their fixed order
        <span key={index} className="vt-line" data-unit={unit}>
          {text}
        </span>
      ))}
    </>
  );
}

/**
 * The goods table of the document view, read-only: the columns of the kind's printed form
 * (print.json: a code beside its name, units by name, money with two decimals, the totals and the
 * sum in words), all of them on a wide screen, one card per line on a narrow one (viewTable.css).
 * Driven by the kind's data: no kind or field is named here.
 */
export function ViewProductTable({ registry, fieldPathId }: FieldProps) {
  const { t, i18n } = useTranslation([...NAMESPACES]);
  const services = registry.formContext as FormServices | undefined;
  // The whole document (lines included) is the form's data store's; the kind is the schema's.
  const document = {
    kind: kindOfSchema(registry.rootSchema),
    content: (services?.data.get() ?? {}) as Record<string, unknown>,
  };
  const lang = langOf(i18n.language);
  const boxRef = useRef<HTMLElement>(null);
  const pointer = `/${fieldPathId.path.join('/')}`;
  const table = document.kind
    ? viewModelOf(document, lang, (key, params) => t(key, params as never) as unknown as string).tables.find(
        (candidate) => candidate.pointer === pointer,
      )
    : undefined;
  const shown = table ? shownColumns(table) : [];
  const cards = useCards(boxRef, shown.length);
  if (!table) return <p className="vt-empty">{t('form:productTable.empty')}</p>;
  const share = shown.reduce((sum, index) => sum + table.columns[index].width, 0);
  const currency = t('print:verify.currency');
  const unit = (column: PrintColumn) => (column.money ? currency : undefined);
  const cellClass = (column: PrintColumn) => (column.numeric ? 'vt-num' : undefined);
  return (
    // Focusable: when the columns outgrow the box it scrolls sideways, and a keyboard must reach it too.
    <section
      ref={boxRef}
      className="vt"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-label={table.title}
      data-table={pointer}
      data-cards={cards || undefined}
    >
      <table className="vt-table">
        {/* The printed form's relative widths as hints: the browser still widens a column to its
            longest number and narrows text columns (table-layout: auto). */}
        <colgroup>
          {shown.map((index) => (
            <col
              key={table.columns[index].key}
              width={`${((table.columns[index].width / share) * 100).toFixed(1)}%`}
            />
          ))}
        </colgroup>
        <thead>
          <tr>
            {shown.map((index) => {
              const column = table.columns[index];
              return (
                <th key={column.key} scope="col" className={cellClass(column)} data-column={column.key}>
                  {column.label}
                  {column.money && <span className="vt-unit">, {currency}</span>}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a stored document never move
            <tr key={rowIndex} className="vt-row">
              {shown.map((index) => {
                const column = table.columns[index];
                const texts = row[index] ?? [];
                const empty = texts.every((text) => text === '');
                return (
                  <td
                    key={column.key}
                    className={cellClass(column)}
                    data-column={column.key}
                    data-label={column.label}
                    data-unit={empty ? undefined : unit(column)}
                    data-empty={empty || undefined}
                  >
                    <Cell texts={texts} unit={unit(column)} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {table.totals && (
          <tfoot>
            <tr className="vt-totals">
              {shown.map((index, position) => {
                const column = table.columns[index];
                const total = table.totals?.[index] ?? '';
                if (position === 0)
                  return (
                    <th key={column.key} scope="row" className="vt-totals-title">
                      {table.totals?.[index] || t('print:totals')}
                    </th>
                  );
                return (
                  <td
                    key={column.key}
                    className={cellClass(column)}
                    data-column={column.key}
                    data-label={column.label}
                    data-unit={total ? unit(column) : undefined}
                    data-empty={!total || undefined}
                  >
                    <Cell texts={total.split('\n')} unit={unit(column)} />
                  </td>
                );
              })}
            </tr>
          </tfoot>
        )}
      </table>
      {table.words && <p className="vt-words">{table.words}</p>}
    </section>
  );
}
