import { type JsonSchema, resolveRef } from '../bundle';
import type { Locale } from '../constants';
import { formatDecimal, formatIsoDate } from '../format';
import type { Translate } from '../localize';
import { decimalsOf, toDecimal } from '../money';
import { textFormOf } from '../textForms';

/**
 * How a value prints, read from the kind's schema and UI schema: option names from ui:enumNames,
 * money (decimalPlaces 2) always with two decimals, quantities as typed, dates in the locale's
 * format, yes/no for booleans. No field name or kind is special here.
 */
export type UiNode = Record<string, any> | undefined;

export interface ValueContext {
  root: JsonSchema;
  lang: Locale;
  t: Translate;
  /** A false flag reads as '' (the document view), not "no" (the printed form). */
  omitFalse?: boolean;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const segments = (pointer: string): string[] =>
  pointer
    .split('/')
    .filter((part) => part !== '')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));

export function resolve(node: JsonSchema | undefined, root: JsonSchema): JsonSchema | undefined {
  return node ? resolveRef(node, root) : undefined;
}

/** The first non-null type of a node ("object" for ["object", "null"]). */
function typeOf(node: JsonSchema | undefined): string | undefined {
  const type = node?.type;
  return Array.isArray(type) ? type.find((t) => t !== 'null') : type;
}

/** The schema node at a pointer (array indices step into `items`), with its raw node (its title). */
export function schemaAt(
  root: JsonSchema,
  from: JsonSchema | undefined,
  parts: string[],
): { raw?: JsonSchema; node?: JsonSchema } {
  let node = resolve(from, root);
  let raw: JsonSchema | undefined = node;
  for (const part of parts) {
    if (!node) return {};
    if (typeOf(node) === 'array' || (node.items && !node.properties)) raw = node.items as JsonSchema;
    else raw = (node.properties as Record<string, JsonSchema> | undefined)?.[part];
    node = resolve(raw, root);
  }
  return { raw, node };
}

/** The UI node at a pointer (array indices step into `items`). */
export function uiAt(ui: UiNode, parts: string[]): UiNode {
  let node = ui;
  for (const part of parts) {
    if (!node) return undefined;
    node = /^\d+$/.test(part) || part === '*' ? node.items : node[part];
  }
  return node;
}

export function readAt(data: unknown, parts: string[]): unknown {
  let node: any = data;
  for (const part of parts) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}

export const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value).every(isEmpty));

/** A schema title (an i18n key) in the language; a node without title prints its key's last part. */
export function titleText(
  t: Translate,
  raw: JsonSchema | undefined,
  node: JsonSchema | undefined,
  fallback: string,
) {
  const title = (raw?.title ?? node?.title) as string | undefined;
  if (!title) return fallback;
  return /^[a-z][\w-]*:[\w.-]+$/i.test(title) ? t(title, { defaultValue: fallback }) : title;
}

/** Whether a number prints with fixed decimals (money: decimalPlaces 2). */
export const isMoney = (node: JsonSchema | undefined) =>
  typeOf(node) === 'number' && node?.decimalPlaces === 2;
export const isNumeric = (node: JsonSchema | undefined) =>
  typeOf(node) === 'number' || (typeOf(node) === 'integer' && !node?.enum);

/** A number in the locale: money with 2 decimals, others with the decimals they carry. */
export function numberText(value: unknown, node: JsonSchema | undefined, lang: Locale): string {
  if (value === null || value === undefined || value === '') return '';
  if (isMoney(node)) return formatDecimal(toDecimal(value).toFixed(), lang, 2);
  if (typeOf(node) === 'integer') return String(value);
  const text = toDecimal(value).toFixed();
  return formatDecimal(text, lang, decimalsOf(text));
}

/** A scalar or a list of scalars as one line; objects as "label: value; …". */
export function valueText(
  value: unknown,
  raw: JsonSchema | undefined,
  ui: UiNode,
  ctx: ValueContext,
  enumNames?: string[],
): string {
  if (value === null || value === undefined || value === '') return '';
  const node = resolve(raw, ctx.root);
  const options = node?.enum as unknown[] | undefined;
  const names = enumNames ?? (ui?.['ui:enumNames'] as string[] | undefined);
  if (options && names) {
    const index = options.indexOf(value);
    if (index >= 0 && names[index]) return ctx.t(names[index], { defaultValue: String(value) });
  }
  if (typeof value === 'boolean') return value ? ctx.t('print:yes') : ctx.omitFalse ? '' : ctx.t('print:no');
  if (typeof value === 'number') return numberText(value, node, ctx.lang);
  if (typeof value === 'string') return ISO_DATE.test(value) ? formatIsoDate(value, ctx.lang) : value;
  const form = textFormOf(node);
  if (form && typeof value === 'object') return form.print(value, ctx.t);
  if (Array.isArray(value)) {
    const items = node?.items as JsonSchema | undefined;
    return value
      .map((item) => valueText(item, items, ui?.items, ctx))
      .filter(Boolean)
      .join(', ');
  }
  if (typeof value === 'object') {
    return flatten(value, raw, ui, ctx)
      .map((row) => `${row.label}: ${row.value}`)
      .join('; ');
  }
  return String(value);
}

export interface LabelledValue {
  label: string;
  value: string;
}

/** The non-empty leaves of an object as labelled rows (nested blocks prefix their title). */
export function flatten(
  value: unknown,
  raw: JsonSchema | undefined,
  ui: UiNode,
  ctx: ValueContext,
  prefix = '',
) {
  const rows: LabelledValue[] = [];
  const node = resolve(raw, ctx.root);
  const properties = (node?.properties ?? {}) as Record<string, JsonSchema>;
  const data = value as Record<string, unknown>;
  // Schema order (as the form shows the block), then anything the schema does not name.
  const keys = [
    ...Object.keys(properties).filter((key) => key in data),
    ...Object.keys(data).filter((key) => !(key in properties)),
  ];
  for (const key of keys) {
    const child = data[key];
    if (isEmpty(child)) continue;
    const childRaw = properties[key];
    const childUi = ui?.[key] as UiNode;
    if (childUi?.['ui:widget'] === 'hidden') continue;
    const label = titleText(ctx.t, childRaw, resolve(childRaw, ctx.root), key);
    const full = prefix ? `${prefix} — ${label}` : label;
    if (child && typeof child === 'object' && !Array.isArray(child)) {
      rows.push(...flatten(child, childRaw, childUi, ctx, full));
    } else {
      rows.push({ label: full, value: valueText(child, childRaw, childUi, ctx) });
    }
  }
  return rows;
}
