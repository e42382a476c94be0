import type { ErrorObject } from 'ajv';
import type { TFunction } from 'i18next';

/**
 * Keyword → i18next key of the spec's validation messages (spec §5). The engine's localizer
 * (src/engine/localize.ts, part A) owns the full table; this covers the standard keywords the table
 * cells meet until it is wired in, and always falls back to "<field> is not valid.".
 */
const STANDARD_KEYS: Record<string, string> = {
  required: 'validation:required',
  minLength: 'validation:string.min',
  maxLength: 'validation:string.max',
  minimum: 'validation:number.min',
  maximum: 'validation:number.max',
  exclusiveMinimum: 'validation:number.moreThan',
  minItems: 'validation:array.min',
  tin: 'validation:string.tin',
  pinfl: 'validation:string.pinfl',
  pinflOrTin: 'validation:string.pinflOrTin',
  phoneNumber: 'validation:string.phoneNumber',
  email: 'validation:string.email',
  dateTime: 'validation:string.wrongDateFormat',
  isoDate: 'validation:string.wrongDateFormat',
};

export function errorMessage(error: ErrorObject, t: TFunction, field: string): string {
  const params = error.params as Record<string, unknown>;
  const values = {
    field,
    path: field,
    min: params.limit ?? params.min,
    max: params.limit ?? params.max,
    length: params.limit,
    more: params.limit,
    ...params,
  };
  const key = STANDARD_KEYS[error.keyword];
  const keys = [key ? key : `validation:${error.keyword}`, 'form:invalidField'].filter(Boolean);
  return t(keys, { ...values, defaultValue: t('form:invalidField', { field }) });
}
