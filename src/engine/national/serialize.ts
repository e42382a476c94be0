import { type JsonSchema, resolveRef } from '../bundle';
import { getKind } from '../schemas';

/**
 * The exact text that is signed on send and exported: the kind's national JSON (local fields
 * stripped, unused objects null, dates yyyy-MM-dd, ≤6 decimals in counts and 2 in sums). Pure and
 * deterministic: the same content always gives the same string (the server recomputes it to check
 * a signature).
 */
export function toNationalJson(kind: string, content: unknown): string {
  const { schema } = getKind(kind);
  return JSON.stringify(nationalValue(content, schema, schema));
}

/** The content without the fields its schema marks `"local": true` (kept beside the document). */
function nationalValue(value: unknown, node: JsonSchema | undefined, root: JsonSchema): unknown {
  const schema = node ? resolveRef(node, root) : undefined;
  if (Array.isArray(value)) return value.map((item) => nationalValue(item, schema?.items, root));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const childSchema = schema?.properties?.[key] as JsonSchema | undefined;
    if (childSchema && resolveRef(childSchema, root)?.local === true) continue;
    out[key] = nationalValue(child, childSchema, root);
  }
  return out;
}
