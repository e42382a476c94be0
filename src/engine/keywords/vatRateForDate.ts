import { allowedVatRates } from '../money';
import { parseIsoDate } from './dates';
import { readPath, toPointer } from './pointer';
import type { KeywordCheck, KeywordIssue, KeywordSpec } from './types';

interface Options {
  /**
   * Path of the document date from the document root, e.g. "FacturaDoc/FacturaDate", or a list
   * tried in order: ["OldFacturaDoc/OldFacturaDate", "FacturaDoc/FacturaDate"] lets a corrected or
   * additional invoice keep the rate of the original deal (uz-edi.md §d.7).
   */
  date: string | string[];
  /** Path of the rate inside a line. */
  rate: string;
  /** Path of the "without VAT" flag inside a line, if the kind has one. */
  withoutVat?: string;
}

/**
 * On a product-line array: each line's VAT rate must be allowed on the document date — 20 % before
 * 2019-10-01, 15 % until 2022-12-31, 12 % from 2023-01-01; 0 and "without VAT" always.
 */
export const vatRateForDate: KeywordCheck<Options> = (lines, options, rootData) => {
  const date = (Array.isArray(options.date) ? options.date : [options.date])
    .map((path) => readPath(rootData, path))
    .find((value) => parseIsoDate(value) !== null);
  if (date === undefined) return null; // the date keyword reports a bad date
  const allowed = allowedVatRates(date as string);
  let issues: KeywordIssue[] | null = null;
  lines.forEach((line: unknown, index: number) => {
    if (options.withoutVat && readPath(line, options.withoutVat) === true) return;
    const rate = readPath(line, options.rate);
    if (rate === undefined || rate === null || allowed.includes(Number(rate))) return;
    issues ??= [];
    issues.push({
      path: `/${index}${toPointer(options.rate)}`,
      params: { rate, date, allowed: allowed.join(', ') },
    });
  });
  return issues;
};

export default {
  keyword: 'vatRateForDate',
  check: vatRateForDate,
  type: 'array',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['date', 'rate'],
    properties: {
      date: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }] },
      rate: { type: 'string' },
      withoutVat: { type: 'string' },
    },
    additionalProperties: false,
  },
} satisfies KeywordSpec;
