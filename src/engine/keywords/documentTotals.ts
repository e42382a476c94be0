import { sumCents } from '../lines';
import { scaledToText, toScaled } from '../scaled';
import { readPath, toPointer } from './pointer';
import type { KeywordCheck, KeywordIssue, KeywordSpec } from './types';

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
  let issues: KeywordIssue[] | null = null;
  for (const [field, lineField] of Object.entries(options.sums)) {
    const actual = readPath(data, field);
    if (actual === undefined) continue; // optional totals: `required` decides whether they must exist
    const expected = sumCents(lines, lineField);
    const actualCents = toScaled(actual, 2);
    if (actualCents === expected) continue;
    issues ??= [];
    issues.push({
      path: toPointer(field),
      params: {
        field,
        expected: scaledToText(expected, 2),
        actual: actualCents === null ? actual : String(actual),
      },
    });
  }
  return issues;
};

export default {
  keyword: 'documentTotals',
  check: documentTotals,
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['items', 'sums'],
    properties: {
      items: { type: 'string' },
      sums: { type: 'object', additionalProperties: { type: 'string' } },
    },
    additionalProperties: false,
  },
} satisfies KeywordSpec;
