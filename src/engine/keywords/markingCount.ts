import { countMismatches, type MarkingMapping } from '../marking/document';
import { markingMappingSchema } from './markingCodes';
import type { KeywordCheck, KeywordSpec } from './types';

/**
 * On the document: every marked line lists its codes, and a line sold in consumer (or in group)
 * packages only lists one code per unit of its quantity (src/engine/marking/document.ts). A
 * completeness rule: a draft is saved halfway through scanning (src/engine/draft.ts).
 */
export const markingCount: KeywordCheck<MarkingMapping> = (document, mapping) => {
  const mismatches = countMismatches(document, mapping);
  if (mismatches.length === 0) return null;
  return mismatches.map((m) => ({
    path: m.pointer,
    params: { problem: m.problem, expected: m.expected, actual: m.actual },
  }));
};

export default {
  keyword: 'markingCount',
  check: markingCount,
  type: 'object',
  schemaType: 'object',
  metaSchema: markingMappingSchema,
} satisfies KeywordSpec;
