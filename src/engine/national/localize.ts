import type { JsonSchema } from '../bundle';
import { type ErrorLike, type LocalizedError, localizeError, localizeKey, type Translate } from '../localize';

/** The export check's own findings; their texts live in the interop namespace. */
const NATIONAL_KEYWORDS = new Set(['blankBlock', 'minified', 'nationalId']);

/**
 * Errors and warnings of the national format in a person's language: the validators' findings as
 * the form words them (validation namespace), the export check's own as interop:export.<keyword>.
 */
export function localizeNationalErrors(
  errors: readonly ErrorLike[],
  t: Translate,
  schema?: JsonSchema,
): LocalizedError[] {
  return errors.map((error) => {
    if (!NATIONAL_KEYWORDS.has(error.keyword)) return localizeError(error, t, schema);
    const base = localizeKey({ ...error, keyword: 'notValid' }, schema);
    const labelKey = String(base.params.fieldKey ?? '');
    const params = { ...error.params, field: labelKey.includes(':') ? t(labelKey) : labelKey };
    const key = `interop:export.${error.keyword}`;
    return { ...base, keyword: error.keyword, key, specKey: key, params, message: t(key, params) };
  });
}
