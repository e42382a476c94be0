import type { UiSchema } from '../kindInfo';
import { resolveSchema, type Schema, typesOf } from './parties';

/**
 * The product table's columns as data (ui.json, `ui:options` of a `ui:field: productTable`):
 *  - `columns`: every column the table may show, in order (line fields, slash paths for nested ones);
 *  - `opens`: a document flag (absolute JSON pointer of a boolean) → the columns shown only while it
 *    is true ("Есть акциз" opens the excise rate and sum);
 *  - `editors`: a line field → the name of its cell editor (src/web/form/productTable/editors/<name>.tsx).
 * The table, the Excel template, the import and the print read the same lists; nothing per kind in code.
 */
export interface TableColumnOptions {
  columns?: readonly string[];
  opens?: Readonly<Record<string, readonly string[]>>;
  editors?: Readonly<Record<string, string>>;
}

/** A product table of a ui.json: its path of property names (`items` for array items) and options. */
export interface UiTable {
  path: string[];
  options: TableColumnOptions & Record<string, unknown>;
}

export function uiTables(ui: unknown, path: string[] = [], depth = 0): UiTable[] {
  if (!ui || typeof ui !== 'object' || depth > 24) return [];
  const node = ui as UiSchema;
  if (node['ui:field'] === 'productTable')
    return [{ path, options: (node['ui:options'] ?? {}) as UiTable['options'] }];
  return Object.entries(node)
    .filter(([key]) => !key.startsWith('ui:'))
    .flatMap(([key, child]) => uiTables(child, [...path, key], depth + 1));
}

/** The columns a table shows for these flag values (`flag(pointer)` reads the document). */
export function shownColumns(options: TableColumnOptions, flag: (pointer: string) => unknown): string[] {
  const hidden = new Set<string>();
  for (const [pointer, opened] of Object.entries(options.opens ?? {}))
    if (flag(pointer) !== true) for (const name of opened) hidden.add(name);
  return (options.columns ?? []).filter((name) => !hidden.has(name));
}

/** The flag pointers of a table (what the table listens to). */
export function flagPointers(options: TableColumnOptions): string[] {
  return Object.keys(options.opens ?? {});
}

/** The value at an absolute JSON pointer of a document. */
export function valueAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const part of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function schemaAt(root: Schema, path: readonly string[]): Schema | null {
  let node = resolveSchema(root, root);
  for (const part of path) {
    if (part === 'items') {
      if (!node.items || typeof node.items !== 'object') return null;
      node = resolveSchema(root, node.items);
      continue;
    }
    const child = (node.properties as Record<string, unknown> | undefined)?.[part];
    if (!child) return null;
    node = resolveSchema(root, child);
  }
  return node;
}

/** The schema of a line field by slash path (Vat/Rate), or null. */
export function lineFieldSchema(root: Schema, line: Schema, name: string): Schema | null {
  let node: Schema | null = line;
  for (const part of name.split('/')) {
    const child = (node?.properties as Record<string, unknown> | undefined)?.[part];
    if (!child) return null;
    node = resolveSchema(root, child);
  }
  return node;
}

/**
 * The build's check of each product table's columns (scripts/build-schemas.ts): every column is a
 * line field; a flag is a boolean of the document; a column a flag opens is declared in `columns`; an
 * object or list field is a column only through an editor, and every editor named exists
 * (`editorNames`: the files of src/web/form/productTable/editors, read by the build script).
 */
export function tableColumnProblems(root: Schema, ui: UiSchema, editorNames: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const table of uiTables(ui)) {
    const pointer = `/${table.path.join('/')}/ui:options`;
    const array = schemaAt(
      root,
      table.path.map((p) => (p === 'items' ? 'items' : p)),
    );
    const line = array?.items ? resolveSchema(root, array.items) : null;
    if (!line) continue;
    const columns = table.options.columns;
    if (!columns) continue;
    const declared = new Set(columns);
    const editors = table.options.editors ?? {};
    for (const name of columns) {
      const field = lineFieldSchema(root, line, name);
      if (!field) {
        problems.push(`${pointer}/columns: "${name}" is no field of the line`);
        continue;
      }
      const types = typesOf(field);
      if ((types.includes('object') || types.includes('array')) && !editors[name])
        problems.push(
          `${pointer}/columns: "${name}" is an ${types.join('/')}: it needs a cell editor ("editors")`,
        );
    }
    for (const [flag, opened] of Object.entries(table.options.opens ?? {})) {
      const flagSchema = flag.startsWith('/') ? schemaAt(root, flag.split('/').slice(1)) : null;
      if (!flagSchema || !typesOf(flagSchema).includes('boolean'))
        problems.push(
          `${pointer}/opens: "${flag}" must be the JSON pointer of a boolean flag of the document`,
        );
      for (const name of opened)
        if (!declared.has(name))
          problems.push(`${pointer}/opens/${flag}: opens "${name}", which "columns" does not declare`);
    }
    for (const [name, editor] of Object.entries(editors)) {
      if (!declared.has(name)) problems.push(`${pointer}/editors: "${name}" is not a column`);
      if (!editorNames.has(editor))
        problems.push(
          `${pointer}/editors/${name}: no editor "${editor}" (src/web/form/productTable/editors/${editor}.tsx)`,
        );
    }
  }
  return problems;
}
