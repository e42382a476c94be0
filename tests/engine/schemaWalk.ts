// Walks every document kind's schema for the places a rule applies (computed totals, nullable
// blocks), so a test covers each place of each kind without listing them by hand.
import { type JsonSchema, resolveRef } from '../../src/engine';

export interface SchemaPlace {
  /** Data path with `*` for every array item ("/Roadway/ProductGroups/*\/ProductInfo"). */
  pointer: string;
  schema: JsonSchema;
  /** Whether the parent object requires this property (false at the root). */
  required: boolean;
}

/** Every object/array schema reached from the root through properties and items. */
export function schemaPlaces(root: JsonSchema): SchemaPlace[] {
  const places: SchemaPlace[] = [];
  const walk = (node: JsonSchema | undefined, pointer: string, required: boolean, depth: number) => {
    const schema = resolveRef(node, root);
    if (!schema || depth > 24) return;
    places.push({ pointer, schema, required });
    const needed = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
    for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>))
      walk(child, `${pointer}/${name}`, needed.has(name), depth + 1);
    if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items))
      walk(schema.items, `${pointer}/*`, true, depth + 1);
  };
  walk(root, '', false, 0);
  return places;
}

/** Every value of a document at a pointer with `*`, with its concrete path. */
export function valuesAt(
  data: unknown,
  pointer: string,
): Array<{ path: Array<string | number>; value: any }> {
  const steps = pointer.split('/').slice(1);
  const out: Array<{ path: Array<string | number>; value: any }> = [];
  const walk = (node: any, at: number, path: Array<string | number>) => {
    if (at === steps.length) {
      out.push({ path, value: node });
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const step = steps[at];
    if (step === '*') {
      if (Array.isArray(node)) for (const [i, item] of node.entries()) walk(item, at + 1, [...path, i]);
    } else if (step in node) walk(node[step], at + 1, [...path, step]);
  };
  walk(data, 0, []);
  return out;
}
