import type { RJSFSchema } from '@rjsf/utils';
import { requiredTotalFields } from '../../../engine/computePlan';
import { readPath } from '../../../engine/keywords/pointer';
import { type ProductRow, tiyinToAmount, withField } from '../engine';
import type { Totals } from './rowStore';

/** Where a table's column sums go in the document (part A's `documentTotals` keyword). */
export interface TotalsTarget {
  /** Path of the object that declares documentTotals (the root for acts, ProductInfo in waybills). */
  ancestor: Array<string | number>;
  /** The table's path inside that object ("ProductList/Products"). */
  itemsPath: string;
  /** Document total field (slash path inside the ancestor) → summed line field. */
  sums: Record<string, string>;
  /** The totals the ancestor's schema requires: written even when the document has none yet. */
  required: readonly string[];
}

export function schemaAt(
  root: RJSFSchema,
  path: ReadonlyArray<string | number>,
  retrieve: (s: RJSFSchema) => RJSFSchema,
): RJSFSchema | null {
  let node: RJSFSchema | undefined = retrieve(root);
  for (const part of path) {
    if (!node) return null;
    const next: unknown =
      typeof part === 'number' || /^\d+$/.test(String(part))
        ? node.items
        : (node.properties as Record<string, RJSFSchema> | undefined)?.[part];
    if (!next || typeof next !== 'object' || Array.isArray(next)) return null;
    node = retrieve(next as RJSFSchema);
  }
  return node ?? null;
}

/** Finds the ancestor whose documentTotals sums this table (its `items` path ends at the table). */
export function findTotalsTarget(
  root: RJSFSchema,
  tablePath: ReadonlyArray<string | number>,
  retrieve: (s: RJSFSchema) => RJSFSchema,
): TotalsTarget | null {
  for (let k = tablePath.length - 1; k >= 0; k--) {
    const schema = schemaAt(root, tablePath.slice(0, k), retrieve) as
      | (RJSFSchema & { documentTotals?: { items: string; sums: Record<string, string> } })
      | null;
    const totals = schema?.documentTotals;
    if (totals && totals.items === tablePath.slice(k).join('/')) {
      return {
        ancestor: [...tablePath.slice(0, k)],
        itemsPath: totals.items,
        sums: totals.sums,
        required: requiredTotalFields(
          schema as never,
          totals.sums,
          (s) => retrieve(s as RJSFSchema) as never,
        ),
      };
    }
  }
  return null;
}

/**
 * The ancestor object with the new lines and its totals re-summed — required totals always, optional
 * ones only when the document carries them, as the engine's computeDocument does.
 */
export function ancestorWithTotals(
  ancestor: Record<string, unknown> | null | undefined,
  target: TotalsTarget,
  rows: readonly ProductRow[],
  totals: Totals,
): Record<string, unknown> {
  let next = withField({ ...(ancestor ?? {}) }, target.itemsPath, rows);
  for (const [totalField, lineField] of Object.entries(target.sums)) {
    const sum = totals[lineField];
    if (
      sum !== undefined &&
      (target.required.includes(totalField) || readPath(ancestor, totalField) !== undefined)
    )
      next = withField(next, totalField, tiyinToAmount(sum));
  }
  return next;
}
