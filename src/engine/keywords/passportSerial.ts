import type { KeywordCheck, KeywordSpec } from './types';

/** Optional; two uppercase Latin letters, an optional single space, seven digits ("AA 1234567"). */
export const passportSerial: KeywordCheck<boolean> = (data, enabled) =>
  enabled && data !== '' && !/^[A-Z]{2} ?\d{7}$/.test(data) ? [{}] : null;

export default {
  keyword: 'passportSerial',
  check: passportSerial,
  type: 'string',
  schemaType: 'boolean',
} satisfies KeywordSpec;
