import type { RJSFSchema } from '@rjsf/utils';
import type { LineMapping } from '../engine';

export type ColumnKind =
  | 'text'
  | 'decimal'
  | 'integer'
  | 'select'
  | 'boolean'
  | 'catalog'
  | 'computed'
  | 'date'
  /** A cell drawn by a named editor (ui:options.editors; editors/<name>.tsx). */
  | 'editor';

export interface Column {
  /** National field name of the product line (CatalogCode, Count, Summa, …). */
  name: string;
  kind: ColumnKind;
  /** i18n key of the header (the schema's title when it has one). */
  titleKey?: string;
  decimals?: number;
  options?: Array<string | number>;
  /** i18n keys naming the options (ui:options.enumNames of the table). */
  optionKeys?: string[];
  required: boolean;
  width: number;
  /** The cell editor's name (editors/<name>.tsx) when ui:options.editors names one. */
  editor?: string;
  /** The field's schema, for a named editor that reads its keywords (a benefit: its serverCheck). */
  schema?: RJSFSchema;
}

/** Columns shown when the UI schema does not list its own (ui:options.columns), in this order. */
export const DEFAULT_COLUMN_ORDER = [
  'CatalogCode',
  'CatalogName',
  'Name',
  'Barcode',
  'PackageCode',
  'PackageName',
  'MeasureId',
  'Count',
  'Summa',
  'DeliverySum',
  'ExciseRate',
  'ExciseSum',
  'VatRate',
  'VatSum',
  'DeliverySumWithVat',
  'WithoutVat',
  'LgotaId',
  'Origin',
];

/** Counts carry up to 6 decimals, every other amount 2 (uz-edi.md §b, strict rules). */
const COUNT_FIELDS = new Set(['Count', 'Amount']);
const WIDTHS: Record<ColumnKind, number> = {
  text: 160,
  decimal: 120,
  integer: 96,
  select: 110,
  boolean: 80,
  catalog: 230,
  computed: 130,
  date: 110,
  editor: 200,
};

function typesOf(schema: RJSFSchema): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : type ? [type as string] : [];
}

function kindOf(name: string, schema: RJSFSchema, computed: Set<string>, widget?: string): ColumnKind {
  if (computed.has(name)) return 'computed';
  if (widget === 'classifier' || (widget === undefined && name === 'CatalogCode')) return 'catalog';
  if (widget === 'money' || widget === 'count') return 'decimal';
  // A calendar day (defs/isoDate): typed and shown in the locale's format, stored yyyy-MM-dd.
  if (widget === 'date' || schema.isoDate === true) return 'date';
  if (Array.isArray(schema.enum)) return 'select';
  const types = typesOf(schema);
  if (types.includes('boolean')) return 'boolean';
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'decimal';
  return 'text';
}

/** Fields the table computes (never typed): the mapping's outputs. */
export function computedFields(mapping: LineMapping | null): Set<string> {
  if (!mapping) return new Set();
  return new Set([mapping.deliverySum, mapping.vatSum, mapping.total].filter((f): f is string => Boolean(f)));
}

/** The schema of a line field by slash path ("Vat/Rate" → properties.Vat.properties.Rate). */
function fieldSchema(
  lineSchema: RJSFSchema,
  path: string,
  resolve: (schema: RJSFSchema) => RJSFSchema,
): { raw: RJSFSchema; schema: RJSFSchema; required: boolean } | null {
  let node = lineSchema;
  let raw: RJSFSchema | null = null;
  let required = true;
  for (const part of path.split('/')) {
    const properties = (node.properties ?? {}) as Record<string, RJSFSchema>;
    const child = properties[part];
    if (typeof child !== 'object' || child === null) return null;
    required = required && ((node.required as string[] | undefined) ?? []).includes(part);
    raw = child;
    node = resolve(child);
  }
  return raw ? { raw, schema: node, required } : null;
}

/** The product table's ui:options (schemas/documents/<kind>/ui.json). */
export interface TableOptions {
  columns?: readonly string[];
  /** Document flag (JSON pointer) → columns shown only while it is true (engine/ui/tableColumns.ts). */
  opens?: Readonly<Record<string, readonly string[]>>;
  /** Line field → cell editor name (src/web/form/productTable/editors/<name>.tsx). */
  editors?: Readonly<Record<string, string>>;
  /** Line field → document total field it sums into (relative to the object declaring documentTotals). */
  totals?: Readonly<Record<string, string>>;
  /** The line field whose document total is written in words on the printed form. */
  wordsOf?: string;
  computed?: readonly string[];
  widgets?: Readonly<Record<string, string>>;
  enumNames?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Columns from the line schema. `resolve` dereferences a property schema ($ref to defs). Only flat
 * fields become cells; nested objects (Marks, ExchangeInfo) stay in the data untouched. The
 * ordinal field is left out: the table numbers rows itself and keeps OrdNo equal to the position.
 */
export function columnsFor(
  lineSchema: RJSFSchema,
  mapping: LineMapping | null,
  options: TableOptions = {},
  resolve: (schema: RJSFSchema) => RJSFSchema = (schema) => schema,
  ordinalField = 'OrdNo',
  shown?: readonly string[],
): Column[] {
  const computed = computedFields(mapping);
  for (const name of options.computed ?? []) computed.add(name);
  const names = (shown ?? options.columns ?? DEFAULT_COLUMN_ORDER).filter((name) => name !== ordinalField);
  return names.flatMap((name) => {
    const found = fieldSchema(lineSchema, name, resolve);
    if (!found) return [];
    const { raw, schema, required } = found;
    const types = typesOf(schema);
    const editor = options.editors?.[name];
    if ((types.includes('object') || types.includes('array')) && !editor) return [];
    const widget = options.widgets?.[name];
    // A named editor draws the cell; the field's own kind still reads it from a sheet (an object
    // field, Marks, is read by its editor only).
    const kind =
      editor && (types.includes('object') || types.includes('array'))
        ? 'editor'
        : kindOf(name, schema, computed, widget);
    const decimals =
      kind === 'decimal' || kind === 'computed'
        ? widget === 'count' || COUNT_FIELDS.has(name)
          ? 6
          : 2
        : undefined;
    const enumValues = Array.isArray(schema.enum)
      ? (schema.enum as Array<string | number | null>).filter((v): v is string | number => v !== null)
      : undefined;
    return [
      {
        name,
        kind,
        titleKey:
          typeof raw.title === 'string'
            ? raw.title
            : typeof schema.title === 'string'
              ? schema.title
              : undefined,
        decimals,
        options: enumValues,
        optionKeys: options.enumNames?.[name] ? [...options.enumNames[name]] : undefined,
        required,
        width: editor ? WIDTHS.editor : WIDTHS[kind],
        editor,
        schema: editor ? schema : undefined,
      },
    ];
  });
}

/** An empty line with the given columns (numbers empty, flags false). */
export function emptyRow(columns: readonly Column[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const column of columns) {
    if (column.kind === 'boolean' && !column.name.includes('/')) row[column.name] = false;
  }
  return row;
}
