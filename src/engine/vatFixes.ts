import type { JsonSchema } from './bundle';
import { type ComputePlan, planFor } from './computePlan';
import { vatMismatches } from './lines';
import { scaledToNumber } from './scaled';

/** A computed value of the document that disagrees with its inputs: where it is and what it should be. */
export interface ComputedFix {
  path: string[];
  value: number;
}

/**
 * The `vatArithmetic` values (an act's VatSum and TotalSum) that differ from what their base, rate
 * and without-VAT flag give — what a form writes back when a person changes the rate or the lines
 * change the base. Only objects declaring the keyword are visited, never product lines, so it is
 * cheap to run on every change.
 */
export function vatArithmeticFixes(root: JsonSchema, content: unknown): ComputedFix[] {
  const fixes: ComputedFix[] = [];
  const plan = planFor(root);
  if (plan) collectVatFixes(plan, content, [], fixes);
  return fixes;
}

function collectVatFixes(plan: ComputePlan, data: unknown, at: string[], fixes: ComputedFix[]): void {
  if (data === null || typeof data !== 'object') return;
  if (Array.isArray(data)) {
    const items = plan.items;
    if (items)
      for (let i = 0; i < data.length; i++) collectVatFixes(items, data[i], [...at, String(i)], fixes);
    return;
  }
  if (plan.properties) {
    for (const [key, child] of Object.entries(plan.properties))
      collectVatFixes(child, (data as Record<string, unknown>)[key], [...at, key], fixes);
  }
  const vat = plan.vatArithmetic;
  if (!vat) return;
  for (const { field, expected } of vatMismatches(data, vat))
    fixes.push({ path: [...at, ...field.split('/')], value: scaledToNumber(expected, 2) });
}
