import type { KeywordCheck, KeywordSpec } from './types';

// The spec asks for "a simple email pattern"; deliverability is proven by the confirmation mail.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Optional; when filled, something@domain.tld. */
export const email: KeywordCheck<boolean> = (data, enabled) =>
  enabled && data !== '' && (data.length > 254 || !EMAIL.test(data)) ? [{}] : null;

export default {
  keyword: 'email',
  check: email,
  type: 'string',
  schemaType: 'boolean',
} satisfies KeywordSpec;
