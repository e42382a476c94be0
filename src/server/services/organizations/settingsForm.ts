// The server side of a settings form: the same bundled schema and keywords the browser's form uses
// (schemas/settings/<form>/), answered as a localized 400 VALIDATION with field errors.
import { checkDocument, getKind, localizeErrors } from '../../../engine';
import type { Locale } from '../../../engine/constants';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';

export async function checkSettingsForm<T>(form: string, content: T, lang: Locale): Promise<T> {
  const result = await checkDocument(form, content);
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
