import type { KeywordCheck, KeywordSpec } from './types';

/** PINFL: optional; when filled, exactly 14 digits (spec §5). */
export const pinfl: KeywordCheck<boolean> = (data, enabled) =>
  enabled && data !== '' && !/^\d{14}$/.test(data) ? [{}] : null;

export default {
  keyword: 'pinfl',
  check: pinfl,
  type: 'string',
  schemaType: 'boolean',
} satisfies KeywordSpec;
