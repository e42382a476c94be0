import { decimalsOf } from '../money';
import type { KeywordCheck, KeywordSpec } from './types';

/** At most N decimals (sums 2, counts 6), read from the number's exact shortest text. */
export const decimalPlaces: KeywordCheck<number> = (data, places) =>
  Number.isFinite(data) && decimalsOf(data) > places ? [{ params: { places } }] : null;

export default {
  keyword: 'decimalPlaces',
  check: decimalPlaces,
  type: 'number',
  schemaType: 'number',
  metaSchema: { type: 'integer', minimum: 0 },
} satisfies KeywordSpec;
