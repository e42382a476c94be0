import { scaledToText, toScaled } from '../scaled';
import { getKind } from '../schemas';
import {
  allowsNull,
  decimalsOf,
  isArrayNode,
  isBlank,
  isDateNode,
  isLocal,
  isObjectNode,
  itemsNode,
  type Node,
  nationalKey,
  nodeOf,
  propertyNames,
  propertyNode,
} from './schemaNode';

/**
 * The exact text that is signed on send and exported: the kind's national JSON (local fields
 * stripped, unused objects null, dates yyyy-MM-dd, ≤6 decimals in counts and 2 in sums). Pure and
 * deterministic: the same content always gives the same string (the server recomputes it to check
 * a signature).
 *
 * Keys come in the schema's order, never the content's: a document read back from PostgreSQL's jsonb
 * has its keys reordered, and must still give the same bytes.
 */
export function toNationalJson(kind: string, content: unknown): string {
  const { schema } = getKind(kind);
  return JSON.stringify(nationalValue(content, nodeOf(schema, schema)));
}

const OMIT = Symbol('omit');

function nationalValue(value: unknown, node: Node | undefined): unknown {
  if (value === undefined) return OMIT;
  if (value === null) return null;
  if (Array.isArray(value)) {
    const items = isArrayNode(node) ? itemsNode(node) : undefined;
    return value.map((item) => {
      const out = nationalValue(item, items);
      return out === OMIT ? null : out;
    });
  }
  if (typeof value === 'object') {
    if (!node || !isObjectNode(node)) return OMIT;
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const name of propertyNames(node)) {
      const child = propertyNode(node, name);
      if (isLocal(child)) continue;
      const read = nationalValue(source[name], child);
      const key = nationalKey(node, name);
      if (read !== OMIT) out[key] = read;
      // The hub wants an unused block as null, never absent, {} or a block of empty strings.
      if (allowsNull(child) && isObjectNode(child) && (read === OMIT || isBlank(read))) out[key] = null;
    }
    return out;
  }
  if (typeof value === 'number') return roundedNumber(value, decimalsOf(node));
  if (typeof value === 'string' && isDateNode(node)) return /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? value;
  return value;
}

/** The number with at most `places` decimals (half-up on its exact shortest text). */
function roundedNumber(value: number, places: number | undefined): number {
  if (places === undefined || !Number.isFinite(value)) return value;
  const scaled = toScaled(value, places);
  return scaled === null ? value : Number(scaledToText(scaled, places));
}
