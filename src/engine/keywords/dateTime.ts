import { isRealDate } from './dates';
import type { KeywordCheck, KeywordSpec } from './types';

const FORMATS = [
  /^(?<day>\d{2})-(?<month>\d{2})-(?<year>\d{4})$/,
  /^(?<day>\d{2})\.(?<month>\d{2})\.(?<year>\d{4})$/,
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})$/,
];

/**
 * Typed dates: a value without any digit passes (an empty mask such as "__.__.____"); otherwise
 * DD-MM-YYYY, DD.MM.YYYY or YYYY-MM-DD with day 1–31, month 1–12 and year 1900–9999.
 */
export const dateTime: KeywordCheck<boolean> = (data, enabled) => {
  if (!enabled || !/\d/.test(data)) return null;
  for (const format of FORMATS) {
    const groups = format.exec(data)?.groups;
    if (groups && isRealDate(Number(groups.year), Number(groups.month), Number(groups.day))) return null;
  }
  return [{}];
};

export default {
  keyword: 'dateTime',
  check: dateTime,
  type: 'string',
  schemaType: 'boolean',
} satisfies KeywordSpec;
