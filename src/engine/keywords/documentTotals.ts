import { sumLines } from '../lines';
import { isNumeric, sameAmount, toDecimal } from '../money';
import { defineKeyword } from './define';
import { readPath, toPointer } from './pointer';
import type { KeywordCheck, KeywordIssue } from './types';

export interface TotalsOptions {
  /** Path of the line array inside the object carrying this keyword. */
  items: string;
  /** Total field → line field whose sum it must equal. */
  sums: Record<string, string>;
}

/** On an object holding a line array and its totals: every total equals the sum of its lines. */
export const documentTotals: KeywordCheck<TotalsOptions> = (data, options) => {
  const lines = readPath(data, options.items);
  if (!Array.isArray(lines)) return null;
  const expected = sumLines(lines, options.sums);
  let issues: KeywordIssue[] | null = null;
  for (const [field, value] of Object.entries(expected)) {
    const actual = readPath(data, field);
    if (actual === undefined) continue; // optional totals: `required` decides whether they must exist
    if (!isNumeric(actual) || !sameAmount(actual, value)) {
      issues ??= [];
      issues.push({
        path: toPointer(field),
        params: { field, expected: value.toFixed(2), actual: isNumeric(actual) ? toDecimal(actual).toFixed() : actual },
      });
    }
  }
  return issues;
};

export default defineKeyword('documentTotals', documentTotals, {
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['items', 'sums'],
    properties: { items: { type: 'string' }, sums: { type: 'object', additionalProperties: { type: 'string' } } },
    additionalProperties: false,
  },
});
