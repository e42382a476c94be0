import type { KeywordCheck, KeywordSpec } from './types';

/**
 * Exactly as the spec words it: empty accepted, fewer than 9 characters accepted (the user is still
 * typing; `required`/`minLength` catch a short final value), otherwise exactly 9 or 14 digits.
 */
export const pinflOrTin: KeywordCheck<boolean> = (data, enabled) => {
  if (!enabled || data.length < 9) return null;
  return /^(\d{9}|\d{14})$/.test(data) ? null : [{}];
};

export default {
  keyword: 'pinflOrTin',
  check: pinflOrTin,
  type: 'string',
  schemaType: 'boolean',
} satisfies KeywordSpec;
