// The server side of a settings form: the same bundled schema and keywords the browser's form uses
// (schemas/settings/<form>/), answered as a localized 400 VALIDATION with field errors.
import { checkDocument, getKind, localizeErrors } from '../../../engine';
import type { Locale } from '../../../engine/constants';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';

export async function checkSettingsForm<T>(form: string, content: T, lang: Locale): Promise<T> {
  // Trimmed before it is validated, not after: a name of one space passed `minLength` and was
  // stored as "" (a constraint's 500). The returned form is the trimmed one.
  const result = await checkDocument(form, trimmedForm(content));
  if (result.valid) return result.content as T;
  const errors = localizeErrors(
    result.errors,
    (key, params) => translate(lang, key, params),
    getKind(form).schema,
  ).map(({ path, keyword, key, params, message }) => ({ path, keyword, key, params, message }));
  throw new ApiError(400, 'VALIDATION', 'validation:documentInvalid', { count: errors.length }, errors);
}

/** Phone digits as accounts store them (a password sign-in matches them): "+998 90 123-45-67" → "998901234567". */
export function phoneDigits(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  return digits || null;
}

/** A settings form with the spaces around its texts removed; passwords are kept exactly as typed. */
export function trimmedForm<T>(content: T): T {
  if (Array.isArray(content)) return content.map(trimmedForm) as T;
  if (!content || typeof content !== 'object')
    return typeof content === 'string' ? (content.trim() as T) : content;
  return Object.fromEntries(
    Object.entries(content).map(([key, value]) => [key, /password/i.test(key) ? value : trimmedForm(value)]),
  ) as T;
}
