// Import templates (schemas/imports/<kind>.json): which columns a kind's Excel file has, where each
// goes in the document, and how rows group into documents. Kinds are data: adding a file adds an
// importable kind.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getKind, hasKind } from '../../../engine';
import type { Locale } from '../../../engine/constants';
import { LOCALES } from '../../../engine/constants';
import { type TextForm, textFormOf } from '../../../engine/textForms';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';

const TEMPLATES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../schemas/imports',
);

export interface Requisites {
  /** Pointer of the party's TIN/PINFL in the document. */
  identity: string;
  /** The caller's own organisation (the sender) rather than a lookup by the TIN in the file. */
  own?: boolean;
  /** A party block the organisation's requisites fill (only keys its schema has). */
  block?: string;
  /** Single fields: document pointer → requisite name. */
  fields?: Record<string, string>;
  /** Other pointers that repeat the identity. */
  copies?: string[];
}

export interface ImportTemplate {
  kind: string;
  group: string;
  lines: string;
  columns: string[];
  /** Values every document starts from; `a/b/*` keys apply to every line. */
  defaults: Record<string, unknown>;
  /** Ids the document needs, derived from the file and the group so a re-import gives the same. */
  generated: Record<string, 'objectId'>;
  lineNumber?: string;
  requisites: Requisites[];
  sample: unknown[][];
}

export type ValueType = 'string' | 'number' | 'integer' | 'boolean' | 'date';

export interface TemplateColumn {
  pointer: string;
  /** document: read from the group's first row; line: from each row, into the line's `field`. */
  level: 'document' | 'line';
  /** For lines: the key inside the line object. For documents: the pointer's segments. */
  segments: string[];
  type: ValueType;
  /** i18n key of the column title (the schema title), or null. */
  titleKey: string | null;
  enumValues?: unknown[];
  /** An object field written as one text (schema annotation textForm: Marks). */
  form?: TextForm;
}

type Schema = Record<string, any>;

let cache: Map<string, ImportTemplate> | null = null;

export function importTemplates(): Map<string, ImportTemplate> {
  if (cache) return cache;
  const map = new Map<string, ImportTemplate>();
  for (const file of fs
    .readdirSync(TEMPLATES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const t = JSON.parse(fs.readFileSync(path.join(TEMPLATES_DIR, file), 'utf8')) as ImportTemplate;
    if (!hasKind(t.kind)) throw new Error(`import template ${file}: unknown kind ${t.kind}`);
    map.set(t.kind, t);
  }
  cache = map;
  return map;
}

export function importableKinds(): string[] {
  return [...importTemplates().keys()];
}

export function templateOf(kind: string): ImportTemplate {
  const t = importTemplates().get(kind);
  if (!t) throw new ApiError(400, 'IMPORT_KIND', 'bulk:import.kindNotImportable', { kind });
  return t;
}

/** The sub-schema at a pointer of the kind's bundled schema (`*` = array items), refs followed. */
export function schemaAt(root: Schema, pointer: string): Schema | null {
  let node: Schema | null = root;
  for (const seg of pointer.split('/').slice(1)) {
    node = deref(root, node);
    if (!node) return null;
    if (seg === '*') node = node.items ?? null;
    else node = node.properties?.[seg] ?? null;
  }
  return node ? { ...deref(root, node), title: node.title ?? deref(root, node)?.title } : null;
}

function deref(root: Schema, node: Schema | null): Schema | null {
  let n = node;
  for (let i = 0; n?.$ref && i < 10; i++) {
    const ref: string = n.$ref;
    if (!ref.startsWith('#/')) return n;
    const target = ref
      .slice(2)
      .split('/')
      .reduce<Schema | null>((o, k) => (o ? o[k] : null), root);
    n = target ? { ...target, ...withoutRef(n) } : null;
  }
  return n;
}

function withoutRef(n: Schema) {
  const { $ref: _ref, ...rest } = n;
  return rest;
}

function valueType(s: Schema | null): ValueType {
  if (!s) return 'string';
  const types = ([] as string[]).concat(s.type ?? []).filter((t) => t !== 'null');
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  if (types.includes('boolean')) return 'boolean';
  return 'string';
}

const columnCache = new Map<string, TemplateColumn[]>();

export function templateColumns(template: ImportTemplate): TemplateColumn[] {
  const cached = columnCache.get(template.kind);
  if (cached) return cached;
  const { schema } = getKind(template.kind);
  const linePrefix = `${template.lines}/*/`;
  const columns = template.columns.map((pointer): TemplateColumn => {
    const sub = schemaAt(schema as Schema, pointer);
    if (!sub) throw new Error(`import template ${template.kind}: ${pointer} is not in the schema`);
    const isLine = pointer.startsWith(linePrefix);
    return {
      pointer,
      level: isLine ? 'line' : 'document',
      segments: (isLine ? pointer.slice(linePrefix.length) : pointer.slice(1)).split('/'),
      type: isDateSchema(sub) ? 'date' : valueType(sub),
      titleKey: typeof sub.title === 'string' && sub.title.includes(':') ? sub.title : null,
      enumValues: Array.isArray(sub.enum) ? sub.enum : undefined,
      form: textFormOf(sub) ?? undefined,
    };
  });
  columnCache.set(template.kind, columns);
  return columns;
}

function isDateSchema(s: Schema): boolean {
  return s.isoDate === true || s.format === 'date';
}

/** The column's header in one language: the schema title, else the pointer. */
export function columnTitle(column: TemplateColumn, lang: Locale): string {
  if (!column.titleKey) return column.pointer;
  const text = translate(lang, column.titleKey);
  // i18next answers the key itself when a language lacks it.
  const missing = !text || text === column.titleKey || text === column.titleKey.split(':')[1];
  return missing ? column.pointer : text;
}

/** Every header text a column answers to: its title in each language, and its pointer. */
export function columnAliases(column: TemplateColumn): string[] {
  return [column.pointer, ...LOCALES.map((l) => columnTitle(column, l))];
}
