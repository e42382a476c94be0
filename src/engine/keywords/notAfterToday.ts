import { parseIsoDate, tashkentDay } from './dates';
import type { KeywordCheck, KeywordSpec } from './types';

/**
 * On a document's date (yyyy-MM-dd): not later than today. "Today" is the organisation's day in
 * Tashkent at the validation context's `now` (tests and the server pass their clock; the browser
 * validates at the current time). `false` declares, as data, a kind whose date may lie ahead.
 * A bad date is left to isoDate.
 */
export const notAfterToday: KeywordCheck<boolean> = (data, enabled, _root, context) => {
  if (!enabled || parseIsoDate(data) === null) return null;
  const today = tashkentDay(context?.now);
  return (data as string) > today ? [{ params: { today, date: data } }] : null;
};

export default {
  keyword: 'notAfterToday',
  check: notAfterToday,
  type: 'string',
  schemaType: 'boolean',
} satisfies KeywordSpec;
