import type { ErrorSchema, FieldProps, RJSFSchema } from '@rjsf/utils';
import { elementScroll, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { ErrorObject } from 'ajv';
import {
  type ClipboardEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { flagPointers, shownColumns, valueAt } from '../../../engine/ui/tableColumns';
import { type LineMapping, type ProductRow, readField, recomputeRow } from '../engine';
import { langOf } from '../format';
import { errorMessage } from '../messages';
import { type FormServices, readAt } from '../theme/formContext';
import { type FieldErrors, makeRowValidator } from '../validation';
import { type ClassifierPick, ClassifierPicker } from '../widgets/ClassifierPicker';
import { type Column, columnsFor, emptyRow, type TableOptions } from './columns';
import { memoTranslate, TableContext, type TableContextValue } from './context';
import { ancestorWithTotals, findTotalsTarget } from './documentTotals';
import { ImportErrors, type ImportReport } from './ImportErrors';
import { newLine } from './newLine';
import { Row } from './Row';
import { isMultiCell, parseTsv } from './rowParsing';
import { RowStore, reconcileRows } from './rowStore';
import { Toolbar } from './Toolbar';
import { TotalsRow } from './TotalsRow';
import { readSheet, rowsFromMatrix } from './xlsxImport';
import './productTable.css';

export const ROW_HEIGHT = 46;
/** Widths (px) of the line-number and the row-buttons columns in edit mode (four 28 px buttons). */
const ORDINAL_WIDTH = 48;
const ACTIONS_WIDTH = 140;
const ORDINAL_FIELD = 'OrdNo';
const EMPTY: readonly ProductRow[] = [];
const NO_OPTIONS: Record<string, unknown> = {};
const noSubscription = () => () => {};

/**
 * The scroll box's size for the virtualizer. The browser reports it with a ResizeObserver after its
 * own layout: reading getBoundingClientRect() here, in React's commit, forced a synchronous layout
 * of the whole page while the form mounted. Until the first report the virtualizer uses
 * `initialScrollRect()`. Without ResizeObserver (jsdom) the box is read once, a screenful assumed.
 */
function observeRectWithFallback(
  instance: { scrollElement: HTMLElement | null },
  cb: (rect: { width: number; height: number }) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element) return undefined;
  if (typeof ResizeObserver === 'undefined') {
    const rect = element.getBoundingClientRect();
    cb({ width: rect.width || 1024, height: rect.height || ROW_HEIGHT * 12 });
    return undefined;
  }
  const observer = new ResizeObserver(([entry]) => {
    const box = entry.borderBoxSize?.[0];
    cb({
      width: box ? box.inlineSize : entry.contentRect.width,
      height: box ? box.blockSize : entry.contentRect.height,
    });
  });
  observer.observe(element, { box: 'border-box' });
  return () => observer.disconnect();
}

/** Scroll boxes the virtualizer has written to (the first write is its mount's). */
const writtenBoxes = new WeakSet<Element>();

/**
 * The virtualizer's scroll writes, less its first one: at mount it writes its initial offset, 0,
 * to a box that has never scrolled. The browser does nothing for it (no scroll event either), but
 * the write forces a layout of the whole page in the middle of React's commit (~60 ms at 1000 lines).
 */
function scrollToSkippingMount(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLElement, Element>,
): void {
  const box = instance.scrollElement;
  if (box && !writtenBoxes.has(box)) {
    writtenBoxes.add(box);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}

/** The scroll box before it is measured: .pt-scroll's max-height, min(70vh, 640px), and the window's width. */
function initialScrollRect(): { width: number; height: number } {
  if (typeof window === 'undefined') return { width: 1024, height: ROW_HEIGHT * 12 };
  return { width: window.innerWidth, height: Math.min(window.innerHeight * 0.7, 640) };
}

/** The line arithmetic declared on the array (part A's `lineArithmetic` keyword), if any. */
function mappingOf(schema: RJSFSchema): LineMapping | null {
  return (schema as { lineArithmetic?: LineMapping }).lineArithmetic ?? null;
}

/** Line fields whose sums the totals row shows: ui:options.totals, else the computed amounts. */
function shownSums(mapping: LineMapping | null, options: TableOptions): string[] {
  if (options.totals) return Object.keys(options.totals);
  if (!mapping) return [];
  return [mapping.deliverySum, mapping.vatSum, mapping.total].filter((f): f is string => Boolean(f));
}

/**
 * The product table: a custom RJSF field for the product-line array (form-engines.md §7.1).
 * Rows live in a RowStore; only visible rows are mounted (virtualized); each cell edits a local
 * draft and commits on blur or Enter; a commit recomputes the row's sums in exact decimals and
 * hands the array to the Form with the v6 path-based onChange.
 */
export function ProductTableField(props: FieldProps<ProductRow[]>) {
  const {
    schema,
    uiSchema,
    registry,
    fieldPathId,
    formData,
    onChange,
    onBlur,
    errorSchema,
    disabled,
    readonly,
  } = props;
  const { t, i18n } = useTranslation(['form', 'forms', 'validation']);
  const lang = langOf(i18n.language);
  const uiOptions = (uiSchema?.['ui:options'] ?? NO_OPTIONS) as Record<string, unknown>;
  const mapping = useMemo(() => mappingOf(schema), [schema]);
  const lineSchema = useMemo(
    () => registry.schemaUtils.retrieveSchema((schema.items ?? {}) as RJSFSchema),
    [registry.schemaUtils, schema.items],
  );
  const services = registry.formContext as FormServices | undefined;
  // The flags that open columns (ui:options.opens), read from the document as one text, so the
  // table re-renders only when one of them changes.
  const flags = useMemo(() => flagPointers(uiOptions as TableOptions), [uiOptions]);
  const flagKey = useSyncExternalStore(
    flags.length > 0 && services ? services.data.subscribe : noSubscription,
    () => flags.map((pointer) => (valueAt(services?.data.get(), pointer) === true ? '1' : '0')).join(''),
    () => '',
  );
  const columns = useMemo(() => {
    const options = uiOptions as TableOptions;
    const open = new Set(flags.filter((_, i) => flagKey[i] === '1'));
    const shown = options.columns ? shownColumns(options, (pointer) => open.has(pointer)) : undefined;
    return columnsFor(
      lineSchema,
      mapping,
      options,
      (s) => registry.schemaUtils.retrieveSchema(s),
      ORDINAL_FIELD,
      shown,
    );
  }, [lineSchema, mapping, uiOptions, registry.schemaUtils, flags, flagKey]);
  // Every declared column, shown or not: a sheet's header may name a column its flag has not opened
  // yet (the import opens it).
  const declaredColumns = useMemo(
    () =>
      columnsFor(
        lineSchema,
        mapping,
        uiOptions as TableOptions,
        (s) => registry.schemaUtils.retrieveSchema(s),
        ORDINAL_FIELD,
      ),
    [lineSchema, mapping, uiOptions, registry.schemaUtils],
  );
  const validateRow = useMemo(
    () =>
      makeRowValidator(registry.rootSchema, lineSchema, () =>
        (registry.formContext as FormServices | undefined)?.data?.get(),
      ),
    [registry.rootSchema, lineSchema, registry.formContext],
  );
  const hasOrdinal = Boolean((lineSchema.properties as Record<string, unknown> | undefined)?.[ORDINAL_FIELD]);

  const pathKey = fieldPathId.path.join('/');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path array is new each render; its text is the key
  const totalsTarget = useMemo(
    () =>
      findTotalsTarget(registry.rootSchema, fieldPathId.path, (s) => registry.schemaUtils.retrieveSchema(s)),
    [registry.rootSchema, registry.schemaUtils, pathKey],
  );
  const sumsShown = useMemo(() => shownSums(mapping, uiOptions as TableOptions), [mapping, uiOptions]);

  // A table at a fixed place keeps its lines outside RJSF's data (detachedLines.ts): RJSF's
  // formData here is only a placeholder, the form's line store has the lines.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path array is new each render; its text is the key
  const lineStore = useMemo(
    () => (services?.lines?.holds(fieldPathId.path) ? services.lines : undefined),
    [services, pathKey],
  );
  const storeRef = useRef<RowStore | null>(null);
  storeRef.current ??= new RowStore(
    (lineStore ? (lineStore.get(fieldPathId.path) as readonly ProductRow[] | undefined) : formData) ?? EMPTY,
    mapping,
    [...new Set([...sumsShown, ...Object.values(totalsTarget?.sums ?? {})])],
    hasOrdinal ? ORDINAL_FIELD : undefined,
  );
  const store = storeRef.current;
  const rows = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  // RJSF hands back a clone of what we sent; keep our row objects where values are equal. (Lines
  // held outside RJSF change only here: RJSF's placeholder says nothing about them.)
  useEffect(() => {
    if (lineStore) return;
    const next = reconcileRows(store.getSnapshot(), formData ?? EMPTY);
    if (next !== store.getSnapshot()) store.replace(next);
  }, [formData, store, lineStore]);

  // Local verdicts of the line validator, keyed by the row object (they move with the row).
  const rowErrorsRef = useRef(new WeakMap<ProductRow, FieldErrors>());
  const [errorsVersion, setErrorsVersion] = useState(0);
  const rowErrors = rowErrorsRef.current;
  const setErrorsFor = useCallback((entries: Array<[ProductRow, FieldErrors | null]>) => {
    let changed = false;
    for (const [row, errors] of entries) {
      if (errors) rowErrorsRef.current.set(row, errors);
      else if (!rowErrorsRef.current.delete(row)) continue;
      changed = true;
    }
    if (changed) setErrorsVersion((v) => v + 1);
  }, []);

  const latest = useRef({
    onChange,
    onBlur,
    path: fieldPathId.path,
    id: fieldPathId.$id,
    validateRow,
    columns,
  });
  latest.current = { onChange, onBlur, path: fieldPathId.path, id: fieldPathId.$id, validateRow, columns };
  const emit = useCallback(
    (next: readonly ProductRow[]) => {
      const { onChange: change, onBlur: blur, path, id } = latest.current;
      // Lines held outside RJSF go to the line store; RJSF keeps its placeholder and still gets a
      // change, so the page hears of it and live validation sees the new lines.
      lineStore?.set(path, next);
      const forForm = lineStore ? [] : next;
      if (totalsTarget && services) {
        // The document's totals (TotalDeliverySum, …) change with the lines: one change at the object
        // that holds both, so the Form never sees lines and totals disagree.
        const ancestor = readAt(services.data.get(), totalsTarget.ancestor) as Record<string, unknown> | null;
        change(
          ancestorWithTotals(ancestor, totalsTarget, forForm, store.getTotals()) as never,
          totalsTarget.ancestor,
        );
        blur(id, next);
        return;
      }
      change(forForm as ProductRow[], path);
      // Lets a Form with liveValidate 'onBlur' re-check the whole document (totals, cross-field rules).
      blur(id, next);
    },
    [totalsTarget, services, store, lineStore],
  );

  const scrollRef = useRef<HTMLElement>(null);
  const [initialRect] = useState(initialScrollRect);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Lines mounted beyond the visible ones: enough for a wheel step, few enough to keep every
    // frame small (each mounted line is ~50 layout objects).
    overscan: 4,
    observeElementRect: observeRectWithFallback,
    initialRect,
    scrollToFn: scrollToSkippingMount,
  });

  const focusCell = useCallback(
    (rowIndex: number, field: string) => {
      // Enter on the last line only commits: a new line is an explicit "Add line", so a stray
      // empty line never blocks the document.
      if (rowIndex < 0 || rowIndex >= store.getSnapshot().length) return;
      virtualizer.scrollToIndex(rowIndex, { align: 'auto' });
      const focus = (attempt: number) => {
        const element = document.getElementById(`${latest.current.id}_${rowIndex}_${field}`);
        if (element) element.focus();
        else if (attempt < 5) requestAnimationFrame(() => focus(attempt + 1));
      };
      requestAnimationFrame(() => focus(0));
    },
    [store, virtualizer],
  );

  const [pickerRow, setPickerRow] = useState<number | null>(null);
  const [importReport, setImportReport] = useState<ImportReport | null>(null);

  // The table asks for the same texts over and over (every cell names its column and row, every
  // select cell labels its options): each distinct text is translated once per language.
  const tc = useMemo(() => memoTranslate(t), [t]);

  const columnTitle = useCallback(
    (column: Column) => {
      const keys = [
        column.titleKey,
        `forms:productLine.${column.name}`,
        `form:productTable.columns.${column.name}`,
      ].filter((k): k is string => Boolean(k));
      return tc(keys, { defaultValue: column.name });
    },
    [tc],
  );

  const ctx = useMemo<TableContextValue>(
    () => ({
      fieldId: fieldPathId.$id,
      lang,
      t: tc,
      readonly: Boolean(readonly || disabled),
      columnTitle,
      optionLabel: (column, option) => {
        const index = column.options?.indexOf(option) ?? -1;
        const keys = [
          column.optionKeys?.[index],
          `form:productTable.options.${column.name}.${option}`,
        ].filter((k): k is string => Boolean(k));
        return tc(keys, { defaultValue: column.name === 'VatRate' ? `${option}%` : String(option) });
      },
      commit: (rowIndex, field, value) => {
        const next = store.setCell(rowIndex, field, value);
        const row = next[rowIndex];
        if (row) setErrorsFor([[row, latest.current.validateRow(row)]]);
        emit(next);
      },
      patch: (rowIndex, fields) => {
        const next = store.patchRow(rowIndex, fields);
        const row = next[rowIndex];
        if (row) setErrorsFor([[row, latest.current.validateRow(row)]]);
        emit(next);
      },
      documentData: () => services?.data.get(),
      focusCell,
      openCatalog: (rowIndex) => setPickerRow(rowIndex),
    }),
    [
      fieldPathId.$id,
      lang,
      tc,
      readonly,
      disabled,
      columnTitle,
      store,
      emit,
      focusCell,
      setErrorsFor,
      services,
    ],
  );

  const onAction = useCallback(
    (action: 'copy' | 'remove' | 'up' | 'down', index: number) => {
      if (action === 'copy') emit(store.copy(index));
      else if (action === 'remove') emit(store.remove(index));
      else {
        const to = action === 'up' ? index - 1 : index + 1;
        emit(store.move(index, to));
        // Keep the keyboard on the moved row's button.
        requestAnimationFrame(() => {
          const table = document.getElementById(`${latest.current.id}-table`);
          const buttons =
            table?.querySelectorAll<HTMLButtonElement>(`tr[data-index="${to}"] .pt-actions button`) ?? [];
          buttons[action === 'up' ? 0 : 1]?.focus();
        });
      }
    },
    [store, emit],
  );

  // Lines added by "Add line" and not typed in since: they show no errors until the person types in
  // them or tries to submit again (the form's errors for them are left out meanwhile).
  const freshRows = useRef(new WeakMap<ProductRow, number>());
  const submitCount = useSyncExternalStore(
    services?.touched.subscribe ?? noSubscription,
    () => services?.touched.submitCount ?? 0,
    () => 0,
  );
  const addRow = useCallback(() => {
    const count = store.getSnapshot().length;
    const next = store.insert(count, [newLine(schema, columns, services?.data.get())]);
    if (next[count]) freshRows.current.set(next[count], services?.touched.submitCount ?? 0);
    emit(next);
    const first = columns.find((c) => c.kind !== 'computed');
    if (first) focusCell(count, first.name);
  }, [store, emit, columns, focusCell, schema, services]);

  /** Pasted or imported lines: parse, check each with the line validator, insert the valid ones at once. */
  const insertMatrix = useCallback(
    (matrix: unknown[][], at: number, source: ImportReport['source']) => {
      // OrdNo is provisional here (the store renumbers on insert) but must be present to validate.
      const base = hasOrdinal ? { ...emptyRow(columns), [ORDINAL_FIELD]: 1 } : emptyRow(columns);
      const result = rowsFromMatrix(
        matrix,
        columns,
        columnTitle,
        validateRow,
        base,
        (row) => recomputeRow(row, mapping),
        declaredColumns,
      );
      // A flag whose columns the sheet filled is ticked, so what was imported is shown.
      for (const [pointer, opened] of Object.entries((uiOptions as TableOptions).opens ?? {})) {
        const filled = result.rows.some((row) => opened.some((name) => readField(row, name) !== undefined));
        if (filled && valueAt(services?.data.get(), pointer) !== true)
          services?.setFieldValue(pointer.split('/').slice(1), true);
      }
      const current = store.getSnapshot();
      // A table holding only the blank starter line is replaced rather than appended to.
      const onlyBlank =
        current.length === 1 &&
        columns.every(
          (c) => c.kind === 'computed' || c.kind === 'boolean' || current[0][c.name] === undefined,
        );
      if (result.rows.length > 0) {
        if (onlyBlank) {
          store.remove(0);
          emit(store.insert(0, result.rows));
        } else emit(store.insert(at, result.rows));
      }
      setImportReport({ source, imported: result.rows.length, total: result.total, issues: result.issues });
    },
    [
      columns,
      declaredColumns,
      columnTitle,
      validateRow,
      mapping,
      store,
      emit,
      hasOrdinal,
      uiOptions,
      services,
    ],
  );

  const onPaste = useCallback(
    (event: ClipboardEvent<HTMLElement>) => {
      if (ctx.readonly) return;
      const text = event.clipboardData.getData('text/plain');
      if (!isMultiCell(text)) return; // a single value pastes into the cell as usual
      event.preventDefault();
      const target = (event.target as HTMLElement).closest('tr[data-index]');
      const at = target ? Number(target.getAttribute('data-index')) + 1 : store.getSnapshot().length;
      insertMatrix(parseTsv(text), at, 'paste');
    },
    [ctx.readonly, insertMatrix, store],
  );

  const onImportFile = useCallback(
    async (file: File) => {
      try {
        const matrix = await readSheet(file);
        insertMatrix(matrix, store.getSnapshot().length, 'xlsx');
      } catch {
        setImportReport({ source: 'xlsx', imported: 0, total: 0, issues: [], unreadable: true });
      }
    },
    [insertMatrix, store],
  );

  const onPick = useCallback(
    (pick: ClassifierPick) => {
      if (pickerRow === null) return;
      const names = new Set(Object.keys((lineSchema.properties ?? {}) as object));
      const patch: ProductRow = {};
      for (const [key, value] of Object.entries(pick))
        if (names.has(key) && value !== undefined) patch[key] = value;
      const next = store.patchRow(pickerRow, patch);
      const row = next[pickerRow];
      if (row) setErrorsFor([[row, validateRow(row)]]);
      emit(next);
      const index = pickerRow;
      setPickerRow(null);
      focusCell(index, 'CatalogCode');
    },
    [pickerRow, lineSchema, store, setErrorsFor, validateRow, emit, focusCell],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new cache when verdicts or the language change
  const errorTexts = useMemo(() => new WeakMap<object, Record<string, string>>(), [errorsVersion, lang]);
  const errorsForRow = (row: ProductRow, index: number): Record<string, string> | undefined => {
    const addedAt = freshRows.current.get(row);
    if (addedAt !== undefined && addedAt === submitCount) return undefined;
    const local = rowErrors.get(row);
    const fromForm = (errorSchema as ErrorSchema<ProductRow[]> | undefined)?.[index] as
      | Record<string, { __errors?: string[] }>
      | undefined;
    if (!local && !fromForm) return undefined;
    const key = (local ?? fromForm) as object;
    const cached = errorTexts.get(key);
    if (cached && !fromForm) return cached;
    const texts: Record<string, string> = {};
    if (fromForm) {
      for (const [field, node] of Object.entries(fromForm)) {
        const first = node?.__errors?.[0];
        if (first) texts[field] = first;
      }
    }
    if (local) {
      for (const [field, error] of Object.entries(local)) {
        const column = columns.find((c) => c.name === field);
        texts[field] = errorMessage(error as ErrorObject, t, column ? columnTitle(column) : field);
      }
    }
    if (Object.keys(texts).length === 0) return undefined;
    if (!fromForm) errorTexts.set(key, texts);
    return texts;
  };

  const items = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  const paddingTop = items.length > 0 ? items[0].start : 0;
  const paddingBottom = items.length > 0 ? totalSize - items[items.length - 1].end : 0;
  const label = t(['forms:productLine.title', 'form:productTable.title']);
  const tableWidth = columns.reduce((sum, column) => sum + column.width, ORDINAL_WIDTH + ACTIONS_WIDTH);
  const tableErrors = (errorSchema as { __errors?: string[] } | undefined)?.__errors;

  return (
    <TableContext.Provider value={ctx}>
      <section className="pt" aria-label={label}>
        {!ctx.readonly && <Toolbar onAdd={addRow} onImport={onImportFile} rowCount={rows.length} />}
        {tableErrors && tableErrors.length > 0 && (
          <p className="pt-table-error" role="alert">
            {tableErrors[0]}
          </p>
        )}
        {/* Focusable so the keyboard can scroll a table whose cells are not (view mode, no lines);
            axe's scrollable-region-focusable asks for exactly this. */}
        <section
          className="pt-scroll"
          ref={scrollRef}
          onPaste={onPaste}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
          tabIndex={0}
          aria-label={t('form:productTable.scrollRegion', { title: label })}
        >
          <table
            id={`${fieldPathId.$id}-table`}
            className={ctx.readonly ? 'pt-table' : 'pt-table pt-table--fixed'}
            style={ctx.readonly ? undefined : { width: tableWidth }}
            aria-rowcount={rows.length + 2}
            aria-label={label}
          >
            {/* Editing: fixed column widths, so a keystroke never re-measures every column of every line. */}
            {!ctx.readonly && (
              <colgroup>
                <col style={{ width: ORDINAL_WIDTH }} />
                {columns.map((column) => (
                  <col key={column.name} style={{ width: column.width }} />
                ))}
                <col style={{ width: ACTIONS_WIDTH }} />
              </colgroup>
            )}
            <thead>
              <tr aria-rowindex={1}>
                <th scope="col" className="pt-ordinal">
                  №
                </th>
                {columns.map((column) => (
                  <th key={column.name} scope="col" style={{ minWidth: column.width }}>
                    {columnTitle(column)}
                    {column.required && !ctx.readonly && (
                      <span className="pt-required" aria-hidden="true">
                        *
                      </span>
                    )}
                  </th>
                ))}
                {!ctx.readonly && (
                  <th scope="col" className="pt-actions">
                    <span className="visually-hidden">{t('form:productTable.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {paddingTop > 0 && (
                <tr className="pt-spacer" style={{ height: paddingTop }}>
                  <td colSpan={columns.length + 2} aria-hidden="true" />
                </tr>
              )}
              {items.map((item) => {
                const row = rows[item.index];
                return (
                  <Row
                    key={item.index}
                    index={item.index}
                    row={row}
                    columns={columns}
                    errors={errorsForRow(row, item.index)}
                    count={rows.length}
                    onAction={onAction}
                  />
                );
              })}
              {paddingBottom > 0 && (
                <tr className="pt-spacer" style={{ height: paddingBottom }}>
                  <td colSpan={columns.length + 2} aria-hidden="true" />
                </tr>
              )}
              {rows.length === 0 && (
                <tr>
                  <td colSpan={columns.length + 2} className="pt-empty">
                    {t('form:productTable.empty')}
                  </td>
                </tr>
              )}
            </tbody>
            <TotalsRow store={store} columns={columns} sums={sumsShown} withActions={!ctx.readonly} />
          </table>
        </section>
        {importReport && <ImportErrors report={importReport} onClose={() => setImportReport(null)} />}
        {pickerRow !== null && (
          <ClassifierPicker
            open
            onClose={() => setPickerRow(null)}
            onPick={onPick}
            initialQuery={String(rows[pickerRow]?.CatalogCode ?? '')}
          />
        )}
      </section>
    </TableContext.Provider>
  );
}
