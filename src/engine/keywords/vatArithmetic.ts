import { vatCents } from '../lines';
import { scaledToText, toScaled } from '../scaled';
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
  const base = toScaled(readPath(data, options.base), 2);
  if (base === null) return null; // the base's own schema reports it
  const expected = vatCents(data, options);
  let issues: KeywordIssue[] | null = null;
  for (const [field, value] of [
    [options.vatSum, expected.vatSum],
    [options.total, expected.total],
  ] as const) {
    const actual = readPath(data, field);
    if (toScaled(actual, 2) === value) continue;
    issues ??= [];
    issues.push({ path: toPointer(field), params: { field, expected: scaledToText(value, 2), actual } });
  }
  return issues;
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
