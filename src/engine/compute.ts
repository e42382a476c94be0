import { type JsonSchema, resolveRef } from './bundle';
import type { TotalsOptions } from './keywords/documentTotals';
import { readPath } from './keywords/pointer';
import { type LineMapping, computeLine, sumLines, writePath } from './lines';
import { toAmount } from './money';
import { getKind } from './schemas';

/**
 * Recomputes every computed value of a document from its inputs, guided by the kind's schema:
 * arrays carrying `lineArithmetic` get their line sums recomputed, objects carrying `documentTotals`
 * get their totals re-summed (after their lines). The server stores this result, never the
 * client's numbers. Pure: returns a new document and leaves the input untouched.
 */
export function computeDocument<T = unknown>(kind: string, content: T): T {
  const { schema } = getKind(kind);
  return computeWithSchema(schema, content);
}

export function computeWithSchema<T>(root: JsonSchema, content: T): T {
  return walk(root, root, content) as T;
}

function walk(node: JsonSchema | undefined, root: JsonSchema, data: unknown): unknown {
  const schema = resolveRef(node, root);
  if (!schema || data === null || typeof data !== 'object') return data;
  if (Array.isArray(data)) {
    let items = schema.items ? data.map((item) => walk(schema.items, root, item)) : data;
    const mapping = schema.lineArithmetic as LineMapping | undefined;
    if (mapping) {
      items = items.map((line) => (line !== null && typeof line === 'object' ? computeLine(line as Record<string, any>, mapping) : line));
    }
    return items;
  }
  let result: Record<string, unknown> = data as Record<string, unknown>;
  if (schema.properties) {
    result = { ...result };
    for (const [key, child] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      if (key in result) result[key] = walk(child, root, result[key]);
    }
  }
  const totals = schema.documentTotals as TotalsOptions | undefined;
  if (totals) {
    if (result === data) result = { ...result };
    const lines = readPath(result, totals.items);
    if (Array.isArray(lines)) {
      for (const [field, value] of Object.entries(sumLines(lines, totals.sums))) {
        // Only totals the document carries are rewritten; absent optional totals stay absent.
        if (readPath(result, field) !== undefined) writePath(result, field, toAmount(value));
      }
    }
  }
  return result;
}
