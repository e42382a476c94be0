import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';

/**
 * Product lines kept outside RJSF's form data (form-engines.md §2: "keep very large tables outside
 * RJSF formData"). RJSF recomputes defaults over, deep-compares and JSON-copies its whole form data
 * on mount and on every change; with 1000 lines that is most of a form's first render and of every
 * committed cell. A product table at a fixed place in the document (not inside another array) is
 * therefore held here: RJSF sees an empty array in its place, and the lines are put back for
 * validation, for the page's onChange and onSubmit, and for widgets that read the document.
 */
export type LinePath = readonly string[];

const keyOf = (path: ReadonlyArray<string | number>) => path.join('/');

/** Follows local references ("#/$defs/party") to the schema they name. */
function resolveLocal(root: RJSFSchema, schema: RJSFSchema): RJSFSchema {
  let node = schema;
  for (let hops = 0; typeof node.$ref === 'string' && node.$ref.startsWith('#/') && hops < 32; hops++) {
    let target: unknown = root;
    for (const part of node.$ref.slice(2).split('/'))
      target = (target as Record<string, unknown> | undefined)?.[
        part.replace(/~1/g, '/').replace(/~0/g, '~')
      ];
    if (!target || typeof target !== 'object') break;
    node = target as RJSFSchema;
  }
  return node;
}

/** Paths of the product tables reached through object properties only (not inside arrays). */
export function detachedLinePaths(root: RJSFSchema, uiSchema: UiSchema | undefined): LinePath[] {
  const paths: LinePath[] = [];
  const walk = (schema: RJSFSchema, ui: UiSchema | undefined, path: string[]) => {
    if (path.length > 8) return;
    const resolved = resolveLocal(root, schema);
    if (ui?.['ui:field'] === 'productTable') {
      if (path.length > 0) paths.push(path);
      return;
    }
    const properties = resolved.properties as Record<string, RJSFSchema> | undefined;
    if (!properties || !ui) return;
    for (const [name, child] of Object.entries(properties))
      if (child && typeof child === 'object' && ui[name]) walk(child, ui[name] as UiSchema, [...path, name]);
  };
  walk(root, uiSchema, []);
  return paths;
}

function read(data: unknown, path: LinePath): unknown {
  let node = data;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A copy of `data` with `value` at `path`; unchanged when a parent on the way is not an object. */
function withValue(data: unknown, path: LinePath, value: unknown): unknown {
  if (path.length === 0) return value;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const [head, ...rest] = path;
  const object = data as Record<string, unknown>;
  if (rest.length > 0 && (object[head] === null || typeof object[head] !== 'object')) return data;
  return { ...object, [head]: withValue(object[head], rest, value) };
}

/** The lines of every detached table, by path; a table without an entry has no lines yet. */
export class LineStore {
  private readonly lines = new Map<string, readonly unknown[]>();

  constructor(readonly paths: readonly LinePath[]) {}

  /** Whether the table at this path keeps its lines here (false: RJSF holds them). */
  holds(path: ReadonlyArray<string | number>): boolean {
    const key = keyOf(path);
    return this.paths.some((p) => keyOf(p) === key);
  }

  get(path: ReadonlyArray<string | number>): readonly unknown[] | undefined {
    return this.lines.get(keyOf(path));
  }

  set(path: ReadonlyArray<string | number>, rows: readonly unknown[]): void {
    this.lines.set(keyOf(path), rows);
  }

  /** Takes the lines out of a document: what RJSF gets, with an empty array where lines were. */
  detach(data: unknown): unknown {
    let header = data;
    for (const path of this.paths) {
      const rows = read(data, path);
      if (!Array.isArray(rows)) continue;
      this.lines.set(keyOf(path), rows);
      header = withValue(header, path, []);
    }
    return header;
  }

  /** The whole document: RJSF's data with the lines put back where their parent object exists. */
  attach(header: unknown): unknown {
    let data = header;
    for (const path of this.paths) {
      const rows = this.lines.get(keyOf(path));
      if (rows) data = withValue(data, path, rows);
    }
    return data;
  }
}

/**
 * RJSF's validator, validating the whole document `whole` makes of RJSF's data (what the page gets):
 * RJSF passes the data it holds (no lines), the schema rules (minItems, line arithmetic, document
 * totals) need the lines.
 */
export function validatorOfDocument(
  validator: ValidatorType,
  whole: (formData: unknown) => unknown,
): ValidatorType {
  const wrapped = Object.create(validator) as ValidatorType;
  wrapped.validateFormData = (formData, ...rest) =>
    validator.validateFormData(whole(formData) as typeof formData, ...rest);
  return wrapped;
}
