import { ParseError, parsePhoneNumberWithError } from 'libphonenumber-js';
import type { KeywordCheck, KeywordSpec } from './types';

/**
 * Optional; when filled it must parse with no default country and no extraction from surrounding
 * text. libphonenumber-js enforces the spec's limits itself (national number 2–17 digits, input at
 * most 250 characters, extensions) and names the failure NOT_A_NUMBER, TOO_SHORT, TOO_LONG or
 * INVALID_COUNTRY; a number that parses but is not valid for its country reports INVALID.
 */
export const phoneNumber: KeywordCheck<boolean> = (data, enabled) => {
  if (!enabled || data === '') return null;
  try {
    const parsed = parsePhoneNumberWithError(data, { extract: false });
    return parsed.isValid() ? null : [{ params: { reason: 'INVALID' } }];
  } catch (error) {
    const reason = error instanceof ParseError ? error.message : 'NOT_A_NUMBER';
    return [{ params: { reason } }];
  }
};

export default {
  keyword: 'phoneNumber',
  check: phoneNumber,
  type: 'string',
  schemaType: 'boolean',
} satisfies KeywordSpec;
