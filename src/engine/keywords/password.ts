import { PASSWORD_MIN_LENGTH } from '../constants';
import type { KeywordCheck, KeywordSpec } from './types';

/** The spec's fixed set of special characters; password inputs strip anything else. */
export const PASSWORD_SPECIALS = `!@#$%^&*()_+-=\\[]{};':"|,.<>/?`;
export { PASSWORD_MIN_LENGTH };

/** At least 8 characters with an uppercase and a lowercase letter, a digit and a special character. */
export const password: KeywordCheck<boolean> = (data, enabled) => {
  if (!enabled) return null;
  const value = data as string;
  // Stop at the first failing rule, as the forms do.
  if (value.length < PASSWORD_MIN_LENGTH) return [{ params: { reason: 'min', min: PASSWORD_MIN_LENGTH } }];
  if (!/[A-Z]/.test(value)) return [{ params: { reason: 'upper' } }];
  if (!/[a-z]/.test(value)) return [{ params: { reason: 'lower' } }];
  if (!/\d/.test(value)) return [{ params: { reason: 'digit' } }];
  if (![...value].some((char) => PASSWORD_SPECIALS.includes(char)))
    return [{ params: { reason: 'special' } }];
  return null;
};

export default {
  keyword: 'password',
  check: password,
  type: 'string',
  schemaType: 'boolean',
} satisfies KeywordSpec;
