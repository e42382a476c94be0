import { readCodeOf } from '../marking/cache';
import type { MarkingLevel } from '../marking/structure';
import { shortCode } from '../marking/structure';
import type { KeywordCheck, KeywordSpec } from './types';

/**
 * On a marking code (string): the code of a package of the level named — "consumer", "group" or
 * "transport" — has the structure of the national marking system (src/engine/marking/structure.ts:
 * GTIN with its check digit, serial, crypto tail; SSCC for transport). The error names the reason.
 */
export const markingCode: KeywordCheck<MarkingLevel> = (data, level, document) => {
  if (typeof data !== 'string') return null;
  const reading = readCodeOf(document, data, level);
  return reading.ok ? null : [{ params: { reason: reading.reason, level, code: shortCode(reading.code) } }];
};

export default {
  keyword: 'markingCode',
  check: markingCode,
  type: 'string',
  schemaType: 'string',
  metaSchema: { enum: ['consumer', 'group', 'transport'] },
} satisfies KeywordSpec;
