import { parseIsoDate } from './dates';
import { defineKeyword } from './define';
import type { KeywordCheck } from './types';

/** Stored dates: yyyy-MM-dd only, a real calendar day (operators reject time parts); '' fails too. */
export const isoDate: KeywordCheck<boolean> = (data, enabled) =>
  enabled && parseIsoDate(data) === null ? [{}] : null;

export default defineKeyword('isoDate', isoDate, { type: 'string', schemaType: 'boolean' });
