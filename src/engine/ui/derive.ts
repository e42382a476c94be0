import type { UiSchema } from '../kindInfo';
import {
  isDateSchema,
  isIdentifierSchema,
  partyFillOf,
  resolveSchema,
  type Schema,
  typesOf,
} from './parties';

/**
 * A field of a kind as the form renders it: its schema (resolved), its UI schema node and where it
 * sits. `table` is set for a column of a product table (ui:field productTable): such a column's
 * widget is named in the table's ui:options.widgets, not in a UI node of its own.
 */
export interface UiField {
  /** Data path; `items` steps into every element of an array. */
  path: string[];
  /** JSON pointer of the field's UI node in ui.json (for a column: of its widgets entry). */
  uiPointer: string;
  schema: Schema;
  parent: Schema;
  parentName: string | undefined;
  name: string;
  ui: UiSchema | undefined;
  /** The widget the field renders with as authored (a column's from the table's widgets). */
  widget: unknown;
  table?: { ui: UiSchema; uiPointer: string };
}

export const pointerPart = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Every scalar field of a kind with its authored UI, walking the schema as RJSF renders it
 * (properties, array items; a product table's line fields as its columns). Hidden objects and
 * arrays are not descended into: nothing in them is shown.
 */
export function uiFields(root: Schema, ui: UiSchema): UiField[] {
  const found: UiField[] = [];
  const walk = (
    node: Schema,
    uiNode: UiSchema | undefined,
    name: string | undefined,
    path: string[],
    pointer: string,
  ) => {
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    for (const [key, raw] of Object.entries(properties)) {
      const schema = resolveSchema(root, raw);
      const childUi = uiNode?.[key] as UiSchema | undefined;
      const childPointer = `${pointer}/${pointerPart(key)}`;
      const types = typesOf(schema);
      if (childUi?.['ui:widget'] === 'hidden' && (types.includes('object') || types.includes('array')))
        continue;
      if (types.includes('array')) {
        const items = resolveSchema(root, schema.items);
        if (childUi?.['ui:field'] === 'productTable') {
          const tablePointer = `${childPointer}/ui:options/widgets`;
          const widgets = (childUi['ui:options']?.widgets ?? {}) as Record<string, unknown>;
          for (const [column, columnRaw] of Object.entries(
            (items.properties ?? {}) as Record<string, unknown>,
          )) {
            const columnSchema = resolveSchema(root, columnRaw);
            if (typesOf(columnSchema).some((type) => type === 'object' || type === 'array')) continue;
            found.push({
              path: [...path, key, 'items', column],
              uiPointer: `${tablePointer}/${pointerPart(column)}`,
              schema: columnSchema,
              parent: items,
              parentName: key,
              name: column,
              ui: undefined,
              widget: widgets[column],
              table: { ui: childUi, uiPointer: childPointer },
            });
          }
        } else if (typesOf(items).includes('object'))
          walk(
            items,
            childUi?.items as UiSchema | undefined,
            key,
            [...path, key, 'items'],
            `${childPointer}/items`,
          );
        continue;
      }
      if (types.includes('object') && schema.properties) {
        walk(schema, childUi, key, [...path, key], childPointer);
        continue;
      }
      found.push({
        path: [...path, key],
        uiPointer: childPointer,
        schema,
        parent: node,
        parentName: name,
        name: key,
        ui: childUi,
        widget: childUi?.['ui:widget'],
      });
    }
  };
  walk(resolveSchema(root, root), ui, undefined, [], '');
  return found;
}

/** The look-up a field's TIN gives (null: not a party's identifier, or a product table's cell). */
export function partyFillOfField(root: Schema, field: UiField) {
  if (field.table) return null;
  return partyFillOf(root, field.parent, field.parentName, field.name, field.ui?.['ui:options']?.fills);
}

export interface DeriveOptions {
  /** Give a party's TIN field the look-up (documents; a settings form's own TIN is no counterparty). */
  parties: boolean;
}

/**
 * The UI schema with the widgets the schema implies where ui.json names none: the date widget on
 * every calendar day (a product table's date column too), the look-up on every party's TIN. An
 * authored widget stays (the build's checkUi refuses one that contradicts the schema).
 */
export function deriveUi(root: Schema, ui: UiSchema, options: DeriveOptions): UiSchema {
  const derived = structuredClone(ui ?? {}) as UiSchema;
  const nodeAt = (path: string[]): UiSchema => {
    let node = derived;
    for (const part of path) {
      if (!node[part] || typeof node[part] !== 'object') node[part] = {};
      node = node[part];
    }
    return node;
  };
  for (const field of uiFields(root, ui ?? {})) {
    if (field.widget !== undefined) continue;
    const widget = isDateSchema(field.schema)
      ? 'date'
      : options.parties && isIdentifierSchema(field.schema) && partyFillOfField(root, field)
        ? 'tinLookup'
        : null;
    if (!widget) continue;
    if (field.table) {
      if (widget !== 'date') continue;
      // The column's UI is the table's: its path without `items` and the column's name.
      const table = nodeAt(field.path.slice(0, -2));
      table['ui:options'] = { ...(table['ui:options'] ?? {}) };
      table['ui:options'].widgets = { ...(table['ui:options'].widgets ?? {}), [field.name]: widget };
    } else nodeAt(field.path)['ui:widget'] = widget;
  }
  return derived;
}
