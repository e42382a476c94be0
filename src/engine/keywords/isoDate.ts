import { parseIsoDate } from './dates';
import type { KeywordCheck, KeywordSpec } from './types';

/** Stored dates: yyyy-MM-dd only, a real calendar day (operators reject time parts); '' fails too. */
export const isoDate: KeywordCheck<boolean> = (data, enabled) =>
  enabled && parseIsoDate(data) === null ? [{}] : null;

export default {
  keyword: 'isoDate',
  check: isoDate,
  type: 'string',
  schemaType: 'boolean',
} satisfies KeywordSpec;
