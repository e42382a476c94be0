import type { Locale } from '../constants';
import { formatIsoDate } from '../format';
import type { CheckResult } from './types';

export type TranslateFn = (key: string, params?: Record<string, unknown>) => string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const shown = (value: unknown, lang: Locale) =>
  typeof value === 'string' && ISO_DATE.test(value) ? formatIsoDate(value, lang) : (value ?? '—');

/** A check's texts (namespace `checkRules`, written by the schema build from the rule files), dates as the locale writes them. */
export function describeCheck(result: Pick<CheckResult, 'id' | 'params'>, t: TranslateFn, lang: Locale) {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(result.params))
    params[name] = Array.isArray(value)
      ? value.map((item) => shown(item, lang)).join('; ') || '—'
      : shown(value, lang);
  const text = (part: string) => t(`checkRules:${result.id}.${part}`, params);
  return { title: text('title'), reason: text('reason'), action: text('action') };
}
