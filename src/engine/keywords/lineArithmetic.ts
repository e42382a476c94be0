import { type LineMapping, lineAmounts } from '../lines';
import { isNumeric, sameAmount, toDecimal } from '../money';
import { defineKeyword } from './define';
import { readPath, toPointer } from './pointer';
import type { KeywordCheck, KeywordIssue } from './types';

/**
 * On a product-line array: every line's computed fields must equal the exact-decimal result
 * (lines.ts). The error sits on the wrong field and carries the expected value.
 */
export const lineArithmetic: KeywordCheck<LineMapping> = (lines, mapping) => {
  let issues: KeywordIssue[] | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line === null || typeof line !== 'object') continue;
    // Unparseable inputs are reported by `type`; arithmetic on them would only add noise.
    if (!isNumeric(readPath(line, mapping.count)) || !isNumeric(readPath(line, mapping.price))) continue;
    const expected = lineAmounts(line, mapping);
    const checks: Array<[string | undefined, typeof expected.deliverySum]> = [
      [mapping.deliverySum, expected.deliverySum],
      [mapping.vatSum, expected.vatSum],
      [mapping.total, expected.total],
    ];
    for (const [field, value] of checks) {
      if (!field) continue;
      const actual = readPath(line, field);
      if (!sameAmount(actual, value) || !isNumeric(actual)) {
        issues ??= [];
        issues.push({
          path: `/${index}${toPointer(field)}`,
          params: { field, expected: value.toFixed(2), actual: isNumeric(actual) ? toDecimal(actual).toFixed() : actual },
        });
      }
    }
  }
  return issues;
};

export default defineKeyword('lineArithmetic', lineArithmetic, {
  type: 'array',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['count', 'price', 'deliverySum'],
    properties: Object.fromEntries(
      ['count', 'price', 'deliverySum', 'vatRate', 'vatSum', 'total', 'withoutVat'].map((k) => [k, { type: 'string' }]),
    ),
    additionalProperties: false,
  },
});
