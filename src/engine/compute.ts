import type { JsonSchema } from './bundle';
import { type ComputePlan, planFor } from './computePlan';
import { readPath } from './keywords/pointer';
import { computeLine, sumCents, vatCents, writePath } from './lines';
import { scaledToNumber } from './scaled';
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
  const plan = planFor(root);
  return plan ? (apply(plan, content) as T) : content;
}

function apply(plan: ComputePlan, data: unknown): unknown {
  if (data === null || typeof data !== 'object') return data;
  if (Array.isArray(data)) {
    let items = plan.items ? data.map((item) => apply(plan.items!, item)) : data;
    const mapping = plan.lineArithmetic;
    if (mapping) {
      items = items.map((line) =>
        line !== null && typeof line === 'object' ? computeLine(line as Record<string, any>, mapping) : line,
      );
    }
    return items;
  }
  const result: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  if (plan.properties) {
    for (const [key, child] of Object.entries(plan.properties)) {
      if (key in result) result[key] = apply(child, result[key]);
    }
  }
  const totals = plan.documentTotals;
  if (totals) {
    const lines = readPath(result, totals.items);
    if (Array.isArray(lines)) {
      for (const [field, lineField] of Object.entries(totals.sums)) {
        // Required totals are always written; absent optional totals stay absent.
        if (plan.requiredTotals?.includes(field) || readPath(result, field) !== undefined)
          writePath(result, field, scaledToNumber(sumCents(lines, lineField), 2));
      }
    }
  }
  // After the totals: the VAT is computed on the freshly summed base.
  const vat = plan.vatArithmetic;
  if (vat) {
    const cents = vatCents(result, vat);
    writePath(result, vat.vatSum, scaledToNumber(cents.vatSum, 2));
    writePath(result, vat.total, scaledToNumber(cents.total, 2));
  }
  return result;
}
