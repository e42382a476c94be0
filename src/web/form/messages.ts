import type { ErrorObject } from 'ajv';
import type { TFunction } from 'i18next';
import { localizeKey } from '../../engine/localize';

/**
 * One validation error as text, through the engine's localizer (the same keys the server uses),
 * with the field named by the label the person sees (a column header, a form label).
 */
export function errorMessage(error: ErrorObject, t: TFunction, field: string): string {
  const localized = localizeKey(error);
  return t(localized.key, { ...localized.params, field });
}
