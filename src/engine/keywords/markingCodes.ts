import { duplicateCodes, type MarkingMapping } from '../marking/document';
import { shortCode } from '../marking/structure';
import type { KeywordCheck, KeywordSpec } from './types';

/**
 * On the document: no package is named twice in it — the same GTIN and serial, or the same SSCC, in
 * any line and at any level. The error sits on the repeated code and names the line of the first.
 */
export const markingCodes: KeywordCheck<MarkingMapping> = (document, mapping) => {
  const duplicates = duplicateCodes(document, mapping);
  if (duplicates.length === 0) return null;
  return duplicates.map((d) => ({
    path: d.pointer,
    params: { code: shortCode(d.code), line: d.firstLine, first: d.first },
  }));
};

export const markingMappingSchema = {
  type: 'object',
  required: ['lines', 'marks', 'count'],
  additionalProperties: false,
  properties: {
    lines: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }] },
    marks: { type: 'string' },
    count: { type: 'string' },
  },
};

export default {
  keyword: 'markingCodes',
  check: markingCodes,
  type: 'object',
  schemaType: 'object',
  metaSchema: markingMappingSchema,
} satisfies KeywordSpec;
