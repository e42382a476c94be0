import { type JsonSchema, resolveRef } from './bundle';
import type { TotalsOptions } from './keywords/documentTotals';
import type { VatArithmeticOptions } from './keywords/vatArithmetic';
import type { LineMapping } from './lines';

/** Only the parts of a schema that lead to a computed value (so a walk skips everything else). */
export interface ComputePlan {
  properties?: Record<string, ComputePlan>;
  items?: ComputePlan;
  lineArithmetic?: LineMapping;
  documentTotals?: TotalsOptions;
  /** The totals the object must carry (its `required`): written even when the document has none yet. */
  requiredTotals?: readonly string[];
  vatArithmetic?: VatArithmeticOptions;
}

/**
 * The total fields of a `documentTotals` object that its schema requires, following nested paths
 * ("TotalBalance/OwnerDebit": TotalBalance required, and OwnerDebit within it). A required total is
 * computed wherever the object sits (a waybill's goods group inside an array too); an optional one
 * only when the document carries it. `resolve` follows references (the engine's or RJSF's).
 */
export function requiredTotalFields(
  object: JsonSchema,
  sums: Record<string, string>,
  resolve: (node: JsonSchema) => JsonSchema | undefined,
): string[] {
  return Object.keys(sums).filter((field) => {
    let node: JsonSchema | undefined = object;
    for (const part of field.split('/').filter(Boolean)) {
      if (!node || !Array.isArray(node.required) || !node.required.includes(part)) return false;
      const child: JsonSchema | undefined = node.properties?.[part];
      node = child ? resolve(child) : undefined;
    }
    return true;
  });
}

const plans = new WeakMap<JsonSchema, ComputePlan | null>();

function planOf(node: JsonSchema | undefined, root: JsonSchema, depth = 0): ComputePlan | null {
  const schema = resolveRef(node, root);
  if (!schema || depth > 32) return null;
  const plan: ComputePlan = {};
  if (schema.properties) {
    for (const [key, child] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      const childPlan = planOf(child, root, depth + 1);
      if (!childPlan) continue;
      plan.properties ??= {};
      plan.properties[key] = childPlan;
    }
  }
  if (schema.items && !Array.isArray(schema.items)) {
    const itemPlan = planOf(schema.items, root, depth + 1);
    if (itemPlan) plan.items = itemPlan;
  }
  if (schema.lineArithmetic) plan.lineArithmetic = schema.lineArithmetic;
  if (schema.documentTotals) {
    plan.documentTotals = schema.documentTotals;
    plan.requiredTotals = requiredTotalFields(schema, schema.documentTotals.sums, (n) => resolveRef(n, root));
  }
  if (schema.vatArithmetic) plan.vatArithmetic = schema.vatArithmetic;
  return plan.properties || plan.items || plan.lineArithmetic || plan.documentTotals || plan.vatArithmetic
    ? plan
    : null;
}

/** The schema's compute plan, worked out once per schema object. */
export function planFor(root: JsonSchema): ComputePlan | null {
  let plan = plans.get(root);
  if (plan === undefined) {
    plan = planOf(root, root);
    plans.set(root, plan);
  }
  return plan;
}
