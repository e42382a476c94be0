import { benefitVatCents, hasBenefit, type LineMapping, lineCents } from '../lines';
import { scaledToText, toScaled } from '../scaled';
import { readPath, toPointer } from './pointer';
import type { KeywordCheck, KeywordIssue, KeywordSpec } from './types';

/**
 * On a product-line array: every line's computed fields must equal the exact-decimal result
 * (lines.ts, in tiyin). The error sits on the wrong field and carries the expected value. A computed
 * field the line does not carry is `required`'s business (operators leave optional totals out, e.g.
 * an acceptance act's line TotalPrice), not a wrong sum.
 */
export const lineArithmetic: KeywordCheck<LineMapping> = (lines, mapping) => {
  let issues: KeywordIssue[] | null = null;
  const fields = [mapping.deliverySum, mapping.vatSum, mapping.total] as const;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line === null || typeof line !== 'object') continue;
    // Unparseable inputs are reported by `type`; arithmetic on them would only add noise.
    if (
      toScaled(readPath(line, mapping.count), 6) === null ||
      toScaled(readPath(line, mapping.price), 2) === null
    )
      continue;
    const cents = lineCents(line, mapping);
    // A line that carries no rate (an act line as Didox signs it: TotalSum with VAT, the rate only
    // in its extended copy) has a VAT nobody can check: only its sum without VAT is checked.
    const rateUnknown = mapping.vatRate !== undefined && readPath(line, mapping.vatRate) === undefined;
    for (let f = 0; f < 3; f++) {
      const field = fields[f];
      if (!field || (f > 0 && rateUnknown)) continue;
      const expected = f === 0 ? cents.deliverySum : f === 1 ? cents.vatSum : cents.total;
      const actual = readPath(line, field);
      if (actual === undefined) continue;
      const actualCents = toScaled(actual, 2);
      if (actualCents === expected) continue;
      issues ??= [];
      issues.push({
        path: `/${index}${toPointer(field)}`,
        params: {
          field,
          expected: scaledToText(expected, 2),
          actual: actualCents === null ? actual : String(actual),
        },
      });
    }
    // The VAT a benefit relieves (LgotaVatSum), on a line that names a benefit and carries the sum.
    if (mapping.benefitVatSum && hasBenefit(line, mapping)) {
      const actual = readPath(line, mapping.benefitVatSum);
      const expected = benefitVatCents(line, mapping, cents.deliverySum);
      const actualCents = actual === undefined ? expected : toScaled(actual, 2);
      if (actualCents !== expected) {
        issues ??= [];
        issues.push({
          path: `/${index}${toPointer(mapping.benefitVatSum)}`,
          params: {
            field: mapping.benefitVatSum,
            expected: scaledToText(expected, 2),
            actual: actualCents === null ? actual : String(actual),
          },
        });
      }
    }
  }
  return issues;
};

export default {
  keyword: 'lineArithmetic',
  check: lineArithmetic,
  type: 'array',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['count', 'price', 'deliverySum'],
    properties: {
      ...Object.fromEntries(
        [
          'count',
          'price',
          'deliverySum',
          'vatRate',
          'vatSum',
          'total',
          'withoutVat',
          'benefitId',
          'benefitType',
          'benefitVatSum',
        ].map((k) => [k, { type: 'string' }]),
      ),
      benefitRate: { type: 'number', exclusiveMinimum: 0 },
    },
    additionalProperties: false,
  },
} satisfies KeywordSpec;
