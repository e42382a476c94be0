import { parseIsoDate, tashkentDay } from './dates';
import { readPath, toPointer } from './pointer';
import type { KeywordCheck, KeywordSpec } from './types';

interface Options {
  /** Path of the document type. */
  type: string;
  /** Type codes that are corrections (invoice: 4, 5, 8). */
  correctedTypes: number[];
  /** Path of the date that fixes the reporting month. */
  date: string;
}

/** Last day a correction for the month of `date` may be issued: the 20th of the next month. */
export function correctionDeadlineFor(date: string): string {
  const parsed = parseIsoDate(date);
  if (!parsed) return '';
  const nextMonth = parsed.month === 12 ? 1 : parsed.month + 1;
  const year = parsed.month === 12 ? parsed.year + 1 : parsed.year;
  return `${year}-${String(nextMonth).padStart(2, '0')}-20`;
}

/**
 * Corrected invoices for a reporting month may be issued up to and including the 20th of the next
 * month. "Today" is the validation context's `now` (tests and the server pass it), in Tashkent time.
 */
export const correctionDeadline: KeywordCheck<Options> = (data, options, _root, context) => {
  if (!options.correctedTypes.includes(Number(readPath(data, options.type)))) return null;
  const date = readPath(data, options.date);
  if (typeof date !== 'string' || parseIsoDate(date) === null) return null;
  const deadline = correctionDeadlineFor(date);
  const today = tashkentDay(context?.now);
  return today > deadline ? [{ path: toPointer(options.date), params: { deadline, today } }] : null;
};

export default {
  keyword: 'correctionDeadline',
  check: correctionDeadline,
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['type', 'correctedTypes', 'date'],
    properties: {
      type: { type: 'string' },
      correctedTypes: { type: 'array', items: { type: 'integer' } },
      date: { type: 'string' },
    },
    additionalProperties: false,
  },
} satisfies KeywordSpec;
