import { vatMismatches } from '../lines';
import { scaledToText } from '../scaled';
import { readPath, toPointer } from './pointer';
import type { KeywordCheck, KeywordIssue, KeywordSpec } from './types';

/** Which fields of an object carry a VAT computation on a base amount (act totals). */
export interface VatArithmeticOptions {
  base: string;
  rate: string;
  vatSum: string;
  total: string;
  withoutVat?: string;
}

/**
 * On an object: VatSum = base × rate / 100 (half-up) and total = base + VatSum, e.g. the act's
 * TotalSumWithoutVat / VatRate / VatSum / TotalSum. Errors sit on the wrong field.
 */
export const vatArithmetic: KeywordCheck<VatArithmeticOptions> = (data, options) => {
  const mismatches = vatMismatches(data, options);
  if (mismatches.length === 0) return null;
  return mismatches.map(
    ({ field, expected }): KeywordIssue => ({
      path: toPointer(field),
      params: { field, expected: scaledToText(expected, 2), actual: readPath(data, field) },
    }),
  );
};

export default {
  keyword: 'vatArithmetic',
  check: vatArithmetic,
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['base', 'rate', 'vatSum', 'total'],
    properties: Object.fromEntries(
      ['base', 'rate', 'vatSum', 'total', 'withoutVat'].map((k) => [k, { type: 'string' }]),
    ),
    additionalProperties: false,
  },
} satisfies KeywordSpec;
