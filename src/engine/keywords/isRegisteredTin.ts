import type { KeywordCheck, KeywordSpec } from './types';

/**
 * The registration form sets the certificate field to the text -1 when the picked certificate's
 * TIN/PINFL already has an account (spec §4); that value must fail with allreadyRegisteredInSystem.
 */
export const isRegisteredTin: KeywordCheck<boolean> = (data, enabled) =>
  enabled && String(data) === '-1' ? [{}] : null;

export default {
  keyword: 'isRegisteredTin',
  check: isRegisteredTin,
  type: ['string', 'number'],
  schemaType: 'boolean',
} satisfies KeywordSpec;
