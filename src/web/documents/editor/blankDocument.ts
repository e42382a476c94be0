import { freshNationalId } from '../../../engine/lifecycle';
import { resolve, type Schema, typesOf } from './schemaAt';

// A new document's starting content, read from its kind's schema and UI schema: the values a person
// never types — constants (the format's Version), empty optional blocks (null: operators refuse {}),
// flags (false), lists ([]), and the hidden ids of the national format (fresh 24-hex ids). Visible
// fields stay empty for the person to fill.

const OBJECT_ID = /\{24\}/;

function isHidden(ui: Schema | undefined): boolean {
  return ui?.['ui:widget'] === 'hidden';
}

function blankOf(
  root: Schema,
  node: Schema | undefined,
  ui: Schema | undefined,
  hiddenTin: string | null,
): unknown {
  const schema = resolve(root, node);
  if (!schema) return undefined;
  if ('const' in schema) return schema.const;
  const types = typesOf(schema);
  if (types.includes('null')) return null;
  if (types.includes('boolean')) return false;
  if (types.includes('array')) return [];
  if (types.includes('object')) return blankObject(root, schema, ui, hiddenTin);
  if (types.includes('string') && isHidden(ui)) {
    if (typeof schema.pattern === 'string' && OBJECT_ID.test(schema.pattern))
      return freshNationalId('objectId');
    // A hidden TIN beside the lines (ProductList.Tin) repeats the maker's own: the sender's.
    if (hiddenTin && schema.pinflOrTin) return hiddenTin;
  }
  return undefined;
}

function blankObject(root: Schema, schema: Schema, ui: Schema | undefined, hiddenTin: string | null) {
  const out: Record<string, unknown> = {};
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const name of (schema.required ?? []) as string[]) {
    const value = blankOf(root, properties[name], ui?.[name], hiddenTin);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** The starting content of a new document of a kind (`identity`: the maker's TIN or PINFL). */
export function blankDocument(schema: Schema, ui: Schema, identity: string | null): Record<string, unknown> {
  return blankObject(schema, resolve(schema, schema) ?? schema, ui, identity);
}

const FRESH_ID = /^[0-9a-f]{24}$/;

/**
 * A template's content with the blank document's fresh ids in place of the ones it was saved with:
 * every new document gets ids of its own (the national id, the product list's id …).
 */
export function withFreshIds(blank: unknown, content: unknown): unknown {
  if (typeof blank === 'string') return FRESH_ID.test(blank) && typeof content === 'string' ? blank : content;
  if (!blank || typeof blank !== 'object' || Array.isArray(blank)) return content;
  if (!content || typeof content !== 'object' || Array.isArray(content)) return content;
  const out: Record<string, unknown> = { ...(content as Record<string, unknown>) };
  for (const [key, value] of Object.entries(blank as Record<string, unknown>))
    if (key in out) out[key] = withFreshIds(value, out[key]);
  return out;
}
