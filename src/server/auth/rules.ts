import type { Locale } from '../../engine/constants';
import { email as emailRule } from '../../engine/keywords/email';
import { password as passwordRule } from '../../engine/keywords/password';
import { phoneNumber as phoneRule } from '../../engine/keywords/phoneNumber';
import { ApiError, type FieldError } from '../errors';
import { translate } from '../i18n';

// Server side of the registration and password rules (spec §5), with the engine's own checks so the
// browser and the server cannot disagree.

export type PasswordProblem = 'min' | 'upper' | 'lower' | 'digit' | 'special';

export function passwordProblem(password: string): PasswordProblem | null {
  const issues = passwordRule(password, true, undefined, undefined, '');
  return issues ? ((issues[0].params?.reason as PasswordProblem) ?? 'min') : null;
}

/** Phone digits as the registration payload carries them: 998 and nine digits. */
export function phoneProblem(phoneDigits: string): string | null {
  if (!/^\d+$/.test(phoneDigits)) return 'NOT_A_NUMBER';
  const issues = phoneRule(`+${phoneDigits}`, true, undefined, undefined, '');
  return issues ? String(issues[0].params?.reason ?? 'INVALID') : null;
}

export function emailProblem(email: string): boolean {
  return email.trim() === '' || emailRule(email.trim(), true, undefined, undefined, '') !== null;
}

/** A 400 listing every failing field of a registration or password change, localized. */
export function fieldErrors(
  lang: Locale,
  problems: Array<{ path: string; key: string; params?: Record<string, unknown> }>,
) {
  const errors: FieldError[] = problems.map((p) => ({
    path: p.path,
    key: p.key,
    params: p.params,
    message: translate(lang, p.key, p.params),
  }));
  return new ApiError(
    400,
    'VALIDATION',
    errors.length === 1 ? problems[0].key : 'errors:badRequestFields',
    problems[0]?.params,
    errors,
  );
}

export const PASSWORD_PROBLEM_KEYS: Record<PasswordProblem, string> = {
  min: 'auth:password.min',
  upper: 'auth:password.upper',
  lower: 'auth:password.lower',
  digit: 'auth:password.digit',
  special: 'auth:password.special',
};
