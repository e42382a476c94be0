import { PASSWORD_SPECIALS } from '../../../engine/keywords/password';

const ALLOWED = new Set([...PASSWORD_SPECIALS]);

/** Spec §5: password inputs keep Latin letters, digits and the fixed special characters; the rest is dropped as typed. */
export function stripPasswordChars(value: string): string {
  return [...value].filter((ch) => /[A-Za-z0-9]/.test(ch) || ALLOWED.has(ch)).join('');
}
