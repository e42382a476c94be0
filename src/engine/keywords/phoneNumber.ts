import {
  type CountryCode,
  ParseError,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from 'libphonenumber-js';
import type { KeywordCheck, KeywordSpec } from './types';

type Options = boolean | { defaultCountry: CountryCode };

/**
 * Optional; when filled it must parse with no default country and no extraction from surrounding
 * text. libphonenumber-js enforces the spec's limits itself (national number 2–17 digits, input at
 * most 250 characters, extensions) and names the failure NOT_A_NUMBER, TOO_SHORT, TOO_LONG or
 * INVALID_COUNTRY; a number that parses but is not valid for its country reports TOO_SHORT or TOO_LONG
 * when its length is what is wrong ("+99890"), otherwise INVALID.
 *
 * `{ "defaultCountry": "UZ" }` also reads numbers written without "+" as that country's, the way
 * operators send them in national documents ("998933800525", "(71)-203-06-06").
 */
export const phoneNumber: KeywordCheck<Options> = (data, options) => {
  if (!options || data === '') return null;
  const defaultCountry = typeof options === 'object' ? options.defaultCountry : undefined;
  try {
    const parsed = parsePhoneNumberWithError(data, { extract: false, defaultCountry });
    if (parsed.isValid()) return null;
    const length = validatePhoneNumberLength(data, defaultCountry);
    return [{ params: { reason: length === 'TOO_SHORT' || length === 'TOO_LONG' ? length : 'INVALID' } }];
  } catch (error) {
    const reason = error instanceof ParseError ? error.message : 'NOT_A_NUMBER';
    return [{ params: { reason } }];
  }
};

export default {
  keyword: 'phoneNumber',
  check: phoneNumber,
  type: 'string',
  schemaType: ['boolean', 'object'],
  metaSchema: {
    anyOf: [
      { type: 'boolean' },
      {
        type: 'object',
        required: ['defaultCountry'],
        additionalProperties: false,
        properties: { defaultCountry: { type: 'string', pattern: '^[A-Z]{2}$' } },
      },
    ],
  },
} satisfies KeywordSpec;
