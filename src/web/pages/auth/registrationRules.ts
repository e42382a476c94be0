import { isOrganizationTin } from '../../../engine/constants';
import { email as emailRule } from '../../../engine/keywords/email';
import { isRegisteredTin } from '../../../engine/keywords/isRegisteredTin';
import { password as passwordRule } from '../../../engine/keywords/password';
import { phoneNumber as phoneRule } from '../../../engine/keywords/phoneNumber';
import type { Certificate } from '../../signing';

// Registration form rules (spec §5), with the engine's own checks; each returns the first failing
// rule as a validation message key and its parameters, or null.

export type Problem = { key: string; params?: Record<string, unknown> } | null;

/** The identity registration asks about: an organisation's TIN, otherwise the PINFL (spec §5). */
export function registrationIdentity(cert: Pick<Certificate, 'TIN' | 'PINFL'>): string {
  if (cert.TIN && isOrganizationTin(cert.TIN)) return cert.TIN;
  return cert.PINFL || cert.TIN;
}

export const PHONE_DIGITS = 9;

export function certProblem(value: string): Problem {
  if (!value) return { key: 'validation:required' };
  if (isRegisteredTin(value, true, undefined, undefined, ''))
    return { key: 'validation:allreadyRegisteredInSystem' };
  return null;
}

export function emailProblem(value: string): Problem {
  if (!value.trim()) return { key: 'validation:required' };
  return emailRule(value.trim(), true, undefined, undefined, '') ? { key: 'validation:string.email' } : null;
}

/** `digits` are the nine digits after +998. */
export function phoneProblem(digits: string): Problem {
  if (!digits) return { key: 'validation:required' };
  // What is wrong, not only that something is (validation.string.phoneNumberReason.*).
  if (digits.length < PHONE_DIGITS) return { key: 'validation:string.phoneNumberReason.TOO_SHORT' };
  const issues = phoneRule(`+998${digits}`, true, undefined, undefined, '');
  if (!issues) return null;
  return { key: `validation:string.phoneNumberReason.${String(issues[0].params?.reason ?? 'INVALID')}` };
}

export function passwordProblem(value: string): Problem {
  if (!value) return { key: 'validation:required' };
  const issues = passwordRule(value, true, undefined, undefined, '');
  if (!issues) return null;
  const reason = String(issues[0].params?.reason ?? 'min');
  return { key: `validation:password.${reason}`, params: { min: 8 } };
}

export function confirmationProblem(value: string, password: string): Problem {
  if (!value) return { key: 'validation:required' };
  return value === password ? null : { key: 'validation:passwordsDoNotMatch' };
}
